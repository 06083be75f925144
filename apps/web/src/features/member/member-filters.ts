import type { InputOf } from "@sbo/contract/define";
import type * as contract from "@sbo/contract/member";
import dayjs from "dayjs";
import type { FilterField, FilterValues } from "@/components/list-filters";
import { centsOf } from "@/platform/money";

type ServerFilters = Omit<InputOf<typeof contract.member.selMemberByParam>, "pageNum" | "pageSize">;

/** URL parameters of the member list (the screen has several lists). */
export const MEMBER_PREFIX = "m.";

export interface FieldLabels {
  name: string;
  phone: string;
  memberNo: string;
  rank: string;
  tags: string;
  status: string;
  joined: string;
  spendMin: string;
  spendMax: string;
}

export function memberFilterFields(
  labels: FieldLabels,
  options: {
    ranks: { label: string; value: string }[];
    tags: { label: string; value: string }[];
    statuses: { label: string; value: string }[];
  },
): FilterField[] {
  return [
    { kind: "text", name: "name", label: labels.name },
    { kind: "text", name: "phone", label: labels.phone },
    { kind: "text", name: "memberNo", label: labels.memberNo },
    { kind: "select", name: "rankId", label: labels.rank, options: options.ranks },
    { kind: "select", name: "tagId", label: labels.tags, options: options.tags },
    { kind: "select", name: "status", label: labels.status, options: options.statuses },
    { kind: "dateRange", name: "joined", label: labels.joined, from: "joinedFrom", to: "joinedTo" },
    { kind: "text", name: "spendMin", label: labels.spendMin },
    { kind: "text", name: "spendMax", label: labels.spendMax },
  ];
}

/**
 * The URL's filters (dates already turned into instants) as the server takes them: spend typed in
 * yuan becomes cents. An amount that is not one is passed on as typed, so the server names the field.
 */
export function toServerFilters(values: Record<string, string>): ServerFilters {
  const out: Record<string, unknown> = { ...values };
  for (const key of ["spendMin", "spendMax"] as const) {
    const value = values[key];
    if (value === undefined) continue;
    const cents = centsOf(value);
    out[key] = Number.isNaN(cents) ? value : cents;
  }
  return out as ServerFilters;
}

/** A saved filter set (server shape) back into URL values: cents → yuan, instants → local days. */
export function toUrlFilters(content: Record<string, unknown>): FilterValues {
  const out: FilterValues = {};
  for (const [key, value] of Object.entries(content)) {
    if (value === undefined || value === null || value === "") continue;
    if (key === "spendMin" || key === "spendMax") out[key] = String(Number(value) / 100);
    else if (key === "joinedFrom" || key === "joinedTo") out[key] = dayjs(String(value)).format("YYYY-MM-DD");
    else out[key] = String(value);
  }
  return out;
}
