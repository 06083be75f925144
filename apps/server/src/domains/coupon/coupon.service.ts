import {
  type Call,
  type CouponState,
  codes,
  type contract,
  couponUnusableWords,
  type OutputOf,
  type ParsedInputOf,
  couponRefusals as R,
} from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { notFound, refuse, stateForbids } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import { checkCoupon } from "./coupon.machine";
import * as repo from "./coupon.repository";
import { discountOf } from "./coupon.rules";
import { couponItemOf } from "./coupon.view";
import { redemptionService } from "./redemption/redemption.service";
import * as rules from "./rule/rule.repository";
import { ruleByCode, ruleService } from "./rule/rule.service";

/*
 * Coupons (docs/domains/coupon.md): the rules (rule/), the card pools (card-pool/), the buyer's side (redemption/) and,
 * here, the issued coupons the seller manages and their use at checkout. Seller calls are scoped by the session's
 * organisation; buyer calls by the buyer's account. Orders stand above this domain: what coupons need to know of an
 * order comes through the `CouponOrders` port (app.ts fills it in).
 */

type S = typeof contract.coupon;
type In<D, K extends keyof D> = D[K] extends Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends Call ? OutputOf<D[K]> : never;

/** What coupons ask of orders (the higher domain): an order's status, to tell whether it still holds its coupon. */
export interface CouponOrders {
  statusOf(db: Executor, boId: string, orderId: string): Promise<string | null>;
}
const sellerOf = (ctx: Ctx) => ctx.me();

async function sellerCoupon(ctx: Ctx, boId: string, id: string) {
  const row = await repo.findCouponView(ctx.db, repo.couponIdWhere(id, boId));
  if (!row) throw notFound(R.couponNotFound);
  return couponItemOf(row);
}

/** The issued coupons the seller manages; `orders` tells an order's status (a coupon an unpaid order holds stays). */
function issuedCoupons(deps: { orders: CouponOrders }) {
  return {
    async selCouponList(input: In<S, "selCouponList">, ctx: Ctx): Promise<Out<S, "selCouponList">> {
      const rule = await ruleByCode(ctx, input.regCode);
      const where = repo.couponListWhere(rule.id, input.state);
      const [rows, total] = await Promise.all([
        repo.couponPage(ctx.db, where, repo.COUPON_ORDER.newest, input.pageSize, offsetOf(input)),
        repo.couponCount(ctx.db, where),
      ]);
      return { list: rows.map(couponItemOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selCouponUsageDetails(input: In<S, "selCouponUsageDetails">, ctx: Ctx): Promise<Out<S, "selCouponUsageDetails">> {
      const rule = await ruleByCode(ctx, input.regCode);
      const where = repo.usedOfRuleWhere(rule.id);
      const [rows, total, discountTotal] = await Promise.all([
        repo.couponPage(ctx.db, where, repo.COUPON_ORDER.lastUsed, input.pageSize, offsetOf(input)),
        repo.couponCount(ctx.db, where),
        repo.discountTotal(ctx.db, rule.id),
      ]);
      return { list: rows.map(couponItemOf), total, pageNum: input.pageNum, pageSize: input.pageSize, discountTotal };
    },

    async updUnFrozenCouponOperation(input: In<S, "updUnFrozenCouponOperation">, ctx: Ctx): Promise<Out<S, "updUnFrozenCouponOperation">> {
      const { boId } = sellerOf(ctx);
      const c = await repo.lockCoupon(ctx.db, boId, input.id);
      if (!c) throw notFound(R.couponNotFound);
      checkCoupon(c.state as CouponState, "unfreeze");
      if (c.orderId && (await deps.orders.statusOf(ctx.db, boId, c.orderId)) === "pendingPayment")
        throw stateForbids(R.couponHeld, { orderNo: c.orderNo ?? "" });
      await repo.updateCoupon(ctx.db, c.id, { state: "unused", orderId: null, orderNo: null, discountAmount: null, frozenAt: null });
      return sellerCoupon(ctx, boId, c.id);
    },

    async updExchangeInvalid(input: In<S, "updExchangeInvalid">, ctx: Ctx): Promise<Out<S, "updExchangeInvalid">> {
      const { boId } = sellerOf(ctx);
      const c = await repo.lockCoupon(ctx.db, boId, input.id);
      if (!c) throw notFound(R.couponNotFound);
      const state: CouponState = c.state === "unused" && c.validTo.getTime() <= Date.now() ? "expired" : (c.state as CouponState);
      checkCoupon(state, "invalidate");
      if (state === "frozen" && c.orderId && (await deps.orders.statusOf(ctx.db, boId, c.orderId)) === "pendingPayment")
        throw stateForbids(R.couponHeld, { orderNo: c.orderNo ?? "" });
      await repo.updateCoupon(ctx.db, c.id, { state: "invalid", invalidatedAt: new Date() });
      return sellerCoupon(ctx, boId, c.id);
    },

    async selCouponRecordByOrderIdV2(input: In<S, "selCouponRecordByOrderIdV2">, ctx: Ctx): Promise<Out<S, "selCouponRecordByOrderIdV2">> {
      const { boId } = sellerOf(ctx);
      const rows = await repo.couponPage(ctx.db, repo.ofOrderWhere(input.orderId, boId), repo.COUPON_ORDER.oldest, 20, 0);
      return rows.map(couponItemOf);
    },

    async getCouponParentOrderId(input: In<S, "getCouponParentOrderId">, ctx: Ctx): Promise<Out<S, "getCouponParentOrderId">> {
      const item = await sellerCoupon(ctx, sellerOf(ctx).boId, input.id);
      return item.orderId && item.orderNo ? { orderId: item.orderId, orderNo: item.orderNo } : null;
    },
  };
}

/** The coupon domain's calls for the routes: the rules', the issued coupons' and the buyer's, one object. */
export function createCouponService(deps: { orders: CouponOrders }) {
  return { ...ruleService, ...issuedCoupons(deps), ...redemptionService };
}

export type CouponService = ReturnType<typeof createCouponService>;

// ---- checkout (the orders domain's PriceAdjuster, filled in by app.ts) ----

/** Why the chosen coupon gives nothing, as the declared refusal with its reason in both languages. */
function unusable(why: keyof typeof couponUnusableWords) {
  const w = couponUnusableWords[why];
  return refuse(codes.CONFLICT, R.notUsable, { why: w.en, "why.en": w.en, "why.zh": w.zh });
}

/**
 * The discount of the buyer's chosen coupon on one shop's lines (preview and submit), refused when the coupon is not
 * the buyer's unused, valid coupon of this shop or does not apply to these goods.
 */
export async function couponDiscount(
  db: Executor,
  o: { buyerMemberId: string; boId: string; couponId: string; lines: { goodsId: string; amount: number }[] },
): Promise<{ label: string; amount: number }> {
  const found = await repo.buyerCouponWithRule(db, o.buyerMemberId, o.boId, o.couponId);
  if (!found) throw unusable("notYours");
  const { c, r } = found;
  if (c.state !== "unused") throw unusable("notUnused");
  const now = Date.now();
  if (c.validFrom.getTime() > now || c.validTo.getTime() <= now) throw unusable("notValid");
  const d = discountOf(r, o.lines);
  if ("why" in d) throw unusable(d.why);
  return { label: `${r.name} (${r.regCode})`, amount: -d.discount };
}

/** Freezes the chosen coupon for the order just written, in its transaction; a coupon another order took first is refused. */
export async function holdCoupon(
  db: Executor,
  o: { buyerMemberId: string; couponId: string; orderId: string; orderNo: string; discount: number },
): Promise<void> {
  const ok = await repo.freeze(db, {
    id: o.couponId,
    memberId: o.buyerMemberId,
    orderId: o.orderId,
    orderNo: o.orderNo,
    discount: o.discount,
  });
  if (!ok) throw unusable("notUnused");
}

/**
 * An order's status changed (the order machine tells, in its transaction): paid uses its frozen coupons; cancelled
 * from unpaid releases them.
 */
export async function couponsFollowOrder(db: Executor, orderId: string, from: string, to: string): Promise<void> {
  if (from !== "pendingPayment" || from === to) return;
  if (to === "cancelled") await repo.releaseOfOrder(db, orderId);
  else if (to === "paid") {
    const ruleIds = await repo.useOfOrder(db, orderId);
    await rules.addUsed(db, ruleIds, 1);
  }
}
