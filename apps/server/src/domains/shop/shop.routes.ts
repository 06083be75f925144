import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createShopBasicService } from "./basic.service";
import { shopService as s } from "./shop.service";

export function shopRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.shop, {
    selShopByBoId: (_input, ctx) => s.selShopByBoId(ctx),
    updShop: (input, ctx) => s.updShop(ctx, input),
    updShopStatus: (input, ctx) => s.updShopStatus(ctx, input),
    selShopAndOrg: (_input, ctx) => s.selShopAndOrg(ctx),
    selShopSettingByShopId: (input, ctx) => s.selShopSettingByShopId(ctx, input),
    addOrUpdShopSettingByShopId: (input, ctx) => s.addOrUpdShopSettingByShopId(ctx, input),
    openShop: (input, ctx) => s.openShop(ctx, input),
    submitAccountOpening: (input, ctx) => s.submitAccountOpening(ctx, input),
  });
  // The shop's part of the basic data (business scope, the shop directory, the weather): contract basic.ts.
  const basic = createShopBasicService(platform.weather);
  bindDomain(app, platform, contract.basicShop, {
    isInBusiScopeCode: (input, ctx) => basic.isInBusiScopeCode(ctx, input),
    selShopByParam: (input, ctx) => basic.selShopByParam(ctx, input),
    selWeatherList: (input, ctx) => basic.selWeatherList(ctx, input),
  });
}
