import { codes, contract, type InputOf } from "@sbo/contract";
import { eq, sql } from "drizzle-orm";
import { pngOf } from "../demo/png";
import { goodsBatch, goodsSku } from "../domains/goods/goods.tables";
import { addDays, todayIn } from "../platform/days";
import { meOf } from "./fixtures";
import { createTestApp, type TestApp } from "./harness";

/** What the goods tests share: an uploaded image per seller, a ready item's input, publishing it. */

/**
 * The goods tests' common start: the app on the demo data, the two demo sellers' owners (Green Valley and Harbor
 * Seafood), Green Valley's organisation and an uploaded image of each.
 */
export async function goodsTestApp() {
  const t = await createTestApp();
  const owner = await t.login("demo");
  const harborOwner = await t.login("demo2");
  const green = (await meOf(t, owner)).boId;
  const image = await uploadImage(t, owner);
  const harborImage = await uploadImage(t, harborOwner);
  return { t, owner, harborOwner, green, image, harborImage };
}

/** A 1×1 PNG (a real one: uploaded images are decoded before they are kept). */
export const PNG = pngOf(1, 1, () => [40, 160, 80]);

/** Uploads an image as the ticket's organisation; answers its file id. */
export async function uploadImage(t: TestApp, ticket: string, name = "apple.png"): Promise<string> {
  const res = await t.upload<{ id: string }>(
    contract.system.upload.path,
    [
      { name: "systemId", value: "71" },
      { name: "purpose", value: "goods" },
      { name: "file", filename: name, contentType: "image/png", value: PNG },
    ],
    { ticket },
  );
  if (res.code !== codes.OK) throw new Error(`upload failed: ${res.code} ${res.msg}`);
  return res.data.id;
}

export type PublishInput = InputOf<typeof contract.goods.publishGoods>;

/** An item ready for the shelf with two specs (2 × 2 SKUs), in a leaf category with its required attributes. */
export function readyGoods(image: string, patch: Partial<PublishInput> = {}): PublishInput {
  const sku = (w: string, p: string, price: number, stock: number, code: string | null = null) => ({
    specValues: [w, p],
    price,
    stock,
    code,
  });
  return {
    name: "Navel oranges",
    subtitle: "Sweet and juicy",
    categoryId: "C0101",
    unitId: "kg",
    attrs: { "C01.grade": "premium", "C01.storage": "chilled", "C0101.brix": 13 },
    images: [image],
    logistics: ["express"],
    specs: [
      { name: "Weight", values: ["500 g", "1 kg"] },
      { name: "Pack", values: ["bag", "box"] },
    ],
    skus: [sku("500 g", "bag", 990, 10), sku("500 g", "box", 1290, 5), sku("1 kg", "bag", 1790, 8), sku("1 kg", "box", 2190, 0)],
    ...patch,
  };
}

/** A simple item with one SKU. */
export function simpleGoods(image: string, name: string, patch: Partial<PublishInput> = {}): PublishInput {
  return readyGoods(image, { name, specs: [], skus: [{ specValues: [], price: 1000, stock: 20 }], ...patch });
}

/** Publishes (optionally on shelf) and answers the item's id; throws when refused. */
export async function publish(t: TestApp, ticket: string, input: PublishInput, on = false): Promise<string> {
  const call = on ? contract.goods.publishGoodsAndStatusOn : contract.goods.publishGoods;
  const res = await t.call(call, input as InputOf<typeof call>, { ticket });
  if (res.code !== codes.OK) throw new Error(`publish failed: ${res.code} ${res.msg} ${JSON.stringify(res.data)}`);
  return (res.data as { id: string }).id;
}

/** How many goods rows an organisation has (deleted included): "nothing written" checks. */
export async function goodsRows(t: TestApp, boId: string): Promise<number> {
  const r = (await t.db.execute(sql`select count(*)::int as n from goods where bo_id = ${boId}`)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Fresh goods on shelf with one SKU and two batches made two days ago: "SOON" (3, expiring in 2 days) and "LATE"
 * (5, expiring in 9), as the FEFO tests of orders, changes and after-sales need; answers the SKU and a read of what
 * each batch has left.
 */
export async function freshGoodsInTwoBatches(t: TestApp, ticket: string, image: string, name: string) {
  const today = todayIn("Asia/Shanghai");
  const made = addDays(today, -2);
  const goodsId = await publish(
    t,
    ticket,
    simpleGoods(image, name, {
      fresh: true,
      skus: [
        {
          specValues: [],
          price: 500,
          stock: 0,
          batches: [
            { batchNo: "LATE", quantity: 5, productionDate: made, expiresOn: addDays(today, 9) },
            { batchNo: "SOON", quantity: 3, productionDate: made, expiresOn: addDays(today, 2) },
          ],
        },
      ],
    } as never),
    true,
  );
  const [sku] = await t.db.select().from(goodsSku).where(eq(goodsSku.goodsId, goodsId));
  if (!sku) throw new Error("the published goods has no SKU");
  const left = async (): Promise<Record<string, number>> =>
    Object.fromEntries((await t.db.select().from(goodsBatch).where(eq(goodsBatch.goodsId, goodsId))).map((b) => [b.batchNo, b.left]));
  return { goodsId, skuId: sku.id, left };
}
