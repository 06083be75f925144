import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import type { Metrics } from "../../../platform/http/metrics";
import type { NotifyHub } from "../../../platform/live/notify-hub";
import { exportPushList } from "../push/push.export";
import { createPushService } from "../push/push.service";
import { demoBuyerRoutes } from "./demo-buyers.routes";
import { liveRoutes } from "./live-stream.routes";

/** The order event stream and the ERP push calls (`contract.ordersLive`). */
export function ordersLiveRoutes(app: FastifyInstance, platform: Platform, hub: NotifyHub, metrics?: Metrics) {
  liveRoutes(app, platform, hub, metrics);
  demoBuyerRoutes(app, platform);
  const pushes = createPushService({ db: platform.db, allowPrivate: platform.config.erpPushAllowPrivate });
  bindDomain(app, platform, contract.ordersLive, { ...pushes, exportPushList });
}
