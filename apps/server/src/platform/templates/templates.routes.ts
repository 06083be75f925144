import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../http/bind-domain";
import { templatesService as s } from "./templates.service";

/** The saved list templates' calls (`/api/basic/system/dataTemp/*`). */
export function templatesRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.templates, {
    selDataTempByType: (input, ctx) => s.selDataTempByType(ctx, input),
    addDataTemp: (input, ctx) => s.addDataTemp(ctx, input),
    delDataTemp: (input, ctx) => s.delDataTemp(ctx, input),
  });
}
