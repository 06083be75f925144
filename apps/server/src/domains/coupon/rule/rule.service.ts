import { type Call, type contract, type OutputOf, type ParsedInputOf, couponRefusals as R } from "@sbo/contract";
import { iso } from "../../../platform/days";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, stateForbids } from "../../../platform/http/errors";
import { offsetOf } from "../../../platform/http/paging";
import { liveGoodsNames } from "../../goods/goods.port";
import { checkRule } from "../coupon.machine";
import { ruleItemOf } from "../coupon.view";
import * as repo from "./rule.repository";

/* Coupon rules (coupons, exchange vouchers, cards' rules): the seller's list, detail and writes. */

type S = typeof contract.coupon;
type In<D, K extends keyof D> = D[K] extends Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends Call ? OutputOf<D[K]> : never;
type RuleInput = In<S, "addCoupRegular">;

const sellerOf = (ctx: Ctx) => ctx.me();

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

/** The organisation's rule by its code, or 404. */
export async function ruleByCode(ctx: Ctx, regCode: string) {
  const rule = await repo.findRule(ctx.db, sellerOf(ctx).boId, { regCode });
  if (!rule) throw notFound(R.notFound);
  return rule;
}

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

export const ruleService = {
  queryCoupRegListByPage: (input: In<S, "queryCoupRegListByPage">, ctx: Ctx) => list(ctx, input.kind, input),
  selExchangeCoupRegListByPage: (input: In<S, "selExchangeCoupRegListByPage">, ctx: Ctx) => list(ctx, "exchange", input),

  async selCoupRegularByRegCode(input: In<S, "selCoupRegularByRegCode">, ctx: Ctx): Promise<Out<S, "selCoupRegularByRegCode">> {
    const rule = await ruleByCode(ctx, input.regCode);
    const [goods, numbers] = await Promise.all([liveGoodsNames(ctx.db, rule.boId, rule.goodsIds), repo.numbersOf(ctx.db, rule.id)]);
    const names = new Map(goods.map((g) => [g.id, g.name]));
    return {
      ...ruleItemOf(rule),
      goods: rule.goodsIds.map((id) => ({ id, name: names.get(id) ?? "" })),
      numbers,
    };
  },

  async selCouponRegNum(input: In<S, "selCouponRegNum">, ctx: Ctx): Promise<Out<S, "selCouponRegNum">> {
    return repo.numbersOf(ctx.db, (await ruleByCode(ctx, input.regCode)).id);
  },

  async addCoupRegular(input: RuleInput, ctx: Ctx): Promise<Out<S, "addCoupRegular">> {
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

  async updCoupRegular(input: In<S, "updCoupRegular">, ctx: Ctx): Promise<Out<S, "updCoupRegular">> {
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

  async updCoupRegularByRegCode(input: In<S, "updCoupRegularByRegCode">, ctx: Ctx): Promise<Out<S, "updCoupRegularByRegCode">> {
    const { boId } = sellerOf(ctx);
    const rule = await repo.findRule(ctx.db, boId, { regCode: input.regCode }, true);
    if (!rule) throw notFound(R.notFound);
    checkRule(rule.state, input.action);
    return ruleItemOf(await repo.updateRule(ctx.db, rule.id, { state: input.action === "activate" ? "active" : "ended" }));
  },

  async delCoupRegular(input: In<S, "delCoupRegular">, ctx: Ctx): Promise<null> {
    const { boId } = sellerOf(ctx);
    const rule = await repo.findRule(ctx.db, boId, { id: input.id }, true);
    if (!rule) throw notFound(R.notFound);
    if (!(await repo.deleteUnissuedRule(ctx.db, rule.id))) throw stateForbids(R.hasIssued, { issued: rule.issuedQuantity });
    return null;
  },
};
