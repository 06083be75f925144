import type { MemberInfo } from "@sbo/contract/session";
import * as contract from "@sbo/contract/session";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const sessionKeys = {
  ...queryKeys("session"),
  member: () => ["session", "member"] as const,
  topMenu: () => ["session", "topMenu"] as const,
  leftMenu: (parentCode: string) => ["session", "leftMenu", parentCode] as const,
  platform: () => ["session", "platform"] as const,
};

export const memberQuery = () =>
  queryOptions({
    queryKey: sessionKeys.member(),
    // notify: false — a failure here is shown by the layout with a retry, or navigates (login, 401).
    queryFn: ({ signal }) => call(contract.session.getMemberByToken, {}, { notify: false, signal }),
    staleTime: 5 * 60_000,
  });

export const useMember = () => useQuery(memberQuery());

/**
 * The signed-in member as the session call returned it, read from the query cache (the layout
 * fetches it; this never does): who they are and which functions they hold. Undefined until then.
 */
export const useSessionMember = (): MemberInfo | undefined => useQuery({ ...memberQuery(), enabled: false }).data;

export const useTopMenu = (enabled: boolean) =>
  useQuery({
    queryKey: sessionKeys.topMenu(),
    queryFn: ({ signal }) => call(contract.session.selFuncListByParam, {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

export const useLeftMenu = (parentCode: string | null) =>
  useQuery({
    queryKey: sessionKeys.leftMenu(parentCode ?? ""),
    queryFn: ({ signal }) => call(contract.session.selSubFuncListByParam, { parentCode: parentCode ?? "" }, { signal }),
    enabled: parentCode !== null,
    staleTime: 5 * 60_000,
  });

export const platformInfoQuery = () =>
  queryOptions({
    queryKey: sessionKeys.platform(),
    queryFn: ({ signal }) => call(contract.session.platformInfo, {}, { signal, notify: false }),
    staleTime: 30 * 60_000,
  });

export const usePlatformInfo = (enabled = true) => useQuery({ ...platformInfoQuery(), enabled });
