import { z } from "zod";
import { cents, id, instant } from "./common";
import { orderStatuses } from "./order-statuses";

/** Who made a timeline entry. */
export const timelineActors = ["buyer", "seller", "system"] as const;
export type TimelineActor = (typeof timelineActors)[number];

/**
 * What every timeline entry holds besides its `detail`: when, who, the event and the order's status before and after
 * (the same on a step that changes no status). orders.ts imports this file, never the other way (no import circle).
 */
const timelineEntry = z.object({
  id,
  at: instant,
  actor: z.enum(timelineActors),
  event: z.string(),
  fromStatus: z.enum(orderStatuses).nullable(),
  toStatus: z.enum(orderStatuses).nullable(),
  detail: z.record(z.string(), z.unknown()),
});

/*
 * What each timeline event's `detail` holds, by event: the order machine's events (one per action), the order's
 * creation, the after-sale steps (the aftersale domain appends them) and a payment given back. Each names the fields
 * its writers set and readers show; a detail may carry more (they stay, as written). `orderTimelineEntry` is the
 * entry with its detail typed by its event: readers narrow on `event` instead of probing a record.
 */
const shipmentChange = z.object({ expressCode: z.string(), trackingNo: z.string() });
const roundBase = { roundId: z.string(), seq: z.int().optional() };
/** Every after-sale step names its application (aftersale.machine.ts's `runStep`); a rejection its reason. */
const afterSaleStep = {
  afterSaleId: z.string().optional(),
  afterSaleNo: z.string().optional(),
  /** The application's type (`afterSaleTypes` in aftersale.ts, which imports the orders: not named here). */
  type: z.string().optional(),
  quantity: z.int().optional(),
  amount: cents.optional(),
  reason: z.string().optional(),
  auto: z.boolean().optional(),
};
const detailOf = <E extends string, S extends z.ZodRawShape>(event: E, shape: S) =>
  timelineEntry.extend({ event: z.literal(event), detail: z.looseObject(shape) });

const timelineVariants = [
  detailOf("created", { payAmount: cents.optional() }),
  detailOf("paid", {
    amount: cents.optional(),
    paymentId: z.string().optional(),
    provider: z.string().optional(),
    voucherId: z.string().optional(),
    method: z.string().optional(),
  }),
  detailOf("shipped", { shipmentId: z.string().optional(), expressCode: z.string().optional(), trackingNo: z.string().optional() }),
  detailOf("logisticsUpdated", { shipmentId: z.string().optional(), before: shipmentChange.optional(), after: shipmentChange.optional() }),
  detailOf("received", { auto: z.boolean().optional() }),
  detailOf("completed", {}),
  detailOf("cancelled", { reason: z.string().optional() }),
  detailOf("priceRevised", {
    lineId: z.string().optional(),
    goodsName: z.string().optional(),
    before: cents.optional(),
    after: cents.optional(),
    payAfter: cents.optional(),
    reason: z.string().optional(),
  }),
  detailOf("addressChanged", { before: z.unknown(), after: z.unknown() }),
  detailOf("voucherUploaded", {
    voucherId: z.string().optional(),
    amount: cents.optional(),
    payerName: z.string().optional(),
    bankRef: z.string().optional(),
  }),
  detailOf("reminded", { byOrganisation: z.string().optional() }),
  detailOf("remarked", {
    remark: z.object({ before: z.string().nullable(), after: z.string() }).optional(),
    // A flag is cleared with null (`modifyOrderByObj`'s `flagColor`).
    flag: z.object({ before: z.string().nullable(), after: z.string().nullable() }).optional(),
  }),
  detailOf("deleted", { sides: z.array(z.string()).optional() }),
  detailOf("voucherRejected", { voucherId: z.string().optional(), amount: cents.optional(), reason: z.string().optional() }),
  detailOf("linesChanged", {
    reason: z.string().optional(),
    lines: z.array(z.object({ goodsName: z.string(), quantityBefore: z.int(), quantityAfter: z.int() })).optional(),
    payBefore: cents.optional(),
    payAfter: cents.optional(),
    refundDue: cents.optional(),
  }),
  detailOf("roundPlanned", { ...roundBase, plannedOn: z.string().optional() }),
  detailOf("roundShipped", { ...roundBase, shipmentId: z.string().optional(), expressCode: z.string(), trackingNo: z.string() }),
  detailOf("roundUpdated", { ...roundBase, shipmentId: z.string().nullable().optional() }),
  detailOf("roundDelivered", { ...roundBase, shipmentId: z.string().nullable().optional(), completed: z.boolean().optional() }),
  detailOf("pickedUp", { pickupPointId: z.string().nullable().optional(), pickupPoint: z.string().optional() }),
  detailOf("afterSaleApplied", afterSaleStep),
  detailOf("afterSaleApproved", afterSaleStep),
  detailOf("afterSaleRejected", afterSaleStep),
  detailOf("afterSaleWithdrawn", afterSaleStep),
  detailOf("afterSaleReturnShipped", { ...afterSaleStep, expressCode: z.string().optional(), trackingNo: z.string().optional() }),
  detailOf("afterSaleReceived", { ...afterSaleStep, goodsName: z.string().optional() }),
  detailOf("afterSaleRefunded", { ...afterSaleStep, refunded: cents.optional(), refundedTotal: cents.optional() }),
  detailOf("afterSaleExchangeShipped", { ...afterSaleStep, expressCode: z.string().optional(), trackingNo: z.string().optional() }),
  detailOf("paymentRefundDue", { amount: cents.optional(), reason: z.string().optional() }),
  detailOf("paymentRefunded", { amount: cents.optional(), reason: z.string().optional() }),
] as const;

/** The events writers record: each is a variant above. The server's writers name their events by this type. */
export type OrderTimelineEvent = (typeof timelineVariants)[number]["shape"]["event"]["value"];
export const orderTimelineEvents: readonly OrderTimelineEvent[] = timelineVariants.map((v) => v.shape.event.value);

/**
 * A stored entry the variants above do not read: an event no writer records any more, or a detail that breaks its
 * event's shape. The server's view (orders.view.ts, `timelineEntryOf`) answers such a row as `other` rather than
 * failing the whole order's answer: the entry keeps its time, actor and statuses, `recordedEvent` is the event as
 * stored and `detail` the detail as stored, unread. Readers show it by its event's name only. No writer records
 * `other`; the server's tests walk an order through its steps and find none.
 */
const otherEntry = timelineEntry.extend({ event: z.literal("other"), recordedEvent: z.string() });

/**
 * A timeline entry with its `detail` typed by its `event` (a union discriminated by `event`): what the order's
 * detail, the after-sale's order and an application's steps answer on the wire.
 */
export const orderTimelineEntry = z.discriminatedUnion("event", [...timelineVariants, otherEntry]);
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntry>;
