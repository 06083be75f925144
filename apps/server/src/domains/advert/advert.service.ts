import {
  ADVERT_LIMITS,
  type AdvertItem,
  type AdvertPosition,
  codes,
  type contract,
  MAX_ADVERTS,
  type OutputOf,
  type ParsedInputOf,
  advertRefusals as R,
} from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import * as repo from "./advert.repository";
import { newPlaces, renumber, sameSet } from "./advert.rules";

/*
 * Adverts and their items (docs/domains/advert.md). Every write takes the organisation's advert lock first, so two
 * reorders (or a reorder and an add) run one after the other; a reorder names every id of the list once and is
 * refused when the list changed since it was shown. Link targets are the seller's own (goods, shop categories) or a
 * shop it works with, checked on every save; an image is the seller's own advert upload fitting the position.
 */

type A = typeof contract.advert;
type InA<K extends keyof A> = ParsedInputOf<A[K]>;
type OutA<K extends keyof A> = OutputOf<A[K]>;

function advertOf(r: repo.AdvertRow, counts: Map<string, { items: number; showing: number }>): AdvertItem {
  const n = counts.get(r.id);
  return {
    id: r.id,
    name: r.name,
    position: r.position as AdvertPosition,
    enabled: r.enabled,
    sort: r.sort,
    itemCount: n?.items ?? 0,
    showingCount: n?.showing ?? 0,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function advertList(db: Executor, rows: repo.AdvertRow[]): Promise<AdvertItem[]> {
  const counts = await repo.itemCounts(
    db,
    rows.map((r) => r.id),
    new Date(),
  );
  return rows.map((r) => advertOf(r, counts));
}

export async function advertOrMissing(db: Executor, boId: string, id: string): Promise<repo.AdvertRow> {
  const row = await repo.findAdvert(db, boId, id);
  if (!row) throw notFound(R.notFound);
  return row;
}

/** The adverts' calls (`contract.advert`; their items are item/item.service.ts). */
export function createAdvertService() {
  // ---- adverts ----

  async function selAdvertListByPage(input: InA<"selAdvertListByPage">, ctx: Ctx): Promise<OutA<"selAdvertListByPage">> {
    const { boId } = ctx.me();
    const where = repo.advertWhere(boId, input);
    return pageOf(ctx.db, input, repo.advertCountSource(where), async (limit, offset) =>
      advertList(ctx.db, await repo.advertPage(ctx.db, where, limit, offset)),
    );
  }

  async function selAdvertListByParam(input: InA<"selAdvertListByParam">, ctx: Ctx): Promise<OutA<"selAdvertListByParam">> {
    const { boId } = ctx.me();
    return advertList(ctx.db, await repo.advertPage(ctx.db, repo.advertWhere(boId, input), MAX_ADVERTS, 0));
  }

  async function selAdvertById(input: InA<"selAdvertById">, ctx: Ctx): Promise<OutA<"selAdvertById">> {
    const { boId } = ctx.me();
    const [one] = await advertList(ctx.db, [await advertOrMissing(ctx.db, boId, input.id)]);
    if (!one) throw notFound(R.notFound);
    return one;
  }

  async function addOrUpdAdvert(input: InA<"addOrUpdAdvert">, ctx: Ctx): Promise<OutA<"addOrUpdAdvert">> {
    const me = ctx.me();
    await repo.lockAdverts(ctx.db, me.boId);
    if (input.id) {
      const row = await advertOrMissing(ctx.db, me.boId, input.id);
      if (await repo.nameTaken(ctx.db, me.boId, input.name, row.id)) throw badField("name", R.nameTaken);
      const max = ADVERT_LIMITS[input.position].maxItems;
      const items = (await repo.itemsOf(ctx.db, row.id)).length;
      if (items > max) throw badField("position", R.positionTooSmall, { count: items, max });
      await repo.updateAdvert(ctx.db, row.id, { name: input.name, position: input.position, enabled: input.enabled });
      return selAdvertById({ id: row.id }, ctx);
    }
    const rows = await repo.advertsOf(ctx.db, me.boId);
    if (rows.length >= MAX_ADVERTS) throw stateForbids(R.tooManyAdverts, { max: MAX_ADVERTS });
    if (await repo.nameTaken(ctx.db, me.boId, input.name)) throw badField("name", R.nameTaken);
    const row = await repo.insertAdvert(ctx.db, {
      boId: me.boId,
      shopId: me.shop?.id ?? "",
      name: input.name,
      position: input.position,
      enabled: input.enabled,
      sort: rows.length + 1,
    });
    return advertOf(row, new Map());
  }

  async function delAdvertById(input: InA<"delAdvertById">, ctx: Ctx): Promise<OutA<"delAdvertById">> {
    const { boId } = ctx.me();
    await repo.lockAdverts(ctx.db, boId);
    const row = await advertOrMissing(ctx.db, boId, input.id);
    const removedItems = await repo.deleteAdvert(ctx.db, boId, row.id);
    await repo.placeAdverts(ctx.db, boId, renumber(await repo.advertsOf(ctx.db, boId)));
    return { id: row.id, removedItems };
  }

  async function sortAdverts(input: InA<"updListSort">, ctx: Ctx): Promise<OutA<"updListSort">> {
    const { boId } = ctx.me();
    await repo.lockAdverts(ctx.db, boId);
    const rows = await repo.advertsOf(ctx.db, boId);
    if (!sameSet(rows, input.ids)) throw refuse(codes.CONFLICT, R.listChanged);
    await repo.placeAdverts(ctx.db, boId, newPlaces(rows, input.ids));
    return advertList(ctx.db, await repo.advertsOf(ctx.db, boId));
  }

  return {
    selAdvertListByPage,
    selAdvertListByParam,
    selAdvertById,
    addOrUpdAdvert,
    delAdvertById,
    updListSort: sortAdverts,
  };
}

export type AdvertService = ReturnType<typeof createAdvertService>;
