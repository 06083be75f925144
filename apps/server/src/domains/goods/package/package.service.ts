import { codes, goodsRefusals as R } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { notFound, refuse, stateForbids } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import * as repo from "../goods.repository";
import { detailOrMissing, type In, type Out, viewOf } from "../goods.service";
import { packageItems } from "../goods.view";
import { checkCategoryAndUnit, checkMedia, Issues, sanitizedDescription } from "../goods-checks.service";
import * as packageRepo from "./package.repository";

/*
 * Packages: a goods row of kind 'package' with one SKU holding its price (so orders, member prices and ladders treat it
 * like any item), and its parts: SKUs of the seller's published normal items with quantities. Its stock is not
 * stored: what can be sold follows the parts (goods.rules packageAvailable).
 */

type PackageInput = In<"publishGoodsPackageAndStatusOn"> & { draft?: boolean };

async function checkPackageInput(db: Executor, boId: string, input: PackageInput, packageId: string | null) {
  const issues = new Issues();
  await checkCategoryAndUnit(db, issues, { categoryId: input.categoryId });
  await checkMedia(db, boId, issues, input);
  const parts = await packageRepo.partSkus(
    db,
    boId,
    input.items.map((i) => i.skuId),
  );
  input.items.forEach((item, i) => {
    const part = parts.get(item.skuId);
    if (!part || part.goodsId === packageId) issues.add(`items.${i}.skuId`, R.packagePartNotOwn);
    else if (part.kind === "package") issues.add(`items.${i}.skuId`, R.packagePartIsPackage);
    else if (part.listingType !== "goods") issues.add(`items.${i}.skuId`, R.packagePartIsService);
    else if (part.status === "draft") issues.add(`items.${i}.skuId`, R.packagePartDraft);
  });
  if (input.code && (await repo.codesTaken(db, boId, [input.code.toLowerCase()], packageId)).size) issues.add("code", R.skuCodeTaken);
  issues.throwIfAny();
  return parts;
}

async function savePackage(ctx: Ctx, input: PackageInput, opts: { id?: string; on: boolean }): Promise<Out<"publishGoodsPackage">> {
  const v = viewOf(ctx);
  const db = ctx.db;
  const row = opts.id ? await repo.findGoods(db, v.boId, opts.id, true) : undefined;
  if (opts.id && !row) throw notFound(R.packageNotFound);
  if (row && row.kind !== "package") throw refuse(codes.NOT_FOUND, R.notAPackage);
  const draft = !opts.on && input.draft === true;
  if (row && row.status !== "draft" && draft) throw stateForbids(R.publishedNotDraft, { name: row.name });
  const parts = await checkPackageInput(db, v.boId, input, row?.id ?? null);
  if (opts.on) {
    const off = input.items.map((i) => parts.get(i.skuId)).find((p) => p && p.status !== "on");
    if (off) throw stateForbids(R.packagePartOffShelf, { name: input.name, part: off.goodsName });
  }
  const status = opts.on ? "on" : draft ? "draft" : row && row.status !== "draft" ? row.status : "off";
  const values = {
    name: input.name,
    subtitle: input.subtitle,
    categoryId: input.categoryId,
    images: input.images,
    videoFileId: input.videoFileId,
    descriptionHtml: await sanitizedDescription(db, v.boId, input.descriptionHtml),
    logistics: [...new Set(input.logistics)],
    stockLimit: input.stockLimit,
    status,
    onShelfAt: status === "on" && row?.status !== "on" ? new Date() : (row?.onShelfAt ?? null),
  };
  const id = await repo.saveGoodsRow(db, row, values, { boId: v.boId, shopId: v.shopId, kind: "package" });
  const sku = { price: input.price, marketPrice: input.marketPrice, code: input.code || null };
  const [existing] = await repo.skusOf(db, id);
  if (existing) {
    if (existing.price !== sku.price || existing.marketPrice !== sku.marketPrice || existing.code !== sku.code)
      await repo.updateSku(db, existing.id, sku);
  } else await repo.insertSkus(db, [{ ...sku, boId: v.boId, goodsId: id, specValues: [], stock: 0 }]);
  await packageRepo.replaceParts(
    db,
    v.boId,
    id,
    input.items.map((item, sort) => ({ skuId: item.skuId, goodsId: parts.get(item.skuId)?.goodsId ?? "", quantity: item.quantity, sort })),
  );
  await repo.refreshAggregates(db, id);
  return detailOrMissing(db, v, id);
}

export const packageService = {
  publishGoodsPackage: (input: In<"publishGoodsPackage">, ctx: Ctx) => savePackage(ctx, input, { on: false }),
  publishGoodsPackageAndStatusOn: (input: In<"publishGoodsPackageAndStatusOn">, ctx: Ctx) => savePackage(ctx, input, { on: true }),
  modifyGoodsPackage: (input: In<"modifyGoodsPackage">, ctx: Ctx) => savePackage(ctx, input, { id: input.id, on: false }),
  modifyGoodsPackageAndStatusOn: (input: In<"modifyGoodsPackageAndStatusOn">, ctx: Ctx) =>
    savePackage(ctx, input, { id: input.id, on: true }),

  async selPackageGoodsListByDefaultShop(
    input: In<"selPackageGoodsListByDefaultShop">,
    ctx: Ctx,
  ): Promise<Out<"selPackageGoodsListByDefaultShop">> {
    const v = viewOf(ctx);
    const where = repo.goodsWhere(v.boId, { kind: "package", keyword: input.keyword, status: input.status });
    return pageOf(ctx.db, input, repo.goodsCountSource(where), async (limit, offset) =>
      packageItems(ctx.db, v, await repo.listPage(ctx.db, where, v.today, limit, offset)),
    );
  },
};
