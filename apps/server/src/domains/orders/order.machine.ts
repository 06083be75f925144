import {
  type OrderAction,
  type OrderStatus,
  type OrderTimelineEvent,
  orderActionsFrom,
  orderActionWords,
  orderMay,
  orderStatusWords,
  orderRefusals as R,
} from "@sbo/contract";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { notFound, stateForbids } from "../../platform/http/errors";
import { couponsFollowOrder } from "./checkout/coupon-adjuster.port";
import { afterTransition } from "./live/live.service";
import { orderInfo, orderTimeline } from "./orders.tables";

/*
 * The one state machine of an order (docs/domains/orders.md). Every change of an order goes through `transition`:
 * the order row locked FOR UPDATE, the action checked against the current status, the change applied, the new
 * status and its timestamp written and a timeline entry appended — in the caller's one transaction. Two concurrent
 * transitions of one order run one after the other; the second sees the first's status.
 */

export type OrderRow = typeof orderInfo.$inferSelect;

/** From which statuses each action may start: the contract's table, which the web reads too. */
export const ALLOWED_FROM = orderActionsFrom;

/** Where each action leads (`ship` decides between partly shipped and shipped; the others stay put). */
export const TARGETS: Partial<Record<OrderAction, readonly OrderStatus[]>> = {
  pay: ["paid"],
  ship: ["partlyShipped", "shipped"],
  receive: ["received"],
  complete: ["completed"],
  cancel: ["cancelled"],
  shipRound: ["partlyShipped", "shipped"],
  deliverRound: ["completed"],
  pickUp: ["completed"],
};

/** The timeline's event of each action: each one a variant of the contract's `orderTimelineEntry`. */
const EVENTS: Record<OrderAction, OrderTimelineEvent> = {
  pay: "paid",
  ship: "shipped",
  updateLogistics: "logisticsUpdated",
  receive: "received",
  complete: "completed",
  cancel: "cancelled",
  revisePrice: "priceRevised",
  changeAddress: "addressChanged",
  uploadVoucher: "voucherUploaded",
  remind: "reminded",
  remark: "remarked",
  deleteSeller: "deleted",
  deleteBuyer: "deleted",
  rejectVoucher: "voucherRejected",
  changeLines: "linesChanged",
  planRound: "roundPlanned",
  shipRound: "roundShipped",
  updateRound: "roundUpdated",
  deliverRound: "roundDelivered",
  pickUp: "pickedUp",
};

const STAMPS: Partial<Record<OrderStatus, keyof OrderRow>> = {
  paid: "paidAt",
  shipped: "shippedAt",
  partlyShipped: "shippedAt",
  received: "receivedAt",
  completed: "completedAt",
  cancelled: "cancelledAt",
};

export const canDo = orderMay;

/** The declared refusal for an action the order's status forbids, its status and action worded in both languages. */
export function wrongState(order: { orderNo: string; status: string }, action: OrderAction) {
  const status = orderStatusWords[order.status as OrderStatus];
  const act = orderActionWords[action];
  return stateForbids(R.wrongState, {
    orderNo: order.orderNo,
    "status.en": status.en,
    "status.zh": status.zh,
    "action.en": act.en,
    "action.zh": act.zh,
  });
}

/** Whose order it is: the seller's organisation, or the buyer's account (each sees only its side's undeleted orders). */
export type OrderScope = { boId: string } | { buyerMemberId: string } | { system: true };

export interface Actor {
  kind: "buyer" | "seller" | "system";
  memberId: string | null;
}

export interface Change {
  /** The status to move to; must be one of the action's targets (default: its only target, or unchanged). */
  to?: OrderStatus;
  patch?: Partial<typeof orderInfo.$inferInsert>;
  detail?: Record<string, unknown>;
}

function scopeWhere(scope: OrderScope): SQL | undefined {
  if ("boId" in scope) return and(eq(orderInfo.boId, scope.boId), isNull(orderInfo.sellerDeletedAt));
  if ("buyerMemberId" in scope) return and(eq(orderInfo.buyerMemberId, scope.buyerMemberId), isNull(orderInfo.buyerDeletedAt));
  return undefined;
}

/** The order, locked for the transition that follows; another organisation's or buyer's answers "not found". */
export async function lockOrder(tx: Executor, orderId: string, scope: OrderScope): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orderInfo)
    .where(and(eq(orderInfo.id, orderId), scopeWhere(scope)))
    .for("update");
  if (!row) throw notFound(R.notFound);
  return row;
}

/**
 * Runs one action on an order: lock, check, `apply` (which may refuse, write lines, shipments, payments, and say where
 * to go), then the status, its timestamp, `updated_at` and the timeline entry. Answers the order as written.
 */
export async function transition(
  tx: Executor,
  args: { orderId: string; scope: OrderScope; action: OrderAction; actor: Actor },
  apply: (order: OrderRow) => Promise<Change | undefined> = async () => undefined,
): Promise<OrderRow> {
  const order = await lockOrder(tx, args.orderId, args.scope);
  if (!canDo(args.action, order.status as OrderStatus)) throw wrongState(order, args.action);
  const change = (await apply(order)) ?? {};
  const targets = TARGETS[args.action];
  const to: OrderStatus = change.to ?? (targets?.length === 1 ? (targets[0] as OrderStatus) : (order.status as OrderStatus));
  if (to !== order.status && !targets?.includes(to)) throw new Error(`order machine: ${args.action} cannot lead to ${to}`);
  const now = new Date();
  const patch: Partial<typeof orderInfo.$inferInsert> = { ...change.patch, status: to, updatedAt: now };
  const stamp = STAMPS[to];
  if (to !== order.status && stamp && !order[stamp]) (patch as Record<string, unknown>)[stamp] = now;
  const [updated] = await tx.update(orderInfo).set(patch).where(eq(orderInfo.id, order.id)).returning();
  await tx.insert(orderTimeline).values({
    orderId: order.id,
    boId: order.boId,
    at: now,
    actor: args.actor.kind,
    actorMemberId: args.actor.memberId,
    event: EVENTS[args.action],
    fromStatus: order.status,
    toStatus: to,
    detail: change.detail ?? {},
  });
  if (!updated) throw new Error("order machine: the locked order vanished");
  // Coupons follow the order: paid uses the one it holds, cancelled while unpaid releases it (coupon-adjuster.ts).
  await couponsFollowOrder(tx, order.id, order.status, to);
  // The shop's open back offices hear of it on commit; a payment queues the ERP push (live.ts).
  await afterTransition(tx, updated, EVENTS[args.action], args.actor);
  return updated;
}
