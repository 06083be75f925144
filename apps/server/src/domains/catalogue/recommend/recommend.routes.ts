import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import { recommendService } from "./recommend.service";

export function recommendRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.recommend, recommendService);
}
