import { z } from "zod";
import { cents } from "./common";
import { timelineEntry } from "./orders";

/*
 * What each timeline event's `detail` holds, by event: the order machine's events (one per action), the order's
 * creation, the after-sale steps (the aftersale domain appends them) and a payment given back. Each names the fields
 * its writers set and readers show; a detail may carry more (they stay, as written). `orderTimelineEntry` is the
 * entry with its detail typed by its event: readers narrow on `event` instead of probing a record.
 */
const shipmentChange = z.object({ expressCode: z.string(), trackingNo: z.string() });
const roundBase = { roundId: z.string(), seq: z.int().optional() };
const afterSaleStep = { afterSaleNo: z.string().optional(), reason: z.string().optional(), auto: z.boolean().optional() };
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
    flag: z.object({ before: z.string().nullable(), after: z.string() }).optional(),
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

/** A timeline entry with its `detail` typed by its `event` (a union discriminated by `event`). */
export const orderTimelineEntry = z.discriminatedUnion("event", timelineVariants);
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntry>;
export type OrderTimelineEvent = OrderTimelineEntry["event"];
