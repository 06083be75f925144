import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import type { createMemberService } from "./member.service";

export function memberRoutes(app: FastifyInstance, platform: Platform, members: ReturnType<typeof createMemberService>) {
  bindDomain(app, platform, contract.member, members);
}
