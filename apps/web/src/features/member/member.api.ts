import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/member";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

export const memberKeys = queryKeys("member");

export type MemberRow = OutputOf<typeof contract.member.selMemberByParam>["list"][number];
export type MemberDetail = OutputOf<typeof contract.member.selMemberInfoById>;
export type RankRow = OutputOf<typeof contract.member.selMemberRankList>[number];
export type TagRow = OutputOf<typeof contract.member.selMemberTagByParam>[number];
export type RechargeRow = OutputOf<typeof contract.member.selRechargeManageByPage>["list"][number];

export const ranksQuery = () =>
  queryOptions({
    queryKey: memberKeys.list("ranks", {}),
    queryFn: ({ signal }) => call(contract.member.selMemberRankList, {}, { notify: false, signal }),
  });
export const useRanks = () => useQuery(ranksQuery());

export const tagsQuery = (name = "") =>
  queryOptions({
    queryKey: memberKeys.list("tags", { name }),
    queryFn: ({ signal }) => call(contract.member.selMemberTagByParam, name ? { name } : {}, { notify: false, signal }),
  });
export const useTags = (name = "") => useQuery(tagsQuery(name));

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: memberKeys.detail(id),
    queryFn: ({ signal }) => call(contract.member.selMemberInfoById, { id }, { notify: false, signal }),
  });
export const useMember = (id: string) => useQuery(memberQuery(id));
