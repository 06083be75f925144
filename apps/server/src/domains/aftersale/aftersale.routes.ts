import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import type { OrderPorts } from "../orders/orders.port";
import { createAfterSaleService } from "./aftersale.service";

/** The seller's after-sales calls (`afterSale`) and the buyer's (`buyerAfterSale`), docs/domains/aftersale.md. */
export function afterSaleRoutes(app: FastifyInstance, platform: Platform, ports: OrderPorts, files: FileStore) {
  const afterSales = createAfterSaleService(ports, files);
  bindDomain(app, platform, contract.afterSale, afterSales.seller);
  bindDomain(app, platform, contract.buyerAfterSale, afterSales.buyer);
}
