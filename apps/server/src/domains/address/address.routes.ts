import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { addressService as s } from "./address.service";

export function addressRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.address, {
    selAddrListPage: (input, ctx) => s.selAddrListPage(ctx, input),
    addAddr: (input, ctx) => s.addAddr(ctx, input),
    updAddrById: (input, ctx) => s.updAddrById(ctx, input),
    delAddrById: (input, ctx) => s.delAddrById(ctx, input),
    updDefaultAddr: (input, ctx) => s.updDefaultAddr(ctx, input),
  });
}
