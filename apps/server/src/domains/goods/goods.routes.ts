import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { batchService, sellableBatches } from "./batch.service";
import { bulkService as bulk } from "./bulk.service";
import { createGoodsService, type FreightTemplates, goodsPublicService as publicCalls } from "./goods.service";
import { createImportService } from "./import.service";
import { marketService as market } from "./market.service";
import { packageService as packages } from "./package.service";
import { priceService as prices } from "./price.service";
import type { PromotedGoods } from "./promoted-goods.port";
import { rangeService as ranges } from "./range.service";

export function goodsRoutes(
  app: FastifyInstance,
  platform: Platform,
  files: FileStore,
  freight: FreightTemplates,
  promoted: PromotedGoods,
) {
  const imports = createImportService(files);
  const items = createGoodsService(freight, promoted);
  bindDomain(app, platform, contract.goods, {
    selGoodsById: (input, ctx) => items.selGoodsById(ctx, input),
    selGoodsByIdV2: (input, ctx) => prices.detailV2(ctx, input.id, sellableBatches),
    delGoods: (input, ctx) => items.delGoods(ctx, input),
    delGoodsList: (input, ctx) => bulk.delGoodsList(ctx, input),
    updStatusOn: (input, ctx) => items.updStatusOn(ctx, input),
    updStatusOut: (input, ctx) => items.updStatusOut(ctx, input),
    selSupportLogistics: (_input, ctx) => items.selSupportLogistics(ctx),
    selGoodsByParam: (input, ctx) => items.selGoodsByParam(ctx, input),
    selGoodsTpl: (_input, ctx) => imports.selGoodsTpl(ctx),
    publishGoods: (input, ctx) => items.publishGoods(ctx, input),
    publishGoodsAndStatusOn: (input, ctx) => items.publishGoodsAndStatusOn(ctx, input),
    modifyGoods: (input, ctx) => items.modifyGoods(ctx, input),
    modifyGoodsAndStatusOn: (input, ctx) => items.modifyGoodsAndStatusOn(ctx, input),
    publishGoodsPackage: (input, ctx) => packages.publishGoodsPackage(ctx, input),
    publishGoodsPackageAndStatusOn: (input, ctx) => packages.publishGoodsPackageAndStatusOn(ctx, input),
    modifyGoodsPackage: (input, ctx) => packages.modifyGoodsPackage(ctx, input),
    modifyGoodsPackageAndStatusOn: (input, ctx) => packages.modifyGoodsPackageAndStatusOn(ctx, input),
    selGoodsListByDefaultShop: (input, ctx) => items.selGoodsListByDefaultShop(ctx, input),
    exportGoodsList: (input, ctx) => items.exportGoodsList(ctx, input),
    selAllowPackageByDefaultShop: (input, ctx) => items.selAllowPackageByDefaultShop(ctx, input),
    selPackageGoodsListByDefaultShop: (input, ctx) => packages.selPackageGoodsListByDefaultShop(ctx, input),
    selGoodsListByMember: (input, ctx) => prices.selGoodsListByMember(ctx, input),
    selNotPromotionGoodsList: (input, ctx) => items.selNotPromotionGoodsList(ctx, input),
    selGifGoodsList: (input, ctx) => items.selGifGoodsList(ctx, input),
    selGoodsInfoListByDefaultShop: (input, ctx) => items.selGoodsInfoListByDefaultShop(ctx, input),
    batchUpdateStatusOn: (input, ctx) => bulk.batchUpdateStatusOn(ctx, input),
    batchUpdateStatusOut: (input, ctx) => bulk.batchUpdateStatusOut(ctx, input),
    undoBatchUpdateStatus: (input, ctx) => items.undoBatchUpdateStatus(ctx, input),
    selLastShelfBatch: (_input, ctx) => items.selLastShelfBatch(ctx),
    selGoodRecommendByShopId: (input, ctx) => items.selGoodRecommendByShopId(ctx, input),
    selGoodsInfoByPage: (input, ctx) => items.selGoodsInfoByPage(ctx, input),
    importGoodsList: (input, ctx) => imports.importGoodsList(ctx, input),
    selGoodsPromotion: (input, ctx) => prices.selGoodsPromotion(ctx, input, promoted),
    selGoodsBatchList: (input, ctx) => batchService.selGoodsBatchList(ctx, input),
    addGoodsBatch: (input, ctx) => batchService.addGoodsBatch(ctx, input),
    updGoodsBatch: (input, ctx) => batchService.updGoodsBatch(ctx, input),
    delGoodsBatch: (input, ctx) => batchService.delGoodsBatch(ctx, input),
    selGoodsTraceListByParam: (input, ctx) => batchService.selGoodsTraceListByParam(ctx, input),
    addOrUpdGoodsTrace: (input, ctx) => batchService.addOrUpdGoodsTrace(ctx, input),
    delGoodsTrace: (input, ctx) => batchService.delGoodsTrace(ctx, input),
    selGoodsMemberPriceById: (input, ctx) => prices.selGoodsMemberPriceById(ctx, input),
    saveGoodsMemberPrice: (input, ctx) => prices.saveGoodsMemberPrice(ctx, input),
    delGoodsMemberPrice: (input, ctx) => prices.delGoodsMemberPrice(ctx, input),
    selGoodsLadderList: (input, ctx) => prices.selGoodsLadderList(ctx, input),
    selGoodsLadderById: (input, ctx) => prices.selGoodsLadderById(ctx, input),
    saveGoodsLadderPrice: (input, ctx) => prices.saveGoodsLadderPrice(ctx, input),
    delGoodsLadderPrice: (input, ctx) => prices.delGoodsLadderPrice(ctx, input),
    selAttrDefByCategoryId: (input, ctx) => ranges.selAttrDefByCategoryId(ctx, input),
    selGoodsRangeByParam: (input, ctx) => ranges.selGoodsRangeByParam(ctx, input),
    checkGoodsRangeCategory: (input, ctx) => ranges.checkGoodsRangeCategory(ctx, input),
    saveShopRange: (input, ctx) => ranges.saveShopRange(ctx, input),
  });
  // The calls under /api/trading/goods/: the seller calls under a second path, counts, the sellers' directory, the
  // service boards and the goods paying a rebate.
  bindDomain(app, platform, contract.goodsPublic, {
    myGoodsList: (input, ctx) => items.selGoodsInfoByPage(ctx, input),
    selGoodsInfoByPage: (input, ctx) => items.selGoodsInfoByPage(ctx, input),
    detail: (input, ctx) => items.selGoodsById(ctx, input),
    publishGoods: (input, ctx) => items.publishGoods(ctx, input),
    modifyGoods: (input, ctx) => items.modifyGoods(ctx, input),
    selBaseGoodsStatus: (_input, ctx) => publicCalls.selBaseGoodsStatus(ctx),
    selGoodsNumByTypeAndCate: (input, ctx) => publicCalls.selGoodsNumByTypeAndCate(ctx, input),
    selBoListByCategory: (input, ctx) => publicCalls.selBoListByCategory(ctx, input),
    selBoListByParam: (input, ctx) => publicCalls.selBoListByParam(ctx, input),
    selGoodsInfoFwgyByPage: (input, ctx) => market.selGoodsInfoFwgyByPage(ctx, input),
    selGoodsInfoFwxqByPage: (input, ctx) => market.selGoodsInfoFwxqByPage(ctx, input),
    selGoodsListByPageV2WithRebate: (input, ctx) => market.selGoodsListByPageV2WithRebate(ctx, input),
  });
}
