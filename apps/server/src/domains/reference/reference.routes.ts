import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { referenceService } from "./reference.service";

export function referenceRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.reference, referenceService);
}
