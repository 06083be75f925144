import type { FileStore } from "../../platform/files/file-store";
import { batchService } from "./batch/batch.service";
import { bulkService } from "./bulk.service";
import { createGoodsService, type FreightTemplates } from "./goods.service";
import { createGoodsListService, goodsPublicService } from "./goods-lists.service";
import { createImportService } from "./import/import.service";
import { marketService } from "./market/market.service";
import { packageService } from "./package/package.service";
import { createPriceService } from "./price/price.service";
import type { PromotedGoods } from "./promoted-goods.port";
import { rangeService } from "./range.service";

/**
 * The goods domain's calls put together from its aggregates (items at the root; batches, prices, packages, ranges,
 * the market boards and the import), one object per contract domain, for the routes to bind as they are.
 */
export function createGoodsCalls(files: FileStore, freight: FreightTemplates, promoted: PromotedGoods) {
  const items = createGoodsService(freight);
  const lists = createGoodsListService(promoted);
  return {
    goods: {
      ...items,
      ...lists,
      ...bulkService,
      ...createImportService(files),
      ...packageService,
      ...createPriceService(promoted),
      ...batchService,
      ...rangeService,
    },
    // The calls under /api/trading/goods/: the seller calls under a second path, counts, the sellers' directory, the
    // service boards and the goods paying a rebate.
    goodsPublic: {
      ...goodsPublicService,
      ...marketService,
      myGoodsList: lists.selGoodsInfoByPage,
      selGoodsInfoByPage: lists.selGoodsInfoByPage,
      detail: items.selGoodsById,
      publishGoods: items.publishGoods,
      modifyGoods: items.modifyGoods,
    },
  };
}
