import { type Call, codes, type contract, type OutputOf, type ParsedInputOf, couponRefusals as R } from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, notLoggedIn, refuse, stateForbids } from "../../../platform/http/errors";
import { offsetOf } from "../../../platform/http/paging";
import { passwordHashOf } from "../card-pool/card-password.rules";
import * as cards from "../card-pool/card-pool.repository";
import * as repo from "../coupon.repository";
import { buyerItemOf, ruleItemOf } from "../coupon.view";
import * as rules from "../rule/rule.repository";

/* The buyer's side: coupons to receive, receiving, redeeming an exchange code or a card, and the buyer's coupons. */

type B = typeof contract.buyerCoupon;
type In<D, K extends keyof D> = D[K] extends Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends Call ? OutputOf<D[K]> : never;

const DAY = 86_400_000;

const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return ctx.buyer;
};

async function issue(ctx: Ctx, rule: rules.RuleRow, memberId: string, source: "receive" | "exchange" | "card") {
  const now = Date.now();
  if (rule.state !== "active" || (rule.validTo && rule.validTo.getTime() <= now)) throw stateForbids(R.notReceivable);
  if ((await repo.countMemberCoupons(ctx.db, rule.id, memberId)) >= rule.perMemberLimit)
    throw refuse(codes.CONFLICT, R.limitReached, { limit: rule.perMemberLimit });
  if (!(await rules.takeOne(ctx.db, rule.id))) throw refuse(codes.CONFLICT, R.soldOut);
  const validFrom = rule.validityType === "fixed" && rule.validFrom ? rule.validFrom : new Date(now);
  const validTo = rule.validityType === "fixed" && rule.validTo ? rule.validTo : new Date(now + (rule.validDays ?? 1) * DAY);
  const saved = await repo.insertCoupon(ctx.db, { boId: rule.boId, ruleId: rule.id, memberId, source, validFrom, validTo });
  const row = await repo.findCouponView(ctx.db, repo.couponIdWhere(saved.id));
  if (!row) throw new Error("coupon vanished");
  return buyerItemOf(row);
}

export const redemptionService = {
  async selReceivableCoupons(input: In<B, "selReceivableCoupons">, ctx: Ctx): Promise<Out<B, "selReceivableCoupons">> {
    buyerOf(ctx);
    const rows = await rules.rulePage(ctx.db, rules.receivableRulesWhere(input.boId), 50, 0);
    return rows.map((r) => {
      const { exchangeCode: _c, ...rest } = ruleItemOf(r);
      return rest;
    });
  },

  async receiveCoupon(input: In<B, "receiveCoupon">, ctx: Ctx): Promise<Out<B, "receiveCoupon">> {
    const { memberId } = buyerOf(ctx);
    const rule = await rules.findRuleById(ctx.db, input.ruleId, true);
    if (rule?.kind !== "coupon") throw notFound(R.notFound);
    return issue(ctx, rule, memberId, "receive");
  },

  async redeemExchangeCode(input: In<B, "redeemExchangeCode">, ctx: Ctx): Promise<Out<B, "redeemExchangeCode">> {
    const { memberId } = buyerOf(ctx);
    const rule = await rules.findExchangeRule(ctx.db, input.boId, input.code);
    if (!rule) throw badField("code", R.exchangeCodeUnknown);
    return issue(ctx, rule, memberId, "exchange");
  },

  async redeemCard(input: In<B, "redeemCard">, ctx: Ctx): Promise<Out<B, "redeemCard">> {
    const { memberId } = buyerOf(ctx);
    const card = await cards.lockCardByNo(ctx.db, input.boId, input.cardNo);
    // One answer for a wrong number, a wrong password and a used card: a card's state is not told to a guesser.
    if (card?.state !== "unused" || card.passwordHash !== passwordHashOf(card.cardNo, input.password))
      throw badField("password", R.cardUnknown);
    const pool = await cards.findPool(ctx.db, card.boId, card.poolId);
    if (pool?.state !== "active") throw stateForbids(R.poolEliminated);
    const rule = await rules.findRuleById(ctx.db, pool.ruleId, true);
    if (!rule) throw notFound(R.notFound);
    const got = await issue(ctx, rule, memberId, "card");
    await cards.updateCard(ctx.db, card.id, { state: "redeemed", memberId, couponId: got.id, redeemedAt: new Date() });
    return got;
  },

  async selMyCoupons(input: In<B, "selMyCoupons">, ctx: Ctx): Promise<Out<B, "selMyCoupons">> {
    const { memberId } = buyerOf(ctx);
    const where = repo.memberCouponsWhere(memberId, input);
    const [rows, total] = await Promise.all([
      repo.couponPage(ctx.db, where, repo.COUPON_ORDER.newest, input.pageSize, offsetOf(input)),
      repo.couponCount(ctx.db, where),
    ]);
    return { list: rows.map(buyerItemOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
  },
};
