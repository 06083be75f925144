import { z } from "zod";
import { cents, id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { fieldRefusals, rule } from "./field-issues";
import { areaCode } from "./reference";
import { refusals } from "./refusals";
import { sheet } from "./sheets";

/*
 * Freight templates (the catalogue domain, docs/domains/catalogue.md): how much delivery costs. A template charges by
 * piece, weight (grams) or volume (cm³): a default rule (first units and their fee, then each further step of units
 * and its fee), region rules for provinces and cities, free-shipping conditions per region (an order amount or a
 * number of pieces) and areas not delivered to. The template is `/trading/freight/`; its rows (region rules and
 * free-shipping conditions) are `/trading/freightTemplateInfo/`, by the template's id (`refId`). Money is integer
 * cents. Goods name a template; a template that live goods name cannot be deleted.
 */

export const chargeTypes = ["piece", "weight", "volume"] as const;
export type ChargeType = (typeof chargeTypes)[number];
export const chargeType = z.enum(chargeTypes);

/** A free-shipping condition: the order's amount (cents) or its number of pieces reaches the threshold. */
export const freeBys = ["amount", "quantity"] as const;
export type FreeBy = (typeof freeBys)[number];

/** Kinds of a template's rows: a region's fee rule, or a free-shipping condition. */
export const ruleKinds = ["fee", "free"] as const;
export type RuleKind = (typeof ruleKinds)[number];

export const MAX_FREIGHT_TEMPLATES = 100;
export const MAX_REGION_RULES = 50;
export const MAX_FREE_RULES = 50;
/** 34 provinces and their 369 cities fit. */
export const MAX_RULE_AREAS = 410;
export const MAX_FREIGHT_FEE = 99_999_999;
/** The largest unit step per way of charging: 9,999 pieces, 1,000 kg (in grams), 100 m³ (in cm³). */
export const MAX_UNIT: Record<ChargeType, number> = { piece: 9_999, weight: 1_000_000, volume: 100_000_000 };

export const freightRefusals = refusals("freight", {
  notFound: { en: "That freight template was not found", zh: "未找到该运费模板" },
  ruleNotFound: { en: "That freight rule was not found", zh: "未找到该运费规则" },
  nameTaken: { en: "{field} is already the name of another template", zh: "{field}已被其他运费模板使用" },
  tooManyTemplates: {
    en: "A shop keeps at most {max} freight templates; delete one first",
    zh: "每个店铺最多 {max} 个运费模板，请先删除一个",
  },
  tooManyRules: { en: "{field}: a template keeps at most {max} rules of this kind", zh: "{field}：每个模板最多 {max} 条此类规则" },
  inUseByOne: {
    en: 'The freight template "{name}" is used by 1 goods item; choose another template for it first, then delete this one',
    zh: "运费模板“{name}”正被 1 个商品使用；请先为该商品改选其他模板，再删除",
  },
  inUseByMany: {
    en: 'The freight template "{name}" is used by {n} goods items; choose another template for them first, then delete this one',
    zh: "运费模板“{name}”正被 {n} 个商品使用；请先为这些商品改选其他模板，再删除",
  },
  /** For the orders issue: the cart cannot be shipped to the address (`freightOf` answers `deliverable: false`). */
  notDeliverable: { en: "The goods are not delivered to {area}", zh: "商品不配送至{area}" },
  // Field rules of the template form (declared with `rule`, so the web words them in both languages).
  areaLevel: { en: "{field} must be a province or a city", zh: "{field}必须是省份或城市" },
  areaNotDelivered: { en: "{field} is among the areas not delivered to", zh: "{field}属于不配送地区" },
  areaUnknown: { en: "{field} is not a known province or city", zh: "{field}不是已知的省份或城市" },
  areasRequired: { en: "{field}: choose at least one province or city", zh: "{field}：请至少选择一个省份或城市" },
});

const R = freightRefusals;

const required = (max: number) => z.string().trim().min(1, "is required").max(max);
const fee = cents.max(MAX_FREIGHT_FEE);
/** Units of the template's charge type; the bound per type is `MAX_UNIT` (checked by `checkFreightFields`). */
const units = z.int().min(1).max(MAX_UNIT.volume);
/** A province (…0000) or a city (…00) of the national areas. */
const regionCode = areaCode.regex(/00$/, rule(R.areaLevel));
const areaList = z.array(regionCode).max(MAX_RULE_AREAS);

/** First units and their fee, then every further step of units (or part of one) and its fee. */
export const feeRuleInput = z.strictObject({
  firstUnit: units,
  firstFee: fee,
  additionalUnit: units,
  additionalFee: fee,
});
export type FeeRuleInput = z.infer<typeof feeRuleInput>;

export const regionRuleInput = z.strictObject({
  /** A stored row of this template: kept (and changed); absent: a new row. */
  id: id.optional(),
  areas: areaList.min(1, rule(R.areasRequired)),
  ...feeRuleInput.shape,
});
export const freeRuleInput = z.strictObject({
  id: id.optional(),
  /** Empty: every area delivered to (a region's own condition beats it). */
  areas: areaList.default([]),
  freeBy: z.enum(freeBys),
  /** Cents (amount) or pieces (quantity). */
  threshold: z.int().min(1).max(MAX_FREIGHT_FEE),
});

const templateFields = {
  name: required(30),
  chargeType,
  defaultRule: feeRuleInput,
  notDelivered: areaList.default([]),
  regionRules: z.array(regionRuleInput).max(MAX_REGION_RULES).default([]),
  freeRules: z.array(freeRuleInput).max(MAX_FREE_RULES).default([]),
};

type TemplateFieldsOut = {
  chargeType: ChargeType;
  defaultRule: FeeRuleInput;
  notDelivered: string[];
  regionRules: Array<FeeRuleInput & { areas: string[] }>;
  freeRules: Array<{ areas: string[] }>;
};

/** A city's province: 330100 → 330000. */
export const provinceOf = (code: string) => `${code.slice(0, 2)}0000`;
/** A district's (or a city's) city: 330106 → 330100. */
export const cityOf = (code: string) => `${code.slice(0, 4)}00`;

/**
 * The template's own rules, the same on the web and the server: unit steps within the charge type's bound; an area at
 * most once among the region rules, once among the free-shipping conditions and once among the areas not delivered
 * to; no rule for an area not delivered to (or a city of one); at most one condition for every area (empty areas).
 */
export function checkFreightFields(v: TemplateFieldsOut, ctx: z.RefinementCtx): void {
  const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: "custom", path, message });
  const max = MAX_UNIT[v.chargeType];
  const checkUnits = (r: FeeRuleInput, path: PropertyKey[]) => {
    for (const key of ["firstUnit", "additionalUnit"] as const)
      if (r[key] > max)
        ctx.addIssue({ code: "too_big", maximum: max, origin: "number", inclusive: true, input: r[key], path: [...path, key] });
  };
  checkUnits(v.defaultRule, ["defaultRule"]);
  const notDelivered = new Set<string>();
  v.notDelivered.forEach((code, i) => {
    if (notDelivered.has(code)) issue(["notDelivered", i], rule(fieldRefusals.listedTwice));
    notDelivered.add(code);
  });
  const excluded = (code: string) => notDelivered.has(code) || notDelivered.has(provinceOf(code));
  const seenFee = new Set<string>();
  v.regionRules.forEach((r, i) => {
    checkUnits(r, ["regionRules", i]);
    r.areas.forEach((code, j) => {
      if (seenFee.has(code)) issue(["regionRules", i, "areas", j], rule(fieldRefusals.listedTwice));
      else if (excluded(code)) issue(["regionRules", i, "areas", j], rule(R.areaNotDelivered));
      seenFee.add(code);
    });
  });
  const seenFree = new Set<string>();
  let everywhere = false;
  v.freeRules.forEach((r, i) => {
    if (r.areas.length === 0) {
      if (everywhere) issue(["freeRules", i, "areas"], rule(fieldRefusals.listedTwice));
      everywhere = true;
    }
    r.areas.forEach((code, j) => {
      if (seenFree.has(code)) issue(["freeRules", i, "areas", j], rule(fieldRefusals.listedTwice));
      else if (excluded(code)) issue(["freeRules", i, "areas", j], rule(R.areaNotDelivered));
      seenFree.add(code);
    });
  });
}

/** The template's rules over a whole template as stored (the server checks a template after one row changed). */
export const freightTemplateRules = z.custom<TemplateFieldsOut>().superRefine(checkFreightFields);

const addInput = z.strictObject(templateFields).superRefine(checkFreightFields);
const updInput = z.strictObject({ id, ...templateFields }).superRefine(checkFreightFields);
export type FreightTemplateInput = z.output<typeof addInput>;

/** One row written alone (`addInfo`, `updInfoById`): a region rule or a free-shipping condition. */
const feeRow = z.strictObject({ kind: z.literal("fee"), areas: regionRuleInput.shape.areas, ...feeRuleInput.shape });
const freeRow = z.strictObject({
  kind: z.literal("free"),
  areas: freeRuleInput.shape.areas,
  freeBy: freeRuleInput.shape.freeBy,
  threshold: freeRuleInput.shape.threshold,
});
const addInfoInput = z.discriminatedUnion("kind", [feeRow.extend({ refId: id }), freeRow.extend({ refId: id })]);
const updInfoInput = z.discriminatedUnion("kind", [feeRow.extend({ id }), freeRow.extend({ id })]);

// ---------------------------------------------------------------------------------------------------
// Outputs

/** An area as named by the national data (Chinese names in both languages, see docs/domains/reference.md). */
export const areaName = z.object({ code: z.string(), name: z.string(), nameEn: z.string() });

export const feeRule = z.object({ firstUnit: z.int(), firstFee: cents, additionalUnit: z.int(), additionalFee: cents });
export const regionRuleItem = feeRule.extend({ id, kind: z.literal("fee"), areas: z.array(areaName) });
export const freeRuleItem = z.object({
  id,
  kind: z.literal("free"),
  areas: z.array(areaName),
  freeBy: z.enum(freeBys),
  threshold: z.int(),
});
/** A row by itself (the freightTemplateInfo calls): which template it belongs to, and its place. */
export const ruleItem = z.discriminatedUnion("kind", [
  regionRuleItem.extend({ refId: id, sort: z.int() }),
  freeRuleItem.extend({ refId: id, sort: z.int() }),
]);
export type RuleItem = z.infer<typeof ruleItem>;

export const templateListItem = z.object({
  id,
  name: z.string(),
  chargeType,
  defaultRule: feeRule,
  regionRuleCount: z.int(),
  freeRuleCount: z.int(),
  notDeliveredCount: z.int(),
  /** Live goods items that name the template (a template in use cannot be deleted). */
  goodsCount: z.int(),
  createdAt: instant,
  updatedAt: instant,
});
export type FreightTemplateListItem = z.infer<typeof templateListItem>;

export const templateDetail = templateListItem.extend({
  notDelivered: z.array(areaName),
  regionRules: z.array(regionRuleItem),
  freeRules: z.array(freeRuleItem),
});
export type FreightTemplateDetail = z.infer<typeof templateDetail>;

/** The freight template list's export sheet (sheets.ts). */
export const freightSheet = sheet(
  "freightTemplateList",
  { en: "Freight templates", zh: "运费模板" },
  {
    name: { en: "Name", zh: "模板名称" },
    chargeType: { en: "Charged by", zh: "计费方式" },
    firstUnit: { en: "First units (pieces, g or cm³)", zh: "首件（件/克/立方厘米）" },
    firstFee: { en: "First fee (¥)", zh: "首费（元）" },
    additionalUnit: { en: "Further units (pieces, g or cm³)", zh: "续件（件/克/立方厘米）" },
    additionalFee: { en: "Further fee (¥)", zh: "续费（元）" },
    regionRuleCount: { en: "Region rules", zh: "指定地区规则数" },
    freeRuleCount: { en: "Free-shipping rules", zh: "包邮条件数" },
    notDeliveredCount: { en: "Areas not delivered to", zh: "不配送地区数" },
    goodsCount: { en: "Goods using it", zh: "使用商品数" },
    updatedAt: { en: "Changed", zh: "修改时间" },
    createdAt: { en: "Created", zh: "创建时间" },
  },
);

const listFilters = { name: z.string().trim().max(30).optional(), chargeType: chargeType.optional() };

const view = { func: "goods.freight" } as const;
const edit = { func: "goods.freight.edit" } as const;

export const freight = {
  selByParam: read({
    path: seller("/trading/freight/selByParam"),
    summary: "A page of the shop's freight templates, newest change first, by name (contains) and way of charging",
    access: view,
    input: pageInput(listFilters),
    output: page(templateListItem),
  }),
  exportByParam: exportFile({
    path: seller("/trading/freight/exportByParam"),
    summary: "The shop's freight templates as an Excel file (the list's name and way of charging; optionally chosen columns)",
    access: { func: "goods.freight.export" },
    input: z.strictObject({ ...listFilters, columns: freightSheet.chosen }),
    sheet: freightSheet,
  }),
  selListByShopId: read({
    path: seller("/trading/freight/selListByShopId"),
    summary: "Every freight template of the shop (at most 100), by name: the goods form's choice",
    // The goods form picks from it: whoever may see goods may see the templates' names.
    access: { func: "goods.manage" },
    input: z.strictObject({}),
    output: z.array(z.object({ id, name: z.string(), chargeType })),
  }),
  selById: read({
    path: seller("/trading/freight/selById"),
    summary: "One freight template with its default rule, region rules, free-shipping conditions and areas not delivered to",
    access: view,
    input: z.strictObject({ id }),
    output: templateDetail,
  }),
  add: write({
    path: seller("/trading/freight/add"),
    summary: "Adds a freight template with all its rules",
    access: edit,
    input: addInput,
    output: templateDetail,
  }),
  upd: write({
    path: seller("/trading/freight/upd"),
    summary: "Replaces a template and its rules: rows given with their id are kept, new rows added, the rest removed",
    access: edit,
    input: updInput,
    output: templateDetail,
  }),
  del: write({
    path: seller("/trading/freight/del"),
    summary: "Deletes a freight template and its rules; refused while live goods items use it (the refusal counts them)",
    access: edit,
    input: z.strictObject({ id }),
    output: z.null(),
  }),

  addInitFreightTemplate: write({
    path: seller("/trading/freightTemplateInfo/addInitFreightTemplate"),
    summary:
      "The shop's starter template: free shipping everywhere, named in the caller's language; answers the existing one when the name is taken",
    access: edit,
    input: z.strictObject({ chargeType: chargeType.default("piece") }),
    output: templateDetail,
  }),
  selInfoById: read({
    path: seller("/trading/freightTemplateInfo/selInfoById"),
    summary: "One rule of a template (a region's fee rule or a free-shipping condition)",
    access: view,
    input: z.strictObject({ id }),
    output: ruleItem,
  }),
  updInfoById: write({
    path: seller("/trading/freightTemplateInfo/updInfoById"),
    summary: "Changes one rule of a template (its kind stays); the whole template is checked again",
    access: edit,
    input: updInfoInput,
    output: ruleItem,
  }),
  addInfo: write({
    path: seller("/trading/freightTemplateInfo/addInfo"),
    summary: "Adds one rule to a template (after its others); the whole template is checked again",
    access: edit,
    input: addInfoInput,
    output: ruleItem,
  }),
  selPageByRefId: read({
    path: seller("/trading/freightTemplateInfo/selPageByRefId"),
    summary: "A page of a template's rules in their order, optionally of one kind",
    access: view,
    input: pageInput({ refId: id, kind: z.enum(ruleKinds).optional() }),
    output: page(ruleItem),
  }),
  selListByRefId: read({
    path: seller("/trading/freightTemplateInfo/selListByRefId"),
    summary: "Every rule of a template in its order, optionally of one kind",
    access: view,
    input: z.strictObject({ refId: id, kind: z.enum(ruleKinds).optional() }),
    output: z.array(ruleItem),
  }),
  selSimpleListByRefId: read({
    path: seller("/trading/freightTemplateInfo/selSimpleListByRefId"),
    summary: "A template's rules in short: kind and area codes",
    access: view,
    input: z.strictObject({ refId: id }),
    output: z.array(z.object({ id, kind: z.enum(ruleKinds), areaCodes: z.array(z.string()) })),
  }),
};
