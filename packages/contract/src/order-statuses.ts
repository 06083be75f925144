/**
 * An order's statuses: the order machine's states (docs/domains/orders.md). Apart from orders.ts so that the
 * timeline's entries (orders-timeline.ts) can name them while orders.ts holds those entries in the order's detail,
 * with no import circle; orders.ts re-exports them.
 */
export const orderStatuses = ["pendingPayment", "paid", "partlyShipped", "shipped", "received", "completed", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];
