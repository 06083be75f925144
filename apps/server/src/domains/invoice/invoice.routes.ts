import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import type { FileStore } from "../../platform/files/file-store";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createInvoiceService } from "./invoice.service";

/** The seller's invoice calls (`contract.invoice`) and the buyer's (`contract.buyerInvoice`). */
export function invoiceRoutes(app: FastifyInstance, platform: Platform, files: FileStore) {
  const invoices = createInvoiceService({ files });
  bindDomain(app, platform, contract.invoice, invoices.seller);
  bindDomain(app, platform, contract.buyerInvoice, invoices.buyer);
}
