import { codes, type contract, type OutputOf, type ParsedInputOf, goodsRefusals as R, SHELF_UNDO_MINUTES } from "@sbo/contract";
import { todayIn } from "../../platform/days";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, refuse, stateForbids } from "../../platform/http/errors";
import { areaRefs } from "../reference/reference.service";
import * as batchRepo from "./batch/batch.repository";
import * as repo from "./goods.repository";
import { comboKey } from "./goods.rules";
import { detailOf, listItem, type ViewContext } from "./goods.view";
import { checkAttrs, checkCategoryAndUnit, checkMedia, Issues, sanitizedDescription } from "./goods-checks.service";
import { notReadyField } from "./shelf.rules";

type G = typeof contract.goods;
export type In<K extends keyof G> = ParsedInputOf<G[K]>;
export type Out<K extends keyof G> = OutputOf<G[K]>;
type GoodsInput = In<"publishGoodsAndStatusOn"> & { draft?: boolean };

/**
 * The freight templates goods may name: a port the catalogue domain (a higher one) hands in through `app.ts`, so that
 * goods never imports it. The foreign key on (bo_id, freight_template_id) keeps the data right whatever happens; the
 * port gives the seller a 400 naming the field, with the form's other problems, and holds the template until the save
 * commits, so a concurrent delete of the template waits and then counts this item.
 */
export interface FreightTemplates {
  /** Whether the organisation owns the template, held (FOR KEY SHARE) for the rest of the transaction. */
  holds(db: Executor, boId: string, id: string): Promise<boolean>;
}

/** How many live goods items name each template (the catalogue refuses to delete a template in use). */
export const goodsUsingFreightTemplates = (db: Executor, boId: string, templateIds: string[]) =>
  repo.freightTemplateUse(db, boId, templateIds);

/** The caller's organisation, shop and "today" (the shop's date). */
export function viewOf(ctx: Ctx): ViewContext & { shopId: string; memberId: string } {
  const me = ctx.me();
  return { boId: me.boId, today: todayIn(me.timeZone), shopId: me.shop?.id ?? "", memberId: me.memberId };
}

export async function detailOrMissing(db: Executor, v: ViewContext, id: string): Promise<Out<"selGoodsById">> {
  const d = await detailOf(db, v, id);
  if (!d) throw notFound(R.notFound);
  return d;
}

// ---------------------------------------------------------------------------------------------------
// Publishing and editing

/** The DB checks of an item's input; throws one 400 naming every field found wrong. */
async function checkGoodsInput(
  db: Executor,
  boId: string,
  input: GoodsInput,
  publish: boolean,
  goodsId: string | null,
  freight: FreightTemplates,
) {
  const issues = new Issues();
  if (input.freightTemplateId && !(await freight.holds(db, boId, input.freightTemplateId)))
    issues.add("freightTemplateId", R.freightTemplateNotOwn);
  if (input.serviceAreas.length) {
    // Provinces and cities of the platform's areas (the contract keeps out districts by their code).
    const known = await areaRefs(db, input.serviceAreas);
    input.serviceAreas.forEach((code, i) => {
      if ((known.get(code)?.codes.length ?? 3) > 2) issues.add(`serviceAreas.${i}`, R.serviceAreaUnknown);
    });
  }
  const category = await checkCategoryAndUnit(db, issues, input);
  await checkMedia(db, boId, issues, input);
  await checkAttrs(db, issues, category?.path.map((c) => c.id) ?? [], input.attrs, publish);
  const codes = input.skus.flatMap((s) => (s.code ? [s.code.toLowerCase()] : []));
  const taken = await repo.codesTaken(db, boId, codes, goodsId);
  input.skus.forEach((s, i) => {
    if (s.code && taken.has(s.code.toLowerCase())) issues.add(`skus.${i}.code`, R.skuCodeTaken);
  });
  const traceIds = input.skus.flatMap((s) => s.batches.flatMap((b) => (b.traceId ? [b.traceId] : [])));
  if (traceIds.length) {
    const own = goodsId ? await batchRepo.traceIdsOf(db, boId, goodsId) : new Set<string>();
    input.skus.forEach((s, i) => {
      s.batches.forEach((b, j) => {
        if (b.traceId && !own.has(b.traceId)) issues.add(`skus.${i}.batches.${j}.traceId`, R.notOwnTrace);
      });
    });
  }
  issues.throwIfAny();
}

/**
 * Writes the SKU grid of an item: rows whose spec values already exist keep their id (so stock, batches and prices
 * stay), new combinations are added with their first batches (fresh goods), the rest are retired. Then the stock of
 * fresh SKUs is rewritten from their batches and the item's price range and total from its SKUs.
 */
async function writeSkus(db: Executor, v: ViewContext, goodsId: string, input: GoodsInput, existing: repo.SkuRow[]) {
  const byKey = new Map(existing.map((s) => [comboKey(s.specValues), s]));
  const wanted = new Set(input.skus.map((s) => comboKey(s.specValues)));
  await repo.retireSkus(
    db,
    existing.filter((s) => !wanted.has(comboKey(s.specValues))).map((s) => s.id),
  );
  const fresh: string[] = [];
  const added: { sort: number; batches: GoodsInput["skus"][number]["batches"] }[] = [];
  const toInsert: Parameters<typeof repo.insertSkus>[1] = [];
  for (const [sort, s] of input.skus.entries()) {
    const values = {
      price: s.price,
      marketPrice: s.marketPrice,
      costPrice: s.costPrice,
      code: s.code || null,
      barcode: s.barcode || null,
      weightG: s.weightG,
      volumeCm3: s.volumeCm3,
      sort,
    };
    const old = byKey.get(comboKey(s.specValues));
    if (old) {
      const patch: Partial<repo.SkuRow> = {};
      for (const [k, value] of Object.entries(values) as [keyof typeof values, unknown][])
        if (old[k] !== value) Object.assign(patch, { [k]: value });
      if (!input.fresh && old.stock !== s.stock) patch.stock = s.stock;
      if (Object.keys(patch).length) await repo.updateSku(db, old.id, patch);
      if (input.fresh) fresh.push(old.id);
    } else {
      toInsert.push({ ...values, boId: v.boId, goodsId, specValues: s.specValues, stock: input.fresh ? 0 : s.stock });
      added.push({ sort, batches: s.batches });
    }
  }
  const inserted = await repo.insertSkus(db, toInsert);
  if (input.fresh) {
    const bySort = new Map(inserted.map((s) => [s.sort, s.id]));
    await batchRepo.insertBatches(
      db,
      added.flatMap(({ sort, batches }) =>
        batches.map((b) => ({
          boId: v.boId,
          goodsId,
          skuId: bySort.get(sort) ?? "",
          batchNo: b.batchNo,
          quantity: b.quantity,
          left: b.quantity,
          productionDate: b.productionDate,
          expiresOn: b.expiresOn,
          traceId: b.traceId,
        })),
      ),
    );
    fresh.push(...inserted.map((s) => s.id));
    await batchRepo.refreshFreshStock(db, fresh, v.today);
  }
  await repo.refreshAggregates(db, goodsId);
}

/** Publish (new) or edit (`id`) an item, optionally putting it on shelf, in the call's one transaction. */
async function saveGoods(
  ctx: Ctx,
  input: GoodsInput,
  opts: { id?: string; on: boolean },
  freight: FreightTemplates,
): Promise<Out<"publishGoods">> {
  const v = viewOf(ctx);
  const db = ctx.db;
  const row = opts.id ? await repo.findGoods(db, v.boId, opts.id, true) : undefined;
  if (opts.id && !row) throw notFound(R.notFound);
  if (row?.kind === "package") throw refuse(codes.NOT_FOUND, R.aPackage);
  if (row && row.listingType !== input.listingType) throw badField("listingType", R.listingTypeFixed);
  const draft = !opts.on && input.draft === true;
  if (row && row.status !== "draft" && draft) throw stateForbids(R.publishedNotDraft, { name: row.name });
  await checkGoodsInput(db, v.boId, input, !draft, row?.id ?? null, freight);
  const status = opts.on ? "on" : draft ? "draft" : row && row.status !== "draft" ? row.status : "off";
  const values = {
    name: input.name,
    subtitle: input.subtitle,
    categoryId: input.categoryId,
    unitId: input.unitId,
    attrs: input.attrs,
    specs: input.specs,
    images: input.images,
    videoFileId: input.videoFileId,
    descriptionHtml: await sanitizedDescription(db, v.boId, input.descriptionHtml),
    logistics: [...new Set(input.logistics)],
    fresh: input.fresh,
    freightTemplateId: input.freightTemplateId,
    storageLocation: input.storageLocation,
    listingType: input.listingType,
    serviceAreas: [...input.serviceAreas],
    rebateBp: input.rebateBp,
    status,
    onShelfAt: status === "on" && row?.status !== "on" ? new Date() : (row?.onShelfAt ?? null),
  };
  const id = await repo.saveGoodsRow(db, row, values, { boId: v.boId, shopId: v.shopId, kind: "goods" });
  await writeSkus(db, v, id, input, row ? await repo.skusOf(db, id) : []);
  await repo.saveRange(db, v.boId, id, input.deliveryRange);
  return detailOrMissing(db, v, id);
}

// ---------------------------------------------------------------------------------------------------
// Shelf

/** A package may go on shelf only while each part's item is on shelf. */
async function checkPartsOnShelf(db: Executor, g: repo.GoodsRow) {
  if (g.kind !== "package") return;
  const off = (await repo.partsOf(db, [g.id])).find((p) => !p.onShelf);
  if (off) throw stateForbids(R.packagePartOffShelf, { name: g.name, part: off.goodsName });
}

async function statusOn(ctx: Ctx, id: string): Promise<Out<"updStatusOn">> {
  const v = viewOf(ctx);
  const g = await repo.findGoods(ctx.db, v.boId, id, true);
  if (!g) throw notFound(R.notFound);
  if (g.status === "on") throw stateForbids(R.alreadyOn, { name: g.name });
  if (g.status === "draft") {
    const field = await notReadyField(ctx.db, g);
    if (field) throw stateForbids(R.notReadyForShelf, { name: g.name, field, form: "goods" });
  }
  await checkPartsOnShelf(ctx.db, g);
  await repo.updateGoods(ctx.db, g.id, { status: "on", onShelfAt: new Date() });
  return listItem(ctx.db, v, g.id);
}

async function statusOut(ctx: Ctx, id: string): Promise<Out<"updStatusOut">> {
  const v = viewOf(ctx);
  const g = await repo.findGoods(ctx.db, v.boId, id, true);
  if (!g) throw notFound(R.notFound);
  if (g.status === "off") throw stateForbids(R.alreadyOff, { name: g.name });
  if (g.status === "draft") throw stateForbids(R.draftNotOnShelf, { name: g.name });
  await repo.updateGoods(ctx.db, g.id, { status: "off" });
  return listItem(ctx.db, v, g.id);
}

async function undoShelf(ctx: Ctx, batchId: string): Promise<Out<"undoBatchUpdateStatus">> {
  const v = viewOf(ctx);
  const latest = await repo.latestShelfBatch(ctx.db, v.boId, true);
  const target = latest?.id === batchId ? latest : await repo.findShelfBatchRow(ctx.db, v.boId, batchId);
  if (!target) throw notFound(R.shelfBatchNotFound);
  if (target.undoneAt) throw stateForbids(R.undoAlreadyDone);
  if (latest?.id !== target.id) throw stateForbids(R.undoNotLatest);
  if (!(await repo.shelfBatchYoung(ctx.db, target.id, SHELF_UNDO_MINUTES)))
    throw stateForbids(R.undoExpired, { minutes: SHELF_UNDO_MINUTES });
  const byFrom = new Map<string, string[]>();
  for (const c of target.changes) byFrom.set(c.from, [...(byFrom.get(c.from) ?? []), c.id]);
  const restored: string[] = [];
  for (const [from, ids] of byFrom)
    restored.push(...(await repo.moveStatus(ctx.db, v.boId, ids, [target.direction], from)).map((m) => m.id));
  await repo.markShelfBatchUndone(ctx.db, target.id);
  const back = new Set(restored);
  return { restored, skipped: target.changes.map((c) => c.id).filter((id) => !back.has(id)) };
}

async function deleteGoods(ctx: Ctx, id: string): Promise<null> {
  const v = viewOf(ctx);
  const g = await repo.findGoods(ctx.db, v.boId, id, true);
  if (!g) throw notFound(R.notFound);
  if (g.status === "on") throw stateForbids(R.deleteOnShelf, { name: g.name });
  await repo.updateGoods(ctx.db, g.id, { deletedAt: new Date() });
  return null;
}

export const createGoodsService = (freight: FreightTemplates) => ({
  selGoodsById: (input: In<"selGoodsById">, ctx: Ctx) => detailOrMissing(ctx.db, viewOf(ctx), input.id),
  publishGoods: (input: In<"publishGoods">, ctx: Ctx) => saveGoods(ctx, input, { on: false }, freight),
  publishGoodsAndStatusOn: (input: In<"publishGoodsAndStatusOn">, ctx: Ctx) => saveGoods(ctx, input, { on: true }, freight),
  modifyGoods: (input: In<"modifyGoods">, ctx: Ctx) => saveGoods(ctx, input, { id: input.id, on: false }, freight),
  modifyGoodsAndStatusOn: (input: In<"modifyGoodsAndStatusOn">, ctx: Ctx) => saveGoods(ctx, input, { id: input.id, on: true }, freight),
  delGoods: (input: In<"delGoods">, ctx: Ctx) => deleteGoods(ctx, input.id),
  updStatusOn: (input: In<"updStatusOn">, ctx: Ctx) => statusOn(ctx, input.id),
  updStatusOut: (input: In<"updStatusOut">, ctx: Ctx) => statusOut(ctx, input.id),
  undoBatchUpdateStatus: (input: In<"undoBatchUpdateStatus">, ctx: Ctx) => undoShelf(ctx, input.batchId),
  async selLastShelfBatch(_input: unknown, ctx: Ctx): Promise<Out<"selLastShelfBatch">> {
    const v = viewOf(ctx);
    const row = await repo.lastUndoableShelfBatch(ctx.db, v.boId, SHELF_UNDO_MINUTES);
    if (!row) return null;
    return {
      batchId: row.b.id,
      direction: row.b.direction as "on" | "off",
      count: row.b.changes.length,
      byName: row.byName ?? "",
      at: row.b.createdAt.toISOString(),
      undoUntil: new Date(row.b.createdAt.getTime() + SHELF_UNDO_MINUTES * 60_000).toISOString(),
    };
  },
});
