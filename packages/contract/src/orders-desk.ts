import { z } from "zod";
import { calendarDay, cents, id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { flagColors, orderDetail, orderNeeds, orderStatuses, orderSummary, orderTabs } from "./orders";
import { refusals } from "./refusals";

/*
 * The seller's order desk: reads, statistics and export (docs/domains/orders.md "Desk: reads, statistics, export").
 * Every statistic is bounded: a capped count, or a bounded window of days over the (bo_id, created_at) index.
 */

/** The longest window of days a statistic or a pay-method / flag filter may span. */
export const DESK_MAX_WINDOW_DAYS = 92;
/** The longest daily series of `statisticalDuringOrder`. */
export const DESK_MAX_SERIES_DAYS = 62;
/** At most this many orders' lines in one `selOrderGoodsListByParam`. */
export const DESK_MAX_ORDER_IDS = 100;
/** The platform's service fee: basis points of the goods paid for (pay amount less freight), rounded half up to a cent. */
export const SERVICE_FEE_BP = 60;

export const orderDeskRefusals = refusals("orderDesk", {
  windowTooLong: { en: "{field}: at most {max} days", zh: "{field}：最多 {max} 天" },
  windowNeeded: {
    en: "{field}: give the days placed (at most {max} days) to filter by this",
    zh: "{field}：按此条件筛选时须给出下单日期（最多 {max} 天）",
  },
  windowReversed: { en: "{field} must not be before the start", zh: "{field}不能早于开始时间" },
  notOwnPurchase: { en: "That order was not found among your organisation's purchases", zh: "在本组织的采购订单中未找到该订单" },
});

const keyword = z.string().trim().max(60).optional();
const from = instant.optional();
const to = instant.optional();
const day = calendarDay;
const payMethod = z.enum(["online", "offline"]);
const byId = z.strictObject({ id });

/** The list's filters (the order list's own: tab, keyword, the instants bounding the days placed). */
export const deskListFilters = { tab: z.enum(orderTabs).default("all"), keyword, from, to, need: z.enum(orderNeeds).optional() };

const F = (func: string) => ({ func });
const info = (name: string) => seller(`/trading/order/info/${name}`);
const cursorPage = z.object({ list: z.array(orderSummary), nextCursor: z.string().nullable() });

const dayStats = z.object({ orders: z.int(), paidOrders: z.int(), paidAmount: cents, cancelled: z.int() });

export const sellerTodoKinds = ["toShip", "vouchers", "reminders"] as const;

export const orderDesk = {
  selSaleOrderListByPage: read({
    path: info("selSaleOrderListByPage"),
    summary:
      "A page of the shop's sales: orders paid (paid, partly shipped, shipped, received, completed), newest first; keyword and days placed as the order list; total capped at 10,000",
    access: F("order.manage"),
    input: pageInput({ keyword, from, to }),
    output: page(orderSummary),
  }),
  selAllOrderListByPageV3: read({
    path: info("selAllOrderListByPageV3"),
    summary:
      "Every order of the shop by keyset only (no total): `cursor` is the previous answer's `nextCursor`; constant cost at any depth. Optional statuses, keyword, days placed",
    access: F("order.manage"),
    input: z.strictObject({
      pageSize: z.int().min(1).max(100).default(20),
      cursor: z.string().max(200).optional(),
      statuses: z.array(z.enum(orderStatuses)).min(1).max(orderStatuses.length).optional(),
      keyword,
      from,
      to,
    }),
    output: cursorPage,
  }),
  selFilterOrderListByPage: read({
    path: info("selFilterOrderListByPage"),
    summary:
      "The order list with the finer filters: statuses, pay method, flag colour; those two need the days placed (at most 92 days). Total capped at 10,000",
    access: F("order.manage"),
    input: pageInput({
      statuses: z.array(z.enum(orderStatuses)).min(1).max(orderStatuses.length).optional(),
      payMethod: payMethod.optional(),
      flagColor: z.enum(flagColors).optional(),
      keyword,
      from,
      to,
    }),
    output: page(orderSummary),
  }),
  selOrderGoodsListByParam: read({
    path: info("selOrderGoodsListByParam"),
    summary: "The lines of up to 100 of the shop's orders at once (a list expanding its rows), in the orders' line order",
    access: F("order.manage"),
    input: z.strictObject({ orderIds: z.array(id).min(1).max(DESK_MAX_ORDER_IDS) }),
    output: z.array(
      z.object({
        orderId: id,
        orderNo: z.string(),
        lines: orderDetail.shape.lines,
      }),
    ),
  }),
  selBuyerOrderDetailById: read({
    path: info("selBuyerOrderDetailById"),
    summary:
      "One of the organisation's own purchases: an order placed for the caller's organisation (`buyerBoId` at checkout), from any shop; never a person's personal purchase",
    access: F("purchase.order"),
    shop: false,
    input: byId,
    output: orderDetail,
  }),
  statisticalOrder: read({
    path: info("statisticalOrder"),
    summary: "Orders placed today, yesterday and in the last 7 days (the shop's calendar): orders, paid orders, paid amount, cancelled",
    access: F("order.manage"),
    input: z.strictObject({}),
    output: z.object({ timeZone: z.string(), today: dayStats, yesterday: dayStats, last7Days: dayStats }),
  }),
  statisticalDuringOrder: read({
    path: info("statisticalDuringOrder"),
    summary: "A daily series between two days of the shop's calendar (at most 62 days): orders, paid orders, paid amount, cancelled",
    access: F("order.manage"),
    input: z.strictObject({ fromDay: day, toDay: day }),
    output: z.object({ timeZone: z.string(), days: z.array(dayStats.extend({ day })) }),
  }),
  selCountBuyerBoIdByOrder: read({
    path: info("selCountBuyerBoIdByOrder"),
    summary: "How many distinct buyers placed orders between two instants (at most 92 days), and how many of them placed more than one",
    access: F("order.manage"),
    input: z.strictObject({ from: instant, to: instant }),
    output: z.object({ buyers: z.int(), repeatBuyers: z.int(), orders: z.int() }),
  }),
  selOrderTime: read({
    path: info("selOrderTime"),
    summary:
      "An order's times and deadlines from the shop's settings: placed, paid, shipped, received; pay by (unpaid timeout) and auto-received at (auto-confirm days)",
    access: F("order.manage"),
    input: byId,
    output: z.object({
      id,
      status: z.enum(orderStatuses),
      timeZone: z.string(),
      createdAt: instant,
      paidAt: instant.nullable(),
      shippedAt: instant.nullable(),
      receivedAt: instant.nullable(),
      completedAt: instant.nullable(),
      cancelledAt: instant.nullable(),
      autoCloseMinutes: z.int(),
      autoConfirmDays: z.int(),
      payBy: instant.nullable(),
      autoReceiveAt: instant.nullable(),
    }),
  }),
  fetchServiceUnitFee: read({
    path: info("fetchServiceUnitFee"),
    summary: "The platform's service fee of an order: 60 basis points (0.6%) of the pay amount less freight, rounded half up to a cent",
    access: F("order.manage"),
    input: byId,
    output: z.object({ id, orderNo: z.string(), payAmount: cents, freightAmount: cents, base: cents, rateBp: z.int(), fee: cents }),
  }),
  remindDelivery: write({
    path: info("remindDelivery"),
    summary: "The organisation reminds the seller of one of its own purchases (paid or partly shipped) to ship; once an hour, like a buyer",
    access: F("purchase.order.act"),
    shop: false,
    input: byId,
    output: z.null(),
  }),
  deleteSellerAndBuyOrderById: write({
    path: info("deleteSellerAndBuyOrderById"),
    summary: "Delete a closed order (completed or cancelled) from both sides: the seller's lists and the buyer's",
    access: F("order.manage"),
    input: byId,
    output: z.null(),
  }),
  selCouponRecordByOrderId: read({
    path: info("selCouponRecordByOrderId"),
    summary:
      "The price adjustments recorded on an order: the checkout's discount adjusters (coupons, promotions) and the seller's price revisions, oldest first",
    access: F("order.manage"),
    input: byId,
    output: z.object({
      discountAmount: cents,
      reviseAmount: z.int(),
      records: z.array(
        z.object({
          kind: z.enum(["discount", "revision"]),
          label: z.string(),
          amount: z.int(),
          at: instant,
          reason: z.string().nullable(),
        }),
      ),
    }),
  }),
  exportOrder: exportFile({
    path: info("exportOrder"),
    summary: "The order list as an Excel file: the list's tab, keyword, days placed and need, one row per order, in the reader's language",
    access: F("order.manage.export"),
    input: z.strictObject(deskListFilters),
  }),
  selSellerTodo: read({
    path: info("selSellerTodo"),
    summary:
      "The home page's to-dos, each the count of the order list it links to (capped at 10,000): to ship (tab toShip), with an offline voucher in review (need=voucher), to ship and reminded by the buyer (tab toShip, need=reminded)",
    access: F("order.manage"),
    input: z.strictObject({}),
    output: z.object({ toShip: z.int(), vouchers: z.int(), reminders: z.int() }),
  }),
};
