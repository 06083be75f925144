import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { exportShopSupplierList } from "./supplier.export";
import { supplierService as s } from "./supplier.service";

export function supplierRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.supplier, {
    selShopSupplierPage: (input, ctx) => s.selShopSupplierPage(ctx, input),
    exportShopSupplierList: (input, ctx) => exportShopSupplierList(ctx, input),
    selShopSupplierList: (input, ctx) => s.selShopSupplierList(ctx, input),
    addShopSupplier: (input, ctx) => s.addShopSupplier(ctx, input),
    updShopSupplierById: (input, ctx) => s.updShopSupplierById(ctx, input),
    delShopSupplierById: (input, ctx) => s.delShopSupplierById(ctx, input),
    addShopSupplierMemberList: (input, ctx) => s.addShopSupplierMemberList(ctx, input),
    updShopSupplierMemberList: (input, ctx) => s.updShopSupplierMemberList(ctx, input),
    selByShopIdAndBoId: (input, ctx) => s.selByShopIdAndBoId(ctx, input),
    selShopSupplierMember: (input, ctx) => s.selShopSupplierMember(ctx, input),
    selSupplierStaffList: (input, ctx) => s.selSupplierStaffList(ctx, input),
    selAuthRequestPage: (input, ctx) => s.selAuthRequestPage(ctx, input),
    acceptAuthRequest: (input, ctx) => s.acceptAuthRequest(ctx, input),
    declineAuthRequest: (input, ctx) => s.declineAuthRequest(ctx, input),
    selOrgShortByNameList: (input, ctx) => s.selOrgShortByNameList(ctx, input),
    selOrgShortByNamePage: (input, ctx) => s.selOrgShortByNamePage(ctx, input),
  });
}
