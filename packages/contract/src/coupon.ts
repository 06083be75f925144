import { z } from "zod";
import { cents, id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { fieldRefusals, rule } from "./field-issues";
import { refusals, type Words } from "./refusals";
import { sheet } from "./sheets";

/*
 * Coupons (docs/domains/coupon.md): a coupon rule (regCode, unique per seller) with its discount (amount off, percent
 * off, or "spend X get Y off"), validity, quantities and goods scope; the coupons issued from it to buyers (unused,
 * frozen by an unpaid order, used, expired, invalid). An exchange voucher is a rule whose coupons are received by
 * typing its exchange code.
 */

/**
 * `coupon`: buyers receive it; `exchange`: buyers redeem it by its exchange code (electronic vouchers); `card`: buyers
 * redeem a password card of one of its card pools (entity cards).
 */
export const couponRuleKinds = ["coupon", "exchange", "card"] as const;
export type CouponRuleKind = (typeof couponRuleKinds)[number];
export const discountTypes = ["amount", "percent", "threshold"] as const;
export type DiscountType = (typeof discountTypes)[number];
export const validityTypes = ["fixed", "days"] as const;
export type ValidityType = (typeof validityTypes)[number];
export const goodsScopes = ["all", "goods"] as const;
export type GoodsScope = (typeof goodsScopes)[number];
export const couponRuleStates = ["draft", "active", "ended"] as const;
export type CouponRuleState = (typeof couponRuleStates)[number];
export const couponRuleTabs = ["all", ...couponRuleStates] as const;
export type CouponRuleTab = (typeof couponRuleTabs)[number];
/** An issued coupon's state; `expired` is an unused coupon past its validity (worked out when read). */
export const couponStates = ["unused", "frozen", "used", "expired", "invalid"] as const;
export type CouponState = (typeof couponStates)[number];

export const couponRuleStateWords: Record<CouponRuleState, Words> = {
  draft: { en: "a draft", zh: "为草稿" },
  active: { en: "active", zh: "已生效" },
  ended: { en: "ended", zh: "已结束" },
};
export const couponStateWords: Record<CouponState, Words> = {
  unused: { en: "unused", zh: "未使用" },
  frozen: { en: "frozen", zh: "已冻结" },
  used: { en: "used", zh: "已使用" },
  expired: { en: "expired", zh: "已过期" },
  invalid: { en: "invalid", zh: "已作废" },
};

/** Goods one rule may be limited to. */
export const MAX_COUPON_GOODS = 200;
/** The most coupons of one rule (its total quantity). */
export const MAX_COUPON_QUANTITY = 1_000_000;
/** The most days a "N days after receipt" validity may run. */
export const MAX_VALID_DAYS = 365;
/** One coupon's discount never exceeds this (¥100,000). */
export const MAX_COUPON_CENTS = 10_000_000;

export const couponRefusals = refusals("coupon", {
  notFound: { en: "That coupon rule was not found", zh: "未找到该优惠券规则" },
  couponNotFound: { en: "That coupon was not found", zh: "未找到该优惠券" },
  regCodeTaken: { en: "{field}: rule code {regCode} is already used by your shop", zh: "{field}：规则编码 {regCode} 已被本店使用" },
  exchangeCodeTaken: {
    en: "{field}: exchange code {code} is already used by your shop",
    zh: "{field}：兑换码 {code} 已被本店使用",
  },
  exchangeCodeRequired: { en: "{field}: an exchange voucher needs its exchange code", zh: "{field}：兑换券须填写兑换码" },
  amountRequired: { en: "{field}: this discount type needs an amount off", zh: "{field}：该优惠类型须填写减免金额" },
  percentRequired: { en: "{field}: a percent-off coupon needs its percentage (1–99)", zh: "{field}：折扣券须填写折扣比例（1–99）" },
  thresholdRequired: {
    en: "{field}: a threshold coupon needs a minimum spend above its amount off",
    zh: "{field}：满减券须填写高于减免金额的使用门槛",
  },
  datesRequired: { en: "{field}: fixed validity needs its start and end", zh: "{field}：固定有效期须填写开始和结束时间" },
  daysRequired: { en: "{field}: give the number of days a coupon stays valid", zh: "{field}：请填写领取后的有效天数" },
  endBeforeStart: { en: "{field} must be after the start", zh: "{field}必须晚于开始时间" },
  goodsRequired: { en: "{field}: choose at least one goods item", zh: "{field}：请至少选择一件商品" },
  goodsNotFound: { en: "{field}: a chosen goods item is not one of your shop's", zh: "{field}：所选商品不属于本店" },
  limitAboveTotal: { en: "{field} must not be more than the total quantity", zh: "{field}不能大于发放总量" },
  totalBelowIssued: {
    en: "{field}: {issued} coupons were already issued; the total cannot be lower",
    zh: "{field}：已发放 {issued} 张，发放总量不能低于此数",
  },
  wrongState: { en: "This coupon rule is {state}: it cannot be {action}", zh: "该优惠券规则{state}，不能{action}" },
  fixedWhenActive: {
    en: "{field} cannot change: this coupon rule is active and buyers may already hold its coupons. Only its name, description and total quantity can change; end it and add a new rule to change the rest",
    zh: "{field}不能修改：该优惠券规则已生效，买家可能已领取。生效后只能修改名称、说明和发放总量；如需修改其他内容，请结束该规则并新建",
  },
  hasIssued: {
    en: "{issued} coupons were issued from this rule: it cannot be deleted, only ended",
    zh: "该规则已发放 {issued} 张优惠券，不能删除，只能结束",
  },
  couponWrongState: { en: "This coupon is {state}: it cannot be {action}", zh: "该优惠券{state}，不能{action}" },
  couponHeld: {
    en: "This coupon is held by order {orderNo}, still unpaid: cancel the order to release it",
    zh: "该优惠券被未付款订单 {orderNo} 占用，取消订单即可释放",
  },
  notReceivable: { en: "This coupon cannot be received now", zh: "该优惠券当前不可领取" },
  soldOut: { en: "All coupons of this rule have been received", zh: "该优惠券已被领完" },
  limitReached: { en: "You already hold {limit} of this coupon, the most one buyer may", zh: "您已领取 {limit} 张，已达每人限领数量" },
  exchangeCodeUnknown: { en: "{field}: that exchange code is not valid", zh: "{field}：兑换码无效" },
  poolNotFound: { en: "That card pool was not found", zh: "未找到该卡池" },
  cardNotFound: { en: "That card was not found", zh: "未找到该卡" },
  cardRuleRequired: { en: "{field}: choose a password-card rule of your shop", zh: "{field}：请选择本店的实体卡规则" },
  poolEliminated: { en: "This card pool was eliminated: its cards can no longer be used", zh: "该卡池已作废，其中的卡不能再使用" },
  cardWrongState: { en: "This card is {state}: it cannot be invalidated", zh: "该卡{state}，不能作废" },
  alreadyExported: {
    en: "The cards of this pool were exported on {at}: their passwords are not kept, so they cannot be exported again",
    zh: "该卡池的卡已于 {at} 导出：卡密不再保存，不能再次导出",
  },
  cardUnknown: { en: "{field}: that card number and password do not match a usable card", zh: "{field}：卡号或卡密不正确，或该卡不可用" },
  notUsable: {
    en: "The coupon cannot be used on this order: {why}",
    zh: "该优惠券不能用于本订单：{why}",
  },
});

/** Why a coupon does not apply at checkout, in both languages (the `why` of `notUsable`). */
export const couponUnusableWords = {
  notYours: { en: "it is not yours or not of this shop", zh: "不是您的或不属于该店铺" },
  notUnused: { en: "it is not unused", zh: "不是未使用状态" },
  notValid: { en: "it is outside its validity", zh: "不在有效期内" },
  belowThreshold: { en: "the goods it applies to do not reach its minimum spend", zh: "适用商品未达到使用门槛" },
  noGoods: { en: "none of the goods it applies to are in the order", zh: "订单中没有适用商品" },
} satisfies Record<string, Words>;

// ---- fields ----

const regCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{4,32}$/, rule(fieldRefusals.pattern));
const exchangeCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,20}$/, rule(fieldRefusals.pattern));
const money = z.int().min(0).max(MAX_COUPON_CENTS);

const ruleFields = {
  kind: z.enum(couponRuleKinds).default("coupon"),
  /** Unique per seller; absent: the server makes one. */
  regCode: regCode.optional(),
  name: z.string().trim().min(1).max(60),
  description: z.string().trim().max(500).default(""),
  discountType: z.enum(discountTypes),
  /** Cents off (amount and threshold). */
  amount: money.default(0),
  /** Percent off, 1–99 (percent). */
  percentOff: z.int().min(0).max(99).default(0),
  /** A percent-off coupon's largest discount in cents; 0: no cap. */
  maxDiscount: money.default(0),
  /** The goods in scope must reach this (cents); threshold coupons need it above the amount off. */
  minSpend: money.default(0),
  validityType: z.enum(validityTypes),
  validFrom: instant.optional(),
  validTo: instant.optional(),
  validDays: z.int().min(1).max(MAX_VALID_DAYS).optional(),
  totalQuantity: z.int().min(1).max(MAX_COUPON_QUANTITY),
  perMemberLimit: z.int().min(1).max(100).default(1),
  goodsScope: z.enum(goodsScopes).default("all"),
  goodsIds: z.array(id).max(MAX_COUPON_GOODS).default([]),
  /** An exchange voucher's code (kind exchange): buyers type it to receive a coupon. */
  exchangeCode: exchangeCode.optional(),
};

type RuleFields = {
  kind: CouponRuleKind;
  discountType: DiscountType;
  amount: number;
  percentOff: number;
  minSpend: number;
  validityType: ValidityType;
  validFrom?: string | undefined;
  validTo?: string | undefined;
  validDays?: number | undefined;
  totalQuantity: number;
  perMemberLimit: number;
  goodsScope: GoodsScope;
  goodsIds: string[];
  exchangeCode?: string | undefined;
};

/** The rule's fields that depend on each other (the server checks the same through this schema). */
export function checkCouponRule(v: RuleFields, ctx: z.RefinementCtx) {
  const add = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (v.discountType !== "percent" && v.amount < 1) add("amount", rule(couponRefusals.amountRequired));
  if (v.discountType === "percent" && v.percentOff < 1) add("percentOff", rule(couponRefusals.percentRequired));
  if (v.discountType === "threshold" && v.minSpend <= v.amount) add("minSpend", rule(couponRefusals.thresholdRequired));
  if (v.validityType === "fixed") {
    if (!v.validFrom) add("validFrom", rule(couponRefusals.datesRequired));
    if (!v.validTo) add("validTo", rule(couponRefusals.datesRequired));
    if (v.validFrom && v.validTo && v.validTo <= v.validFrom) add("validTo", rule(couponRefusals.endBeforeStart));
  } else if (!v.validDays) add("validDays", rule(couponRefusals.daysRequired));
  if (v.perMemberLimit > v.totalQuantity) add("perMemberLimit", rule(couponRefusals.limitAboveTotal));
  if (v.goodsScope === "goods" && v.goodsIds.length === 0) add("goodsIds", rule(couponRefusals.goodsRequired));
  if (new Set(v.goodsIds).size !== v.goodsIds.length) add("goodsIds", rule(fieldRefusals.listedTwice));
  if (v.kind === "exchange" && !v.exchangeCode) add("exchangeCode", rule(couponRefusals.exchangeCodeRequired));
}

export const couponRuleInput = z.strictObject(ruleFields).superRefine(checkCouponRule);
export type CouponRuleInput = z.input<typeof couponRuleInput>;

const numbers = z.object({
  issued: z.int(),
  unused: z.int(),
  frozen: z.int(),
  used: z.int(),
  expired: z.int(),
  invalid: z.int(),
});
export type CouponNumbers = z.infer<typeof numbers>;

export const couponRuleItem = z.object({
  id,
  regCode: z.string(),
  kind: z.enum(couponRuleKinds),
  name: z.string(),
  description: z.string(),
  discountType: z.enum(discountTypes),
  amount: cents,
  percentOff: z.int(),
  maxDiscount: cents,
  minSpend: cents,
  validityType: z.enum(validityTypes),
  validFrom: instant.nullable(),
  validTo: instant.nullable(),
  validDays: z.int().nullable(),
  totalQuantity: z.int(),
  perMemberLimit: z.int(),
  issuedQuantity: z.int(),
  usedQuantity: z.int(),
  goodsScope: z.enum(goodsScopes),
  goodsIds: z.array(id),
  exchangeCode: z.string().nullable(),
  state: z.enum(couponRuleStates),
  createdAt: instant,
  updatedAt: instant,
});
export type CouponRuleItem = z.infer<typeof couponRuleItem>;

export const couponRuleDetail = couponRuleItem.extend({
  goods: z.array(z.object({ id, name: z.string() })),
  numbers,
});
export type CouponRuleDetail = z.infer<typeof couponRuleDetail>;

export const couponItem = z.object({
  id,
  ruleId: id,
  regCode: z.string(),
  ruleName: z.string(),
  state: z.enum(couponStates),
  memberName: z.string(),
  /** Masked. */
  memberPhone: z.string().nullable(),
  /** How the buyer got it: received, or redeemed an exchange code. */
  source: z.enum(["receive", "exchange", "card"]),
  validFrom: instant,
  validTo: instant,
  receivedAt: instant,
  /** The order holding (frozen) or that used it. */
  orderId: id.nullable(),
  orderNo: z.string().nullable(),
  discountAmount: cents.nullable(),
  usedAt: instant.nullable(),
});
export type CouponItem = z.infer<typeof couponItem>;

const counts = z.object(Object.fromEntries(couponRuleTabs.map((t) => [t, z.int()])) as Record<CouponRuleTab, z.ZodInt>);
export type CouponRuleCounts = z.infer<typeof counts>;

const byId = z.strictObject({ id });
const F = (func: string) => ({ func });
const path = (name: string) => seller(`/trading/coupon/${name}`);
const COUPON = F("marketing.coupon");
const VOUCHER = F("marketing.voucher");

const ruleFilters = {
  tab: z.enum(couponRuleTabs).default("all"),
  /** Name or rule code, contained. */
  keyword: z.string().trim().max(60).optional(),
  discountType: z.enum(discountTypes).optional(),
};
const ruleList = page(couponRuleItem).extend({ counts });

/** The coupon rule list's export sheet (sheets.ts). */
export const couponRuleSheet = sheet(
  "couponRuleList",
  { en: "Coupons", zh: "优惠券" },
  {
    regCode: { en: "Rule code", zh: "规则编码" },
    name: { en: "Name", zh: "名称" },
    discountType: { en: "Discount type", zh: "优惠类型" },
    amount: { en: "Amount off (¥)", zh: "减免金额（元）" },
    percentOff: { en: "Percent off", zh: "折扣比例（%）" },
    maxDiscount: { en: "Largest discount (¥)", zh: "最高优惠（元）" },
    minSpend: { en: "Minimum spend (¥)", zh: "使用门槛（元）" },
    validFrom: { en: "Valid from", zh: "有效期开始" },
    validTo: { en: "Valid to", zh: "有效期结束" },
    validDays: { en: "Days valid after receipt", zh: "领取后有效天数" },
    totalQuantity: { en: "Total quantity", zh: "发放总量" },
    perMemberLimit: { en: "Per buyer", zh: "每人限领" },
    issuedQuantity: { en: "Issued", zh: "已发放" },
    usedQuantity: { en: "Used", zh: "已使用" },
    goodsScope: { en: "Goods", zh: "适用商品" },
    state: { en: "State", zh: "状态" },
    createdAt: { en: "Created", zh: "创建时间" },
  },
);

/** The received coupons of one rule (the coupon detail's list), as an export sheet (sheets.ts). */
export const couponRecordSheet = sheet(
  "couponRecordList",
  { en: "Received coupons", zh: "领取记录" },
  {
    regCode: { en: "Rule code", zh: "规则编码" },
    ruleName: { en: "Coupon", zh: "优惠券" },
    memberName: { en: "Buyer", zh: "买家" },
    memberPhone: { en: "Phone", zh: "手机号" },
    source: { en: "Received by", zh: "获取方式" },
    state: { en: "State", zh: "状态" },
    receivedAt: { en: "Received", zh: "领取时间" },
    validFrom: { en: "Valid from", zh: "有效期开始" },
    validTo: { en: "Valid to", zh: "有效期结束" },
    orderNo: { en: "Order no.", zh: "订单号" },
    discountAmount: { en: "Discount (¥)", zh: "优惠金额（元）" },
    usedAt: { en: "Used", zh: "使用时间" },
  },
);

// ---- seller ----

export const coupon = {
  queryCoupRegListByPage: read({
    path: path("queryCoupRegListByPage"),
    summary:
      "A page of the shop's coupon rules, newest first: a state tab (with every tab's capped count), a name or code keyword, a discount type",
    access: COUPON,
    input: pageInput({
      ...ruleFilters,
      /** Coupons (default) or password-card rules (the entity-card screens); exchange vouchers have their own list. */
      kind: z.enum(["coupon", "card"]).default("coupon"),
    }),
    output: ruleList,
  }),
  selExchangeCoupRegListByPage: read({
    path: path("selExchangeCoupRegListByPage"),
    summary: "A page of the shop's exchange vouchers (rules redeemed by code), newest first, with the same filters and counts",
    access: VOUCHER,
    input: pageInput(ruleFilters),
    output: ruleList,
  }),
  selCoupRegularByRegCode: read({
    path: path("selCoupRegularByRegCode"),
    summary: "One coupon rule by its code, with its goods and its issued coupons' numbers by state",
    access: COUPON,
    input: z.strictObject({ regCode }),
    output: couponRuleDetail,
  }),
  selCouponRegNum: read({
    path: path("selCouponRegNum"),
    summary: "The numbers of one rule's coupons: issued, unused, frozen, used, expired, invalid",
    access: COUPON,
    input: z.strictObject({ regCode }),
    output: numbers,
  }),
  addCoupRegular: write({
    path: path("addCoupRegular"),
    summary: "Add a coupon rule (or an exchange voucher, kind exchange) as a draft",
    access: COUPON,
    input: couponRuleInput,
    output: couponRuleItem,
  }),
  updCoupRegular: write({
    path: path("updCoupRegular"),
    summary:
      "Edit a coupon rule: every field while a draft; once active only its name, description and total quantity (not below what was issued)",
    access: COUPON,
    input: z.strictObject({ id, ...ruleFields }).superRefine(checkCouponRule),
    output: couponRuleItem,
  }),
  updCoupRegularByRegCode: write({
    path: path("updCoupRegularByRegCode"),
    summary: "Change a rule's state by its code: activate a draft (buyers may receive it) or end an active rule (no more receipts)",
    access: COUPON,
    input: z.strictObject({ regCode, action: z.enum(["activate", "end"]) }),
    output: couponRuleItem,
  }),
  delCoupRegular: write({
    path: path("delCoupRegular"),
    summary: "Delete a coupon rule from which no coupon was issued (one with issued coupons can only be ended)",
    access: COUPON,
    input: byId,
    output: z.null(),
  }),
  selCouponList: read({
    path: path("selCouponList"),
    summary: "A page of one rule's issued coupons, newest first, optionally of one state; buyer phones masked",
    access: COUPON,
    input: pageInput({ regCode, state: z.enum(couponStates).optional() }),
    output: page(couponItem),
  }),
  exportCouponRuleList: exportFile({
    path: path("exportCouponRuleList"),
    summary: "The shop's coupon rules as an Excel file (the list's tab, keyword and discount type; optionally chosen columns)",
    access: F("marketing.coupon.export"),
    input: z.strictObject({ ...ruleFilters, columns: couponRuleSheet.chosen }),
    sheet: couponRuleSheet,
  }),
  exportCouponList: exportFile({
    path: path("exportCouponList"),
    summary:
      "One rule's received coupons as an Excel file (the list's state; optionally chosen columns); phones in full only with order.manage.phone",
    access: F("marketing.coupon.records.export"),
    input: z.strictObject({ regCode, state: z.enum(couponStates).optional(), columns: couponRecordSheet.chosen }),
    sheet: couponRecordSheet,
  }),
  selCouponUsageDetails: read({
    path: path("selCouponUsageDetails"),
    summary: "A page of one rule's used coupons with their orders and discounts, latest use first",
    access: COUPON,
    input: pageInput({ regCode }),
    output: page(couponItem).extend({ discountTotal: cents }),
  }),
  updUnFrozenCouponOperation: write({
    path: path("updUnFrozenCouponOperation"),
    summary:
      "Release a frozen coupon whose order is no longer unpaid (cancelled, closed) back to unused; a coupon held by an order still awaiting payment is refused",
    access: COUPON,
    input: byId,
    output: couponItem,
  }),
  updExchangeInvalid: write({
    path: path("updExchangeInvalid"),
    summary: "Invalidate an issued coupon that is unused (or frozen by an order no longer unpaid): it can no longer be used",
    access: VOUCHER,
    input: byId,
    output: couponItem,
  }),
  selCouponRecordByOrderIdV2: read({
    path: path("selCouponRecordByOrderIdV2"),
    summary: "The coupons an order of the shop holds or used, with their rules and discounts",
    access: F("order.manage"),
    input: z.strictObject({ orderId: id }),
    output: z.array(couponItem),
  }),
  getCouponParentOrderId: read({
    path: path("getCouponParentOrderId"),
    summary: "The order a coupon of the shop was used on (or is held by), or null",
    access: COUPON,
    input: byId,
    output: z.object({ orderId: id, orderNo: z.string() }).nullable(),
  }),
};

// ---- card pools (entity / password cards) ----

export const cardPoolStates = ["active", "eliminated"] as const;
export type CardPoolState = (typeof cardPoolStates)[number];
export const cardStates = ["unused", "redeemed", "invalid"] as const;
export type CardState = (typeof cardStates)[number];
/** The most cards one pool generates. */
export const MAX_POOL_CARDS = 5000;

export const cardPoolItem = z.object({
  id,
  name: z.string(),
  ruleId: id,
  regCode: z.string(),
  ruleName: z.string(),
  quantity: z.int(),
  redeemed: z.int(),
  invalid: z.int(),
  state: z.enum(cardPoolStates),
  /** When its cards (with their passwords) were exported; null: not yet (passwords are kept only until then). */
  exportedAt: instant.nullable(),
  createdAt: instant,
});
export type CardPoolItem = z.infer<typeof cardPoolItem>;

export const cardItem = z.object({
  id,
  cardNo: z.string(),
  state: z.enum(cardStates),
  memberName: z.string().nullable(),
  couponId: id.nullable(),
  redeemedAt: instant.nullable(),
});
export type CardItem = z.infer<typeof cardItem>;

const POOL = F("marketing.cardPool");

export const cardPool = {
  selCouponCardPoolRegularByPage: read({
    path: path("selCouponCardPoolRegularByPage"),
    summary: "A page of the shop's card pools, newest first, optionally of one state or a name keyword",
    access: POOL,
    input: pageInput({ state: z.enum(cardPoolStates).optional(), keyword: z.string().trim().max(60).optional() }),
    output: page(cardPoolItem),
  }),
  addCouponCardPoolRegular: write({
    path: path("addCouponCardPoolRegular"),
    summary:
      "Generate a card pool for a password-card rule (kind card, not ended): `quantity` cards, each a card number and a random password (kept only until the pool is exported)",
    access: POOL,
    input: z.strictObject({ ruleId: id, name: z.string().trim().min(1).max(60), quantity: z.int().min(1).max(MAX_POOL_CARDS) }),
    output: cardPoolItem,
  }),
  selCouponCardPoolRegularByParam: read({
    path: path("selCouponCardPoolRegularByParam"),
    summary: "One card pool with its numbers",
    access: POOL,
    input: byId,
    output: cardPoolItem,
  }),
  selCouponInfoAndCardPoolRecordsByPage: read({
    path: path("selCouponInfoAndCardPoolRecordsByPage"),
    summary: "A pool's coupon rule and a page of its cards (number, state, who redeemed it), optionally of one state",
    access: POOL,
    input: pageInput({ poolId: id, state: z.enum(cardStates).optional(), cardNo: z.string().trim().max(32).optional() }),
    output: page(cardItem).extend({ rule: couponRuleItem }),
  }),
  updCouponCardPoolRecordInvalid: write({
    path: path("updCouponCardPoolRecordInvalid"),
    summary: "Invalidate one unused card of a pool (lost or misprinted): it can no longer be redeemed",
    access: POOL,
    input: byId,
    output: cardItem,
  }),
  updEliminateCardPool: write({
    path: path("updEliminateCardPool"),
    summary: "Eliminate a card pool: every unused card is invalidated; coupons already redeemed stay",
    access: POOL,
    input: byId,
    output: cardPoolItem,
  }),
  exportEntityCardsData: exportFile({
    path: path("exportEntityCardsData"),
    summary:
      "The pool's cards with their passwords as an .xlsx (headers in the reader's language), once: the passwords are dropped when exported",
    access: F("marketing.cardPool.export"),
    input: byId,
  }),
};

// ---- buyer API (beyond the spec) ----

const buyerBase = (p: string) => `/api/buyer/trading/coupon/${p}`;

export const buyerCouponItem = couponItem.omit({ memberName: true, memberPhone: true }).extend({
  boId: id,
  discountType: z.enum(discountTypes),
  amount: cents,
  percentOff: z.int(),
  maxDiscount: cents,
  minSpend: cents,
  goodsScope: z.enum(goodsScopes),
});
export type BuyerCouponItem = z.infer<typeof buyerCouponItem>;

export const buyerCoupon = {
  selReceivableCoupons: read({
    path: buyerBase("selReceivableList"),
    summary: "A shop's active coupon rules a buyer may receive (kind coupon, not sold out)",
    access: "buyer",
    input: z.strictObject({ boId: id }),
    output: z.array(couponRuleItem.omit({ exchangeCode: true })),
  }),
  receiveCoupon: write({
    path: buyerBase("receive"),
    summary: "Receive a coupon of an active rule: within its total and the per-buyer limit",
    access: "buyer",
    input: z.strictObject({ ruleId: id }),
    output: buyerCouponItem,
  }),
  redeemExchangeCode: write({
    path: buyerBase("redeem"),
    summary: "Receive a coupon of a shop's active exchange voucher by typing its code",
    access: "buyer",
    input: z.strictObject({ boId: id, code: exchangeCode }),
    output: buyerCouponItem,
  }),
  redeemCard: write({
    path: buyerBase("redeemCard"),
    summary: "Receive a coupon of a shop's password card by its card number and password",
    access: "buyer",
    input: z.strictObject({ boId: id, cardNo: z.string().trim().min(1).max(32), password: z.string().trim().min(1).max(32) }),
    output: buyerCouponItem,
  }),
  selMyCoupons: read({
    path: buyerBase("selMyList"),
    summary: "The buyer's coupons, newest first, optionally of one state or one shop",
    access: "buyer",
    input: pageInput({ state: z.enum(couponStates).optional(), boId: id.optional() }),
    output: page(buyerCouponItem),
  }),
};
