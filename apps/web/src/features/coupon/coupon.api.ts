import * as contract from "@sbo/contract/coupon";
import type { OutputOf } from "@sbo/contract/define";
import type { FunctionCode } from "@sbo/contract/functions";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { call } from "@/platform/api-client";
import { when } from "@/platform/dates";
import { formatCents } from "@/platform/money";
import { queryKeys } from "@/platform/query-keys";

export const couponKeys = queryKeys("coupon");

export type RuleKind = contract.CouponRuleKind;
export type RuleRow = OutputOf<typeof contract.coupon.queryCoupRegListByPage>["list"][number];
export type RuleDetail = OutputOf<typeof contract.coupon.selCoupRegularByRegCode>;
export type CouponRow = OutputOf<typeof contract.coupon.selCouponList>["list"][number];

/** The function of each kind's screens (the server checks the same). */
export const FUNC_OF: Record<RuleKind, FunctionCode> = {
  coupon: "marketing.coupon",
  exchange: "marketing.voucher",
  card: "marketing.coupon",
};
/** Password-card rules have no edit screen in the spec's routes (add and detail only). */
export const editable = (kind: RuleKind): kind is Exclude<RuleKind, "card"> => kind !== "card";

export type PoolRow = OutputOf<typeof contract.cardPool.selCouponCardPoolRegularByPage>["list"][number];
export type CardRow = OutputOf<typeof contract.cardPool.selCouponInfoAndCardPoolRecordsByPage>["list"][number];

/** One rule: the detail and edit screens' query, and their prefetch. */
export const ruleDetailQuery = (regCode: string) => ({
  queryKey: couponKeys.detail(regCode),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(contract.coupon.selCoupRegularByRegCode, { regCode }, { notify: false, signal }),
});

/** A card pool (its detail screen's query). */
export const poolQuery = (id: string) =>
  queryOptions({
    queryKey: couponKeys.detail(`pool:${id}`),
    queryFn: ({ signal }) => call(contract.cardPool.selCouponCardPoolRegularByParam, { id }, { notify: false, signal }),
  });

/** The password-card rules a new pool may draw on (the pool form's choices). */
export const cardRulesQuery = () =>
  queryOptions({
    queryKey: couponKeys.list("cardRules", {}),
    queryFn: ({ signal }) => call(contract.coupon.queryCoupRegListByPage, { kind: "card", pageSize: 100 }, { signal }),
  });

export const useRuleDetail = (regCode: string) => useQuery({ ...ruleDetailQuery(regCode), enabled: regCode !== "" });

type Tr = TFunction;

/** What a rule gives, in words: "¥5.00 off", "10% off (at most ¥20.00)", "¥15.00 off over ¥100.00". */
export function discountText(r: Pick<RuleRow, "discountType" | "amount" | "percentOff" | "maxDiscount" | "minSpend">, t: Tr): string {
  if (r.discountType === "percent")
    return r.maxDiscount > 0
      ? t("coupon.discount.percentCapped", { percent: r.percentOff, max: formatCents(r.maxDiscount) })
      : t("coupon.discount.percent", { percent: r.percentOff });
  if (r.discountType === "threshold")
    return t("coupon.discount.threshold", { amount: formatCents(r.amount), min: formatCents(r.minSpend) });
  return r.minSpend > 0
    ? t("coupon.discount.amountOver", { amount: formatCents(r.amount), min: formatCents(r.minSpend) })
    : t("coupon.discount.amount", { amount: formatCents(r.amount) });
}

/** A rule's validity in words: its dates, or "N days after receipt". */
export function validityText(r: Pick<RuleRow, "validityType" | "validFrom" | "validTo" | "validDays">, t: Tr): string {
  return r.validityType === "fixed" ? `${when(r.validFrom)} – ${when(r.validTo)}` : t("coupon.validity.days", { count: r.validDays ?? 0 });
}
