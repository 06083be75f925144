import type { contract, ParsedInputOf } from "@sbo/contract";
import { eq, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { inZone, sheetColumns } from "../../platform/export/columns";
import { xlsxStream } from "../../platform/export/xlsx";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { exactAt, keysetBatches } from "../../platform/http/paging";
import { type MemberExportColumn, memberExportColumns, memberExportNames } from "./member.export-columns";
import { type Joined, joinedSelect, memberWhere } from "./member.repository";
import { memberRank, shopMember } from "./member.tables";
import { withTags } from "./member.view";

/* The member list's export: columns and their words in member.export-columns.ts. */

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

type Item = Awaited<ReturnType<typeof withTags>>[number];

/** The member list as a spreadsheet in the reader's language, times in the shop's time zone. */
export async function exportMemberList(ctx: Ctx, input: In<"exportMemberList">): Promise<FileResult> {
  const { columns, ...filters } = input;
  const chosen = (columns ?? (Object.keys(memberExportColumns) as MemberExportColumn[])).map((c) => memberExportColumns[c]);
  const timeZone = ctx.me().timeZone;
  const stream = xlsxStream<Item>(
    memberExportNames.sheet[ctx.lang],
    sheetColumns(chosen, { lang: ctx.lang, timeZone }),
    memberBatches(ctx.db, memberWhere(ctx.me().boId, filters)),
  );
  const today = inZone(new Date(), timeZone).toISOString().slice(0, 10);
  return { fileName: `${memberExportNames.file[ctx.lang]}-${today}.xlsx`, stream };
}
