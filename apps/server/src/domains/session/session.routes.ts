import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import type { createSystemService } from "../system/system.service";
import { createLoginService } from "./login.service";
import { createSessionService } from "./session.service";

export function sessionRoutes(app: FastifyInstance, platform: Platform, system: ReturnType<typeof createSystemService>) {
  // The versions, the product's own facts and the web texts are the system domain's; the session contract serves them.
  const { getHistoryVersion, selLatestVersionInfo, platformInfo, getWebContentByCode } = system;
  bindDomain(app, platform, contract.session, {
    ...createSessionService({ sessions: platform.sessions }),
    getHistoryVersion,
    selLatestVersionInfo,
    platformInfo,
    getWebContentByCode,
  });

  bindDomain(app, platform, contract.login, createLoginService({ sms: platform.sms }), {
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
  });
}
