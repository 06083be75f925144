import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import type { OrderPorts } from "../orders/orders-needs.port";
import { exportAfterSaleList } from "./aftersale.export";
import { createAfterSaleImageUpload, createAfterSaleService } from "./aftersale.service";

/** The seller's after-sales calls (`afterSale`) and the buyer's (`buyerAfterSale`), docs/domains/aftersale.md. */
export function afterSaleRoutes(app: FastifyInstance, platform: Platform, ports: OrderPorts, files: FileStore) {
  const service = createAfterSaleService(ports);
  bindDomain(app, platform, contract.afterSale, {
    selOrderGoodsAfterSaleService: (input, ctx) => service.selOrderGoodsAfterSaleService(ctx, input),
    exportAfterSaleList: (input, ctx) => exportAfterSaleList(ctx, input),
    selAfterSaleById: (input, ctx) => service.selAfterSaleById(ctx, input),
    selAfterSaleOrderDetail: (input, ctx) => service.selAfterSaleOrderDetail(ctx, input),
    selAfterSaleTodoCount: (_input, ctx) => service.selAfterSaleTodoCount(ctx),
    approveApply: (input, ctx) => service.approveApply(ctx, input),
    rejectApply: (input, ctx) => service.rejectApply(ctx, input),
    confirmReceipt: (input, ctx) => service.confirmReceipt(ctx, input),
    refundApply: (input, ctx) => service.refundApply(ctx, input),
    shipExchange: (input, ctx) => service.shipExchange(ctx, input),
  });
  const images = createAfterSaleImageUpload(files);
  bindDomain(app, platform, contract.buyerAfterSale, {
    uploadImage: (input, ctx) => images.uploadImage(ctx, input),
    apply: (input, ctx) => service.apply(ctx, input),
    withdraw: (input, ctx) => service.withdraw(ctx, input),
    shipBack: (input, ctx) => service.shipBack(ctx, input),
    selList: (input, ctx) => service.selList(ctx, input),
    selDetail: (input, ctx) => service.selDetail(ctx, input),
  });
}
