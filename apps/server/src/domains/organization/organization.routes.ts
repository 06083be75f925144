import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { organizationService as s } from "./organization.service";

export function organizationRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.organization, {
    selById: (input, ctx) => s.selById(ctx, input),
    updById: (input, ctx) => s.updById(ctx, input),
  });
}
