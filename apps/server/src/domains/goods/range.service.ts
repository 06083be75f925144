import { goodsRefusals as R, type RangeShape, referenceRefusals } from "@sbo/contract";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound } from "../../platform/http/errors";
import { categoryCatalog } from "../reference/reference.service";
import { shapeHolding } from "./geo.rules";
import * as repo from "./goods.repository";
import { type In, type Out, viewOf } from "./goods.service";

/** The range in effect: the item's own, else the shop's default. */
async function effectiveRange(ctx: Ctx, goodsId: string | null) {
  const v = viewOf(ctx);
  if (goodsId) {
    if (!(await repo.findGoods(ctx.db, v.boId, goodsId))) throw notFound(R.notFound);
    const own = await repo.rangeOf(ctx.db, v.boId, goodsId);
    if (own) return { goodsId, source: "goods" as const, shapes: own.shapes as RangeShape[] };
  }
  const shop = await repo.rangeOf(ctx.db, v.boId, null);
  return { goodsId, source: shop ? ("shop" as const) : ("none" as const), shapes: (shop?.shapes as RangeShape[] | undefined) ?? [] };
}

export const rangeService = {
  selGoodsRangeByParam: (input: In<"selGoodsRangeByParam">, ctx: Ctx): Promise<Out<"selGoodsRangeByParam">> =>
    effectiveRange(ctx, input.goodsId),

  async checkGoodsRangeCategory(input: In<"checkGoodsRangeCategory">, ctx: Ctx): Promise<Out<"checkGoodsRangeCategory">> {
    const range = await effectiveRange(ctx, input.goodsId);
    const shapeIndex = shapeHolding({ lat: input.lat, lng: input.lng }, range.shapes);
    return { inside: shapeIndex !== null, source: range.source, shapeIndex };
  },

  async saveShopRange(input: In<"saveShopRange">, ctx: Ctx): Promise<Out<"saveShopRange">> {
    const v = viewOf(ctx);
    await repo.saveRange(ctx.db, v.boId, null, input.shapes);
    return { shapes: input.shapes ?? [] };
  },

  async selAttrDefByCategoryId(input: In<"selAttrDefByCategoryId">, ctx: Ctx): Promise<Out<"selAttrDefByCategoryId">> {
    const category = (await categoryCatalog(ctx.db)).get(input.categoryId);
    if (!category) throw badField("categoryId", referenceRefusals.unknownCategory);
    const ids = category.path.map((c) => c.id);
    const defs = await repo.attrDefsOf(ctx.db, ids);
    return defs
      .sort((a, b) => ids.indexOf(a.categoryId) - ids.indexOf(b.categoryId) || a.sort - b.sort)
      .map((d) => ({
        id: d.id,
        categoryId: d.categoryId,
        name: d.name,
        nameEn: d.nameEn,
        type: d.type as "text" | "number" | "select" | "multiSelect",
        options: d.options,
        required: d.required,
        unit: d.unit,
      }));
  },
};
