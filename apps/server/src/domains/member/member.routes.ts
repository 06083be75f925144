import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import type { createMemberService } from "./member.service";

export function memberRoutes(app: FastifyInstance, platform: Platform, members: ReturnType<typeof createMemberService>) {
  bindDomain(app, platform, contract.member, {
    addMemberRank: (input, ctx) => members.addMemberRank(ctx, input),
    delMemberRank: (input, ctx) => members.delMemberRank(ctx, input),
    selMemberRankList: (_input, ctx) => members.selMemberRankList(ctx),
    selMemberInfoById: (input, ctx) => members.selMemberInfoById(ctx, input),
    selMemberByParam: (input, ctx) => members.selMemberByParam(ctx, input),
    exportMemberList: (input, ctx) => members.exportMemberList(ctx, input),
    updMemberById: (input, ctx) => members.updMemberById(ctx, input),
    selMemberTagByParam: (input, ctx) => members.selMemberTagByParam(ctx, input),
    addOrUpdMemberTag: (input, ctx) => members.addOrUpdMemberTag(ctx, input),
    delMemberTagById: (input, ctx) => members.delMemberTagById(ctx, input),
    batchTagMembers: (input, ctx) => members.batchTagMembers(ctx, input),
    selRechargeManageByPage: (input, ctx) => members.selRechargeManageByPage(ctx, input),
    addOrUpdRechargePromotion: (input, ctx) => members.addOrUpdRechargePromotion(ctx, input),
    updRechargeStatus: (input, ctx) => members.updRechargeStatus(ctx, input),
  });
}
