import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { referenceService as s } from "./reference.service";

export function referenceRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.reference, {
    selSpecAreaListByPid: (input, ctx) => s.selSpecAreaListByPid(ctx, input),
    selAreaById: (input, ctx) => s.selAreaById(ctx, input),
    selAreaListByParam: (input, ctx) => s.selAreaListByParam(ctx, input),
    selSubCateListByPcateId: (input, ctx) => s.selSubCateListByPcateId(ctx, input),
    selCategoryTree: (_input, ctx) => s.selCategoryTree(ctx),
    selCategoryPath: (input, ctx) => s.selCategoryPath(ctx, input),
    selItemListByDictId: (input, ctx) => s.selItemListByDictId(ctx, input),
    selItemByCode: (input, ctx) => s.selItemByCode(ctx, input),
    selSystemUnitByParam: (input, ctx) => s.selSystemUnitByParam(ctx, input),
    selSpecItemListByDictId: (input, ctx) => s.selSpecItemListByDictId(ctx, input),
    selRelatedCategoryList: (input, ctx) => s.selRelatedCategoryList(ctx, input),
    graphqlMust: (input, ctx) => s.graphqlMust(ctx, input),
    graphqlAll: (input, ctx) => s.graphqlAll(ctx, input),
  });
}
