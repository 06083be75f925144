import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import type { createSellerOrderService } from "../orders.service";
import { createBatchShipService } from "./batch-ship.service";
import { createFulfilSupportService, type ExpressTracker } from "./fulfil-support.service";
import { createPickupService } from "./pickup.service";
import { createRepeatedService } from "./repeated.service";

/** The other fulfilment paths (docs/domains/orders.md "Fulfilment"): bound from orders.routes.ts. */
export function fulfilRoutes(
  app: FastifyInstance,
  platform: Platform,
  sellerSide: ReturnType<typeof createSellerOrderService>,
  tracker: ExpressTracker | null = null,
) {
  const repeated = createRepeatedService();
  const batch = createBatchShipService(sellerSide);
  bindDomain(app, platform, contract.orderFulfil, {
    orderRepeatedlyDelivery: (input, ctx) => repeated.orderRepeatedlyDelivery(ctx, input),
    selRepeatedlyDeliveryListByOrderId: (input, ctx) => repeated.selRepeatedlyDeliveryListByOrderId(ctx, input),
    updOrderRepeatedlyDeliveryV2: (input, ctx) => repeated.updOrderRepeatedlyDeliveryV2(ctx, input),
    batchDeliveryTemplate: (_input, ctx) => batch.batchDeliveryTemplate(ctx),
    batchDeliveryByExcel: (input, ctx) => batch.batchDeliveryByExcel(ctx, input),
    batchDeliveryByRows: (input, ctx) => batch.batchDeliveryByRows(ctx, input),
  });

  const pickup = createPickupService();
  bindDomain(app, platform, contract.extract, {
    selPickupPointList: (input, ctx) => pickup.selPickupPointList(ctx, input),
    addPickupPoint: (input, ctx) => pickup.addPickupPoint(ctx, input),
    updPickupPoint: (input, ctx) => pickup.updPickupPoint(ctx, input),
    delPickupPoint: (input, ctx) => pickup.delPickupPoint(ctx, input),
    selAwaitingPickupByPage: (input, ctx) => pickup.selAwaitingPickupByPage(ctx, input),
    verifyPickupCode: (input, ctx) => pickup.verifyPickupCode(ctx, input),
  });

  const support = createFulfilSupportService({ tracker });
  bindDomain(app, platform, contract.fulfilSupport, {
    selShopWarehouseByBoId: (_input, ctx) => support.selShopWarehouseByBoId(ctx),
    getExpressInfo: (input, ctx) => support.getExpressInfo(ctx, input),
    complaintInformAdd: (input, ctx) => support.complaintInformAdd(ctx, input),
    selComplaintsByOrder: (input, ctx) => support.selComplaintsByOrder(ctx, input),
  });
}
