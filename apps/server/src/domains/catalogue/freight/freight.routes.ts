import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import { exportByParam } from "./freight.export";
import { freightService as templates } from "./freight.service";
import { ruleService as rules } from "./rule.service";

export function freightRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.freight, {
    selByParam: (input, ctx) => templates.selByParam(ctx, input),
    exportByParam: (input, ctx) => exportByParam(ctx, ctx.me().boId, input),
    selListByShopId: (_input, ctx) => templates.selListByShopId(ctx),
    selById: (input, ctx) => templates.selById(ctx, input),
    add: (input, ctx) => templates.add(ctx, input),
    upd: (input, ctx) => templates.upd(ctx, input),
    del: (input, ctx) => templates.del(ctx, input),
    addInitFreightTemplate: (input, ctx) => templates.addInitFreightTemplate(ctx, input),
    selInfoById: (input, ctx) => rules.selInfoById(ctx, input),
    updInfoById: (input, ctx) => rules.updInfoById(ctx, input),
    addInfo: (input, ctx) => rules.addInfo(ctx, input),
    selPageByRefId: (input, ctx) => rules.selPageByRefId(ctx, input),
    selListByRefId: (input, ctx) => rules.selListByRefId(ctx, input),
    selSimpleListByRefId: (input, ctx) => rules.selSimpleListByRefId(ctx, input),
  });
}
