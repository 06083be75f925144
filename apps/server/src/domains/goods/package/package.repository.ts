import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { goods, goodsPackageItem, goodsSku } from "../goods.tables";

/** The organisation's live SKUs among `skuIds` with their item's kind, listing type, status and name (one query). */
export async function partSkus(db: Executor, boId: string, skuIds: string[]) {
  if (skuIds.length === 0)
    return new Map<string, { goodsId: string; kind: string; listingType: string; status: string; goodsName: string }>();
  const rows = await db
    .select({
      skuId: goodsSku.id,
      goodsId: goods.id,
      kind: goods.kind,
      listingType: goods.listingType,
      status: goods.status,
      goodsName: goods.name,
    })
    .from(goodsSku)
    .innerJoin(goods, eq(goods.id, goodsSku.goodsId))
    .where(and(eq(goodsSku.boId, boId), inArray(goodsSku.id, skuIds), isNull(goodsSku.retiredAt), isNull(goods.deletedAt)));
  return new Map(rows.map(({ skuId, ...r }) => [skuId, r]));
}

/** Makes a package's parts exactly these: removed ones deleted, kept ones updated when changed, new ones added. */
export async function replaceParts(
  db: Executor,
  boId: string,
  packageId: string,
  parts: { skuId: string; goodsId: string; quantity: number; sort: number }[],
) {
  const existing = await db.select().from(goodsPackageItem).where(eq(goodsPackageItem.packageId, packageId));
  const wanted = new Map(parts.map((p) => [p.skuId, p]));
  const gone = existing.filter((e) => !wanted.has(e.skuId)).map((e) => e.skuId);
  if (gone.length)
    await db.delete(goodsPackageItem).where(and(eq(goodsPackageItem.packageId, packageId), inArray(goodsPackageItem.skuId, gone)));
  const have = new Map(existing.map((e) => [e.skuId, e]));
  for (const p of parts) {
    const old = have.get(p.skuId);
    if (!old) await db.insert(goodsPackageItem).values({ boId, packageId, ...p });
    else if (old.quantity !== p.quantity || old.sort !== p.sort)
      await db
        .update(goodsPackageItem)
        .set({ quantity: p.quantity, sort: p.sort })
        .where(and(eq(goodsPackageItem.packageId, packageId), eq(goodsPackageItem.skuId, p.skuId)));
  }
}
