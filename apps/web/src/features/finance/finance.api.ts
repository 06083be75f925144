import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/finance";
import { queryOptions, useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const financeKeys = queryKeys("finance");

export type FlowRow = OutputOf<typeof contract.finance.selFlowListByPage>["list"][number];

export const when = (iso: string | null | undefined) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm") : "—");

export const accountQuery = () =>
  queryOptions({
    queryKey: financeKeys.detail("account"),
    queryFn: ({ signal }) => call(contract.finance.judgeIsOpenAccount, {}, { notify: false, signal }),
  });
export const useAccount = () => useQuery(accountQuery());

/** The account's balance and what makes it. */
export const amountQuery = () =>
  queryOptions({
    queryKey: financeKeys.detail("amount"),
    queryFn: ({ signal }) => call(contract.finance.queryAccountAmount, {}, { notify: false, signal }),
  });

/** The cards bound so far. */
export const cardsQuery = () =>
  queryOptions({
    queryKey: financeKeys.detail("cards"),
    queryFn: ({ signal }) => call(contract.finance.selAccountCardList, {}, { notify: false, signal }),
  });
