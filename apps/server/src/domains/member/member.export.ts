import type { contract, ParsedInputOf } from "@sbo/contract";
import { eq, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { xlsxStream } from "../../platform/export/xlsx";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { keysetBatches } from "../../platform/http/paging";
import { type Joined, joinedSelect, memberWhere } from "./member.repository";
import { memberRank, shopMember } from "./member.tables";
import { withTags } from "./member.view";

/*
 * The member list's export, moved whole out of the member service (its columns and formatting are being
 * reworked for exports in the user's language; keep this file to itself until then).
 */

type M = typeof contract.member;
type In<K extends keyof M> = ParsedInputOf<M[K]>;

/** The member list in batches (joined desc, id desc) for the export. */
async function* memberBatches(db: Executor, where: SQL) {
  const batches = keysetBatches(
    { at: shopMember.joinedAt, id: shopMember.id },
    where,
    (w, orderBy, size): Promise<Joined[]> =>
      db
        .select(joinedSelect)
        .from(shopMember)
        .leftJoin(memberRank, eq(memberRank.id, shopMember.rankId))
        .where(w)
        .orderBy(...orderBy)
        .limit(size),
    (r) => ({ at: r.m.joinedAt, id: r.m.id }),
  );
  for await (const rows of batches) yield await withTags(db, rows);
}

type Item = Awaited<ReturnType<typeof withTags>>[number];
const yuan = (c: number) => c / 100;
type ExportColumn = NonNullable<In<"exportMemberList">["columns"]>[number];
const exportColumns: Record<ExportColumn, { header: string; value: (r: Item) => string | number | null }> = {
  memberNo: { header: "Member no.", value: (r) => r.memberNo },
  name: { header: "Name", value: (r) => r.name },
  phone: { header: "Phone", value: (r) => r.phone },
  gender: { header: "Gender", value: (r) => r.gender },
  rank: { header: "Rank", value: (r) => r.rank?.name ?? null },
  tags: { header: "Tags", value: (r) => r.tags.map((t) => t.name).join(", ") },
  points: { header: "Points", value: (r) => r.points },
  totalSpend: { header: "Total spend (yuan)", value: (r) => yuan(r.totalSpend) },
  orderCount: { header: "Orders", value: (r) => r.orderCount },
  lastOrderAt: { header: "Last order (UTC)", value: (r) => r.lastOrderAt },
  joinedAt: { header: "Joined (UTC)", value: (r) => r.joinedAt },
  status: { header: "Status", value: (r) => r.status },
  source: { header: "Source", value: (r) => r.source },
};

export async function exportMemberList(ctx: Ctx, input: In<"exportMemberList">): Promise<FileResult> {
  const { columns, ...filters } = input;
  const chosen = (columns ?? (Object.keys(exportColumns) as ExportColumn[])).map((c) => exportColumns[c]);
  const stream = xlsxStream<Item>(
    "Members",
    chosen.map((c) => ({ header: c.header, value: c.value })),
    memberBatches(ctx.db, memberWhere(ctx.me().boId, filters)),
  );
  return { fileName: `members-${new Date().toISOString().slice(0, 10)}.xlsx`, stream };
}
