import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createEvaluationService } from "./evaluation.service";

/** Evaluations (docs/domains/evaluation.md): the seller's calls and the buyer API's. */
export function evaluationRoutes(app: FastifyInstance, platform: Platform) {
  const evaluations = createEvaluationService();
  bindDomain(app, platform, contract.evaluation, evaluations.seller);
  bindDomain(app, platform, contract.buyerEvaluate, evaluations.buyer);
}
