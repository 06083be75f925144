import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import { exportShopClassifyList } from "./shop-category.export";
import { shopCategoryService } from "./shop-category.service";

export function shopCategoryRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.shopCategory, { ...shopCategoryService, exportShopClassifyList });
}
