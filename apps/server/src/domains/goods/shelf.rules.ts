import { checkGoodsFields, checkPackageFields, type ListingType, goodsRefusals as R, type Refusal } from "@sbo/contract";
import type { z } from "zod";
import type { Executor } from "../../platform/db/client";
import * as repo from "./goods.repository";

/* What keeps a stored item off the shelf: the publishing rules, and the seller's words for each missing piece. */

/** The first field that keeps a stored draft off the shelf, or null when it is ready (the same rules as publishing). */
export async function notReadyField(db: Executor, g: repo.GoodsRow): Promise<string | null> {
  const skus = await repo.skusOf(db, g.id);
  const found: string[] = [];
  const ctx = { addIssue: (i: { path?: PropertyKey[] }) => found.push((i.path ?? []).join(".")) } as unknown as z.RefinementCtx;
  if (g.kind === "package") {
    checkPackageFields(
      { images: g.images, logistics: g.logistics, price: skus[0]?.price ?? 0, marketPrice: skus[0]?.marketPrice ?? null, items: [] },
      ctx,
      true,
    );
  } else {
    checkGoodsFields(
      {
        ...g,
        listingType: g.listingType as ListingType,
        deliveryRange: null,
        skus: skus.map((s) => ({ ...s, code: null, barcode: null, batches: [] })),
      },
      ctx,
      true,
    );
    if (skus.length === 0) found.push("skus");
  }
  return found[0] ?? null;
}

/** What a missing field means to the seller, as a reason of its own (not the form's field key). */
export function shelfRefusalOf(field: string): Refusal {
  if (field === "images") return R.shelfNeedsImage;
  if (field === "categoryId") return R.shelfNeedsCategory;
  if (field === "unitId") return R.shelfNeedsUnit;
  if (field === "logistics") return R.shelfNeedsDelivery;
  if (field === "serviceAreas") return R.shelfNeedsServiceArea;
  if (field === "price" || /^skus\.\d+\.price$/.test(field)) return R.shelfNeedsPrice;
  if (field === "skus" || field.startsWith("skus.") || field.startsWith("specs")) return R.shelfNeedsSkus;
  return R.shelfIncomplete;
}
