import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { exportEvalOrderList } from "./evaluation.export";
import { createEvaluationService } from "./evaluation.service";

/** Evaluations (docs/domains/evaluation.md): the seller's calls and the buyer API's. */
export function evaluationRoutes(app: FastifyInstance, platform: Platform) {
  const service = createEvaluationService();
  bindDomain(app, platform, contract.evaluation, {
    addEvalOrder: (input, ctx) => service.addEvalOrder(ctx, input),
    selEvalByOrderId: (input, ctx) => service.selEvalByOrderId(ctx, input),
    selEvalOrderByPage: (input, ctx) => service.selEvalOrderByPage(ctx, input),
    exportEvalOrderList: (input, ctx) => exportEvalOrderList(ctx, input),
    selEvalList: (input, ctx) => service.selEvalList(ctx, input),
    addEvalContent: (input, ctx) => service.addEvalContent(ctx, input),
    selEvalShop: (_input, ctx) => service.selEvalShop(ctx),
    selEvaByPage: (input, ctx) => service.selEvaByPage(ctx, input),
    selEvalScoreByParam: (input, ctx) => service.selEvalScoreByParam(ctx, input),
  });
  bindDomain(app, platform, contract.buyerEvaluate, {
    addEvalOrder: (input, ctx) => service.buyerAddEvalOrder(ctx, input),
    addEvalContent: (input, ctx) => service.buyerAddEvalContent(ctx, input),
    selEvalOrderByPage: (input, ctx) => service.buyerSelEvalOrderByPage(ctx, input),
  });
}
