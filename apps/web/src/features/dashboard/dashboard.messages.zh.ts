import type { dashboardEn } from "./dashboard.messages.en";

/** 数据看板的文字（中文），与英文文件的键相同。 */
export const dashboardZh: typeof dashboardEn = {
  title: "数据看板",
  period: "时间范围",
  periods: { today: "今天", yesterday: "昨天", last7: "近 7 天", last30: "近 30 天" },
  buyers: {
    title: "本时段下单情况",
    buyers: "下单买家数",
    repeatBuyers: "其中多次下单",
    orders: "下单数",
    paidOrders: "其中已支付",
    paidAmount: "支付金额",
    cancelled: "其中已取消",
  },
  figures: {
    paidOrders: "支付订单数",
    salesAmount: "销售额",
    buyers: "买家数",
    averageOrderAmount: "客单价",
    refundAmount: "退款金额",
    refunds: "退款笔数",
  },
  trend: "近 30 天趋势",
  trendDescription:
    "{{from}} 至 {{to}} 的折线图：共 {{orders}}，销售额 {{sales}}，退款 {{refunds}}；{{busiestDay}} 订单最多，为 {{busiestOrders}} 笔。",
  paidOrdersCount_one: "{{count}} 笔付款订单",
  paidOrdersCount_other: "{{count}} 笔付款订单",
  trendEmpty: "近 30 天折线图：没有付款或退款。",
  top: {
    title: "近 30 天热销商品",
    rank: "排名",
    name: "商品",
    quantity: "销量",
    amount: "销售额",
    empty: "近 30 天没有商品售出",
  },
};
