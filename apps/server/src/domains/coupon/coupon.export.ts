import {
  type CouponItem,
  type CouponRuleItem,
  type contract,
  couponRecordSheet,
  couponRefusals,
  couponRuleSheet,
  couponStateWords,
  maskPhone,
  ORDER_PHONE_FUNCTION,
  type ParsedInputOf,
  type SheetKey,
} from "@sbo/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { notFound } from "../../platform/http/errors";
import { keysetBatches } from "../../platform/http/paging";
import * as repo from "./coupon.repository";
import { couponItemOf, ruleItemOf } from "./coupon.view";
import * as rules from "./rule/rule.repository";

/*
 * The coupon rule list's export and one rule's received coupons' export: the sheets in the contract (couponRuleSheet,
 * couponRecordSheet), each list's own where-clause (ruleWhere, couponListWhere). Buyers' phones are masked as in the
 * list unless the member holds the function that shows full phones (order.manage.phone).
 */

const discountWords = {
  amount: { en: "Amount off", zh: "立减券" },
  percent: { en: "Percent off", zh: "折扣券" },
  threshold: { en: "Spend and save", zh: "满减券" },
};
const scopeWords = { all: { en: "All goods", zh: "全部商品" }, goods: { en: "Chosen goods", zh: "指定商品" } };
const ruleStateWords = {
  draft: { en: "Draft", zh: "草稿" },
  active: { en: "Active", zh: "已生效" },
  ended: { en: "Ended", zh: "已结束" },
};
const sourceWords = {
  receive: { en: "Received", zh: "领取" },
  exchange: { en: "Exchange code", zh: "兑换码兑换" },
  card: { en: "Password card", zh: "实体卡兑换" },
};

/** How each column of the coupon rule sheet reads an exported rule. */
export const couponRuleCells: SheetCells<SheetKey<typeof couponRuleSheet>, CouponRuleItem> = {
  regCode: cell.text((r) => r.regCode, 16),
  name: cell.text((r) => r.name, 24),
  discountType: cell.enum(discountWords, (r) => r.discountType, 12),
  amount: cell.money((r) => (r.discountType === "percent" ? null : r.amount)),
  percentOff: cell.integer((r) => (r.discountType === "percent" ? r.percentOff : null)),
  maxDiscount: cell.money((r) => (r.discountType === "percent" && r.maxDiscount > 0 ? r.maxDiscount : null)),
  minSpend: cell.money((r) => r.minSpend),
  validFrom: cell.datetime((r) => (r.validityType === "fixed" ? r.validFrom : null)),
  validTo: cell.datetime((r) => (r.validityType === "fixed" ? r.validTo : null)),
  validDays: cell.integer((r) => (r.validityType === "days" ? r.validDays : null)),
  totalQuantity: cell.integer((r) => r.totalQuantity),
  perMemberLimit: cell.integer((r) => r.perMemberLimit),
  issuedQuantity: cell.integer((r) => r.issuedQuantity),
  usedQuantity: cell.integer((r) => r.usedQuantity),
  goodsScope: cell.enum(scopeWords, (r) => r.goodsScope, 12),
  state: cell.enum(ruleStateWords, (r) => r.state, 10),
  createdAt: cell.datetime((r) => r.createdAt),
};

/** How each column of the received coupons sheet reads an exported coupon. */
export const couponRecordCells: SheetCells<SheetKey<typeof couponRecordSheet>, CouponItem> = {
  regCode: cell.text((r) => r.regCode, 16),
  ruleName: cell.text((r) => r.ruleName, 24),
  memberName: cell.text((r) => r.memberName, 16),
  memberPhone: cell.text((r) => r.memberPhone, 16),
  source: cell.enum(sourceWords, (r) => r.source, 14),
  state: cell.enum(couponStateWords, (r) => r.state, 10),
  receivedAt: cell.datetime((r) => r.receivedAt),
  validFrom: cell.datetime((r) => r.validFrom),
  validTo: cell.datetime((r) => r.validTo),
  orderNo: cell.text((r) => r.orderNo, 22),
  discountAmount: cell.money((r) => r.discountAmount),
  usedAt: cell.datetime((r) => r.usedAt),
};

async function* ruleBatches(db: Executor, where: SQL): AsyncGenerator<CouponRuleItem[]> {
  const rows = keysetBatches(
    { at: sql`r.created_at`, id: sql`r.id` },
    where,
    (w, orderBy, size) => rules.ruleRows(db, w, orderBy, size),
    (r) => ({ at: r.at, id: r.id }),
  );
  for await (const batch of rows) yield batch.map(ruleItemOf);
}

/** The coupon rule list (coupons, not exchange vouchers or cards) as a spreadsheet: the list's tab and filters. */
export async function exportCouponRuleList(
  input: ParsedInputOf<typeof contract.coupon.exportCouponRuleList>,
  ctx: Ctx,
): Promise<FileResult> {
  const { columns, tab, ...filters } = input;
  const where = rules.ruleWhere(ctx.me().boId, "coupon", filters, rules.TAB_STATES[tab] ?? null);
  return sheetFile(ctx, couponRuleSheet, couponRuleCells, columns, ruleBatches(ctx.db, where));
}

async function* couponBatches(db: Executor, where: SQL, fullPhones: boolean): AsyncGenerator<CouponItem[]> {
  const rows = keysetBatches(
    { at: sql`c.created_at`, id: sql`c.id` },
    where,
    (w, orderBy, size) => repo.couponRows(db, w, orderBy, size),
    (r) => ({ at: r.at, id: r.id }),
  );
  for await (const batch of rows)
    yield batch.map((r) => ({ ...couponItemOf(r), memberPhone: fullPhones ? r.member_phone : maskPhone(r.member_phone) }));
}

/** One rule's received coupons as a spreadsheet: the list's state filter; the rule must be the organisation's. */
export async function exportCouponList(input: ParsedInputOf<typeof contract.coupon.exportCouponList>, ctx: Ctx): Promise<FileResult> {
  const { boId, functions } = ctx.me();
  const rule = await rules.findRule(ctx.db, boId, { regCode: input.regCode });
  if (!rule) throw notFound(couponRefusals.notFound);
  const where = repo.couponListWhere(rule.id, input.state);
  return sheetFile(
    ctx,
    couponRecordSheet,
    couponRecordCells,
    input.columns,
    couponBatches(ctx.db, where, functions.has(ORDER_PHONE_FUNCTION)),
  );
}
