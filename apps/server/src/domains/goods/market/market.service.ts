import { type contract, type OutputOf, type ParsedInputOf, publicImageUrl } from "@sbo/contract";
import { and, type SQL } from "drizzle-orm";
import { type Executor, readTogether } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { CURSOR_AT, decodeCursor, encodeCursor, offsetOf } from "../../../platform/http/paging";
import { type AreaRef, areaCodesUnder, areaRefs, categoryCatalog, unitCatalog } from "../../reference/reference.service";
import * as repo from "./market.repository";

/*
 * The marketplace lists of /api/trading/goods/ over every seller (docs/domains/goods.md, "Listing types and rebates"):
 * the service boards (服务供应 / 服务需求) and the goods paying a rebate. A login is enough to read them: they show
 * what sellers put on shelf for others to find, and only that (no stock, costs or images, which stay the seller's).
 */

type P = typeof contract.goodsPublic;
type In<K extends keyof P> = ParsedInputOf<P[K]>;
type Out<K extends keyof P> = OutputOf<P[K]>;

/** A cursor: the sort it belongs to, the last row's sort key and id (platform/http/paging.ts). */
function decodeSortCursor(cursor: string, sort: "n" | "r"): { key: string | number; id: string } {
  const [, key, id] = decodeCursor(cursor, ([s, key, id, ...rest]) => {
    const keyOk = sort === "n" ? typeof key === "string" && CURSOR_AT.test(key) : Number.isSafeInteger(key) && (key as number) >= 0;
    return rest.length === 0 && s === sort && keyOk && typeof id === "string" && id.length <= 40;
  });
  return { key: key as string | number, id: id as string };
}

/**
 * The codes a listing must name one of to match an area: the area itself and the city and province holding it; for a
 * province, its cities too (a listing serving Hangzhou is found from Zhejiang, one serving Zhejiang from Hangzhou).
 * Service areas are provinces and cities only, so a district matches through its city and province.
 */
async function areasMatching(db: Executor, code: string): Promise<string[]> {
  const province = `${code.slice(0, 2)}0000`;
  if (code === province) return [code, ...(await areaCodesUnder(db, code))];
  return [...new Set([code, `${code.slice(0, 4)}00`, province])];
}

/** Names for a page: categories, units and areas (the listings' and the shops'), three queries whatever its size. */
async function namesFor(db: Executor, rows: { categoryId: string | null; shopAreaCode: string | null; serviceAreas?: string[] }[]) {
  const [categories, units, areas] = await readTogether(db, [
    () => categoryCatalog(db),
    () => unitCatalog(db),
    () => areaRefs(db, [...rows.map((r) => r.shopAreaCode), ...rows.flatMap((r) => r.serviceAreas ?? [])]),
  ]);
  const area = (code: string) => {
    const a: AreaRef | undefined = areas.get(code);
    return { code, name: a?.name ?? code, nameEn: a?.nameEn ?? code };
  };
  const category = (id: string | null) => {
    const c = id ? categories.get(id) : undefined;
    return c ? { id: c.id, name: c.name, nameEn: c.nameEn } : null;
  };
  const seller = (r: repo.SellerCols) => ({
    boId: r.boId,
    orgName: r.orgName,
    shopName: r.shopName,
    area: r.shopAreaCode ? area(r.shopAreaCode) : null,
  });
  return { area, category, seller, unit: (id: string | null) => (id ? (units.get(id) ?? null) : null) };
}

/** A page by keyset (after `cursor`) or by a bounded offset, with its bounded total and the next page's cursor. */
async function pageBy<R extends { id: string }>(
  ctx: Ctx,
  input: { pageNum: number; pageSize: number },
  where: SQL,
  after: SQL | null,
  read: (where: SQL, limit: number, offset: number) => Promise<R[]>,
  keyOf: (row: R) => string | number,
  sort: "n" | "r",
) {
  const [rows, total] = await Promise.all([
    read(after ? (and(where, after) as SQL) : where, input.pageSize + 1, after ? 0 : offsetOf(input)),
    repo.marketCount(ctx.db, where),
  ]);
  const page = rows.slice(0, input.pageSize);
  const last = page[page.length - 1];
  return { page, total, nextCursor: rows.length > input.pageSize && last ? encodeCursor(sort, keyOf(last), last.id) : null };
}

async function serviceBoard<T extends "serviceOffer" | "serviceWant">(ctx: Ctx, listingType: T, input: In<"selGoodsInfoFwgyByPage">) {
  const areas = input.areaCode ? await areasMatching(ctx.db, input.areaCode) : null;
  const where = repo.serviceWhere(listingType, { keyword: input.keyword, categoryId: input.categoryId, areas });
  const cursor = input.cursor ? decodeSortCursor(input.cursor, "n") : null;
  const { page, total, nextCursor } = await pageBy(
    ctx,
    input,
    where,
    cursor ? repo.afterNewest(String(cursor.key), cursor.id) : null,
    (w, limit, offset) => repo.servicePage(ctx.db, w, limit, offset),
    (r) => r.cursorAt,
    "n",
  );
  const names = await namesFor(ctx.db, page);
  return {
    list: page.map((r) => ({
      id: r.id,
      listingType,
      name: r.name,
      subtitle: r.subtitle,
      image: r.image,
      imageUrl: r.image ? publicImageUrl(r.image, "list") : null,
      category: names.category(r.categoryId),
      priceMin: r.priceMin,
      priceMax: r.priceMax,
      unit: names.unit(r.unitId),
      skuCount: r.skuCount,
      serviceAreas: r.serviceAreas.map(names.area),
      seller: names.seller(r),
      onShelfAt: r.onShelfAt.toISOString(),
    })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    nextCursor,
  };
}

async function rebateList(input: In<"selGoodsListByPageV2WithRebate">, ctx: Ctx): Promise<Out<"selGoodsListByPageV2WithRebate">> {
  const where = repo.rebateWhere({ keyword: input.keyword, categoryId: input.categoryId });
  const sort = input.sort === "rebate" ? "r" : "n";
  const cursor = input.cursor ? decodeSortCursor(input.cursor, sort) : null;
  const after = !cursor
    ? null
    : sort === "r"
      ? repo.afterRebate(Number(cursor.key), cursor.id)
      : repo.afterNewest(String(cursor.key), cursor.id);
  const { page, total, nextCursor } = await pageBy(
    ctx,
    input,
    where,
    after,
    (w, limit, offset) => repo.rebatePage(ctx.db, w, input.sort, limit, offset),
    (r) => (sort === "r" ? r.rebateCents : r.cursorAt),
    sort,
  );
  const names = await namesFor(ctx.db, page);
  return {
    list: page.map((r) => ({
      id: r.id,
      name: r.name,
      subtitle: r.subtitle,
      image: r.image,
      imageUrl: r.image ? publicImageUrl(r.image, "list") : null,
      category: names.category(r.categoryId),
      priceMin: r.priceMin,
      priceMax: r.priceMax,
      rebateBp: r.rebateBp,
      rebateCents: r.rebateCents,
      sales: r.sales,
      seller: names.seller(r),
      onShelfAt: r.onShelfAt.toISOString(),
    })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    nextCursor,
  };
}

export const marketService = {
  selGoodsInfoFwgyByPage: (input: In<"selGoodsInfoFwgyByPage">, ctx: Ctx) => serviceBoard(ctx, "serviceOffer", input),
  selGoodsInfoFwxqByPage: (input: In<"selGoodsInfoFwxqByPage">, ctx: Ctx) => serviceBoard(ctx, "serviceWant", input),
  selGoodsListByPageV2WithRebate: rebateList,
};
