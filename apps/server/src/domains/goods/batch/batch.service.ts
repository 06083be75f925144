import { type BatchItem, codes, DEFAULT_TIME_ZONE, goodsRefusals as R, referenceRefusals } from "@sbo/contract";
import { todayIn } from "../../../platform/days";
import { type Db, type Executor, readTogether } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { AppError, badField, notFound, refuse } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import { areaRefs, checkArea, fileRefs } from "../../reference/reference.service";
import { shopTimeZones } from "../../shop/shop.port";
import { ownBase } from "../../staff/staff.port";
import * as repo from "../goods.repository";
import { takeFefo } from "../goods.rules";
import { type In, type Out, viewOf } from "../goods.service";
import { isNear } from "../goods.view";
import { Issues } from "../goods-checks.service";
import * as batchRepo from "./batch.repository";

/*
 * Fresh goods: batches per SKU (stock = what is left in the unexpired ones, rewritten in the transaction of every batch
 * change), first-expiry-first-out taking, the hourly retirement of expired batches, and trace records.
 */

const batchOut = (b: batchRepo.BatchRow, specValues: string[], today: string): BatchItem => ({
  id: b.id,
  goodsId: b.goodsId,
  skuId: b.skuId,
  specValues,
  batchNo: b.batchNo,
  quantity: b.quantity,
  left: b.left,
  productionDate: b.productionDate,
  expiresOn: b.expiresOn,
  state: b.expiresOn < today ? "expired" : b.left === 0 ? "empty" : "sellable",
  nearExpiry: b.left > 0 && b.expiresOn >= today && isNear(b.expiresOn, today),
  traceId: b.traceId,
  createdAt: b.createdAt.toISOString(),
});

async function batchItem(db: Executor, boId: string, id: string, today: string) {
  const b = await batchRepo.findBatch(db, boId, id);
  const sku = b ? await batchRepo.findSku(db, boId, b.skuId) : undefined;
  if (!b || !sku) throw notFound(R.batchNotFound);
  return batchOut(b, sku.s.specValues, today);
}

async function checkTrace(db: Executor, boId: string, goodsId: string, traceId: string | null) {
  if (traceId && !(await batchRepo.traceIdsOf(db, boId, goodsId)).has(traceId)) throw badField("traceId", R.notOwnTrace);
}

/** The sellable batches of an item (for selGoodsById/v2). */
export async function sellableBatches(ctx: Ctx, goodsId: string): Promise<BatchItem[]> {
  const v = viewOf(ctx);
  const rows = await batchRepo.batchesOf(ctx.db, v.boId, goodsId, undefined, v.today, true);
  return rows.map((r) => batchOut(r.b, r.specValues, v.today));
}

/**
 * First expiry first out: takes `quantity` of a SKU in the caller's transaction, from the earliest-expiring unexpired
 * batches (fresh goods; the batches are locked `for update`), or straight from the SKU's stock (other goods, only
 * `where stock >= n`). Refuses with nothing taken when the stock is short. Answers which batches gave how much, for the
 * order line's trace. The one function the orders issue calls to take stock.
 */
export async function takeStock(
  tx: Executor,
  skuId: string,
  quantity: number,
  timeZone: string,
): Promise<{ batchId: string; quantity: number }[]> {
  const today = todayIn(timeZone);
  const [sku] = await batchRepo.lockSkuForTake(tx, skuId);
  if (!sku) throw notFound(R.skuNotFound);
  if (!sku.fresh) {
    if (!(await batchRepo.takeFromSku(tx, skuId, quantity)))
      throw refuse(codes.CONFLICT, R.stockShort, { left: sku.stock, wanted: quantity });
    return [];
  }
  const batches = await batchRepo.lockBatchesForTake(tx, skuId);
  const takes = takeFefo(batches, quantity, today);
  if (!takes) {
    const left = batches.filter((b) => b.expiresOn >= today).reduce((n, b) => n + b.left, 0);
    throw refuse(codes.CONFLICT, R.stockShort, { left, wanted: quantity });
  }
  for (const t of takes) if (!(await batchRepo.takeFromBatch(tx, t.batchId, t.quantity))) throw new Error("a locked batch changed");
  await batchRepo.refreshFreshStock(tx, [skuId], today);
  return takes;
}

/** What a checkout's take answers: each line's batches (empty for normal goods), or the first line it could not take. */
export type OrderTake =
  | { ok: true; batches: Map<string, { batchId: string; quantity: number }[]> }
  | { ok: false; skuId: string; left: number; gone: boolean };

/**
 * Takes every line of a checkout (all its shops) in the caller's transaction and counts them as sold: normal SKUs in
 * one statement that locks the SKUs and then their items, each in id order (`takeForOrder`), fresh SKUs then by FEFO
 * (`takeStock`, their SKUs and items already locked by that statement), in item order. A line it cannot take stops it: the caller
 * refuses, and its transaction takes nothing back because it rolls back.
 */
export async function takeStockOfOrder(
  tx: Executor,
  lines: { skuId: string; goodsId: string; quantity: number; timeZone: string }[],
): Promise<OrderTake> {
  const rows = new Map((await batchRepo.takeForOrder(tx, lines)).map((r) => [r.id, r]));
  const batches = new Map<string, { batchId: string; quantity: number }[]>();
  const fresh: typeof lines = [];
  for (const l of lines) {
    const r = rows.get(l.skuId);
    if (!r) return { ok: false, skuId: l.skuId, left: 0, gone: true };
    if (r.fresh) fresh.push(l);
    else if (!r.taken) return { ok: false, skuId: l.skuId, left: r.stock, gone: false };
    else batches.set(l.skuId, []);
  }
  fresh.sort((a, b) => (a.goodsId === b.goodsId ? (a.skuId < b.skuId ? -1 : 1) : a.goodsId < b.goodsId ? -1 : 1));
  for (const l of fresh) {
    const taken = await takeStock(tx, l.skuId, l.quantity, l.timeZone).catch((err: unknown) => {
      if (err instanceof AppError && err.code === codes.CONFLICT) return { left: Number(err.params?.left ?? 0) };
      throw err;
    });
    if (!Array.isArray(taken)) return { ok: false, skuId: l.skuId, left: taken.left, gone: false };
    batches.set(l.skuId, taken);
  }
  return { ok: true, batches };
}

/**
 * Takes expired batches out of their SKUs' stock (the stored sum counts only unexpired batches): run hourly by the
 * server, one process at a time (an advisory lock), each SKU refreshed in the caller's transaction.
 */
export async function retireExpiredBatches(db: Executor): Promise<number> {
  let retired = 0;
  // Each shop's batches expire at midnight of its own time zone.
  for (const zone of new Set([DEFAULT_TIME_ZONE, ...(await shopTimeZones(db))])) {
    const today = todayIn(zone);
    const skus = await batchRepo.skusWithExpiredStock(db, today, zone);
    await batchRepo.refreshFreshStock(db, skus, today);
    retired += skus.length;
  }
  return retired;
}

/** One run of the hourly retirement, in its own transaction, skipped when another process holds the job's lock. */
export async function runBatchRetirement(db: Db): Promise<number> {
  return db.transaction(async (tx) => ((await batchRepo.tryRetirementLock(tx)) ? retireExpiredBatches(tx) : 0));
}

export const batchService = {
  async selGoodsBatchList(input: In<"selGoodsBatchList">, ctx: Ctx): Promise<Out<"selGoodsBatchList">> {
    const v = viewOf(ctx);
    if (!(await repo.findGoods(ctx.db, v.boId, input.goodsId))) throw notFound(R.notFound);
    const rows = await batchRepo.batchesOf(ctx.db, v.boId, input.goodsId, input.skuId, v.today);
    return rows.map((r) => batchOut(r.b, r.specValues, v.today));
  },

  async addGoodsBatch(input: In<"addGoodsBatch">, ctx: Ctx): Promise<Out<"addGoodsBatch">> {
    const v = viewOf(ctx);
    const sku = await batchRepo.findSku(ctx.db, v.boId, input.skuId, true);
    if (!sku) throw notFound(R.skuNotFound);
    if (!sku.g.fresh) throw badField("skuId", R.notFresh);
    if (await batchRepo.batchNoTaken(ctx.db, sku.s.id, input.batchNo)) throw badField("batchNo", R.batchNoTaken);
    await checkTrace(ctx.db, v.boId, sku.g.id, input.traceId);
    const [b] = await batchRepo.insertBatches(ctx.db, [
      {
        boId: v.boId,
        goodsId: sku.g.id,
        skuId: sku.s.id,
        batchNo: input.batchNo,
        quantity: input.quantity,
        left: input.quantity,
        productionDate: input.productionDate,
        expiresOn: input.expiresOn,
        traceId: input.traceId,
      },
    ]);
    await batchRepo.refreshFreshStock(ctx.db, [sku.s.id], v.today);
    return batchItem(ctx.db, v.boId, b?.id ?? "", v.today);
  },

  async updGoodsBatch(input: In<"updGoodsBatch">, ctx: Ctx): Promise<Out<"updGoodsBatch">> {
    const v = viewOf(ctx);
    const b = await batchRepo.findBatch(ctx.db, v.boId, input.id, true);
    if (!b) throw notFound(R.batchNotFound);
    if (await batchRepo.batchNoTaken(ctx.db, b.skuId, input.batchNo, b.id)) throw badField("batchNo", R.batchNoTaken);
    await checkTrace(ctx.db, v.boId, b.goodsId, input.traceId);
    await batchRepo.updateBatch(ctx.db, b.id, {
      batchNo: input.batchNo,
      productionDate: input.productionDate,
      expiresOn: input.expiresOn,
      traceId: input.traceId,
      left: input.left,
      // A count that finds more than came in raises what came in: `left` never exceeds `quantity`.
      quantity: Math.max(b.quantity, input.left),
    });
    await batchRepo.refreshFreshStock(ctx.db, [b.skuId], v.today);
    return batchItem(ctx.db, v.boId, b.id, v.today);
  },

  async delGoodsBatch(input: In<"delGoodsBatch">, ctx: Ctx): Promise<null> {
    const v = viewOf(ctx);
    const b = await batchRepo.findBatch(ctx.db, v.boId, input.id, true);
    if (!b) throw notFound(R.batchNotFound);
    await batchRepo.deleteBatch(ctx.db, b.id);
    await batchRepo.refreshFreshStock(ctx.db, [b.skuId], v.today);
    return null;
  },

  async selGoodsTraceListByParam(input: In<"selGoodsTraceListByParam">, ctx: Ctx): Promise<Out<"selGoodsTraceListByParam">> {
    const v = viewOf(ctx);
    const where = batchRepo.traceWhere(v.boId, input);
    return pageOf(ctx.db, input, batchRepo.traceCountSource(where), async (limit, offset) =>
      traceItems(ctx.db, v.boId, await batchRepo.tracePage(ctx.db, where, limit, offset)),
    );
  },

  async addOrUpdGoodsTrace(input: In<"addOrUpdGoodsTrace">, ctx: Ctx): Promise<Out<"addOrUpdGoodsTrace">> {
    const v = viewOf(ctx);
    const existing = input.id ? await batchRepo.findTrace(ctx.db, v.boId, input.id, true) : undefined;
    if (input.id && !existing) throw notFound(R.traceNotFound);
    const issues = new Issues();
    if (!(await repo.findGoods(ctx.db, v.boId, input.goodsId))) throw notFound(R.notFound);
    if (existing && existing.goodsId !== input.goodsId) issues.add("goodsId", R.notOwnTrace);
    if (input.baseId && !(await ownBase(ctx.db, v.boId, input.baseId))) issues.add("baseId", R.notOwnBase);
    if (input.inspectionFileId && !(await fileRefs(ctx.db, v.boId, [input.inspectionFileId])).size)
      issues.add("inspectionFileId", referenceRefusals.notOwnFile);
    issues.throwIfAny();
    await checkArea(ctx.db, input.areaCode, "areaCode");
    const values = {
      goodsId: input.goodsId,
      origin: input.origin,
      areaCode: input.areaCode,
      farm: input.farm,
      baseId: input.baseId,
      harvestDate: input.harvestDate,
      inspectionFileId: input.inspectionFileId,
      remark: input.remark,
    };
    let id: string;
    if (existing) {
      await batchRepo.updateTrace(ctx.db, existing.id, values);
      id = existing.id;
    } else id = (await batchRepo.insertTrace(ctx.db, { ...values, boId: v.boId })).id;
    const [item] = await traceItems(ctx.db, v.boId, await batchRepo.tracePage(ctx.db, batchRepo.traceById(v.boId, id), 1, 0));
    if (!item) throw notFound(R.traceNotFound);
    return item;
  },

  async delGoodsTrace(input: In<"delGoodsTrace">, ctx: Ctx): Promise<null> {
    const v = viewOf(ctx);
    const t = await batchRepo.findTrace(ctx.db, v.boId, input.id, true);
    if (!t) throw notFound(R.traceNotFound);
    await batchRepo.deleteTrace(ctx.db, t.id);
    return null;
  },
};

type TracePageRow = Awaited<ReturnType<typeof batchRepo.tracePage>>[number];

/** Trace rows with their areas, files and batch numbers (three queries for a page). */
async function traceItems(db: Executor, boId: string, rows: TracePageRow[]): Promise<Out<"addOrUpdGoodsTrace">[]> {
  const [areas, files, batchNos] = await readTogether(db, [
    () =>
      areaRefs(
        db,
        rows.map((r) => r.t.areaCode),
      ),
    () =>
      fileRefs(
        db,
        boId,
        rows.map((r) => r.t.inspectionFileId),
      ),
    () =>
      batchRepo.batchNosOfTraces(
        db,
        rows.map((r) => r.t.id),
      ),
  ]);
  return rows.map(({ t, goodsName, baseName }) => {
    const area = t.areaCode ? areas.get(t.areaCode) : undefined;
    return {
      id: t.id,
      goodsId: t.goodsId,
      goodsName,
      origin: t.origin,
      area: area ? { code: area.code, name: area.name, nameEn: area.nameEn } : null,
      farm: t.farm,
      base: t.baseId && baseName !== null ? { id: t.baseId, name: baseName } : null,
      harvestDate: t.harvestDate,
      inspectionFile: (t.inspectionFileId && files.get(t.inspectionFileId)) || null,
      remark: t.remark,
      batchNos: batchNos.get(t.id) ?? [],
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    };
  });
}
