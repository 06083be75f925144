import { z } from "zod";
import { cents, id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { fieldRefusals, rule } from "./field-issues";
import { orderDetail, orderStatuses } from "./orders";
import { isCreditCode } from "./organization";
import { fileRef } from "./reference";
import { refusals, type Words } from "./refusals";
import { sheet } from "./sheets";

/*
 * Invoices (docs/domains/invoice.md): invoice titles (a buyer's own, or an organisation's own for what it buys) and
 * invoice requests on paid orders. A request snapshots its title and the order's amount; the seller issues it (number,
 * issue time, a PDF or image file) or refuses it with a reason; the buyer sees the outcome and downloads the file.
 */

export const invoiceTitleKinds = ["personal", "company"] as const;
export type InvoiceTitleKind = (typeof invoiceTitleKinds)[number];
/** Ordinary VAT invoice (增值税普通发票) or special VAT invoice (增值税专用发票, companies only). */
export const invoiceTypes = ["ordinary", "special"] as const;
export type InvoiceType = (typeof invoiceTypes)[number];
export const invoiceStates = ["requested", "issued", "refused"] as const;
export type InvoiceState = (typeof invoiceStates)[number];
export const invoiceTabs = ["all", "requested", "issued", "refused"] as const;
export type InvoiceTab = (typeof invoiceTabs)[number];

export const invoiceStateWords: Record<InvoiceState, Words> = {
  requested: { en: "requested", zh: "待开票" },
  issued: { en: "issued", zh: "已开票" },
  refused: { en: "refused", zh: "已拒绝" },
};

/** Titles one buyer or one organisation may keep. */
export const MAX_INVOICE_TITLES = 20;
/** The upload config of an invoice's file (the platform's upload call: `purpose`, `accept`, `maxKb`). */
export const INVOICE_FILE = { purpose: "invoice", accept: "pdf,image", maxKb: 5120 } as const;
/** Paid states: an order in one of these may have an invoice requested. */
export const INVOICE_ORDER_STATUSES = ["paid", "partlyShipped", "shipped", "received", "completed"] as const;

export const invoiceRefusals = refusals("invoice", {
  taxNo: {
    en: "{field} must be a taxpayer number: 15 or 20 digits and capital letters, or an 18-character unified social credit code",
    zh: "{field}必须是纳税人识别号：15 或 20 位数字和大写字母，或 18 位统一社会信用代码",
  },
  taxNoRequired: { en: "{field}: a company title needs its taxpayer number", zh: "{field}：单位抬头须填写纳税人识别号" },
  personalNoTaxNo: { en: "{field}: a personal title has no taxpayer number", zh: "{field}：个人抬头不填写纳税人识别号" },
  specialCompanyOnly: { en: "{field}: special VAT invoices are for company titles only", zh: "{field}：增值税专用发票仅限单位抬头" },
  specialNeeds: {
    en: "{field}: a special VAT invoice needs the bank, account, registered address and phone",
    zh: "{field}：增值税专用发票须填写开户银行、银行账号、注册地址和注册电话",
  },
  registeredPhone: { en: "{field} must be a phone number (digits and dashes)", zh: "{field}必须是电话号码（数字和短横线）" },
  bankAccount: { en: "{field} must be 6–32 digits", zh: "{field}必须是 6–32 位数字" },
  invoiceNo: { en: "{field} must be 8–20 digits", zh: "{field}必须是 8–20 位数字" },
  titleNotFound: { en: "That invoice title was not found", zh: "未找到该发票抬头" },
  tooManyTitles: { en: "At most {max} invoice titles can be kept", zh: "最多可保存 {max} 个发票抬头" },
  notFound: { en: "That invoice request was not found", zh: "未找到该开票申请" },
  orderNotFound: { en: "That order was not found", zh: "未找到该订单" },
  fullyRefunded: {
    en: "Order {orderNo} has been refunded in full: there is nothing left to invoice",
    zh: "订单 {orderNo} 已全额退款，没有可开票的金额",
  },
  amountChanged: {
    en: "Order {orderNo} was paid {paid} and {refunded} of it is refunded now, so the invoice amount is {amount}, not {shown}: check the invoice against the new amount and issue again",
    zh: "订单 {orderNo} 实付 {paid}，现已退款 {refunded}，可开票金额为 {amount}，而不是 {shown}：请按新金额核对发票后重新开具",
  },
  orderUnpaid: {
    en: "Order {orderNo} is not paid: an invoice can be requested once it is paid",
    zh: "订单 {orderNo} 尚未付款，付款后才能申请开票",
  },
  notOffered: {
    en: "The shop of order {orderNo} does not issue invoices (its settings)",
    zh: "订单 {orderNo} 所在店铺不提供发票（店铺设置）",
  },
  specialNotOffered: {
    en: "The shop of order {orderNo} issues ordinary VAT invoices only: choose a title for an ordinary invoice",
    zh: "订单 {orderNo} 所在店铺仅开具增值税普通发票，请选择普通发票抬头",
  },
  alreadyRequested: {
    en: "Order {orderNo} already has an invoice {state}",
    zh: "订单 {orderNo} 已有开票申请（{state}）",
  },
  wrongState: {
    en: "This invoice request is {state}: it can no longer be issued or refused",
    zh: "该开票申请{state}，不能再开票或拒绝",
  },
  numberTaken: { en: "{field}: invoice {invoiceNo} was already issued by your shop", zh: "{field}：发票号码 {invoiceNo} 已被本店使用" },
  issuedInFuture: { en: "{field} must not be in the future", zh: "{field}不能晚于当前时间" },
  issuedBeforeRequest: { en: "{field} must not be before the request", zh: "{field}不能早于申请时间" },
  fileNotAccepted: {
    en: "{field} is not an invoice file you uploaded (PDF or image, at most {kb} KB)",
    zh: "{field}不是您上传的发票文件（PDF 或图片，最大 {kb} KB）",
  },
  noFile: { en: "This invoice has no file yet", zh: "该发票尚无文件" },
});

// ---- fields ----

/** GB 32100 unified social credit code (18), or an older taxpayer number of 15 or 20 digits and capital letters. */
export function isTaxNo(value: string): boolean {
  if (value.length === 18) return isCreditCode(value);
  return /^[0-9A-Z]{15}$/.test(value) || /^[0-9A-Z]{20}$/.test(value);
}

const taxNo = z.string().trim().toUpperCase().refine(isTaxNo, rule(invoiceRefusals.taxNo));
const text = (max: number) => z.string().trim().max(max);

const titleFields = {
  kind: z.enum(invoiceTitleKinds),
  /** The person's name, or the company's registered name. */
  name: z.string().trim().min(1).max(100),
  taxNo: taxNo.optional(),
  invoiceType: z.enum(invoiceTypes).default("ordinary"),
  bankName: text(60).optional(),
  bankAccount: z
    .string()
    .trim()
    .regex(/^\d{6,32}$/, rule(invoiceRefusals.bankAccount))
    .optional(),
  registeredAddress: text(120).optional(),
  registeredPhone: z
    .string()
    .trim()
    .regex(/^[\d-]{5,20}$/, rule(invoiceRefusals.registeredPhone))
    .optional(),
  /** Where the e-invoice is sent. */
  email: z.email().max(100).optional(),
};

/** A title as typed: a company's needs its tax number; special VAT needs bank, account, registered address and phone. */
export const invoiceTitleInput = z.strictObject(titleFields).superRefine((v, ctx) => {
  if (v.kind === "company" && !v.taxNo) ctx.addIssue({ code: "custom", path: ["taxNo"], message: rule(invoiceRefusals.taxNoRequired) });
  if (v.kind === "personal" && v.taxNo) ctx.addIssue({ code: "custom", path: ["taxNo"], message: rule(invoiceRefusals.personalNoTaxNo) });
  if (v.invoiceType === "special") {
    if (v.kind !== "company") ctx.addIssue({ code: "custom", path: ["invoiceType"], message: rule(invoiceRefusals.specialCompanyOnly) });
    for (const field of ["bankName", "bankAccount", "registeredAddress", "registeredPhone"] as const)
      if (!v[field]) ctx.addIssue({ code: "custom", path: [field], message: rule(invoiceRefusals.specialNeeds) });
  }
});
export type InvoiceTitleInput = z.input<typeof invoiceTitleInput>;

export const invoiceTitle = z.object({
  id,
  kind: z.enum(invoiceTitleKinds),
  name: z.string(),
  taxNo: z.string(),
  invoiceType: z.enum(invoiceTypes),
  bankName: z.string(),
  bankAccount: z.string(),
  registeredAddress: z.string(),
  registeredPhone: z.string(),
  email: z.string(),
  createdAt: instant,
});
export type InvoiceTitle = z.infer<typeof invoiceTitle>;

/** The title as it was when the invoice was requested (a title edited later does not change a request). */
export const invoiceTitleSnapshot = invoiceTitle.omit({ id: true, createdAt: true });

export const invoiceItem = z.object({
  id,
  orderId: id,
  orderNo: z.string(),
  orderStatus: z.enum(orderStatuses),
  /**
   * What the invoice is for: the order's paid amount (after the seller's line changes) less its refunds — followed
   * while requested (a refund lowers it), fixed once issued.
   */
  amount: cents,
  /** The order's paid amount and what has been refunded of it so far (the invoice page shows both). */
  paidAmount: cents,
  refundedAmount: cents,
  state: z.enum(invoiceStates),
  title: invoiceTitleSnapshot,
  /** Who asked: a buyer account, or an organisation for its own purchase. */
  requestedBy: z.enum(["buyer", "organization"]),
  buyerName: z.string(),
  /** Masked in lists, whole in one request's detail. */
  buyerPhone: z.string().nullable(),
  invoiceNo: z.string().nullable(),
  issuedAt: instant.nullable(),
  file: fileRef.nullable(),
  refuseReason: z.string().nullable(),
  requestedAt: instant,
  decidedAt: instant.nullable(),
});
export type InvoiceItem = z.infer<typeof invoiceItem>;

const invoiceCounts = z.object(Object.fromEntries(invoiceTabs.map((t) => [t, z.int()])) as Record<InvoiceTab, z.ZodInt>);
export type InvoiceCounts = z.infer<typeof invoiceCounts>;

const byId = z.strictObject({ id });
const F = (func: string) => ({ func });
const reason = z.string().trim().min(1).max(200);
const invoiceNo = z
  .string()
  .trim()
  .regex(/^\d{8,20}$/, rule(invoiceRefusals.invoiceNo));
const orderNoPrefix = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, rule(fieldRefusals.pattern));

const dmp = (name: string) => seller(`/dmp/invoice/${name}`);
const bill = (name: string) => seller(`/basic/billInvoice/${name}`);

/** The invoice list's export sheet: its columns and their headers (sheets.ts). */
export const invoiceSheet = sheet(
  "invoiceList",
  { en: "Invoices", zh: "发票" },
  {
    orderNo: { en: "Order no.", zh: "订单编号" },
    orderStatus: { en: "Order status", zh: "订单状态" },
    state: { en: "State", zh: "开票状态" },
    invoiceType: { en: "Invoice type", zh: "发票类型" },
    titleKind: { en: "Title kind", zh: "抬头类型" },
    titleName: { en: "Title", zh: "发票抬头" },
    taxNo: { en: "Taxpayer no.", zh: "纳税人识别号" },
    amount: { en: "Amount (¥)", zh: "开票金额（元）" },
    paidAmount: { en: "Paid (¥)", zh: "实付金额（元）" },
    refundedAmount: { en: "Refunded (¥)", zh: "已退金额（元）" },
    requestedBy: { en: "Requested by", zh: "申请方" },
    buyerName: { en: "Buyer", zh: "买家" },
    buyerPhone: { en: "Buyer's phone", zh: "买家手机号" },
    email: { en: "Email", zh: "邮箱" },
    invoiceNo: { en: "Invoice no.", zh: "发票号码" },
    issuedAt: { en: "Issued", zh: "开票时间" },
    refuseReason: { en: "Refusal reason", zh: "拒绝原因" },
    requestedAt: { en: "Requested", zh: "申请时间" },
    decidedAt: { en: "Decided", zh: "处理时间" },
  },
);

const sellerInvoiceFilters = {
  tab: z.enum(invoiceTabs).default("all"),
  invoiceType: z.enum(invoiceTypes).optional(),
  orderNo: orderNoPrefix.optional(),
  from: instant.optional(),
  to: instant.optional(),
};

// ---- seller ----

export const invoice = {
  selInvoiceListByPage: read({
    path: dmp("selInvoiceListByPage"),
    summary:
      "A page of the shop's invoice requests, newest first: a state tab (with every tab's capped count), invoice type, order number prefix, requested between two instants; `cursor` pages by keyset",
    access: F("order.invoice"),
    input: pageInput({ ...sellerInvoiceFilters, cursor: z.string().max(200).optional() }),
    output: page(invoiceItem).extend({ nextCursor: z.string().nullable(), counts: invoiceCounts }),
  }),
  exportInvoiceList: exportFile({
    path: dmp("exportInvoiceList"),
    summary:
      "The shop's invoice requests as an Excel file: the list's filters (state tab, invoice type, order number prefix, requested between), optionally chosen columns; phones masked unless the member may see them",
    access: F("order.invoice.export"),
    input: z.strictObject({ ...sellerInvoiceFilters, columns: invoiceSheet.chosen }),
    sheet: invoiceSheet,
  }),
  invoiceOrderDetail: read({
    path: dmp("invoiceOrderDetail"),
    summary: "One invoice request with its title snapshot, its outcome and its order",
    access: F("order.invoice"),
    input: byId,
    output: z.object({ invoice: invoiceItem, order: orderDetail }),
  }),
  selInvoiceByOrderId: read({
    path: dmp("selInvoiceByOrderId"),
    summary:
      "The latest invoice request of one of the shop's orders (its id and state), or null: the order detail's link (beyond the spec)",
    access: F("order.invoice"),
    input: z.strictObject({ orderId: id }),
    output: z.object({ id, state: z.enum(invoiceStates) }).nullable(),
  }),
  issueInvoice: write({
    path: dmp("issueInvoice"),
    summary:
      "Issue a requested invoice (beyond the spec): its number (unique in the shop), issue time and file (an upload with INVOICE_FILE's purpose: PDF or image), and `amount`, the amount the seller invoiced as the screen showed it; refused unless requested, and refused when a refund since has changed the amount to invoice",
    access: F("order.invoice.issue"),
    input: z.strictObject({ id, invoiceNo, issuedAt: instant, fileId: id, amount: cents }),
    output: invoiceItem,
  }),
  refuseInvoice: write({
    path: dmp("refuseInvoice"),
    summary: "Refuse a requested invoice with a reason the buyer reads (beyond the spec); refused unless requested",
    access: F("order.invoice.issue"),
    input: z.strictObject({ id, reason }),
    output: invoiceItem,
  }),
  addBillInvoiceInfo: write({
    path: bill("addBillInvoiceInfo"),
    summary:
      "Save one of the organisation's own invoice titles (for its own purchases: personal or company, tax number, ordinary or special VAT with bank details, e-invoice e-mail)",
    access: F("purchase.order.title"),
    shop: false,
    input: invoiceTitleInput,
    output: invoiceTitle,
  }),
  selBillInvoiceInfoListByParam: read({
    path: bill("selBillInvoiceInfoListByParam"),
    summary: "The organisation's own invoice titles, newest first (at most MAX_INVOICE_TITLES), optionally of one kind",
    access: F("purchase.order"),
    shop: false,
    input: z.strictObject({ kind: z.enum(invoiceTitleKinds).optional() }),
    output: z.array(invoiceTitle),
  }),
  applyBillInvoice: write({
    path: bill("applyBillInvoice"),
    summary:
      "Request an invoice for one of the organisation's own paid purchases (see orderDesk.selBuyerOrderDetailById) with one of its titles (beyond the spec)",
    access: F("purchase.order.act"),
    shop: false,
    input: z.strictObject({ orderId: id, titleId: id }),
    output: invoiceItem,
  }),
};

// ---- buyer API ----

const buyerBase = (path: string) => `/api/buyer${path}`;

export const buyerInvoice = {
  addInvoiceTitle: write({
    path: buyerBase("/basic/billInvoice/addBillInvoiceInfo"),
    summary: "Save one of the buyer's invoice titles",
    access: "buyer",
    input: invoiceTitleInput,
    output: invoiceTitle,
  }),
  selInvoiceTitleList: read({
    path: buyerBase("/basic/billInvoice/selBillInvoiceInfoListByParam"),
    summary: "The buyer's invoice titles, newest first",
    access: "buyer",
    input: z.strictObject({ kind: z.enum(invoiceTitleKinds).optional() }),
    output: z.array(invoiceTitle),
  }),
  applyInvoice: write({
    path: buyerBase("/dmp/invoice/applyInvoice"),
    summary: "Request an invoice for one of the buyer's own paid orders with one of the buyer's titles; one open request per order",
    access: "buyer",
    input: z.strictObject({ orderId: id, titleId: id }),
    output: invoiceItem,
  }),
  selInvoiceList: read({
    path: buyerBase("/dmp/invoice/selInvoiceListByPage"),
    summary: "The buyer's invoice requests, newest first, optionally of one state",
    access: "buyer",
    input: pageInput({ state: z.enum(invoiceStates).optional() }),
    output: page(invoiceItem),
  }),
  selInvoiceDetail: read({
    path: buyerBase("/dmp/invoice/selInvoiceDetail"),
    summary: "One of the buyer's invoice requests: its state, number, issue time, file or the seller's reason",
    access: "buyer",
    input: byId,
    output: invoiceItem,
  }),
  downloadInvoiceFile: exportFile({
    path: buyerBase("/dmp/invoice/downloadInvoiceFile"),
    summary: "The issued invoice's file (PDF or image) of one of the buyer's requests",
    access: "buyer",
    fileTypes: ["application/pdf", "image/*"],
    input: byId,
  }),
};
