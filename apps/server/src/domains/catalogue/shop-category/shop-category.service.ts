import {
  codes,
  type contract,
  goodsRefusals,
  MAX_SHOP_CATEGORIES,
  type OutputOf,
  type ParsedInputOf,
  shopCategoryRefusals as R,
  type ShopCategoryItem,
  type ShopCategoryNode,
} from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import { goodsNames, liveListedGoodsIds } from "../../goods/goods.port";
import { goodsItemsByIds } from "../../goods/goods-lists.service";
import { changedPlaces, moveTo, type Placed, renumbered } from "../ordering.rules";
import * as repo from "./shop-category.repository";

type C = typeof contract.shopCategory;
type In<K extends keyof C> = ParsedInputOf<C[K]>;
type Out<K extends keyof C> = OutputOf<C[K]>;

const placedOf = (rows: readonly repo.CategoryRow[]): Placed[] => rows.map((r) => ({ id: r.id, parentId: r.parentId, sort: r.sort }));

/** Goods counts: each category's own, and each top-level category's with its sub-categories'. */
interface Counts {
  own: Map<string, number>;
  withSub: Map<string, number>;
}

function itemOf(r: repo.CategoryRow, counts: Counts, childCount: number): ShopCategoryItem {
  const own = counts.own.get(r.id) ?? 0;
  return {
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    sort: r.sort,
    goodsCount: own,
    goodsCountWithSub: r.parentId === null ? (counts.withSub.get(r.id) ?? 0) : own,
    childCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The tree in order: top-level categories with their sub-categories (the tree screen and its export). */
export async function treeOf(db: Executor, boId: string): Promise<ShopCategoryNode[]> {
  const rows = await repo.allOf(db, boId);
  const counts = { own: await repo.goodsCounts(db, boId), withSub: await repo.goodsCountsWithSub(db, boId) };
  const byParent = new Map<string, repo.CategoryRow[]>();
  for (const r of rows) if (r.parentId) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  return rows
    .filter((r) => r.parentId === null)
    .map((r) => {
      const children = byParent.get(r.id) ?? [];
      return { ...itemOf(r, counts, children.length), children: children.map((c) => itemOf(c, counts, 0)) };
    });
}

async function itemById(db: Executor, boId: string, id: string): Promise<ShopCategoryItem> {
  const row = await repo.findById(db, boId, id);
  if (!row) throw notFound(R.notFound);
  const counts = {
    own: await repo.goodsCounts(db, boId, [id]),
    withSub: row.parentId === null ? await repo.goodsCountsWithSub(db, boId, [id]) : new Map<string, number>(),
  };
  return itemOf(row, counts, (await repo.childrenOf(db, boId, id)).length);
}

async function ownOrMissing(db: Executor, boId: string, id: string): Promise<repo.CategoryRow> {
  const row = await repo.findById(db, boId, id);
  if (!row) throw notFound(R.notFound);
  return row;
}

/** A parent must be one of the organisation's top-level categories (two levels). */
async function checkParent(db: Executor, boId: string, parentId: string | null): Promise<repo.CategoryRow | null> {
  if (parentId === null) return null;
  const parent = await ownOrMissing(db, boId, parentId);
  if (parent.parentId !== null) throw badField("parentId", R.parentNotRoot);
  return parent;
}

/** Every id must be a live goods item of the organisation: another seller's reads as missing. */
async function checkGoods(db: Executor, boId: string, ids: string[]): Promise<void> {
  const live = await liveListedGoodsIds(db, boId, ids);
  const missing = ids.find((id) => !live.has(id));
  if (missing) throw refuse(codes.NOT_FOUND, R.goodsNotFound, { id: missing });
}

async function list(input: In<"selShopClassifyListByBoId">, ctx: Ctx): Promise<Out<"selShopClassifyListByBoId">> {
  const { boId } = ctx.me();
  if (input.goodsId) await checkGoods(ctx.db, boId, [input.goodsId]).catch(() => Promise.reject(notFound(goodsRefusals.notFound)));
  return {
    tree: await treeOf(ctx.db, boId),
    goodsCategoryIds: input.goodsId ? await repo.categoryIdsOf(ctx.db, boId, input.goodsId) : [],
  };
}

async function byParent(input: In<"selShopClassifyByParentId">, ctx: Ctx): Promise<Out<"selShopClassifyByParentId">> {
  const { boId } = ctx.me();
  if (input.parentId !== null) await ownOrMissing(ctx.db, boId, input.parentId);
  const rows = await repo.childrenOf(ctx.db, boId, input.parentId);
  const ids = rows.map((r) => r.id);
  const counts = {
    own: await repo.goodsCounts(ctx.db, boId, ids),
    withSub: input.parentId === null ? await repo.goodsCountsWithSub(ctx.db, boId, ids) : new Map<string, number>(),
  };
  const all = input.parentId === null ? await repo.allOf(ctx.db, boId) : [];
  return rows.map((r) => itemOf(r, counts, all.filter((c) => c.parentId === r.id).length));
}

async function byId(input: In<"selShopClassifyById">, ctx: Ctx): Promise<Out<"selShopClassifyById">> {
  const { boId } = ctx.me();
  const item = await itemById(ctx.db, boId, input.id);
  const parent = item.parentId ? await repo.findById(ctx.db, boId, item.parentId) : undefined;
  return { ...item, parentName: parent?.name ?? null };
}

async function add(input: In<"addShopClassify">, ctx: Ctx): Promise<Out<"addShopClassify">> {
  const me = ctx.me();
  await repo.lockTree(ctx.db, me.boId);
  await checkParent(ctx.db, me.boId, input.parentId);
  if ((await repo.countOf(ctx.db, me.boId)) >= MAX_SHOP_CATEGORIES) throw stateForbids(R.tooMany, { max: MAX_SHOP_CATEGORIES });
  if (await repo.nameTaken(ctx.db, me.boId, input.parentId, input.name)) throw badField("name", R.nameTaken);
  const siblings = await repo.childrenOf(ctx.db, me.boId, input.parentId);
  const row = await repo.insertCategory(ctx.db, {
    boId: me.boId,
    shopId: me.shop?.id ?? "",
    parentId: input.parentId,
    name: input.name,
    sort: siblings.length + 1,
  });
  return itemOf(row, { own: new Map(), withSub: new Map() }, 0);
}

async function rename(input: In<"updShopClassifyById">, ctx: Ctx): Promise<Out<"updShopClassifyById">> {
  const { boId } = ctx.me();
  await repo.lockTree(ctx.db, boId);
  const row = await ownOrMissing(ctx.db, boId, input.id);
  if (await repo.nameTaken(ctx.db, boId, row.parentId, input.name, row.id)) throw badField("name", R.nameTaken);
  await repo.rename(ctx.db, row.id, input.name);
  return itemById(ctx.db, boId, row.id);
}

async function remove(input: In<"delClassifyByIdList">, ctx: Ctx): Promise<Out<"delClassifyByIdList">> {
  const { boId } = ctx.me();
  await repo.lockTree(ctx.db, boId);
  const ids = [...new Set(input.ids)];
  const rows = await repo.allOf(ctx.db, boId);
  const going = new Set(ids);
  for (const id of ids) if (!rows.some((r) => r.id === id)) throw notFound(R.notFound);
  for (const r of rows) {
    if (!going.has(r.id)) continue;
    const staying = rows.filter((c) => c.parentId === r.id && !going.has(c.id));
    if (staying.length) throw stateForbids(R.hasChildren, { name: r.name, count: staying.length });
  }
  const unlinkedGoods = await repo.deleteWithLinks(ctx.db, boId, ids);
  const before = placedOf(rows.filter((r) => !going.has(r.id)));
  await repo.place(ctx.db, boId, changedPlaces(before, renumbered(before)));
  return { deleted: ids.length, unlinkedGoods };
}

async function move(input: In<"updShopClassifyList">, ctx: Ctx): Promise<Out<"updShopClassifyList">> {
  const { boId } = ctx.me();
  await repo.lockTree(ctx.db, boId);
  const rows = await repo.allOf(ctx.db, boId);
  const row = rows.find((r) => r.id === input.id);
  if (!row) throw notFound(R.notFound);
  if (input.parentId === input.id) throw badField("parentId", R.parentIsSelf);
  await checkParent(ctx.db, boId, input.parentId);
  if (input.parentId !== null && rows.some((r) => r.parentId === row.id))
    throw badField("parentId", R.parentHasChildren, { name: row.name });
  if (input.parentId !== row.parentId && (await repo.nameTaken(ctx.db, boId, input.parentId, row.name, row.id)))
    throw badField("parentId", R.nameTaken);
  const before = placedOf(rows);
  await repo.place(ctx.db, boId, changedPlaces(before, moveTo(before, row.id, input.parentId, input.index)));
  return treeOf(ctx.db, boId);
}

// ---------------------------------------------------------------------------------------------------
// Goods in a category

async function goodsPage(input: In<"selShopClassifyGoodsByPage">, ctx: Ctx): Promise<Out<"selShopClassifyGoodsByPage">> {
  const { boId } = ctx.me();
  await ownOrMissing(ctx.db, boId, input.classifyId);
  const where = repo.linkedWhere(boId, input.classifyId, input.keyword);
  return pageOf(ctx.db, input, repo.linkedCountSource(where), async (limit, offset) => {
    const ids = await repo.linkedPage(ctx.db, where, limit, offset);
    if (ids.length === 0) return [];
    // The items as the goods lists show them, through the goods domain's own reading.
    const items = await goodsItemsByIds(ctx, ids);
    const byId = new Map(items.map((g) => [g.id, g]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  });
}

async function addGoods(input: In<"addShopClassifyGoods">, ctx: Ctx): Promise<Out<"addShopClassifyGoods">> {
  const { boId } = ctx.me();
  await ownOrMissing(ctx.db, boId, input.classifyId);
  const ids = [...new Set(input.goodsIds)];
  await checkGoods(ctx.db, boId, ids);
  const added = await repo.link(ctx.db, boId, input.classifyId, ids);
  const counts = await repo.goodsCounts(ctx.db, boId, [input.classifyId]);
  return { added, goodsCount: counts.get(input.classifyId) ?? 0 };
}

async function removeGoods(input: In<"delShopClassifyGoods">, ctx: Ctx): Promise<Out<"delShopClassifyGoods">> {
  const { boId } = ctx.me();
  await ownOrMissing(ctx.db, boId, input.classifyId);
  const chosen = [...new Set(input.goodsIds)];
  const done = await repo.unlink(ctx.db, boId, input.classifyId, chosen);
  const removed = new Set(done);
  const left = chosen.filter((id) => !removed.has(id));
  const names = await goodsNames(ctx.db, boId, left);
  const counts = await repo.goodsCounts(ctx.db, boId, [input.classifyId]);
  return {
    done,
    // Not in the category (taken out meanwhile), or no goods of the organisation at all (named "", not linked).
    refused: left.map((id) => {
      const name = names.get(id);
      return name === undefined
        ? { id, name: "", reason: goodsRefusals.notFound.reason }
        : { id, name, reason: R.goodsNotInCategory.reason, params: { name } };
    }),
    goodsCount: counts.get(input.classifyId) ?? 0,
  };
}

async function setGoodsCategories(input: In<"updList">, ctx: Ctx): Promise<Out<"updList">> {
  const { boId } = ctx.me();
  const live = await liveListedGoodsIds(ctx.db, boId, [input.goodsId]);
  if (!live.has(input.goodsId)) throw notFound(goodsRefusals.notFound);
  const ids = [...new Set(input.classifyIds)];
  const own = new Set((await repo.allOf(ctx.db, boId)).map((r) => r.id));
  if (ids.some((id) => !own.has(id))) throw notFound(R.notFound);
  await repo.setCategoriesOf(ctx.db, boId, input.goodsId, ids);
  return null;
}

export const shopCategoryService = {
  selShopClassifyListByBoId: list,
  selShopClassifyByParentId: byParent,
  selShopClassifyById: byId,
  addShopClassify: add,
  updShopClassifyById: rename,
  delClassifyByIdList: remove,
  updShopClassifyList: move,
  selShopClassifyGoodsByPage: goodsPage,
  addShopClassifyGoods: addGoods,
  delShopClassifyGoods: removeGoods,
  updList: setGoodsCategories,
};
