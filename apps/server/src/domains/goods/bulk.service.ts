import { type BulkRefused, type BulkReport, type Params, goodsRefusals as R, type Refusal, SHELF_UNDO_MINUTES } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import * as repo from "./goods.repository";
import { type Out, viewOf } from "./goods.service";
import { notReadyField, shelfRefusalOf } from "./shelf.rules";

/*
 * The goods list's bulk actions (put on shelf, take off shelf, delete): each answers the one bulk report of the
 * contract (bulk.ts): the items changed, and every other chosen item with its name and why not, in words the seller
 * can act on (no image, no price, already on shelf, a part off shelf…), so the web can list them with a link each.
 */

/** The bulk calls, bound by goods.routes.ts. */
export const bulkService = {
  batchUpdateStatusOn: (input: { ids: string[] }, ctx: Ctx) => batchShelf(ctx, input.ids, "on"),
  batchUpdateStatusOut: (input: { ids: string[] }, ctx: Ctx) => batchShelf(ctx, input.ids, "off"),
  delGoodsList: (input: { ids: string[] }, ctx: Ctx) => deleteGoodsList(ctx, input.ids),
};

const refusedOf = (id: string, name: string, refusal: Refusal, params?: Params): BulkRefused => ({
  id,
  name,
  reason: refusal.reason,
  ...(params ? { params } : {}),
});

/** A package's first part that is not on sale, or null. */
async function partOffShelf(db: Executor, g: repo.GoodsRow): Promise<string | null> {
  if (g.kind !== "package") return null;
  return (await repo.partsOf(db, [g.id])).find((p) => !p.onShelf)?.goodsName ?? null;
}

/**
 * A batch shelf change: one statement moves the items that are in the state it leaves (`update … where status in
 * (…) returning`), so two concurrent batches leave one consistent state and each learns which items it moved. Putting
 * on shelf moves off-shelf items and the drafts that are ready (as one item's "put on shelf" does); every other item
 * is answered with why. The moved items and where each came from are kept for the 10-minute undo.
 */
export async function batchShelf(ctx: Ctx, ids: string[], direction: "on" | "off"): Promise<Out<"batchUpdateStatusOn">> {
  const v = viewOf(ctx);
  const unique = [...new Set(ids)];
  const rows = new Map((await repo.findGoodsMany(ctx.db, v.boId, unique)).map((g) => [g.id, g]));
  const why = new Map<string, BulkRefused>();
  let moved: { id: string; from: string }[];
  if (direction === "on") {
    const candidates: string[] = [];
    for (const g of rows.values()) {
      if (g.status === "on") continue;
      if (g.status === "draft") {
        const field = await notReadyField(ctx.db, g);
        if (field) {
          why.set(g.id, refusedOf(g.id, g.name, shelfRefusalOf(field)));
          continue;
        }
      }
      candidates.push(g.id);
    }
    moved = await repo.moveStatus(ctx.db, v.boId, candidates, ["off", "draft"], "on", repo.sellableOnShelf);
  } else {
    moved = await repo.moveStatus(ctx.db, v.boId, unique, ["on"], "off");
  }
  const movedIds = new Set(moved.map((m) => m.id));
  const refused: BulkRefused[] = [];
  for (const id of unique) {
    if (movedIds.has(id)) continue;
    const g = rows.get(id);
    const known = why.get(id);
    if (known) refused.push(known);
    else if (!g) refused.push(refusedOf(id, "", R.bulkNotFound));
    else if (direction === "off") refused.push(refusedOf(id, g.name, g.status === "draft" ? R.bulkDraftNotOff : R.bulkAlreadyOff));
    else if (g.status === "on") refused.push(refusedOf(id, g.name, R.bulkAlreadyOn));
    else {
      const part = await partOffShelf(ctx.db, g);
      // Not moved, yet off or a ready draft: a part off shelf, or another change won the race.
      refused.push(part ? refusedOf(id, g.name, R.bulkPartOffShelf, { part }) : refusedOf(id, g.name, R.bulkAlreadyOn));
    }
  }
  if (moved.length === 0) return { batchId: null, done: [], refused, undoUntil: null };
  const batch = await repo.insertShelfBatch(ctx.db, { boId: v.boId, memberId: v.memberId, direction, changes: moved });
  return {
    batchId: batch.id,
    done: moved.map((m) => m.id),
    refused,
    undoUntil: new Date(batch.createdAt.getTime() + SHELF_UNDO_MINUTES * 60_000).toISOString(),
  };
}

/** Deletes the chosen items that are not on shelf (softly: orders keep their snapshot); the others say why not. */
export async function deleteGoodsList(ctx: Ctx, ids: string[]): Promise<BulkReport> {
  const v = viewOf(ctx);
  const unique = [...new Set(ids)];
  const rows = new Map((await repo.findGoodsMany(ctx.db, v.boId, unique)).map((g) => [g.id, g]));
  const done = new Set(await repo.deleteNotOnShelf(ctx.db, v.boId, unique));
  const refused = unique
    .filter((id) => !done.has(id))
    .map((id) => {
      const g = rows.get(id);
      return g ? refusedOf(id, g.name, R.bulkOnShelfNoDelete) : refusedOf(id, "", R.bulkNotFound);
    });
  return { done: unique.filter((id) => done.has(id)), refused };
}
