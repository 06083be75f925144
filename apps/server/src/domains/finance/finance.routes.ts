import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createFinanceService } from "./finance.service";
import type { SettlementBank } from "./settlement-bank.service";

/** The finance account (`contract.finance`): account, cards, cash flows and the bank-signing flow. */
export function financeRoutes(app: FastifyInstance, platform: Platform, bank: SettlementBank) {
  const finance = createFinanceService({ bank, sms: platform.sms });
  bindDomain(app, platform, contract.finance, finance, {
    rateLimited: ["sendMessage", "personBindCard", "toSign", "toUpdSign", "removeSign"],
  });
}
