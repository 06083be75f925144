import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { and, asc, eq, isNull } from "drizzle-orm";
import { shopAdvert, shopAdvertItem } from "../domains/advert/advert.tables";
import { goods } from "../domains/goods/goods.tables";
import { storedFile } from "../domains/system/system.tables";
import type { Executor } from "../platform/db/client";
import { newId } from "../platform/db/ids";
import type { FileStore } from "../platform/files/file-store";
import { lighter, pngOf } from "./png";

interface Seller {
  boId: string;
  memberId: string;
  shopId?: string | null;
}

/** A PNG of one colour with a lighter band across the middle, `width`×`height` pixels (a few hundred bytes). */
export function bannerPng(width: number, height: number, colour: [number, number, number]): Buffer {
  const band = lighter(colour, 70);
  return pngOf(width, height, (_x, y) => (y >= height / 3 && y < (2 * height) / 3 ? band : colour));
}

/** The three demo banners (750×300, the home banner's size). */
const BANNERS: { name: string; title: string; rgb: [number, number, number] }[] = [
  { name: "banner-fresh.png", title: "Fresh this week", rgb: [60, 150, 70] },
  { name: "banner-fruit.png", title: "Fruit season", rgb: [220, 120, 30] },
  { name: "banner-sea.png", title: "From the harbour", rgb: [30, 100, 190] },
];

export const demoBanners = () =>
  BANNERS.map((b) => {
    const bytes = bannerPng(750, 300, b.rgb);
    return { ...b, bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
  });

/** The demo banners' bytes in the file store (content-addressed: written once, kept after). */
export async function ensureDemoBannerFiles(files: FileStore): Promise<void> {
  for (const b of demoBanners()) if (!(await files.exists(b.sha256))) await files.put(Readable.from([b.bytes]), () => true);
}

/**
 * Per demo seller (after the goods and catalogue demos): a home banner advert with three items, each an uploaded
 * banner image linking to one of the seller's first goods on shelf (the last one to a URL when it has fewer), and an
 * empty category banner.
 */
async function seedOne(db: Executor, seller: Seller) {
  const items = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.boId, seller.boId), eq(goods.listingType, "goods"), eq(goods.status, "on"), isNull(goods.deletedAt)))
    .orderBy(asc(goods.createdAt), asc(goods.id))
    .limit(3);
  const shopId = seller.shopId ?? "";
  const home = newId();
  await db.insert(shopAdvert).values([
    { id: home, boId: seller.boId, shopId, name: "Home banner", position: "homeBanner", enabled: true, sort: 1 },
    { boId: seller.boId, shopId, name: "Category banner", position: "categoryBanner", enabled: false, sort: 2 },
  ]);
  const banners = demoBanners();
  const files = await db
    .insert(storedFile)
    .values(
      banners.map((b) => ({
        boId: seller.boId,
        memberId: seller.memberId,
        name: b.name,
        contentType: "image/png",
        size: b.bytes.length,
        sha256: b.sha256,
        purpose: "advert",
      })),
    )
    .returning({ id: storedFile.id });
  await db.insert(shopAdvertItem).values(
    banners.map((b, i) => {
      const goodsId = items[i]?.id;
      return {
        boId: seller.boId,
        adId: home,
        title: b.title,
        imageFileId: files[i]?.id ?? "",
        linkKind: goodsId ? "goods" : "url",
        linkTarget: goodsId ?? "https://example.com/",
        enabled: true,
        sort: i + 1,
      };
    }),
  );
}

export async function seedAdvertDemo(db: Executor, sellers: Seller[]) {
  for (const s of sellers) await seedOne(db, s);
}
