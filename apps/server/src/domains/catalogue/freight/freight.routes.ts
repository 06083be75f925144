import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../../platform/http/bind-domain";
import { exportByParam } from "./freight.export";
import { freightService } from "./freight.service";
import { ruleService } from "./rule.service";

export function freightRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.freight, { ...freightService, ...ruleService, exportByParam });
}
