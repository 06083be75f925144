import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { supplierCalls } from "./supplier.service";

export function supplierRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.supplier, supplierCalls);
}
