import { type ChargeType, cityOf, type FreeBy, provinceOf } from "@sbo/contract/freight";

/*
 * The freight of a cart for an address: one pure function, the one the orders issue calls (tested as a table of cases
 * in freight.rules.test.ts). No database: the caller reads the template (`templateForFreight`) and the lines.
 */

export interface FeeRule {
  firstUnit: number;
  firstFee: number;
  additionalUnit: number;
  additionalFee: number;
}

export interface FreightTemplate {
  chargeType: ChargeType;
  defaultRule: FeeRule;
  /** Province and city codes. */
  notDelivered: string[];
  regionRules: Array<FeeRule & { areas: string[] }>;
  /** `areas` empty: every area delivered to. */
  freeRules: Array<{ areas: string[]; freeBy: FreeBy; threshold: number }>;
}

export interface CartLine {
  skuId: string;
  quantity: number;
  unitPriceCents: number;
  /** Grams per piece (the SKU's `weight_g`); none counts as 0. */
  weightGrams: number | null;
  /** cm³ per piece (the SKU's `volume_cm3`); none counts as 0. */
  volume: number | null;
}

export type FreightResult =
  | { deliverable: false; reason: "notDelivered"; area: string }
  | { deliverable: true; freightCents: number; free: boolean };

/**
 * Which of the rules covering an address applies: the one naming its city beats the one naming its province, which
 * beats one naming no area (free-shipping conditions for everywhere). Undefined when none covers it.
 */
function mostSpecific<T extends { areas: string[] }>(rules: T[], city: string, province: string, everywhere: boolean): T | undefined {
  return (
    rules.find((r) => r.areas.includes(city)) ??
    rules.find((r) => r.areas.includes(province)) ??
    (everywhere ? rules.find((r) => r.areas.length === 0) : undefined)
  );
}

/** The fee of `measure` units under a rule: the first units, then each further step begun (rounded up). */
export function feeOf(rule: FeeRule, measure: number): number {
  if (measure <= rule.firstUnit) return rule.firstFee;
  return rule.firstFee + Math.ceil((measure - rule.firstUnit) / rule.additionalUnit) * rule.additionalFee;
}

/**
 * The freight of `lines` delivered to `areaCode` (a province, city or district code) under `template`:
 * - not delivered when the address's province or city is among the areas not delivered to;
 * - free when the free-shipping condition for the address (city, else province, else everywhere) is met: the lines'
 *   amount (cents) or pieces reach its threshold;
 * - otherwise the fee rule for the address (city, else province, else the default) over the cart's pieces, grams or
 *   cm³: the first units' fee, plus each further step begun.
 * An empty cart costs nothing.
 */
export function freightOf(template: FreightTemplate, lines: CartLine[], areaCode: string): FreightResult {
  const city = cityOf(areaCode);
  const province = provinceOf(areaCode);
  const barred = [areaCode, city, province].find((code) => template.notDelivered.includes(code));
  if (barred) return { deliverable: false, reason: "notDelivered", area: barred };
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  if (pieces === 0) return { deliverable: true, freightCents: 0, free: false };
  const amount = lines.reduce((n, l) => n + l.quantity * l.unitPriceCents, 0);
  const free = mostSpecific(template.freeRules, city, province, true);
  if (free && (free.freeBy === "amount" ? amount : pieces) >= free.threshold) return { deliverable: true, freightCents: 0, free: true };
  const measure =
    template.chargeType === "piece"
      ? pieces
      : lines.reduce((n, l) => n + l.quantity * ((template.chargeType === "weight" ? l.weightGrams : l.volume) ?? 0), 0);
  const rule = mostSpecific(template.regionRules, city, province, false) ?? template.defaultRule;
  return { deliverable: true, freightCents: feeOf(rule, measure), free: false };
}
