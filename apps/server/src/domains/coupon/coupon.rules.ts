import type { couponUnusableWords } from "@sbo/contract";
import type * as rules from "./rule/rule.repository";

/**
 * The discount a rule gives on these lines (cents, ≥ 0) or why it gives none: the goods in scope must reach the minimum
 * spend; amount and threshold take their amount off, percent its share (rounded down, capped by `maxDiscount`), never
 * more than the goods in scope.
 */
export function discountOf(
  r: Pick<rules.RuleRow, "discountType" | "amount" | "percentOff" | "maxDiscount" | "minSpend" | "goodsScope" | "goodsIds">,
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
