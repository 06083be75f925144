import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import { recommendService as s } from "./recommend.service";

export function recommendRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.recommend, {
    selRecommendClassifyList: (_input, ctx) => s.selRecommendClassifyList(ctx),
    addRecommendClassify: (input, ctx) => s.addRecommendClassify(ctx, input),
    updRecommendClassifyById: (input, ctx) => s.updRecommendClassifyById(ctx, input),
    execRecommendClassifyList: (input, ctx) => s.execRecommendClassifyList(ctx, input),
    selExistRecommendByPage: (input, ctx) => s.selExistRecommendByPage(ctx, input),
    addRecommendInfoList: (input, ctx) => s.addRecommendInfoList(ctx, input),
    delRecommendInfo: (input, ctx) => s.delRecommendInfo(ctx, input),
    updRecommendInfo: (input, ctx) => s.updRecommendInfo(ctx, input),
  });
}
