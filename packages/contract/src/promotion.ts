import { z } from "zod";
import { cents, id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { rule } from "./field-issues";
import { refusals, type Words } from "./refusals";
import { sheet } from "./sheets";

/*
 * Promotions (docs/domains/promotion.md): a time-boxed price offer on chosen goods. Either a percent off every SKU of
 * the chosen items (`addOrUpdatePromotionInfo`), or a promotion price per SKU (`addOrUpdatePromotionBySpec`). Its
 * state comes from the clock: not started, running, ended; plus cancelled. One SKU is in at most one promotion at a
 * time (overlapping periods refused). A running promotion keeps its goods and prices: only its name and end change.
 */

export const promotionKinds = ["percent", "price"] as const;
export type PromotionKind = (typeof promotionKinds)[number];
export const promotionStates = ["notStarted", "running", "ended", "cancelled"] as const;
export type PromotionState = (typeof promotionStates)[number];

export const promotionStateWords: Record<PromotionState, Words> = {
  notStarted: { en: "not started", zh: "未开始" },
  running: { en: "running", zh: "进行中" },
  ended: { en: "ended", zh: "已结束" },
  cancelled: { en: "cancelled", zh: "已取消" },
};

/** Items one percent promotion may hold, and SKUs one by-spec promotion may price. */
export const MAX_PROMOTION_GOODS = 100;
export const MAX_PROMOTION_SKUS = 200;
/** The longest a promotion may run. */
export const MAX_PROMOTION_DAYS = 366;

export const promotionRefusals = refusals("promotion", {
  notFound: { en: "That promotion was not found", zh: "未找到该促销活动" },
  endBeforeStart: { en: "{field} must be after the start", zh: "{field}必须晚于开始时间" },
  endInPast: { en: "{field} must be in the future", zh: "{field}必须晚于当前时间" },
  tooLong: { en: "{field}: a promotion runs at most {days} days", zh: "{field}：促销活动最长 {days} 天" },
  goodsNotOnShelf: {
    en: "{field} is not one of your on-shelf items (packages and services cannot be promoted)",
    zh: "{field}不是本店在售的商品（套餐和服务不能参加促销）",
  },
  skuNotFound: { en: "{field} is not a SKU of your on-shelf items", zh: "{field}不是本店在售商品的规格" },
  priceNotBelow: { en: "{field} must be below the SKU's price ({price} cents)", zh: "{field}必须低于规格原价（{price} 分）" },
  overlaps: {
    en: "{field} is already in promotion “{name}” at that time: one SKU is in one promotion at a time",
    zh: "{field}在该时段已参加促销活动“{name}”，同一规格同一时间只能参加一个促销",
  },
  duplicate: { en: "{field} is chosen twice", zh: "{field}重复选择" },
  wrongState: {
    en: "This promotion is {state}: it can no longer be changed that way",
    zh: "该促销活动{state}，不能这样修改",
  },
  runningFixed: {
    en: "This promotion is running: only its name and end can change (end it early or move its end)",
    zh: "该促销活动进行中，只能修改名称和结束时间（提前结束或调整结束时间）",
  },
  startInPast: { en: "{field} must not be in the past", zh: "{field}不能早于当前时间" },
});

const R = promotionRefusals;

const name = z.string().trim().min(1).max(50);
const perBuyerLimit = z.int().min(1).max(9999).nullable().default(null);

const period = {
  name,
  startsAt: instant,
  endsAt: instant,
  /** At most this many units of each SKU per buyer at the promotion price (null: no limit). */
  perBuyerLimit,
};

const endAfterStart = (v: { startsAt: string; endsAt: string }, ctx: z.RefinementCtx) => {
  if (Date.parse(v.endsAt) <= Date.parse(v.startsAt)) ctx.addIssue({ code: "custom", path: ["endsAt"], message: rule(R.endBeforeStart) });
};

export const percentPromotionInput = z
  .strictObject({
    id: id.optional(),
    ...period,
    /** Percent off every SKU of the chosen items: 1–99. */
    percentOff: z.int().min(1).max(99),
    goodsIds: z.array(id).min(1).max(MAX_PROMOTION_GOODS),
  })
  .superRefine(endAfterStart);
export type PercentPromotionInput = z.input<typeof percentPromotionInput>;

export const specPromotionInput = z
  .strictObject({
    id: id.optional(),
    ...period,
    /** A promotion price per SKU, below the SKU's own price. */
    skus: z
      .array(z.strictObject({ skuId: id, price: cents }))
      .min(1)
      .max(MAX_PROMOTION_SKUS),
  })
  .superRefine(endAfterStart);
export type SpecPromotionInput = z.input<typeof specPromotionInput>;

export const promotionItem = z.object({
  id,
  name: z.string(),
  kind: z.enum(promotionKinds),
  percentOff: z.int().nullable(),
  startsAt: instant,
  endsAt: instant,
  perBuyerLimit: z.int().nullable(),
  state: z.enum(promotionStates),
  goodsCount: z.int(),
  skuCount: z.int(),
  cancelledAt: instant.nullable(),
  createdAt: instant,
});
export type PromotionItem = z.infer<typeof promotionItem>;

export const promotionSku = z.object({
  skuId: id,
  goodsId: id,
  goodsName: z.string(),
  specValues: z.array(z.string()),
  /** The SKU's own price now. */
  price: cents,
  /** The price during the promotion (percent: computed from today's price, rounded down to the cent). */
  promotionPrice: cents,
});
export type PromotionSku = z.infer<typeof promotionSku>;

export const promotionDetail = promotionItem.extend({ skus: z.array(promotionSku) });
export type PromotionDetail = z.infer<typeof promotionDetail>;

/** The promotion list's export sheet (sheets.ts). */
export const promotionSheet = sheet(
  "promotionList",
  { en: "Promotions", zh: "促销活动" },
  {
    name: { en: "Name", zh: "活动名称" },
    kind: { en: "Kind", zh: "促销方式" },
    percentOff: { en: "Percent off", zh: "折扣比例（%）" },
    state: { en: "State", zh: "状态" },
    startsAt: { en: "Starts", zh: "开始时间" },
    endsAt: { en: "Ends", zh: "结束时间" },
    perBuyerLimit: { en: "Per buyer", zh: "每人限购" },
    goodsCount: { en: "Goods", zh: "商品数" },
    skuCount: { en: "SKUs", zh: "规格数" },
    cancelledAt: { en: "Cancelled", zh: "取消时间" },
    createdAt: { en: "Created", zh: "创建时间" },
  },
);

const listFilters = { state: z.enum(promotionStates).optional(), keyword: z.string().trim().max(50).optional() };

const F = { func: "marketing.promotion" };
const path = (n: string) => seller(`/trading/promotion/${n}`);
const byId = z.strictObject({ id });

export const promotion = {
  queryList: read({
    path: path("queryList"),
    summary: "A page of the shop's promotions, newest first, by state (from the clock) and name",
    access: F,
    input: pageInput(listFilters),
    output: page(promotionItem),
  }),
  exportList: exportFile({
    path: path("exportList"),
    summary: "The shop's promotions as an Excel file (the list's state and name; optionally chosen columns)",
    access: { func: "marketing.promotion.export" },
    input: z.strictObject({ ...listFilters, columns: promotionSheet.chosen }),
    sheet: promotionSheet,
  }),
  selPronmotionById: read({
    path: path("selPronmotionById"),
    summary: "One promotion with its SKUs, their prices and promotion prices (the spec's spelling)",
    access: F,
    input: byId,
    output: promotionDetail,
  }),
  addOrUpdatePromotionInfo: write({
    path: path("addOrUpdatePromotionInfo"),
    summary:
      "Add or change a percent-off promotion on chosen on-shelf items (all their SKUs); a running one may change only its name and end",
    access: F,
    input: percentPromotionInput,
    output: promotionDetail,
  }),
  addOrUpdatePromotionBySpec: write({
    path: path("addOrUpdatePromotionBySpec"),
    summary: "Add or change a promotion with a price per SKU (below its price); a running one may change only its name and end",
    access: F,
    input: specPromotionInput,
    output: promotionDetail,
  }),
  delPromotionInfo: write({
    path: path("delPromotionInfo"),
    summary: "Cancel a promotion that has not started (kept, its goods freed); a running one is ended early instead",
    access: F,
    input: byId,
    output: promotionItem,
  }),
};
