import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/finance";
import { useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const financeKeys = queryKeys("finance");

export type FlowRow = OutputOf<typeof contract.finance.selFlowListByPage>["list"][number];

export const when = (iso: string | null | undefined) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm") : "—");

export const useAccount = () =>
  useQuery({
    queryKey: financeKeys.detail("account"),
    queryFn: ({ signal }) => call(contract.finance.judgeIsOpenAccount, {}, { notify: false, signal }),
  });
