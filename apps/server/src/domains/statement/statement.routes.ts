import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createStatementService } from "./statement.service";

/** The statements (`contract.statement`): the shop's sales and the organisation's own purchases. */
export function statementRoutes(app: FastifyInstance, platform: Platform) {
  const statements = createStatementService();
  bindDomain(app, platform, contract.statement, {
    selSellerStatementByPC: (input, ctx) => statements.selSellerStatementByPC(ctx, input),
    selSellerDateNumByPC: (input, ctx) => statements.selSellerDateNumByPC(ctx, input),
    selSellerNumByPC: (input, ctx) => statements.selSellerNumByPC(ctx, input),
    exportSellerStatement: (input, ctx) => statements.exportSellerStatement(ctx, input),
    selBuyerStatementByPC: (input, ctx) => statements.selBuyerStatementByPC(ctx, input),
    selBuyerDateNumByPC: (input, ctx) => statements.selBuyerDateNumByPC(ctx, input),
    selBuyerNumByPC: (input, ctx) => statements.selBuyerNumByPC(ctx, input),
  });
}
