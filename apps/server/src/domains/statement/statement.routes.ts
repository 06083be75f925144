import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createStatementService } from "./statement.service";

/** The statements (`contract.statement`): the shop's sales and the organisation's own purchases. */
export function statementRoutes(app: FastifyInstance, platform: Platform) {
  bindDomain(app, platform, contract.statement, createStatementService());
}
