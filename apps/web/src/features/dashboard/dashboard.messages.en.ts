/** The dashboard's texts (English). The Chinese file has the same keys. */
export const dashboardEn = {
  title: "Data dashboard",
  period: "Period",
  periods: { today: "Today", yesterday: "Yesterday", last7: "Last 7 days", last30: "Last 30 days" },
  buyers: {
    title: "Orders placed in this period",
    buyers: "Buyers",
    repeatBuyers: "Of them, ordered more than once",
    orders: "Orders placed",
    paidOrders: "Of them, paid",
    paidAmount: "Paid for them",
    cancelled: "Of them, cancelled",
  },
  figures: {
    paidOrders: "Paid orders",
    salesAmount: "Sales",
    buyers: "Buyers",
    averageOrderAmount: "Average order",
    refundAmount: "Refunded",
    refunds: "Refunds",
  },
  trend: "The last 30 days",
  trendDescription:
    "Line chart of the days {{from}} to {{to}}: {{orders}}, sales of {{sales}} and refunds of {{refunds}} in all; the most orders, {{busiestOrders}}, on {{busiestDay}}.",
  paidOrdersCount_one: "{{count}} paid order",
  paidOrdersCount_other: "{{count}} paid orders",
  trendEmpty: "Line chart of the last 30 days: nothing was paid or refunded.",
  top: {
    title: "Top goods of the last 30 days",
    rank: "Rank",
    name: "Goods",
    quantity: "Quantity",
    amount: "Sales",
    empty: "No goods were sold in the last 30 days",
  },
};
