import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import type { createSystemService } from "../system/system.service";
import { createLoginService } from "./login.service";
import { createSessionService } from "./session.service";

export function sessionRoutes(app: FastifyInstance, platform: Platform, system: ReturnType<typeof createSystemService>) {
  const s = createSessionService({ sessions: platform.sessions });
  bindDomain(app, platform, contract.session, {
    getMemberByToken: (_input, ctx) => s.getMemberByToken(ctx),
    logout: (_input, ctx) => s.logout(ctx),
    switchIdentity: (input, ctx) => s.switchIdentity(ctx, input),
    switchManufacturer: (input, ctx) => s.switchManufacturer(ctx, input),
    selFuncListByParam: (_input, ctx) => s.selFuncListByParam(ctx),
    selSubFuncListByParam: (input, ctx) => s.selSubFuncListByParam(ctx, input),
    judgeAuth: (input, ctx) => s.judgeAuth(ctx, input),
    selFuncListWithEmployee: (input, ctx) => s.selFuncListWithEmployee(ctx, input),
    getHistoryVersion: system.getHistoryVersion,
    selLatestVersionInfo: system.selLatestVersionInfo,
    platformInfo: system.platformInfo,
    getWebContentByCode: system.getWebContentByCode,
    selRoleListBySysId: (_input, ctx) => s.selRoleListBySysId(ctx),
    selManufacturerByParams: (input, ctx) => s.selManufacturerByParams(ctx, input),
  });

  const l = createLoginService({ sms: platform.sms });
  bindDomain(
    app,
    platform,
    contract.login,
    {
      login: (input, ctx) => l.login(ctx, input),
      msgLogin: (input, ctx) => l.msgLogin(ctx, input),
      sendMessage: (input, ctx) => l.sendMessage(ctx, input),
      judgeVerification: (input, ctx) => l.judgeVerification(ctx, input),
      selMemberLoginById: (input, ctx) => l.selMemberLoginById(ctx, input),
      selMemberLoginByLoginName: (input, ctx) => l.selMemberLoginByLoginName(ctx, input),
      safeCenterReSetPwd: (input, ctx) => l.safeCenterReSetPwd(ctx, input),
      reSetPwd: (input, ctx) => l.reSetPwd(ctx, input),
      judgeWeakPwd: (input, ctx) => l.judgeWeakPwd(ctx, input),
      sendPhoneSms: (_input, ctx) => l.sendPhoneSms(ctx),
      smsChangePassword: (input, ctx) => l.smsChangePassword(ctx, input),
    },
    {
      rateLimited: [
        "login",
        "msgLogin",
        "sendMessage",
        "judgeVerification",
        "selMemberLoginByLoginName",
        "reSetPwd",
        "sendPhoneSms",
        "smsChangePassword",
      ],
    },
  );
}
