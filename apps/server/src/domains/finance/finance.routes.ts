import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { exportFlowList } from "./finance.export";
import { createFinanceService } from "./finance.service";
import type { SettlementBank } from "./settlement-bank";

/** The finance account (`contract.finance`): account, cards, cash flows and the bank-signing flow. */
export function financeRoutes(app: FastifyInstance, platform: Platform, bank: SettlementBank) {
  const finance = createFinanceService({ bank, sms: platform.sms });
  bindDomain(
    app,
    platform,
    contract.finance,
    {
      judgeIsOpenAccount: (_input, ctx) => finance.judgeIsOpenAccount(ctx),
      selAccountCardList: (_input, ctx) => finance.selAccountCardList(ctx),
      queryAccountAmount: (_input, ctx) => finance.queryAccountAmount(ctx),
      selFlowListByPage: (input, ctx) => finance.selFlowListByPage(ctx, input),
      exportFlowList: (input, ctx) => exportFlowList(ctx, input),
      selCashFlowDetail: (input, ctx) => finance.selCashFlowDetail(ctx, input),
      personBindCard: (input, ctx) => finance.personBindCard(ctx, input),
      getBillNo: (_input, ctx) => finance.getBillNo(ctx),
      toSign: (input, ctx) => finance.toSign(ctx, input),
      toUpdSign: (input, ctx) => finance.toUpdSign(ctx, input),
      removeSign: (input, ctx) => finance.removeSign(ctx, input),
      unSign: (input, ctx) => finance.unSign(ctx, input),
      sendMessage: (_input, ctx) => finance.sendMessage(ctx),
    },
    { rateLimited: ["sendMessage", "personBindCard", "toSign", "toUpdSign", "removeSign"] },
  );
}
