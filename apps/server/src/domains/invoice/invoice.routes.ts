import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { exportInvoiceList } from "./invoice.export";
import { createInvoiceService } from "./invoice.service";

/** The seller's invoice calls (`contract.invoice`) and the buyer's (`contract.buyerInvoice`). */
export function invoiceRoutes(app: FastifyInstance, platform: Platform, files: FileStore) {
  const invoices = createInvoiceService({ files });
  bindDomain(app, platform, contract.invoice, {
    selInvoiceListByPage: (input, ctx) => invoices.selInvoiceListByPage(ctx, input),
    exportInvoiceList: (input, ctx) => exportInvoiceList(ctx, input),
    invoiceOrderDetail: (input, ctx) => invoices.invoiceOrderDetail(ctx, input),
    selInvoiceByOrderId: (input, ctx) => invoices.selInvoiceByOrderId(ctx, input),
    issueInvoice: (input, ctx) => invoices.issueInvoice(ctx, input),
    refuseInvoice: (input, ctx) => invoices.refuseInvoice(ctx, input),
    addBillInvoiceInfo: (input, ctx) => invoices.addBillInvoiceInfo(ctx, input),
    selBillInvoiceInfoListByParam: (input, ctx) => invoices.selBillInvoiceInfoListByParam(ctx, input),
    applyBillInvoice: (input, ctx) => invoices.applyBillInvoice(ctx, input),
  });
  bindDomain(app, platform, contract.buyerInvoice, {
    addInvoiceTitle: (input, ctx) => invoices.addInvoiceTitle(ctx, input),
    selInvoiceTitleList: (input, ctx) => invoices.selInvoiceTitleList(ctx, input),
    applyInvoice: (input, ctx) => invoices.applyInvoice(ctx, input),
    selInvoiceList: (input, ctx) => invoices.selInvoiceList(ctx, input),
    selInvoiceDetail: (input, ctx) => invoices.selInvoiceDetail(ctx, input),
    downloadInvoiceFile: (input, ctx) => invoices.downloadInvoiceFile(ctx, input),
  });
}
