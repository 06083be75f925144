import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { recommendClassify, recommendInfo } from "../domains/catalogue/recommend/recommend.tables";
import { shopClassify, shopClassifyGoods } from "../domains/catalogue/shop-category/shop-category.tables";
import { goods } from "../domains/goods/goods.tables";
import { category } from "../domains/reference/reference.tables";
import type { Executor } from "../platform/db/client";
import { newId } from "../platform/db/ids";

interface Seller {
  boId: string;
  shopId?: string | null;
}

/**
 * Per demo seller (after the goods demo): a two-level shop category tree made from the platform categories its goods
 * are in (a top-level category per platform group, a sub-category per leaf, each item linked to its leaf), a
 * "Best sellers" category of six items, and two recommendation groups with goods in order.
 */
async function seedOne(db: Executor, seller: Seller) {
  const items = await db
    .select({ id: goods.id, categoryId: goods.categoryId })
    .from(goods)
    .where(and(eq(goods.boId, seller.boId), eq(goods.kind, "goods"), eq(goods.listingType, "goods"), isNull(goods.deletedAt)))
    .orderBy(asc(goods.createdAt), asc(goods.id));
  const leafIds = [...new Set(items.flatMap((g) => (g.categoryId ? [g.categoryId] : [])))];
  const leaves = leafIds.length
    ? await db.select().from(category).where(inArray(category.id, leafIds)).orderBy(asc(category.sort), asc(category.id))
    : [];
  const topIds = [...new Set(leaves.flatMap((c) => (c.parentId ? [c.parentId] : [])))];
  const tops = topIds.length
    ? await db.select().from(category).where(inArray(category.id, topIds)).orderBy(asc(category.sort), asc(category.id))
    : [];

  const shopId = seller.shopId ?? "";
  const rows: (typeof shopClassify.$inferInsert & { id: string })[] = [];
  const links: (typeof shopClassifyGoods.$inferInsert)[] = [];
  const bestSellers = newId();
  rows.push({ id: bestSellers, boId: seller.boId, shopId, parentId: null, name: "Best sellers", sort: 1 });
  for (const g of items.slice(0, 6)) links.push({ boId: seller.boId, classifyId: bestSellers, goodsId: g.id });
  tops.forEach((top, i) => {
    const rootId = newId();
    rows.push({ id: rootId, boId: seller.boId, shopId, parentId: null, name: top.nameEn, sort: i + 2 });
    leaves
      .filter((c) => c.parentId === top.id)
      .forEach((leaf, j) => {
        const childId = newId();
        rows.push({ id: childId, boId: seller.boId, shopId, parentId: rootId, name: leaf.nameEn, sort: j + 1 });
        for (const g of items) if (g.categoryId === leaf.id) links.push({ boId: seller.boId, classifyId: childId, goodsId: g.id });
      });
  });
  // Parents before their sub-categories (the parent reference).
  await db.insert(shopClassify).values(rows.filter((r) => r.parentId === null));
  const children = rows.filter((r) => r.parentId !== null);
  if (children.length) await db.insert(shopClassify).values(children);
  if (links.length) await db.insert(shopClassifyGoods).values(links);

  const groups = [
    { name: "New this week", goods: items.slice(-6).reverse() },
    { name: "Staff picks", goods: items.filter((_, i) => i % 7 === 3).slice(0, 4) },
  ];
  for (const [i, group] of groups.entries()) {
    const id = newId();
    await db.insert(recommendClassify).values({ id, boId: seller.boId, shopId, name: group.name, visible: true, sort: i + 1 });
    if (group.goods.length)
      await db.insert(recommendInfo).values(group.goods.map((g, j) => ({ boId: seller.boId, classifyId: id, goodsId: g.id, sort: j + 1 })));
  }
}

export async function seedCatalogueShopDemo(db: Executor, sellers: { green: Seller; harbor: Seller }) {
  await seedOne(db, sellers.green);
  await seedOne(db, sellers.harbor);
}
