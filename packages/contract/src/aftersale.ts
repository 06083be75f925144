import { z } from "zod";
import { cents, id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, uploadFile, write } from "./define";
import { MAX_LINE_QUANTITY, orderDetail, orderStatuses } from "./orders";
import { orderTimelineEntry } from "./orders-timeline";
import { fileRef } from "./reference";
import { refusals, type Words } from "./refusals";
import { sheet } from "./sheets";

/*
 * After-sales (docs/domains/aftersale.md): a buyer applies per order line for a refund only, a return and refund, or
 * an exchange; the seller approves or rejects with a reason; a return or exchange comes back by parcel, the seller
 * confirms its receipt (stock back to the line's batches), then refunds through the payment provider or ships the
 * exchange. Seller calls under /trading/orderGoodsAfterSaleService/ (`afterSale`), the buyer's under
 * /api/buyer/trading/afterSale/ (`buyerAfterSale`). Every step is on the order's timeline.
 */

export const afterSaleTypes = ["refundOnly", "returnRefund", "exchange"] as const;
export type AfterSaleType = (typeof afterSaleTypes)[number];

export const afterSaleStates = [
  "applied",
  "approved",
  "rejected",
  "withdrawn",
  "buyerShipped",
  "received",
  "refunded",
  "exchangeShipped",
] as const;
export type AfterSaleState = (typeof afterSaleStates)[number];

/** The list's state filter: `all`, each state, and `closed` (rejected, withdrawn, refunded or exchange shipped). */
export const afterSaleTabs = ["all", ...afterSaleStates, "closed"] as const;
/** The states `closed` stands for: nothing more happens to them. */
export const closedAfterSaleStates: readonly AfterSaleState[] = ["rejected", "withdrawn", "refunded", "exchangeShipped"];
export type AfterSaleTab = (typeof afterSaleTabs)[number];

/** The list's type tabs: `all` and each type. */
export const afterSaleTypeTabs = ["all", ...afterSaleTypes] as const;
export type AfterSaleTypeTab = (typeof afterSaleTypeTabs)[number];

export const afterSaleActions = ["apply", "approve", "reject", "withdraw", "buyerShip", "receive", "refund", "shipExchange"] as const;
export type AfterSaleAction = (typeof afterSaleActions)[number];

/** Limits: images per application, description length (the shop's auto-approve days: shop.ts). */
export const MAX_AFTER_SALE_IMAGES = 6;
export const AFTER_SALE_DESCRIPTION_MAX = 500;

export const afterSaleTypeWords: Record<AfterSaleType, Words> = {
  refundOnly: { en: "refund only", zh: "仅退款" },
  returnRefund: { en: "return and refund", zh: "退货退款" },
  exchange: { en: "exchange", zh: "换货" },
};

export const afterSaleStateWords: Record<AfterSaleState, Words> = {
  applied: { en: "awaiting a decision", zh: "待审核" },
  approved: { en: "approved", zh: "已同意" },
  rejected: { en: "rejected", zh: "已拒绝" },
  withdrawn: { en: "withdrawn", zh: "已撤销" },
  buyerShipped: { en: "returned by the buyer", zh: "买家已退回" },
  received: { en: "received back", zh: "已收到退货" },
  refunded: { en: "refunded", zh: "已退款" },
  exchangeShipped: { en: "exchange shipped", zh: "换货已发出" },
};

export const afterSaleActionWords: Record<AfterSaleAction, Words> = {
  apply: { en: "applied for", zh: "申请" },
  approve: { en: "approved", zh: "同意" },
  reject: { en: "rejected", zh: "拒绝" },
  withdraw: { en: "withdrawn", zh: "撤销" },
  buyerShip: { en: "shipped back", zh: "退回商品" },
  receive: { en: "confirmed received", zh: "确认收货" },
  refund: { en: "refunded", zh: "退款" },
  shipExchange: { en: "shipped as an exchange", zh: "发出换货" },
};

export const afterSaleRefusals = refusals("afterSale", {
  notFound: { en: "That after-sale application was not found", zh: "未找到该售后申请" },
  wrongState: {
    en: "After-sale {afterSaleNo} is {state}: it cannot be {action}",
    zh: "售后单 {afterSaleNo} 当前为{state}，不能{action}",
  },
  orderNotEligible: {
    en: "Order {orderNo} is {status}: after-sales need a paid order",
    zh: "订单 {orderNo} 当前为{status}，付款后才能申请售后",
  },
  quantityTooMany: { en: "{field}: at most {left} more of this line may be applied for", zh: "{field}：该商品最多还可申请 {left} 件" },
  amountTooHigh: { en: "{field}: at most {max} of this line may still be refunded", zh: "{field}：该商品最多还可退 {max}" },
  refundExceedsPaid: {
    en: "Order {orderNo} was paid {paid} and {refunded} is already refunded: {amount} more would exceed what was paid",
    zh: "订单 {orderNo} 实付 {paid}，已退 {refunded}，再退 {amount} 将超过实付金额",
  },
  reasonUnknown: { en: "{field} is not a known after-sale reason", zh: "{field}不是已知的售后原因" },
  imageNotYours: { en: "{field} is not an image you uploaded", zh: "{field}不是您上传的图片" },
  reasonRequired: { en: "{field}: give the reason the buyer will read", zh: "{field}：请填写买家将看到的原因" },
  refundFailed: { en: "The payment provider refused the refund: {message}", zh: "支付渠道拒绝退款：{message}" },
  refundNowRefundOnly: {
    en: "{field}: only a refund-only application can be refunded as it is approved; a return is refunded once its parcel is back",
    zh: "{field}：只有仅退款的申请可以在同意时立即退款；退货需收到退回的商品后再退款",
  },
  refundUnavailable: {
    en: "Refunds through a payment provider are not available on this server: nothing was refunded",
    zh: "本系统暂不支持通过支付渠道退款，未退款",
  },
});

// ---- shapes ----

const trackingNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, "must be 1–40 letters, digits or -");
const expressCode = z.string().trim().min(1).max(20);
const reason = z.string().trim().min(1).max(200);
const byId = z.strictObject({ id });
const ymd = instant;

const parcel = z.object({ expressCode: z.string(), expressName: z.string(), expressNameEn: z.string(), trackingNo: z.string() });

export const afterSaleItem = z.object({
  id,
  afterSaleNo: z.string(),
  orderId: id,
  orderNo: z.string(),
  lineId: id,
  goodsName: z.string(),
  specValues: z.array(z.string()),
  image: z.string().nullable(),
  type: z.enum(afterSaleTypes),
  state: z.enum(afterSaleStates),
  quantity: z.int(),
  amount: cents,
  reasonCode: z.string(),
  reasonName: z.string(),
  reasonNameEn: z.string(),
  buyerName: z.string(),
  /** Masked in lists, whole in one application's detail. */
  buyerPhone: z.string().nullable(),
  appliedAt: instant,
  /** When an application still awaiting a decision is approved automatically (the shop's days). */
  autoApproveAt: instant.nullable(),
  updatedAt: instant,
});
export type AfterSaleItem = z.infer<typeof afterSaleItem>;

export const afterSaleDetail = afterSaleItem.extend({
  description: z.string(),
  images: z.array(fileRef),
  rejectReason: z.string().nullable(),
  autoApproved: z.boolean(),
  returnParcel: parcel.nullable(),
  exchangeParcel: parcel.nullable(),
  refund: z.object({ amount: cents, provider: z.string(), providerRef: z.string(), at: instant }).nullable(),
  decidedAt: instant.nullable(),
  buyerShippedAt: instant.nullable(),
  receivedAt: instant.nullable(),
  refundedAt: instant.nullable(),
  exchangeShippedAt: instant.nullable(),
  /** The line as bought: its quantity and what it cost (after revisions). */
  lineQuantity: z.int(),
  lineAmount: cents,
  /** The order's paid amount and what has been refunded over all its after-sales. */
  orderPaid: cents,
  orderRefunded: cents,
  orderStatus: z.enum(orderStatuses),
  /** This application's steps on its order's timeline, oldest first, typed by event as the order's are. */
  timeline: z.array(orderTimelineEntry),
});
export type AfterSaleDetail = z.infer<typeof afterSaleDetail>;

const stateCounts = z.object(Object.fromEntries(afterSaleTabs.map((t) => [t, z.int()])) as Record<AfterSaleTab, z.ZodInt>);
const typeCounts = z.object(Object.fromEntries(afterSaleTypeTabs.map((t) => [t, z.int()])) as Record<AfterSaleTypeTab, z.ZodInt>);

const F = (func: string) => ({ func });
const svc = (name: string) => seller(`/trading/orderGoodsAfterSaleService/${name}`);
const ACCESS = F("order.afterSale");

const listFilters = {
  type: z.enum(afterSaleTypeTabs).default("all"),
  state: z.enum(afterSaleTabs).default("all"),
  orderNo: z.string().trim().max(40).optional(),
  from: ymd.optional(),
  to: ymd.optional(),
};

/** The after-sale list's export sheet: its columns and their headers (sheets.ts). */
export const afterSaleSheet = sheet(
  "afterSaleList",
  { en: "After-sales", zh: "售后" },
  {
    afterSaleNo: { en: "After-sale no.", zh: "售后单号" },
    orderNo: { en: "Order no.", zh: "订单编号" },
    goodsName: { en: "Goods", zh: "商品" },
    specValues: { en: "Specification", zh: "规格" },
    type: { en: "Type", zh: "售后类型" },
    state: { en: "State", zh: "状态" },
    quantity: { en: "Quantity", zh: "数量" },
    amount: { en: "Amount (¥)", zh: "金额（元）" },
    reason: { en: "Reason", zh: "售后原因" },
    buyerName: { en: "Buyer", zh: "买家" },
    buyerPhone: { en: "Buyer's phone", zh: "买家手机号" },
    appliedAt: { en: "Applied", zh: "申请时间" },
    updatedAt: { en: "Updated", zh: "更新时间" },
  },
);

// ---- seller ----

export const afterSale = {
  selOrderGoodsAfterSaleService: read({
    path: svc("selOrderGoodsAfterSaleService"),
    summary:
      "A page of the shop's after-sale applications, newest first: type and state tabs, order number (or its beginning), applied between two instants; with each tab's count (capped at 10,000)",
    access: ACCESS,
    input: pageInput(listFilters),
    output: page(afterSaleItem).extend({ stateCounts, typeCounts }),
  }),
  exportAfterSaleList: exportFile({
    path: svc("exportAfterSaleList"),
    summary:
      "The shop's after-sale applications as an Excel file: the list's filters (type and state tabs, order number, applied between), optionally chosen columns; phones masked unless the member may see them",
    access: F("order.afterSale.export"),
    input: z.strictObject({ ...listFilters, columns: afterSaleSheet.chosen }),
    sheet: afterSaleSheet,
  }),
  selAfterSaleById: read({
    path: svc("selAfterSaleById"),
    summary: "One after-sale application: the line, reason, images, parcels, refund, and the order's paid and refunded totals",
    access: ACCESS,
    input: byId,
    output: afterSaleDetail,
  }),
  selAfterSaleOrderDetail: read({
    path: svc("selAfterSaleOrderDetail"),
    summary: "The order of an after-sale application (read-only): its lines, timeline, shipments and payments, with all its after-sales",
    access: ACCESS,
    input: byId,
    output: z.object({ order: orderDetail, afterSales: z.array(afterSaleItem), refunded: cents }),
  }),
  selAfterSaleTodoCount: read({
    path: svc("selAfterSaleTodoCount"),
    summary: "How many applications await the seller: a decision (applied) and a receipt (returned by the buyer), capped at 10,000",
    access: ACCESS,
    input: z.strictObject({}),
    output: z.object({ applied: z.int(), buyerShipped: z.int() }),
  }),
  approveApply: write({
    path: svc("approveApply"),
    summary:
      "Approve an application awaiting a decision: a return or exchange waits for the buyer's parcel, a refund only for the refund — or, with `refundNow`, a refund only is approved and refunded in one step (both or neither)",
    access: ACCESS,
    input: z.strictObject({ id, refundNow: z.boolean().default(false) }),
    output: afterSaleDetail,
  }),
  rejectApply: write({
    path: svc("rejectApply"),
    summary: "Reject an application awaiting a decision, with a reason the buyer reads",
    access: ACCESS,
    input: z.strictObject({ id, reason }),
    output: afterSaleDetail,
  }),
  confirmReceipt: write({
    path: svc("confirmReceipt"),
    summary: "Confirm the buyer's return parcel arrived: its pieces go back into the line's own stock batches",
    access: ACCESS,
    input: byId,
    output: afterSaleDetail,
  }),
  refundApply: write({
    path: svc("refundApply"),
    summary:
      "Refund an approved refund-only, or a received return, through the order's payment provider; never more over all refunds than the order's paid amount",
    access: ACCESS,
    input: byId,
    output: afterSaleDetail,
  }),
  shipExchange: write({
    path: svc("shipExchange"),
    summary: "Ship the replacement of a received exchange: logistics company and tracking number",
    access: ACCESS,
    input: z.strictObject({ id, expressCode, trackingNo }),
    output: afterSaleDetail,
  }),
};

// ---- buyer API ----

const buyerBase = (name: string) => `/api/buyer/trading/afterSale/${name}`;

export const buyerAfterSale = {
  uploadImage: uploadFile({
    path: buyerBase("uploadImage"),
    summary: "Upload an after-sale image (JPEG, PNG, GIF or WebP, at most 5120 KB); answers its id for apply",
    access: "buyer",
    input: z.strictObject({}),
    output: z.object({ id, name: z.string(), size: z.int(), contentType: z.string() }),
  }),
  apply: write({
    path: buyerBase("apply"),
    summary:
      "Apply for an after-sale of a paid order's line: type, quantity (at most bought less already applied), amount (at most the line's refundable), reason, description, images",
    access: "buyer",
    input: z.strictObject({
      orderId: id,
      lineId: id,
      type: z.enum(afterSaleTypes),
      quantity: z.int().min(1).max(MAX_LINE_QUANTITY),
      amount: cents.max(99_999_999),
      reasonCode: z.string().trim().min(1).max(40),
      description: z.string().trim().max(AFTER_SALE_DESCRIPTION_MAX).default(""),
      imageIds: z.array(id).max(MAX_AFTER_SALE_IMAGES).default([]),
    }),
    output: afterSaleDetail,
  }),
  withdraw: write({
    path: buyerBase("withdraw"),
    summary: "Withdraw an application still awaiting the seller's decision",
    access: "buyer",
    input: byId,
    output: afterSaleDetail,
  }),
  shipBack: write({
    path: buyerBase("shipBack"),
    summary: "Ship an approved return or exchange back to the seller: logistics company and tracking number",
    access: "buyer",
    input: z.strictObject({ id, expressCode, trackingNo }),
    output: afterSaleDetail,
  }),
  selList: read({
    path: buyerBase("selList"),
    summary: "The buyer's after-sale applications, newest first",
    access: "buyer",
    input: pageInput({ state: z.enum(afterSaleTabs).default("all") }),
    output: page(afterSaleItem),
  }),
  selDetail: read({
    path: buyerBase("selDetail"),
    summary: "One of the buyer's after-sale applications",
    access: "buyer",
    input: byId,
    output: afterSaleDetail,
  }),
};
