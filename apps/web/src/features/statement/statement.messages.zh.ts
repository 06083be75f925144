import type { statementEn } from "./statement.messages.en";

/** 对账单页面的文字（中文），与英文文件的键相同。 */
export const statementZh: typeof statementEn = {
  title: "对账单",
  empty: "所选日期内没有付款或退款",
  noOrders: "当天没有已付款订单",
  filters: { days: "日期" },
  totals: { label: "{{from}} 至 {{to}} 合计" },
  figures: {
    orders: "支付订单数",
    salesAmount: "销售额",
    refundAmount: "退款",
    feeAmount: "服务费",
    netAmount: "净收入",
  },
  columns: {
    day: "日期",
    order: "订单",
    paidAt: "付款时间",
    pay: "实付",
    refunded: "已退款",
    fee: "服务费",
    net: "净收入",
    actions: "操作",
  },
  actions: { orders: "订单" },
  dayOrders: "{{day}} 的已付款订单",
  ordersOf: "{{day}} 的订单",
};
