import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { organizationService } from "./organization.service";

export function organizationRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.organization, organizationService);
}
