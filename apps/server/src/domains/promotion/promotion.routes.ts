import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { promotionService } from "./promotion.service";

/** The seller's promotion calls (`contract.promotion`). */
export function promotionRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.promotion, promotionService);
}
