/** The statement screen's texts (English). The Chinese file has the same keys. */
export const statementEn = {
  title: "Statements",
  empty: "Nothing was paid or refunded on these days",
  noOrders: "No orders were paid on this day",
  filters: { days: "Days" },
  totals: { label: "Totals from {{from}} to {{to}}" },
  figures: {
    orders: "Orders paid",
    salesAmount: "Sales",
    refundAmount: "Refunds",
    feeAmount: "Service fees",
    netAmount: "Net",
  },
  columns: {
    day: "Day",
    order: "Order",
    paidAt: "Paid at",
    pay: "Paid",
    refunded: "Refunded",
    fee: "Service fee",
    net: "Net",
    actions: "Actions",
  },
  actions: { orders: "Orders" },
  dayOrders: "Orders paid on {{day}}",
  ordersOf: "Orders of {{day}}",
};
