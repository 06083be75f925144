import type { OutputOf } from "@sbo/contract/define";
import type { FuncNode } from "@sbo/contract/session";
import { session } from "@sbo/contract/session";
import { staff } from "@sbo/contract/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";

/** The calls of the domains this file uses (their own modules, not the whole contract). */
const contract = { session, staff };

export type StaffMember = OutputOf<typeof contract.staff.selMemberEmpById>;
export type Role = OutputOf<typeof contract.session.selRoleListBySysId>[number];
export type Base = OutputOf<typeof contract.staff.selBaseList>[number];

/** Staff, roles, professions and bases share one key space: any change refreshes them all. */
export const staffKeys = queryKeys("staff");

export const rolesQuery = () =>
  queryOptions({
    queryKey: staffKeys.list("roles", {}),
    queryFn: ({ signal }) => call(contract.session.selRoleListBySysId, {}, { notify: false, signal }),
  });
export const useRoles = () => useQuery(rolesQuery());

export const professionsQuery = () =>
  queryOptions({
    queryKey: staffKeys.list("professions", {}),
    queryFn: ({ signal }) => call(contract.staff.selectProfession, {}, { notify: false, signal }),
  });
export const useProfessions = () => useQuery(professionsQuery());

/** The bases the caller may assign (their own authority). */
export const authorisedBasesQuery = () =>
  queryOptions({
    queryKey: staffKeys.list("authorisedBases", {}),
    queryFn: ({ signal }) => call(contract.staff.selBaseInfoByAuthority, {}, { notify: false, signal }),
  });
export const useAuthorisedBases = () => useQuery(authorisedBasesQuery());

/** One staff member (the edit screen's). */
export const staffDetailQuery = (employeeId: string) =>
  queryOptions({
    queryKey: staffKeys.detail(employeeId),
    queryFn: ({ signal }) => call(contract.staff.selMemberEmpById, { employeeId }, { notify: false, signal }),
  });

export interface TreeNode {
  key: string;
  title: string;
  node: FuncNode;
  children?: TreeNode[];
}

/** The function tree (flat, parent codes) as nested antd tree data, in menu order. */
export function toTree(nodes: readonly FuncNode[], label: (n: FuncNode) => string): TreeNode[] {
  const build = (parent: string | null): TreeNode[] =>
    nodes
      .filter((n) => n.parentCode === parent)
      .sort((a, b) => a.sort - b.sort)
      .map((n) => {
        const children = build(n.code);
        return { key: n.code, title: label(n), node: n, ...(children.length ? { children } : {}) };
      });
  return build(null);
}

export type Invitation = OutputOf<typeof contract.staff.selInvitationPage>["list"][number];

/** For the logged-in holder: a phone to confirm and invitations to answer (shown after login and in the user menu). */
export const accountNoticesKey = ["account", "notices"] as const;
export const useAccountNotices = (enabled = true) =>
  useQuery({
    queryKey: accountNoticesKey,
    queryFn: ({ signal }) => call(contract.staff.selMyAccountNotices, {}, { notify: false, signal }),
    enabled,
    staleTime: 60_000,
  });
