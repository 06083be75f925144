import { type contract, memberSheet, type ParsedInputOf, type SheetKey } from "@sbo/contract";
import { eq, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { exactAt, keysetBatches } from "../../platform/http/paging";
import { type Joined, joinedSelect, memberWhere } from "./member.repository";
import { memberRank, shopMember } from "./member.tables";
import { withTags } from "./member.view";

/* The member list's export: the sheet in the contract (memberSheet), the cells below. */

type M = typeof contract.member;
type In<K extends keyof M> = ParsedInputOf<M[K]>;

/** One exported member as the list shows it (tags by name, rank by name, instants as ISO strings). */
export interface MemberExportRow {
  memberNo: string;
  name: string;
  phone: string;
  gender: string | null;
  rank: { name: string } | null;
  tags: { name: string }[];
  points: number;
  /** Cents. */
  totalSpend: number;
  orderCount: number;
  lastOrderAt: string | null;
  joinedAt: string;
  status: string;
  source: string;
}

/** How each column of the member sheet (contract `memberSheet`) reads an exported member. */
export const memberCells: SheetCells<SheetKey<typeof memberSheet>, MemberExportRow> = {
  memberNo: cell.text((r) => r.memberNo, 16),
  name: cell.text((r) => r.name, 16),
  phone: cell.text((r) => r.phone, 16),
  gender: cell.enum({ male: { en: "Male", zh: "男" }, female: { en: "Female", zh: "女" } }, (r) => r.gender, 8),
  rank: cell.text((r) => r.rank?.name ?? null, 14),
  tags: cell.text((r) => r.tags.map((t) => t.name).join(", "), 28),
  points: cell.integer((r) => r.points),
  totalSpend: cell.money((r) => r.totalSpend, 16),
  orderCount: cell.integer((r) => r.orderCount),
  lastOrderAt: cell.datetime((r) => r.lastOrderAt),
  joinedAt: cell.datetime((r) => r.joinedAt),
  status: cell.enum({ active: { en: "Active", zh: "正常" }, frozen: { en: "Frozen", zh: "已冻结" } }, (r) => r.status, 10),
  source: cell.enum(
    {
      miniapp: { en: "Mini program", zh: "小程序" },
      store: { en: "In store", zh: "门店" },
      import: { en: "Imported", zh: "导入" },
    },
    (r) => r.source,
    12,
  ),
};

/** The member list in batches (joined desc, id desc) for the export. */
async function* memberBatches(db: Executor, where: SQL) {
  const batches = keysetBatches(
    { at: shopMember.joinedAt, id: shopMember.id },
    where,
    (w, orderBy, size): Promise<(Joined & { at: string })[]> =>
      db
        .select({ ...joinedSelect, at: exactAt(shopMember.joinedAt) })
        .from(shopMember)
        .leftJoin(memberRank, eq(memberRank.id, shopMember.rankId))
        .where(w)
        .orderBy(...orderBy)
        .limit(size),
    (r) => ({ at: r.at, id: r.m.id }),
  );
  for await (const rows of batches) yield await withTags(db, rows);
}

/** The member list as a spreadsheet in the reader's language, times in the shop's time zone. */
export async function exportMemberList(input: In<"exportMemberList">, ctx: Ctx): Promise<FileResult> {
  const { columns, ...filters } = input;
  return sheetFile(ctx, memberSheet, memberCells, columns, memberBatches(ctx.db, memberWhere(ctx.me().boId, filters)));
}
