import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createShopBasicService } from "./basic.service";
import { shopService } from "./shop.service";

export function shopRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.shop, shopService);
  // The shop's part of the basic data (business scope, the shop directory, the weather): contract basic.ts.
  bindDomain(app, platform, contract.basicShop, createShopBasicService(platform.weather));
}
