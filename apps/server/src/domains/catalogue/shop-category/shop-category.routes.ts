import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import { exportShopClassifyList } from "./shop-category.export";
import { shopCategoryService as s } from "./shop-category.service";

export function shopCategoryRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.shopCategory, {
    selShopClassifyListByBoId: (input, ctx) => s.selShopClassifyListByBoId(ctx, input),
    selShopClassifyByParentId: (input, ctx) => s.selShopClassifyByParentId(ctx, input),
    exportShopClassifyList: (input, ctx) => exportShopClassifyList(ctx, input),
    selShopClassifyById: (input, ctx) => s.selShopClassifyById(ctx, input),
    addShopClassify: (input, ctx) => s.addShopClassify(ctx, input),
    updShopClassifyById: (input, ctx) => s.updShopClassifyById(ctx, input),
    delClassifyByIdList: (input, ctx) => s.delClassifyByIdList(ctx, input),
    updShopClassifyList: (input, ctx) => s.updShopClassifyList(ctx, input),
    selShopClassifyGoodsByPage: (input, ctx) => s.selShopClassifyGoodsByPage(ctx, input),
    addShopClassifyGoods: (input, ctx) => s.addShopClassifyGoods(ctx, input),
    delShopClassifyGoods: (input, ctx) => s.delShopClassifyGoods(ctx, input),
    updList: (input, ctx) => s.updList(ctx, input),
  });
}
