import {
  codes,
  type contract,
  MAX_RECOMMEND_GOODS,
  MAX_RECOMMEND_GROUPS,
  type OutputOf,
  type ParsedInputOf,
  recommendRefusals as R,
  type RecommendGroupItem,
} from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import { liveListedGoodsIds } from "../../goods/goods.port";
import { goodsItemsByIds } from "../../goods/goods-lists.service";
import { changedPlaces, moveTo, type Placed, renumbered } from "../ordering.rules";
import * as repo from "./recommend.repository";

type C = typeof contract.recommend;
type In<K extends keyof C> = ParsedInputOf<C[K]>;
type Out<K extends keyof C> = OutputOf<C[K]>;

const placed = (rows: readonly { id: string; sort: number }[]): Placed[] => rows.map((r) => ({ id: r.id, parentId: null, sort: r.sort }));

function groupOf(r: repo.GroupRow, counts: Map<string, number>): RecommendGroupItem {
  return {
    id: r.id,
    name: r.name,
    visible: r.visible,
    sort: r.sort,
    goodsCount: counts.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function groupList(db: Executor, boId: string): Promise<RecommendGroupItem[]> {
  const [rows, counts] = [await repo.groupsOf(db, boId), await repo.goodsCounts(db, boId)];
  return rows.map((r) => groupOf(r, counts));
}

async function groupOrMissing(db: Executor, boId: string, id: string): Promise<repo.GroupRow> {
  const row = await repo.findGroup(db, boId, id);
  if (!row) throw notFound(R.groupNotFound);
  return row;
}

async function oneGroup(db: Executor, boId: string, id: string): Promise<RecommendGroupItem> {
  return (await groupList(db, boId)).find((g) => g.id === id) ?? Promise.reject(notFound(R.groupNotFound));
}

async function addGroup(input: In<"addRecommendClassify">, ctx: Ctx): Promise<Out<"addRecommendClassify">> {
  const me = ctx.me();
  await repo.lockRecommend(ctx.db, me.boId);
  const groups = await repo.groupsOf(ctx.db, me.boId);
  if (groups.length >= MAX_RECOMMEND_GROUPS) throw stateForbids(R.tooManyGroups, { max: MAX_RECOMMEND_GROUPS });
  if (await repo.groupNameTaken(ctx.db, me.boId, input.name)) throw badField("name", R.nameTaken);
  const row = await repo.insertGroup(ctx.db, {
    boId: me.boId,
    shopId: me.shop?.id ?? "",
    name: input.name,
    visible: input.visible,
    sort: groups.length + 1,
  });
  return groupOf(row, new Map());
}

async function updGroup(input: In<"updRecommendClassifyById">, ctx: Ctx): Promise<Out<"updRecommendClassifyById">> {
  const { boId } = ctx.me();
  await repo.lockRecommend(ctx.db, boId);
  const row = await groupOrMissing(ctx.db, boId, input.id);
  if (await repo.groupNameTaken(ctx.db, boId, input.name, row.id)) throw badField("name", R.nameTaken);
  await repo.updateGroup(ctx.db, row.id, { name: input.name, visible: input.visible });
  return oneGroup(ctx.db, boId, row.id);
}

async function execGroups(input: In<"execRecommendClassifyList">, ctx: Ctx): Promise<Out<"execRecommendClassifyList">> {
  const { boId } = ctx.me();
  await repo.lockRecommend(ctx.db, boId);
  const rows = await repo.groupsOf(ctx.db, boId);
  const before = placed(rows);
  if (input.action === "move") {
    if (!rows.some((r) => r.id === input.id)) throw notFound(R.groupNotFound);
    await repo.placeGroups(ctx.db, boId, changedPlaces(before, moveTo(before, input.id, null, input.index)));
  } else {
    const ids = [...new Set(input.ids)];
    if (ids.some((id) => !rows.some((r) => r.id === id))) throw notFound(R.groupNotFound);
    await repo.deleteGroups(ctx.db, boId, ids);
    const left = before.filter((r) => !ids.includes(r.id));
    await repo.placeGroups(ctx.db, boId, changedPlaces(left, renumbered(left)));
  }
  return groupList(ctx.db, boId);
}

// ---------------------------------------------------------------------------------------------------
// Goods in a group

async function infoPage(input: In<"selExistRecommendByPage">, ctx: Ctx): Promise<Out<"selExistRecommendByPage">> {
  const { boId } = ctx.me();
  await groupOrMissing(ctx.db, boId, input.classifyId);
  const where = repo.infoPageWhere(input.classifyId);
  return pageOf(ctx.db, input, repo.infoCountSource(where), async (limit, offset) => {
    const rows = await repo.infoPage(ctx.db, where, limit, offset);
    if (rows.length === 0) return [];
    const items = await goodsItemsByIds(
      ctx,
      rows.map((r) => r.goodsId),
    );
    const byId = new Map(items.map((g) => [g.id, g]));
    return rows.flatMap((r) => {
      const g = byId.get(r.goodsId);
      return g ? [{ id: r.id, classifyId: r.classifyId, sort: r.sort, goods: g }] : [];
    });
  });
}

/** Before a group's goods change: links to goods deleted since go, and the rest are numbered 1..n again. */
async function tidyGroup(db: Executor, boId: string, classifyId: string): Promise<repo.InfoRow[]> {
  await repo.dropDeletedGoods(db, classifyId);
  const rows = await repo.infosOf(db, classifyId);
  const before = placed(rows);
  const after = renumbered(before);
  await repo.placeInfos(db, boId, changedPlaces(before, after));
  const sortOf = new Map(after.map((r) => [r.id, r.sort]));
  return rows.map((r) => ({ ...r, sort: sortOf.get(r.id) ?? r.sort })).sort((a, b) => a.sort - b.sort);
}

async function addInfos(input: In<"addRecommendInfoList">, ctx: Ctx): Promise<Out<"addRecommendInfoList">> {
  const { boId } = ctx.me();
  await repo.lockRecommend(ctx.db, boId);
  await groupOrMissing(ctx.db, boId, input.classifyId);
  const ids = [...new Set(input.goodsIds)];
  const live = await liveListedGoodsIds(ctx.db, boId, ids);
  const missing = ids.find((id) => !live.has(id));
  if (missing) throw refuse(codes.NOT_FOUND, R.itemNotFound, { id: missing });
  const rows = await tidyGroup(ctx.db, boId, input.classifyId);
  const present = new Set(rows.map((r) => r.goodsId));
  const adding = ids.filter((id) => !present.has(id));
  if (rows.length + adding.length > MAX_RECOMMEND_GOODS)
    throw stateForbids(R.tooManyGoods, { max: MAX_RECOMMEND_GOODS, count: rows.length, adding: adding.length });
  const added = await repo.insertInfos(
    ctx.db,
    adding.map((goodsId, i) => ({ boId, classifyId: input.classifyId, goodsId, sort: rows.length + i + 1 })),
  );
  return { added, goodsCount: rows.length + added };
}

async function delInfos(input: In<"delRecommendInfo">, ctx: Ctx): Promise<Out<"delRecommendInfo">> {
  const { boId } = ctx.me();
  await repo.lockRecommend(ctx.db, boId);
  const ids = [...new Set(input.ids)];
  const rows = await repo.infosByIds(ctx.db, boId, ids);
  // None of them the organisation's: refused whole, as one unknown id is. Some gone meanwhile: the rest are taken out
  // and each one missing is reported (contract bulk.ts; issue 25 §3).
  if (rows.length === 0) throw notFound(R.goodsNotFound);
  const found = new Set(rows.map((r) => r.id));
  await repo.deleteInfos(ctx.db, boId, [...found]);
  for (const classifyId of new Set(rows.map((r) => r.classifyId))) await tidyGroup(ctx.db, boId, classifyId);
  return {
    done: ids.filter((id) => found.has(id)),
    refused: ids.filter((id) => !found.has(id)).map((id) => ({ id, name: "", reason: R.goodsNotFound.reason })),
  };
}

async function moveInfo(input: In<"updRecommendInfo">, ctx: Ctx): Promise<Out<"updRecommendInfo">> {
  const { boId } = ctx.me();
  await repo.lockRecommend(ctx.db, boId);
  const info = await repo.findInfo(ctx.db, boId, input.id);
  if (!info) throw notFound(R.goodsNotFound);
  const rows = await tidyGroup(ctx.db, boId, info.classifyId);
  if (!rows.some((r) => r.id === info.id)) throw notFound(R.goodsNotFound);
  const before = placed(rows);
  const after = moveTo(before, info.id, null, input.index);
  await repo.placeInfos(ctx.db, boId, changedPlaces(before, after));
  const [goods] = await goodsItemsByIds(ctx, [info.goodsId]);
  if (!goods) throw notFound(R.goodsNotFound);
  return { id: info.id, classifyId: info.classifyId, sort: after.find((r) => r.id === info.id)?.sort ?? 1, goods };
}

export const recommendService = {
  selRecommendClassifyList: (_input: unknown, ctx: Ctx) => groupList(ctx.db, ctx.me().boId),
  addRecommendClassify: addGroup,
  updRecommendClassifyById: updGroup,
  execRecommendClassifyList: execGroups,
  selExistRecommendByPage: infoPage,
  addRecommendInfoList: addInfos,
  delRecommendInfo: delInfos,
  updRecommendInfo: moveInfo,
};
