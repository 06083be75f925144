import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import type { FreightTemplates } from "./goods.service";
import { createGoodsCalls } from "./goods-calls.service";
import type { PromotedGoods } from "./promoted-goods.port";

export function goodsRoutes(
  app: FastifyInstance,
  platform: Platform,
  files: FileStore,
  freight: FreightTemplates,
  promoted: PromotedGoods,
) {
  const calls = createGoodsCalls(files, freight, promoted);
  bindDomain(app, platform, contract.goods, calls.goods);
  bindDomain(app, platform, contract.goodsPublic, calls.goodsPublic);
}
