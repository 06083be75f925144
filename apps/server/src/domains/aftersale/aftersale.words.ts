/**
 * The audit log's words for the aftersale domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditWords, byBuyer, f, w, yesNo } from "../../platform/db/audit-words";

const { afterSale, buyerAfterSale } = contract;

export const aftersaleWords: AuditWords = {
  calls: {
    [afterSale.approveApply.path]: w("Approved an after-sale application", "同意售后申请"),
    [afterSale.rejectApply.path]: w("Rejected an after-sale application", "拒绝售后申请"),
    [afterSale.confirmReceipt.path]: w("Confirmed an after-sale return received", "确认收到售后退货"),
    [afterSale.refundApply.path]: w("Refunded an after-sale", "售后退款"),
    [afterSale.shipExchange.path]: w("Shipped an after-sale exchange", "发出售后换货"),
    [buyerAfterSale.uploadImage.path]: byBuyer("uploaded an after-sale image", "上传售后图片"),
    [buyerAfterSale.apply.path]: byBuyer("applied for an after-sale", "申请售后"),
    [buyerAfterSale.withdraw.path]: byBuyer("withdrew an after-sale application", "撤销售后申请"),
    [buyerAfterSale.shipBack.path]: byBuyer("shipped an after-sale return back", "寄回售后商品"),
  },
  records: {
    after_sale_apply: {
      en: "After-sale",
      zh: "售后单",
      name: ["after_sale_no"],
      route: "/transaction/orderAfterManage/orderDetailSeller/:id",
      hidden: ["shop_id", "order_id", "line_id", "buyer_member_id", "after_sale_no"],
      fields: {
        type: f("Type", "售后类型", {
          kind: "enum",
          values: {
            refundOnly: w("Refund only", "仅退款"),
            returnRefund: w("Return and refund", "退货退款"),
            exchange: w("Exchange", "换货"),
          },
        }),
        state: f("State", "售后状态", {
          kind: "enum",
          values: {
            applied: w("Awaiting a decision", "待审核"),
            approved: w("Approved", "已同意"),
            rejected: w("Rejected", "已拒绝"),
            withdrawn: w("Withdrawn", "已撤销"),
            buyerShipped: w("Returned by the buyer", "买家已退回"),
            received: w("Received back", "已收到退货"),
            refunded: w("Refunded", "已退款"),
            exchangeShipped: w("Exchange shipped", "换货已发出"),
          },
        }),
        quantity: f("Quantity", "数量", { kind: "number" }),
        amount: f("Refund amount", "退款金额", { kind: "money" }),
        reason_code: f("Reason", "售后原因"),
        description: f("Description", "问题描述"),
        images: f("Images", "图片", { kind: "json" }),
        reject_reason: f("Reason for rejecting", "拒绝原因"),
        auto_approved: f("Approved automatically", "自动同意", { kind: yesNo }),
        return_express_code: f("Return logistics company", "退货物流公司"),
        return_tracking_no: f("Return tracking number", "退货运单号"),
        exchange_express_code: f("Exchange logistics company", "换货物流公司"),
        exchange_tracking_no: f("Exchange tracking number", "换货运单号"),
        decided_at: f("Decided at", "处理时间", { kind: "time" }),
        buyer_shipped_at: f("Returned at", "退回时间", { kind: "time" }),
        received_at: f("Received back at", "收到退货时间", { kind: "time" }),
        refunded_at: f("Refunded at", "退款时间", { kind: "time" }),
        exchange_shipped_at: f("Exchange shipped at", "换货发出时间", { kind: "time" }),
      },
    },
    order_refund: {
      en: "Refund",
      zh: "退款记录",
      partOf: { table: "order_info", column: "order_id" },
      hidden: ["order_id", "after_sale_id", "provider_ref"],
      fields: {
        amount: f("Amount", "金额", { kind: "money" }),
        provider: f("Provider", "支付渠道"),
      },
    },
  },
};
