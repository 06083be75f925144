import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createDashboardService } from "./dashboard.service";

/** The data dashboard (`contract.dashboard`). */
export function dashboardRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.dashboard, createDashboardService());
}
