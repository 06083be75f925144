import { type BuyerCouponItem, type CouponItem, type CouponRuleItem, type CouponState, maskPhone } from "@sbo/contract";
import { iso } from "../../platform/days";
import type * as repo from "./coupon.repository";
import type * as rules from "./rule/rule.repository";

/* Coupon rows as the contract shows them. */

export function ruleItemOf(r: rules.RuleRow): CouponRuleItem {
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

export function buyerItemOf(r: repo.CouponViewRow): BuyerCouponItem {
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
