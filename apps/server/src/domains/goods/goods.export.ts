import { type contract, type GoodsListItem, type LogisticsMode, NEAR_EXPIRY_DAYS, type ParsedInputOf } from "@sbo/contract";
import { addDays } from "../../platform/days";
import { col, type ExportColumn, inZone, sheetColumns } from "../../platform/export/columns";
import { xlsxStream } from "../../platform/export/xlsx";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { keysetBatches } from "../../platform/http/paging";
import * as repo from "./goods.repository";
import { goods } from "./goods.tables";
import { listItems, type ViewContext } from "./goods.view";

/* The goods list's export: the list's tab and filters, one row per item, newest change first. */

type In = ParsedInputOf<typeof contract.goods.exportGoodsList>;

const logisticsWords: Record<LogisticsMode, { en: string; zh: string }> = {
  express: { en: "Express", zh: "快递" },
  cityDelivery: { en: "Same-city delivery", zh: "同城配送" },
  selfPickup: { en: "Self-pickup", zh: "到店自提" },
};

/** The columns, in the reader's language; money in yuan, dates as real spreadsheet dates in the shop's zone. */
export const goodsExportColumns: ExportColumn<GoodsListItem>[] = [
  col.text({ en: "Name", zh: "商品名称" }, (r) => r.name, 32),
  col.text({ en: "Code", zh: "商品编码" }, (r) => r.code, 16),
  col.text({ en: "Category", zh: "类目" }, (r) => r.category?.name ?? null, 16),
  col.enum(
    { en: "Status", zh: "状态" },
    { draft: { en: "Draft", zh: "草稿" }, on: { en: "On shelf", zh: "已上架" }, off: { en: "Off shelf", zh: "已下架" } },
    (r) => r.status,
    10,
  ),
  col.money({ en: "Lowest price (¥)", zh: "最低价（元）" }, (r) => r.priceMin, 14),
  col.money({ en: "Highest price (¥)", zh: "最高价（元）" }, (r) => r.priceMax, 14),
  col.integer({ en: "Stock", zh: "库存" }, (r) => r.stock),
  col.integer({ en: "SKUs", zh: "规格数" }, (r) => r.skuCount),
  col.integer({ en: "Sold", zh: "销量" }, (r) => r.sales),
  col.enum({ en: "Fresh", zh: "生鲜" }, { yes: { en: "Yes", zh: "是" }, no: { en: "No", zh: "否" } }, (r) => (r.fresh ? "yes" : "no"), 8),
  col.date({ en: "Earliest expiry", zh: "最早到期日" }, (r) => r.earliestExpiry, 14),
  col.enum(
    { en: `Expires within ${NEAR_EXPIRY_DAYS} days`, zh: `${NEAR_EXPIRY_DAYS}天内到期` },
    { yes: { en: "Yes", zh: "是" }, no: { en: "No", zh: "否" } },
    (r) => (r.nearExpiry ? "yes" : "no"),
    12,
  ),
  col.enums({ en: "Delivery", zh: "配送方式" }, logisticsWords, (r) => r.logistics, 24),
  col.enum(
    { en: "Type", zh: "信息类型" },
    {
      goods: { en: "Goods", zh: "商品" },
      serviceOffer: { en: "Service offered", zh: "服务供应" },
      serviceWant: { en: "Service wanted", zh: "服务需求" },
    },
    (r) => r.listingType,
    12,
  ),
  col.datetime({ en: "On shelf since", zh: "上架时间" }, (r) => r.onShelfAt),
  col.datetime({ en: "Created", zh: "创建时间" }, (r) => r.createdAt),
  col.datetime({ en: "Last changed", zh: "最后修改时间" }, (r) => r.updatedAt),
];

/** The goods list as a spreadsheet, streamed in batches of 500 items (keyset on the last change). */
export async function exportGoodsList(ctx: Ctx, v: ViewContext, input: In): Promise<FileResult> {
  const near = { from: v.today, to: addDays(v.today, NEAR_EXPIRY_DAYS) };
  const { tab, ...filters } = input;
  const where = repo.goodsWhere(v.boId, {
    kind: "goods",
    ...filters,
    ...(tab === "nearExpiry" ? { expiring: near } : tab === "all" ? {} : { status: tab }),
  });
  const db = ctx.db;
  async function* items(): AsyncGenerator<GoodsListItem[]> {
    const batches = keysetBatches(
      { at: goods.updatedAt, id: goods.id },
      where,
      (w, orderBy, size) => repo.listOrdered(db, w, v.today, orderBy, size),
      (r) => ({ at: r.cursorAt, id: r.g.id }),
      500,
    );
    for await (const rows of batches) yield await listItems(db, v, rows);
  }
  const timeZone = ctx.me().timeZone;
  const stream = xlsxStream(ctx.lang === "zh" ? "商品" : "Goods", sheetColumns(goodsExportColumns, { lang: ctx.lang, timeZone }), items());
  const today = inZone(new Date(), timeZone).toISOString().slice(0, 10);
  return { fileName: `${ctx.lang === "zh" ? "商品" : "goods"}-${today}.xlsx`, stream };
}
