import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createDashboardService } from "./dashboard.service";

/** The data dashboard (`contract.dashboard`). */
export function dashboardRoutes(app: FastifyInstance, platform: Platform) {
  const dashboard = createDashboardService();
  bindDomain(app, platform, contract.dashboard, {
    selCountTradingDataView: (_input, ctx) => dashboard.selCountTradingDataView(ctx),
  });
}
