import { z } from "zod";
import { cents, id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, uploadFile, write } from "./define";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, orderDetail, orderStatuses, paymentRefundInfo, paymentRefundStatuses } from "./orders";
import { fileRef } from "./reference";
import { refusals } from "./refusals";
import { sheet } from "./sheets";

/*
 * Offline payment and order changes (docs/domains/orders.md "Offline payment and order changes"): the buyer uploads a
 * payment voucher (`buyerPay`), the seller reviews it in the queue under /trading/order/pay/ and
 * /trading/order/info/ (`orderPay`), and changes an order's lines before shipping under /trading/orderChange/
 * (`orderChange`). Every change of an order goes through the one state machine.
 */

export const voucherStatuses = ["reviewing", "passed", "rejected"] as const;
export type VoucherStatus = (typeof voucherStatuses)[number];

/** What one voucher image may weigh (the platform's 10 MB upload limit still applies to every file). */
export const VOUCHER_IMAGE_MAX_KB = 5120;

export const orderPayRefusals = refusals("orderPay", {
  voucherNotFound: { en: "That payment voucher was not found", zh: "未找到该付款凭证" },
  voucherReviewed: {
    en: "This voucher has already been reviewed ({status})",
    zh: "该付款凭证已审核（{status}）",
  },
  voucherAmount: {
    en: "{field} must be the order's amount, {amount}",
    zh: "{field}须等于订单金额 {amount}",
  },
  voucherAmountChanged: {
    en: "Order {orderNo} now costs {amount}; the voucher says {voucher}: reject it so the buyer can upload again",
    zh: "订单 {orderNo} 现需支付 {amount}，凭证金额为 {voucher}：请驳回，让买家重新上传",
  },
  voucherImage: { en: "{field} is not a voucher image you uploaded", zh: "{field}不是您上传的凭证图片" },
  reasonRequired: { en: "{field}: give the reason the buyer will read", zh: "{field}：请填写买家将看到的原因" },
  lastLine: {
    en: "{field}: an order keeps at least one line; cancel the order instead",
    zh: "{field}：订单至少保留一种商品，如需全部取消请取消订单",
  },
  paidIncrease: {
    en: "{field}: order {orderNo} is paid, so its lines can only be reduced",
    zh: "{field}：订单 {orderNo} 已付款，只能减少商品",
  },
  nothingChanged: { en: "{field}: no line's quantity changes", zh: "{field}：没有商品数量发生变化" },
  paymentRefundNotFound: { en: "That payment to give back was not found", zh: "未找到该待退款项" },
  paymentRefundDone: {
    en: "The payment of order {orderNo} was already given back to the buyer",
    zh: "订单 {orderNo} 的这笔付款已退还买家",
  },
  paymentRefundFailed: {
    en: "The payment service did not take the refund of {amount} for order {orderNo}; it stays due: try again later",
    zh: "支付服务未受理订单 {orderNo} 的退款 {amount}，仍为待退款，请稍后重试",
  },
  changeShipped: {
    en: "Order {orderNo} has shipments: its lines can no longer change",
    zh: "订单 {orderNo} 已有发货，不能再修改商品",
  },
});

// ---- shapes ----

export const voucherItem = z.object({
  id,
  orderId: id,
  orderNo: z.string(),
  orderStatus: z.enum(orderStatuses),
  /** What the order costs now (a pass needs the voucher's amount to match it). */
  orderPayAmount: cents,
  amount: cents,
  payerName: z.string(),
  bankRef: z.string(),
  voucher: fileRef.nullable(),
  status: z.enum(voucherStatuses),
  rejectReason: z.string().nullable(),
  buyerName: z.string(),
  /** Masked in the queue, whole in one voucher's detail. */
  buyerPhone: z.string().nullable(),
  createdAt: instant,
  reviewedAt: instant.nullable(),
});
export type VoucherItem = z.infer<typeof voucherItem>;

const changeLine = z.object({
  lineId: id,
  goodsName: z.string(),
  specValues: z.array(z.string()),
  quantityBefore: z.int(),
  quantityAfter: z.int(),
  amountBefore: cents,
  amountAfter: cents,
});

export const orderChangeEntry = z.object({
  id,
  at: instant,
  actorName: z.string().nullable(),
  reason: z.string(),
  lines: z.array(changeLine),
  payBefore: cents,
  payAfter: cents,
  /** A paid order reduced: what is due back to the buyer (refunds come with after-sales). */
  refundDue: cents,
});
export type OrderChangeEntry = z.infer<typeof orderChangeEntry>;

/** A payment given back (or to give back) to the buyer, in the finance list. */
export const paymentRefundItem = paymentRefundInfo.extend({
  paymentId: id,
  orderId: id,
  orderNo: z.string(),
  orderStatus: z.enum(orderStatuses),
  provider: z.string(),
  paidAt: instant.nullable(),
});
export type PaymentRefundItem = z.infer<typeof paymentRefundItem>;

const reason = z.string().trim().min(1).max(200);
const byId = z.strictObject({ id });
const F = (func: string) => ({ func });

// ---- buyer API ----

const buyerBase = (path: string) => `/api/buyer${path}`;

export const buyerPay = {
  uploadVoucherImage: uploadFile({
    path: buyerBase("/basic/file/upload"),
    summary: `Upload a payment voucher's image (JPEG, PNG, GIF or WebP, at most ${VOUCHER_IMAGE_MAX_KB} KB); answers its id for uploadVoucher`,
    access: "buyer",
    input: z.strictObject({}),
    output: z.object({ id, name: z.string(), size: z.int(), contentType: z.string() }),
  }),
  uploadVoucher: write({
    path: buyerBase("/trading/order/uploadVoucher"),
    summary:
      "Pay an order offline: the transfer's voucher image, amount (the order's), payer and bank reference, for the seller to review; one in review at a time (Idempotency-Key honoured)",
    access: "buyer",
    input: z.strictObject({
      id,
      voucherFileId: id,
      amount: cents.min(1).max(99_999_999),
      payerName: z.string().trim().min(1).max(40),
      bankRef: z.string().trim().min(1).max(64),
    }),
    output: orderDetail,
  }),
  deleteOrder: write({
    path: buyerBase("/trading/order/delete"),
    summary: "Remove a closed order (completed or cancelled) from the buyer's list; the seller still sees it",
    access: "buyer",
    input: byId,
    output: z.null(),
  }),
};

// ---- seller: the review queue ----

const voucherFilters = {
  status: z.enum(voucherStatuses).default("reviewing"),
  orderNo: z.string().trim().max(40).optional(),
  from: instant.optional(),
  to: instant.optional(),
};

/** The payment voucher queue's export sheet: its columns and their headers (sheets.ts). */
export const voucherSheet = sheet(
  "voucherList",
  { en: "Payment vouchers", zh: "付款凭证" },
  {
    orderNo: { en: "Order no.", zh: "订单编号" },
    orderStatus: { en: "Order status", zh: "订单状态" },
    orderPayAmount: { en: "Order amount (¥)", zh: "订单金额（元）" },
    amount: { en: "Voucher amount (¥)", zh: "凭证金额（元）" },
    payerName: { en: "Payer", zh: "付款人" },
    bankRef: { en: "Bank reference", zh: "银行流水号" },
    status: { en: "Status", zh: "审核状态" },
    rejectReason: { en: "Rejection reason", zh: "驳回原因" },
    buyerName: { en: "Buyer", zh: "买家" },
    buyerPhone: { en: "Buyer's phone", zh: "买家手机号" },
    createdAt: { en: "Uploaded", zh: "上传时间" },
    reviewedAt: { en: "Reviewed", zh: "审核时间" },
  },
);

export const orderPay = {
  selPayListByParam: read({
    path: seller("/trading/order/pay/selPayListByParam"),
    summary:
      "The offline-payment review queue: the shop's vouchers of a status (default in review), uploaded between two instants, oldest first in review, newest first otherwise",
    access: F("order.manage.voucher"),
    input: pageInput(voucherFilters),
    output: page(voucherItem),
  }),
  exportPayList: exportFile({
    path: seller("/trading/order/pay/exportPayList"),
    summary:
      "The offline-payment review queue as an Excel file: the queue's filters (status, order number, uploaded between) in its order, optionally chosen columns; phones masked unless the member may see them",
    access: F("order.manage.voucher.export"),
    input: z.strictObject({ ...voucherFilters, columns: voucherSheet.chosen }),
    sheet: voucherSheet,
  }),
  selVoucherById: read({
    path: seller("/trading/order/info/selVoucherById"),
    summary: "One payment voucher with its image, amount, payer, bank reference and order",
    access: F("order.manage.voucher"),
    input: byId,
    output: voucherItem,
  }),
  auditVoucherPass: write({
    path: seller("/trading/order/pay/auditVoucherPass"),
    summary: "Pass a voucher in review: the order becomes paid (offline), in one transaction",
    access: F("order.manage.voucher"),
    input: byId,
    output: voucherItem,
  }),
  auditVoucherReject: write({
    path: seller("/trading/order/pay/auditVoucherReject"),
    summary: "Reject a voucher in review with a reason the buyer reads; the buyer may upload another",
    access: F("order.manage.voucher"),
    input: z.strictObject({ id, reason }),
    output: voucherItem,
  }),
  updVoucherApprovalStatusById: write({
    path: seller("/trading/order/info/updVoucherApprovalStatusById"),
    summary:
      "Pass or reject a voucher in review (`passed`, or `rejected` with a reason): the same as auditVoucherPass / auditVoucherReject",
    access: F("order.manage.voucher"),
    input: z
      .strictObject({ id, status: z.enum(["passed", "rejected"]), reason: reason.optional() })
      .refine((v) => v.status === "passed" || v.reason !== undefined, { message: "give the reason for rejecting", path: ["reason"] }),
    output: voucherItem,
  }),
  selPaymentRefundPage: read({
    path: seller("/trading/order/pay/selPaymentRefundPage"),
    summary:
      "Payments the orders could not take (paid twice, paid after a cancel or a price change) and their refunds to the buyer: due ones first, then newest first; optionally one status",
    access: F("finance.account"),
    input: pageInput({ status: z.enum(paymentRefundStatuses).optional() }),
    output: page(paymentRefundItem),
  }),
  retryPaymentRefund: write({
    path: seller("/trading/order/pay/retryPaymentRefund"),
    summary: "Ask the payment provider again to give a due payment back to the buyer (idempotent by the payment: never refunds twice)",
    access: F("finance.account"),
    input: byId,
    output: paymentRefundItem,
  }),
};

// ---- seller: order changes ----

export const orderChange = {
  selChangeOrderInfo: read({
    path: seller("/trading/orderChange/selChangeOrderInfo"),
    summary: "An order's line changes, newest first: each line's quantity and amount before and after, the reason, the totals",
    access: F("order.manage"),
    input: byId,
    output: z.array(orderChangeEntry),
  }),
  changeOrderInfo: write({
    path: seller("/trading/orderChange/changeOrderInfo"),
    summary:
      "Before shipping: set lines' quantities (0 removes a line; a paid order only down), stock taken or returned to its batches, amounts recomputed, with a reason the buyer sees",
    access: F("order.manage.change"),
    input: z.strictObject({
      id,
      lines: z
        .array(z.strictObject({ lineId: id, quantity: z.int().min(0).max(MAX_LINE_QUANTITY) }))
        .min(1)
        .max(MAX_ORDER_LINES),
      reason,
    }),
    output: orderDetail,
  }),
};
