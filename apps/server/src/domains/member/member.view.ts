import { maskPhone } from "@sbo/contract";
import { iso } from "../../platform/days";
import type { Executor } from "../../platform/db/client";
import { type Joined, type TagRef, tagsOf } from "./member.repository";

/** How a member is shown: its rows as the contract's list item (and detail). */

export function listItemOf({ m, rank }: Joined, tags: TagRef[], maskedPhone = true) {
  return {
    id: m.id,
    memberNo: m.memberNo,
    name: m.name,
    phone: maskedPhone ? maskPhone(m.phone) : m.phone,
    gender: m.gender as "male" | "female" | null,
    rank,
    tags,
    points: m.points,
    totalSpend: m.totalSpend,
    orderCount: m.orderCount,
    lastOrderAt: iso(m.lastOrderAt),
    joinedAt: m.joinedAt.toISOString(),
    status: m.status as "active" | "frozen",
    source: m.source,
  };
}

/** List items of these members, their tags read in one query. */
export async function withTags(db: Executor, rows: Joined[]) {
  const tags = await tagsOf(
    db,
    rows.map((r) => r.m.id),
  );
  return rows.map((r) => listItemOf(r, tags.get(r.m.id) ?? []));
}
