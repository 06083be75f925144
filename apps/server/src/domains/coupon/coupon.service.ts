import {
  type BuyerCouponItem,
  type Call,
  type CouponItem,
  type CouponRuleItem,
  type CouponState,
  codes,
  type contract,
  couponUnusableWords,
  maskPhone,
  type OutputOf,
  type ParsedInputOf,
  couponRefusals as R,
} from "@sbo/contract";
import { type SQL, sql } from "drizzle-orm";
import { iso } from "../../platform/days";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, notLoggedIn, refuse, stateForbids } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import { liveGoodsNames } from "../goods/goods.port";
import { passwordHashOf } from "./card-password.rules";
import * as cards from "./card-pool.repository";
import { checkCoupon, checkRule } from "./coupon.machine";
import * as repo from "./coupon.repository";

/*
 * Coupon rules, issued coupons and their use at checkout (docs/domains/coupon.md). Seller calls are scoped by the
 * session's organisation; buyer calls by the buyer's account. Orders stand above this domain: what coupons need to
 * know of an order comes through the `CouponOrders` port (app.ts fills it in).
 */

type S = typeof contract.coupon;
type B = typeof contract.buyerCoupon;
type In<D, K extends keyof D> = D[K] extends Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends Call ? OutputOf<D[K]> : never;
type RuleInput = In<S, "addCoupRegular">;

/** What coupons ask of orders (the higher domain): an order's status, to tell whether it still holds its coupon. */
export interface CouponOrders {
  statusOf(db: Executor, boId: string, orderId: string): Promise<string | null>;
}
const DAY = 86_400_000;

export function ruleItemOf(r: repo.RuleRow): CouponRuleItem {
  return {
    id: r.id,
    regCode: r.regCode,
    kind: r.kind as CouponRuleItem["kind"],
    name: r.name,
    description: r.description,
    discountType: r.discountType as CouponRuleItem["discountType"],
    amount: r.amount,
    percentOff: r.percentOff,
    maxDiscount: r.maxDiscount,
    minSpend: r.minSpend,
    validityType: r.validityType as CouponRuleItem["validityType"],
    validFrom: iso(r.validFrom),
    validTo: iso(r.validTo),
    validDays: r.validDays,
    totalQuantity: r.totalQuantity,
    perMemberLimit: r.perMemberLimit,
    issuedQuantity: r.issuedQuantity,
    usedQuantity: r.usedQuantity,
    goodsScope: r.goodsScope as CouponRuleItem["goodsScope"],
    goodsIds: r.goodsIds,
    exchangeCode: r.exchangeCode,
    state: r.state as CouponRuleItem["state"],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function couponItemOf(r: repo.CouponViewRow): CouponItem {
  return {
    id: r.id,
    ruleId: r.rule_id,
    regCode: r.reg_code,
    ruleName: r.rule_name,
    state: r.state as CouponState,
    memberName: r.member_name ?? "",
    memberPhone: maskPhone(r.member_phone),
    source: r.source as CouponItem["source"],
    validFrom: iso(r.valid_from) as string,
    validTo: iso(r.valid_to) as string,
    receivedAt: iso(r.created_at) as string,
    orderId: r.order_id,
    orderNo: r.order_no,
    discountAmount: r.discount_amount === null ? null : Number(r.discount_amount),
    usedAt: iso(r.used_at),
  };
}

function buyerItemOf(r: repo.CouponViewRow): BuyerCouponItem {
  const { memberName: _n, memberPhone: _p, ...rest } = couponItemOf(r);
  return {
    ...rest,
    boId: r.bo_id,
    discountType: r.discount_type as BuyerCouponItem["discountType"],
    amount: Number(r.amount),
    percentOff: r.percent_off,
    maxDiscount: Number(r.max_discount),
    minSpend: Number(r.min_spend),
    goodsScope: r.goods_scope as BuyerCouponItem["goodsScope"],
  };
}

/**
 * The discount a rule gives on these lines (cents, ≥ 0) or why it gives none: the goods in scope must reach the minimum
 * spend; amount and threshold take their amount off, percent its share (rounded down, capped by `maxDiscount`), never
 * more than the goods in scope.
 */
export function discountOf(
  r: Pick<repo.RuleRow, "discountType" | "amount" | "percentOff" | "maxDiscount" | "minSpend" | "goodsScope" | "goodsIds">,
  lines: { goodsId: string; amount: number }[],
): { discount: number } | { why: keyof typeof couponUnusableWords } {
  const inScope = r.goodsScope === "all" ? lines : lines.filter((l) => r.goodsIds.includes(l.goodsId));
  if (inScope.length === 0) return { why: "noGoods" };
  const base = inScope.reduce((n, l) => n + l.amount, 0);
  if (base < r.minSpend || base <= 0) return { why: "belowThreshold" };
  let off = r.discountType === "percent" ? Math.floor((base * r.percentOff) / 100) : r.amount;
  if (r.discountType === "percent" && r.maxDiscount > 0) off = Math.min(off, r.maxDiscount);
  return { discount: Math.min(off, base) };
}

const sellerOf = (ctx: Ctx) => ctx.me();
const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return ctx.buyer;
};

const newRegCode = () =>
  `CP${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1296)
    .toString(36)
    .toUpperCase()}`;

function ruleColumns(input: RuleInput) {
  const fixed = input.validityType === "fixed";
  return {
    name: input.name,
    description: input.description,
    discountType: input.discountType,
    amount: input.discountType === "percent" ? 0 : input.amount,
    percentOff: input.discountType === "percent" ? input.percentOff : 0,
    maxDiscount: input.discountType === "percent" ? input.maxDiscount : 0,
    minSpend: input.minSpend,
    validityType: input.validityType,
    validFrom: fixed && input.validFrom ? new Date(input.validFrom) : null,
    validTo: fixed && input.validTo ? new Date(input.validTo) : null,
    validDays: fixed ? null : (input.validDays ?? null),
    totalQuantity: input.totalQuantity,
    perMemberLimit: input.perMemberLimit,
    goodsScope: input.goodsScope,
    goodsIds: input.goodsScope === "goods" ? input.goodsIds : [],
  };
}

/** The fields an active rule keeps: its buyers received them (only name, description and total may change). */
const FIXED_WHEN_ACTIVE = [
  "discountType",
  "amount",
  "percentOff",
  "maxDiscount",
  "minSpend",
  "validityType",
  "validDays",
  "perMemberLimit",
  "goodsScope",
] as const;

export function createCouponService(deps: { orders: CouponOrders }) {
  async function checkGoods(ctx: Ctx, boId: string, input: RuleInput) {
    if (input.goodsScope !== "goods") return;
    const found = await liveGoodsNames(ctx.db, boId, input.goodsIds);
    if (found.length !== input.goodsIds.length) throw badField("goodsIds", R.goodsNotFound);
  }

  async function checkCodes(ctx: Ctx, boId: string, regCode: string, exchangeCode: string | null, exceptId: string | null) {
    await repo.lockCode(ctx.db, boId, `reg:${regCode}`);
    if (await repo.regCodeTaken(ctx.db, boId, regCode, exceptId)) throw badField("regCode", R.regCodeTaken, { regCode });
    if (exchangeCode) {
      await repo.lockCode(ctx.db, boId, `exchange:${exchangeCode}`);
      if (await repo.exchangeCodeTaken(ctx.db, boId, exchangeCode, exceptId))
        throw badField("exchangeCode", R.exchangeCodeTaken, { code: exchangeCode });
    }
  }

  async function ruleByCode(ctx: Ctx, regCode: string) {
    const rule = await repo.findRule(ctx.db, sellerOf(ctx).boId, { regCode });
    if (!rule) throw notFound(R.notFound);
    return rule;
  }

  async function list(ctx: Ctx, kind: "coupon" | "exchange" | "card", input: In<S, "selExchangeCoupRegListByPage">) {
    const { boId } = sellerOf(ctx);
    const where = repo.ruleWhere(boId, kind, input, repo.TAB_STATES[input.tab] ?? null);
    const [rows, counts] = await Promise.all([
      repo.rulePage(ctx.db, where, input.pageSize, offsetOf(input)),
      repo.ruleTabCounts(ctx.db, boId, kind, input),
    ]);
    return {
      list: rows.map(ruleItemOf),
      total: counts[input.tab] ?? 0,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
      counts: counts as Out<S, "queryCoupRegListByPage">["counts"],
    };
  }

  async function sellerCoupon(ctx: Ctx, boId: string, id: string) {
    const row = await repo.findCouponView(ctx.db, sql`c.id = ${id} and c.bo_id = ${boId}`);
    if (!row) throw notFound(R.couponNotFound);
    return couponItemOf(row);
  }

  /** A coupon issued to the buyer from a rule locked for it (the per-buyer limit and the total hold under races). */
  async function issue(ctx: Ctx, rule: repo.RuleRow, memberId: string, source: "receive" | "exchange" | "card") {
    const now = Date.now();
    if (rule.state !== "active" || (rule.validTo && rule.validTo.getTime() <= now)) throw stateForbids(R.notReceivable);
    if ((await repo.countMemberCoupons(ctx.db, rule.id, memberId)) >= rule.perMemberLimit)
      throw refuse(codes.CONFLICT, R.limitReached, { limit: rule.perMemberLimit });
    if (!(await repo.takeOne(ctx.db, rule.id))) throw refuse(codes.CONFLICT, R.soldOut);
    const validFrom = rule.validityType === "fixed" && rule.validFrom ? rule.validFrom : new Date(now);
    const validTo = rule.validityType === "fixed" && rule.validTo ? rule.validTo : new Date(now + (rule.validDays ?? 1) * DAY);
    const saved = await repo.insertCoupon(ctx.db, { boId: rule.boId, ruleId: rule.id, memberId, source, validFrom, validTo });
    const row = await repo.findCouponView(ctx.db, sql`c.id = ${saved.id}`);
    if (!row) throw new Error("coupon vanished");
    return buyerItemOf(row);
  }

  return {
    // ---- seller: rules ----

    queryCoupRegListByPage: (ctx: Ctx, input: In<S, "queryCoupRegListByPage">) => list(ctx, input.kind, input),
    selExchangeCoupRegListByPage: (ctx: Ctx, input: In<S, "selExchangeCoupRegListByPage">) => list(ctx, "exchange", input),

    async selCoupRegularByRegCode(ctx: Ctx, input: In<S, "selCoupRegularByRegCode">): Promise<Out<S, "selCoupRegularByRegCode">> {
      const rule = await ruleByCode(ctx, input.regCode);
      const [goods, numbers] = await Promise.all([liveGoodsNames(ctx.db, rule.boId, rule.goodsIds), repo.numbersOf(ctx.db, rule.id)]);
      const names = new Map(goods.map((g) => [g.id, g.name]));
      return {
        ...ruleItemOf(rule),
        goods: rule.goodsIds.map((id) => ({ id, name: names.get(id) ?? "" })),
        numbers,
      };
    },

    async selCouponRegNum(ctx: Ctx, input: In<S, "selCouponRegNum">): Promise<Out<S, "selCouponRegNum">> {
      return repo.numbersOf(ctx.db, (await ruleByCode(ctx, input.regCode)).id);
    },

    async addCoupRegular(ctx: Ctx, input: RuleInput): Promise<Out<S, "addCoupRegular">> {
      const me = sellerOf(ctx);
      if (!me.shop) throw notFound(R.notFound);
      await checkGoods(ctx, me.boId, input);
      const regCode = input.regCode ?? newRegCode();
      const exchangeCode = input.kind === "exchange" ? (input.exchangeCode ?? null) : null;
      await checkCodes(ctx, me.boId, regCode, exchangeCode, null);
      const row = await repo.insertRule(ctx.db, {
        ...ruleColumns(input),
        boId: me.boId,
        shopId: me.shop.id,
        regCode,
        kind: input.kind,
        exchangeCode,
      });
      return ruleItemOf(row);
    },

    async updCoupRegular(ctx: Ctx, input: In<S, "updCoupRegular">): Promise<Out<S, "updCoupRegular">> {
      const { boId } = sellerOf(ctx);
      const rule = await repo.findRule(ctx.db, boId, { id: input.id }, true);
      if (!rule) throw notFound(R.notFound);
      checkRule(rule.state, "edit");
      const columns = ruleColumns(input);
      if (rule.state === "active") {
        const changed =
          FIXED_WHEN_ACTIVE.find((k) => columns[k] !== rule[k]) ??
          (JSON.stringify(columns.goodsIds) !== JSON.stringify(rule.goodsIds) ? "goodsIds" : undefined) ??
          (iso(columns.validFrom) !== iso(rule.validFrom) ? "validFrom" : undefined) ??
          (iso(columns.validTo) !== iso(rule.validTo) ? "validTo" : undefined) ??
          (input.regCode !== undefined && input.regCode !== rule.regCode ? "regCode" : undefined) ??
          ((input.exchangeCode ?? null) !== rule.exchangeCode ? "exchangeCode" : undefined);
        // Buyers may hold its coupons: name the first field that may no longer change, and say what may.
        if (changed) throw stateForbids(R.fixedWhenActive, { field: changed, form: "coupon" });
        if (input.totalQuantity < rule.issuedQuantity) throw badField("totalQuantity", R.totalBelowIssued, { issued: rule.issuedQuantity });
        return ruleItemOf(
          await repo.updateRule(ctx.db, rule.id, { name: input.name, description: input.description, totalQuantity: input.totalQuantity }),
        );
      }
      await checkGoods(ctx, boId, input);
      const regCode = input.regCode ?? rule.regCode;
      const exchangeCode = rule.kind === "exchange" ? (input.exchangeCode ?? null) : null;
      await checkCodes(ctx, boId, regCode, exchangeCode, rule.id);
      return ruleItemOf(await repo.updateRule(ctx.db, rule.id, { ...columns, regCode, exchangeCode }));
    },

    async updCoupRegularByRegCode(ctx: Ctx, input: In<S, "updCoupRegularByRegCode">): Promise<Out<S, "updCoupRegularByRegCode">> {
      const { boId } = sellerOf(ctx);
      const rule = await repo.findRule(ctx.db, boId, { regCode: input.regCode }, true);
      if (!rule) throw notFound(R.notFound);
      checkRule(rule.state, input.action);
      return ruleItemOf(await repo.updateRule(ctx.db, rule.id, { state: input.action === "activate" ? "active" : "ended" }));
    },

    async delCoupRegular(ctx: Ctx, input: In<S, "delCoupRegular">): Promise<null> {
      const { boId } = sellerOf(ctx);
      const rule = await repo.findRule(ctx.db, boId, { id: input.id }, true);
      if (!rule) throw notFound(R.notFound);
      if (!(await repo.deleteUnissuedRule(ctx.db, rule.id))) throw stateForbids(R.hasIssued, { issued: rule.issuedQuantity });
      return null;
    },

    // ---- seller: issued coupons ----

    async selCouponList(ctx: Ctx, input: In<S, "selCouponList">): Promise<Out<S, "selCouponList">> {
      const rule = await ruleByCode(ctx, input.regCode);
      const where = repo.couponListWhere(rule.id, input.state);
      const [rows, total] = await Promise.all([
        repo.couponPage(ctx.db, where, sql`c.created_at desc, c.id desc`, input.pageSize, offsetOf(input)),
        repo.couponCount(ctx.db, where),
      ]);
      return { list: rows.map(couponItemOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selCouponUsageDetails(ctx: Ctx, input: In<S, "selCouponUsageDetails">): Promise<Out<S, "selCouponUsageDetails">> {
      const rule = await ruleByCode(ctx, input.regCode);
      const where = sql`c.rule_id = ${rule.id} and c.state = 'used'`;
      const [rows, total, discountTotal] = await Promise.all([
        repo.couponPage(ctx.db, where, sql`c.used_at desc, c.id desc`, input.pageSize, offsetOf(input)),
        repo.couponCount(ctx.db, where),
        repo.discountTotal(ctx.db, rule.id),
      ]);
      return { list: rows.map(couponItemOf), total, pageNum: input.pageNum, pageSize: input.pageSize, discountTotal };
    },

    async updUnFrozenCouponOperation(ctx: Ctx, input: In<S, "updUnFrozenCouponOperation">): Promise<Out<S, "updUnFrozenCouponOperation">> {
      const { boId } = sellerOf(ctx);
      const c = await repo.lockCoupon(ctx.db, boId, input.id);
      if (!c) throw notFound(R.couponNotFound);
      checkCoupon(c.state as CouponState, "unfreeze");
      if (c.orderId && (await deps.orders.statusOf(ctx.db, boId, c.orderId)) === "pendingPayment")
        throw stateForbids(R.couponHeld, { orderNo: c.orderNo ?? "" });
      await repo.updateCoupon(ctx.db, c.id, { state: "unused", orderId: null, orderNo: null, discountAmount: null, frozenAt: null });
      return sellerCoupon(ctx, boId, c.id);
    },

    async updExchangeInvalid(ctx: Ctx, input: In<S, "updExchangeInvalid">): Promise<Out<S, "updExchangeInvalid">> {
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

    async selCouponRecordByOrderIdV2(ctx: Ctx, input: In<S, "selCouponRecordByOrderIdV2">): Promise<Out<S, "selCouponRecordByOrderIdV2">> {
      const { boId } = sellerOf(ctx);
      const rows = await repo.couponPage(ctx.db, sql`c.order_id = ${input.orderId} and c.bo_id = ${boId}`, sql`c.created_at, c.id`, 20, 0);
      return rows.map(couponItemOf);
    },

    async getCouponParentOrderId(ctx: Ctx, input: In<S, "getCouponParentOrderId">): Promise<Out<S, "getCouponParentOrderId">> {
      const item = await sellerCoupon(ctx, sellerOf(ctx).boId, input.id);
      return item.orderId && item.orderNo ? { orderId: item.orderId, orderNo: item.orderNo } : null;
    },

    // ---- buyer ----

    async selReceivableCoupons(ctx: Ctx, input: In<B, "selReceivableCoupons">): Promise<Out<B, "selReceivableCoupons">> {
      buyerOf(ctx);
      const rows = await repo.rulePage(
        ctx.db,
        sql`r.bo_id = ${input.boId} and r.kind = 'coupon' and r.state = 'active' and r.issued_quantity < r.total_quantity
            and (r.valid_to is null or r.valid_to > now())`,
        50,
        0,
      );
      return rows.map((r) => {
        const { exchangeCode: _c, ...rest } = ruleItemOf(r);
        return rest;
      });
    },

    async receiveCoupon(ctx: Ctx, input: In<B, "receiveCoupon">): Promise<Out<B, "receiveCoupon">> {
      const { memberId } = buyerOf(ctx);
      const rule = await repo.findRuleById(ctx.db, input.ruleId, true);
      if (rule?.kind !== "coupon") throw notFound(R.notFound);
      return issue(ctx, rule, memberId, "receive");
    },

    async redeemExchangeCode(ctx: Ctx, input: In<B, "redeemExchangeCode">): Promise<Out<B, "redeemExchangeCode">> {
      const { memberId } = buyerOf(ctx);
      const rule = await repo.findExchangeRule(ctx.db, input.boId, input.code);
      if (!rule) throw badField("code", R.exchangeCodeUnknown);
      return issue(ctx, rule, memberId, "exchange");
    },

    async redeemCard(ctx: Ctx, input: In<B, "redeemCard">): Promise<Out<B, "redeemCard">> {
      const { memberId } = buyerOf(ctx);
      const card = await cards.lockCardByNo(ctx.db, input.boId, input.cardNo);
      // One answer for a wrong number, a wrong password and a used card: a card's state is not told to a guesser.
      if (card?.state !== "unused" || card.passwordHash !== passwordHashOf(card.cardNo, input.password))
        throw badField("password", R.cardUnknown);
      const pool = await cards.findPool(ctx.db, card.boId, card.poolId);
      if (pool?.state !== "active") throw stateForbids(R.poolEliminated);
      const rule = await repo.findRuleById(ctx.db, pool.ruleId, true);
      if (!rule) throw notFound(R.notFound);
      const got = await issue(ctx, rule, memberId, "card");
      await cards.updateCard(ctx.db, card.id, { state: "redeemed", memberId, couponId: got.id, redeemedAt: new Date() });
      return got;
    },

    async selMyCoupons(ctx: Ctx, input: In<B, "selMyCoupons">): Promise<Out<B, "selMyCoupons">> {
      const { memberId } = buyerOf(ctx);
      const parts: SQL[] = [sql`c.member_id = ${memberId}`];
      if (input.state) parts.push(repo.stateWhere(input.state));
      if (input.boId) parts.push(sql`c.bo_id = ${input.boId}`);
      const where = sql.join(parts, sql` and `);
      const [rows, total] = await Promise.all([
        repo.couponPage(ctx.db, where, sql`c.created_at desc, c.id desc`, input.pageSize, offsetOf(input)),
        repo.couponCount(ctx.db, where),
      ]);
      return { list: rows.map(buyerItemOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },
  };
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
    await repo.addUsed(db, ruleIds, 1);
  }
}
