import {
  afterSaleRefusals as A,
  type AfterSaleAction,
  type AfterSaleState,
  type AfterSaleType,
  afterSaleActionWords,
  afterSaleStateWords,
  type OrderTimelineEvent,
} from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import { notFound, stateForbids } from "../../platform/http/errors";
import { type Actor, lockOrder, type OrderRow, recordTimeline } from "../orders/orders.port";
import * as repo from "./aftersale.repository";
import type { afterSaleApply } from "./aftersale.tables";

/*
 * The one state machine of an after-sale application (docs/domains/aftersale.md):
 *
 *   applied ──approve──▶ approved ──(refundOnly) refund──▶ refunded
 *      │                    └──(returnRefund, exchange) buyerShip──▶ buyerShipped ──receive──▶ received
 *      │                                                   received ──(returnRefund) refund──▶ refunded
 *      │                                                   received ──(exchange) shipExchange──▶ exchangeShipped
 *      ├──reject (reason)──▶ rejected
 *      └──withdraw (buyer)──▶ withdrawn
 *
 * Every step locks the order first (as the order machine does), then the application FOR UPDATE, checks the step
 * against the state and type, applies it, writes the new state and appends an entry to the order's timeline — in
 * the caller's one transaction. Rejected, withdrawn, refunded and exchangeShipped are closed.
 */

type Step = { from: AfterSaleState; types: readonly AfterSaleType[]; to: AfterSaleState };

const ALL: readonly AfterSaleType[] = ["refundOnly", "returnRefund", "exchange"];

export const STEPS: Record<Exclude<AfterSaleAction, "apply">, readonly Step[]> = {
  approve: [{ from: "applied", types: ALL, to: "approved" }],
  reject: [{ from: "applied", types: ALL, to: "rejected" }],
  withdraw: [{ from: "applied", types: ALL, to: "withdrawn" }],
  buyerShip: [{ from: "approved", types: ["returnRefund", "exchange"], to: "buyerShipped" }],
  receive: [{ from: "buyerShipped", types: ["returnRefund", "exchange"], to: "received" }],
  refund: [
    { from: "approved", types: ["refundOnly"], to: "refunded" },
    { from: "received", types: ["returnRefund"], to: "refunded" },
  ],
  shipExchange: [{ from: "received", types: ["exchange"], to: "exchangeShipped" }],
};

/** The order timeline's event of each step (each a variant of the contract's `orderTimelineEntry`). */
export const EVENTS: Record<AfterSaleAction, OrderTimelineEvent> = {
  apply: "afterSaleApplied",
  approve: "afterSaleApproved",
  reject: "afterSaleRejected",
  withdraw: "afterSaleWithdrawn",
  buyerShip: "afterSaleReturnShipped",
  receive: "afterSaleReceived",
  refund: "afterSaleRefunded",
  shipExchange: "afterSaleExchangeShipped",
};

const STAMPS: Partial<Record<AfterSaleState, keyof repo.ApplyRow>> = {
  approved: "decidedAt",
  rejected: "decidedAt",
  withdrawn: "decidedAt",
  buyerShipped: "buyerShippedAt",
  received: "receivedAt",
  refunded: "refundedAt",
  exchangeShipped: "exchangeShippedAt",
};

/** Where the step leads from this application, or null when its state or type forbids it. */
export function stepOf(action: Exclude<AfterSaleAction, "apply">, a: { state: string; type: string }): AfterSaleState | null {
  const s = STEPS[action].find((x) => x.from === a.state && x.types.includes(a.type as AfterSaleType));
  return s ? s.to : null;
}

export function wrongState(a: { afterSaleNo: string; state: string }, action: AfterSaleAction) {
  const state = afterSaleStateWords[a.state as AfterSaleState];
  const act = afterSaleActionWords[action];
  return stateForbids(A.wrongState, {
    afterSaleNo: a.afterSaleNo,
    "state.en": state.en,
    "state.zh": state.zh,
    "action.en": act.en,
    "action.zh": act.zh,
  });
}

/** Appends an after-sale step to the order's timeline (the order's status does not change). */
export async function appendTimeline(
  tx: Executor,
  order: Pick<OrderRow, "id" | "boId" | "status">,
  actor: Actor,
  action: AfterSaleAction,
  detail: Record<string, unknown>,
) {
  await recordTimeline(tx, {
    orderId: order.id,
    boId: order.boId,
    at: new Date(),
    actor: actor.kind,
    actorMemberId: actor.memberId,
    event: EVENTS[action],
    fromStatus: order.status,
    toStatus: order.status,
    detail,
  });
}

export interface StepChange {
  patch?: Partial<typeof afterSaleApply.$inferInsert>;
  detail?: Record<string, unknown>;
}

/**
 * Runs one step on an application: the order locked, then the application (of the scope: another seller's or buyer's
 * answers "not found"), the step checked, `apply` run (it may refuse), the state, its timestamp and the timeline
 * entry written. Answers the application as written.
 */
export async function step(
  tx: Executor,
  args: { id: string; scope: repo.Scope; action: Exclude<AfterSaleAction, "apply">; actor: Actor },
  apply: (a: repo.ApplyRow, order: OrderRow) => Promise<StepChange | undefined> = async () => undefined,
): Promise<repo.ApplyRow> {
  const seen = await repo.findApply(tx, args.id, args.scope);
  if (!seen) throw notFound(A.notFound);
  const order = await lockOrder(tx, seen.orderId, { system: true });
  const a = await repo.findApply(tx, args.id, args.scope, true);
  if (!a) throw notFound(A.notFound);
  const to = stepOf(args.action, a);
  if (!to) throw wrongState(a, args.action);
  const change = (await apply(a, order)) ?? {};
  const now = new Date();
  const patch: Partial<typeof afterSaleApply.$inferInsert> = { ...change.patch, state: to, updatedAt: now };
  const stamp = STAMPS[to];
  if (stamp) (patch as Record<string, unknown>)[stamp] = now;
  const updated = await repo.updateApply(tx, a.id, patch);
  if (!updated) throw new Error("after-sale machine: the locked application vanished");
  await appendTimeline(tx, order, args.actor, args.action, {
    afterSaleId: a.id,
    afterSaleNo: a.afterSaleNo,
    type: a.type,
    quantity: a.quantity,
    amount: a.amount,
    ...change.detail,
  });
  return updated;
}
