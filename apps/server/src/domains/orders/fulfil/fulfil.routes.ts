import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import { createBatchShipService } from "./batch-ship.service";
import { createFulfilSupportService, type ExpressTracker } from "./fulfil-support.service";
import { createPickupService } from "./pickup.service";
import { createRepeatedService } from "./repeated.service";

/** The other fulfilment paths (docs/domains/orders.md "Fulfilment"): bound from orders.routes.ts. */
export function fulfilRoutes(app: FastifyInstance, platform: Platform, tracker: ExpressTracker | null = null) {
  bindDomain(app, platform, contract.orderFulfil, { ...createRepeatedService(), ...createBatchShipService() });
  bindDomain(app, platform, contract.extract, createPickupService());
  bindDomain(app, platform, contract.fulfilSupport, createFulfilSupportService({ tracker }));
}
