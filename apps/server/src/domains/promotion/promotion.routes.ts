import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { promotionService as promotions } from "./promotion.service";

/** The seller's promotion calls (`contract.promotion`). */
export function promotionRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.promotion, {
    queryList: (input, ctx) => promotions.queryList(ctx, input),
    exportList: (input, ctx) => promotions.exportList(ctx, input),
    selPronmotionById: (input, ctx) => promotions.selPronmotionById(ctx, input),
    addOrUpdatePromotionInfo: (input, ctx) => promotions.addOrUpdatePromotionInfo(ctx, input),
    addOrUpdatePromotionBySpec: (input, ctx) => promotions.addOrUpdatePromotionBySpec(ctx, input),
    delPromotionInfo: (input, ctx) => promotions.delPromotionInfo(ctx, input),
  });
}
