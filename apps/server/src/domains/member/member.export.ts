import { type contract, memberSheet, type ParsedInputOf } from "@sbo/contract";
import { eq, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { exactAt, keysetBatches } from "../../platform/http/paging";
import { memberCells } from "./member.export-columns";
import { type Joined, joinedSelect, memberWhere } from "./member.repository";
import { memberRank, shopMember } from "./member.tables";
import { withTags } from "./member.view";

/* The member list's export: the sheet in the contract (memberSheet), the cells in member.export-columns.ts. */

type M = typeof contract.member;
type In<K extends keyof M> = ParsedInputOf<M[K]>;

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
export async function exportMemberList(ctx: Ctx, input: In<"exportMemberList">): Promise<FileResult> {
  const { columns, ...filters } = input;
  return sheetFile(ctx, memberSheet, memberCells, columns, memberBatches(ctx.db, memberWhere(ctx.me().boId, filters)));
}
