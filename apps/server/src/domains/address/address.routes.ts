import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { addressCalls } from "./address.service";

export function addressRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.address, addressCalls);
}
