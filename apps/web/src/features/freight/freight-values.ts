import type { ChargeType, FreeBy, FreightTemplateDetail, FreightTemplateInput } from "@sbo/contract/freight";
import { centsOf, yuanOf } from "@/platform/money";

/*
 * The template form's values and the contract's input: money in yuan as typed (cents in the contract), weight in
 * kilograms (grams in the contract), pieces and cm³ as they are.
 */

export interface FeeRow {
  firstUnit: number | null;
  firstFee: number | null;
  additionalUnit: number | null;
  additionalFee: number | null;
}
export interface RegionRow extends FeeRow {
  /** A stored row keeps its id (the server changes it in place). */
  id?: string;
  areas: string[];
}
export interface FreeRow {
  id?: string;
  /** Empty: every area delivered to. */
  areas: string[];
  freeBy: FreeBy;
  /** Yuan (amount) or pieces (quantity). */
  threshold: number | null;
}
export interface FreightFormValues {
  name: string;
  chargeType: ChargeType;
  defaultRule: FeeRow;
  notDelivered: string[];
  regionRules: RegionRow[];
  freeRules: FreeRow[];
}

/** How many stored units one typed unit is: a kilogram is 1,000 g; pieces and cm³ are typed as stored. */
export const unitScale = (chargeType: ChargeType) => (chargeType === "weight" ? 1000 : 1);
/** Decimals a unit may be typed with: grams as thousandths of a kilogram. */
export const unitPrecision = (chargeType: ChargeType) => (chargeType === "weight" ? 3 : 0);

const cents = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? 0 : centsOf(Number(yuan).toFixed(2)));
const stored = (typed: number | null | undefined, chargeType: ChargeType) =>
  typed === null || typed === undefined ? 0 : Math.round(Number(typed) * unitScale(chargeType));
const typed = (units: number, chargeType: ChargeType) => units / unitScale(chargeType);

export const emptyFee = (chargeType: ChargeType = "piece"): FeeRow => ({
  firstUnit: typed(unitScale(chargeType), chargeType),
  firstFee: 0,
  additionalUnit: typed(unitScale(chargeType), chargeType),
  additionalFee: 0,
});
export const emptyRegionRow = (chargeType: ChargeType): RegionRow => ({ areas: [], ...emptyFee(chargeType) });
export const emptyFreeRow = (): FreeRow => ({ areas: [], freeBy: "amount", threshold: null });

export const emptyFreight = (): FreightFormValues => ({
  name: "",
  chargeType: "piece",
  defaultRule: emptyFee("piece"),
  notDelivered: [],
  regionRules: [],
  freeRules: [],
});

const feeInput = (r: FeeRow, chargeType: ChargeType) => ({
  firstUnit: stored(r.firstUnit, chargeType),
  firstFee: cents(r.firstFee),
  additionalUnit: stored(r.additionalUnit, chargeType),
  additionalFee: cents(r.additionalFee),
});

/** The form's values as `add`/`upd` take them. */
export function freightInputOf(v: FreightFormValues): FreightTemplateInput {
  const chargeType = v.chargeType ?? "piece";
  return {
    name: v.name ?? "",
    chargeType,
    defaultRule: feeInput(v.defaultRule ?? emptyFee(chargeType), chargeType),
    notDelivered: v.notDelivered ?? [],
    regionRules: (v.regionRules ?? []).map((r) => ({ ...(r.id ? { id: r.id } : {}), areas: r.areas ?? [], ...feeInput(r, chargeType) })),
    freeRules: (v.freeRules ?? []).map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      areas: r.areas ?? [],
      freeBy: r.freeBy,
      threshold: r.freeBy === "amount" ? cents(r.threshold) : Math.round(Number(r.threshold ?? 0)),
    })),
  };
}

const feeValues = (r: { firstUnit: number; firstFee: number; additionalUnit: number; additionalFee: number }, chargeType: ChargeType) => ({
  firstUnit: typed(r.firstUnit, chargeType),
  firstFee: yuanOf(r.firstFee),
  additionalUnit: typed(r.additionalUnit, chargeType),
  additionalFee: yuanOf(r.additionalFee),
});

/** A saved template as the form's values. */
export function freightValuesOf(d: FreightTemplateDetail): FreightFormValues {
  return {
    name: d.name,
    chargeType: d.chargeType,
    defaultRule: feeValues(d.defaultRule, d.chargeType),
    notDelivered: d.notDelivered.map((a) => a.code),
    regionRules: d.regionRules.map((r) => ({ id: r.id, areas: r.areas.map((a) => a.code), ...feeValues(r, d.chargeType) })),
    freeRules: d.freeRules.map((r) => ({
      id: r.id,
      areas: r.areas.map((a) => a.code),
      freeBy: r.freeBy,
      threshold: r.freeBy === "amount" ? yuanOf(r.threshold) : r.threshold,
    })),
  };
}
