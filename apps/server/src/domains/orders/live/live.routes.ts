import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import type { Metrics } from "../../../platform/http/metrics";
import type { NotifyHub } from "../../../platform/live/notify-hub";
import { exportPushList } from "../push/push.export";
import { createPushService, deliverDue } from "../push/push.service";
import { demoBuyerRoutes } from "./demo-buyers.routes";
import { liveRoutes } from "./live.service";

/** The order event stream and the ERP push calls (`contract.ordersLive`). */
export function ordersLiveRoutes(app: FastifyInstance, platform: Platform, hub: NotifyHub, metrics?: Metrics) {
  liveRoutes(app, platform, hub, metrics);
  demoBuyerRoutes(app, platform);
  const pushes = createPushService();
  const allowPrivate = platform.config.erpPushAllowPrivate;
  bindDomain(app, platform, contract.ordersLive, {
    selPushListByPage: (input, ctx) => pushes.selPushListByPage(ctx, input),
    exportPushList: (input, ctx) => exportPushList(ctx, input),
    retry: async (input, ctx) => {
      const item = await pushes.retry(ctx, input);
      // Attempted as soon as the call's transaction has committed and answered (the timed job would in a while).
      ctx.reply.raw.once("finish", () => {
        deliverDue(platform.db, { allowPrivate, onlyId: item.id, limit: 1 }).catch((err: unknown) =>
          ctx.req.log.error({ err }, "push retry failed"),
        );
      });
      return item;
    },
    selPushSetting: (_input, ctx) => pushes.selPushSetting(ctx),
    savePushSetting: (input, ctx) => pushes.savePushSetting(ctx, input),
  });
}
