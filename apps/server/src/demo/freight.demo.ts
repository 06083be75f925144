import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { freightTemplate, freightTemplateInfo } from "../domains/catalogue/freight/freight.tables";
import { goods } from "../domains/goods/goods.tables";
import type { Executor } from "../platform/db/client";

interface Seller {
  boId: string;
  shopId?: string | null;
}

/**
 * Three freight templates per demo seller — by piece with region rules, by weight with areas not delivered to, and
 * free shipping above an amount — and most of their goods (not packages) attached to one of them. After the goods demo.
 */
async function seedOne(db: Executor, seller: Seller) {
  const base = { boId: seller.boId, shopId: seller.shopId ?? "" };
  const [byPiece, byWeight, freeAbove] = await db
    .insert(freightTemplate)
    .values([
      // ¥8 the first piece, ¥2 each more; Jiangsu, Zhejiang and Shanghai cheaper; remote provinces dearer.
      { ...base, name: "标准快递（按件）", chargeType: "piece", firstUnit: 1, firstFee: 800, additionalUnit: 1, additionalFee: 200 },
      // ¥10 the first kilogram, ¥4 each further 500 g; no delivery to Tibet and Xinjiang.
      {
        ...base,
        name: "冷链配送（按重量）",
        chargeType: "weight",
        firstUnit: 1000,
        firstFee: 1000,
        additionalUnit: 500,
        additionalFee: 400,
        notDelivered: ["540000", "650000"],
      },
      // ¥12 the order, free above ¥99 (Hangzhou from ¥59).
      { ...base, name: "满 99 元包邮", chargeType: "piece", firstUnit: 1, firstFee: 1200, additionalUnit: 1, additionalFee: 0 },
    ])
    .returning({ id: freightTemplate.id });
  if (!byPiece || !byWeight || !freeAbove) throw new Error("insert returned nothing");
  const fee = (templateId: string, sort: number, areas: string[], first: number, more: number, unit = 1) => ({
    boId: seller.boId,
    templateId,
    kind: "fee",
    areas,
    firstUnit: unit,
    firstFee: first,
    additionalUnit: unit,
    additionalFee: more,
    sort,
  });
  const free = (templateId: string, sort: number, areas: string[], freeBy: "amount" | "quantity", threshold: number) => ({
    boId: seller.boId,
    templateId,
    kind: "free",
    areas,
    freeBy,
    threshold,
    sort,
  });
  await db
    .insert(freightTemplateInfo)
    .values([
      fee(byPiece.id, 0, ["310000", "320000", "330000"], 500, 100),
      fee(byPiece.id, 1, ["150000", "630000", "640000"], 1500, 500),
      free(byPiece.id, 0, ["330100"], "quantity", 5),
      fee(byWeight.id, 0, ["310000", "330000"], 800, 300, 1000),
      free(freeAbove.id, 0, [], "amount", 9900),
      free(freeAbove.id, 1, ["330100"], "amount", 5900),
    ]);
  // Items sent by express take a template in turn: by piece, by weight (fresh goods), free above ¥99.
  const items = await db
    .select({ id: goods.id, fresh: goods.fresh })
    .from(goods)
    .where(and(eq(goods.boId, seller.boId), eq(goods.kind, "goods"), isNull(goods.deletedAt), sql`${goods.logistics} ? 'express'`))
    .orderBy(asc(goods.id));
  const pick = (i: number, fresh: boolean) => (fresh ? byWeight.id : i % 2 === 0 ? byPiece.id : freeAbove.id);
  const byTemplate = new Map<string, string[]>();
  items.forEach((g, i) => {
    if (i % 5 === 4) return; // a few stay without a template (free shipping)
    const id = pick(i, g.fresh);
    byTemplate.set(id, [...(byTemplate.get(id) ?? []), g.id]);
  });
  for (const [templateId, ids] of byTemplate)
    await db
      .update(goods)
      // updated_at kept: the goods list's order stays the goods demo's.
      .set({ freightTemplateId: templateId, updatedAt: sql`${goods.updatedAt}` })
      .where(inArray(goods.id, ids));
}

export async function seedFreightDemo(db: Executor, sellers: { green: Seller; harbor: Seller }) {
  await seedOne(db, sellers.green);
  await seedOne(db, sellers.harbor);
}
