import { type contract, type Lang, type OutputOf, type ParsedInputOf, platformRefusals } from "@sbo/contract";
import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { auditActionWords, auditCallText, auditExportWords, auditRecordTypeText } from "../../platform/db/audit-words";
import { rowsOf } from "../../platform/db/rows";
import { xlsxStream } from "../../platform/export/xlsx";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { notFound } from "../../platform/http/errors";
import { keysetBatches, pageOf } from "../../platform/http/paging";
import {
  type AuditAction,
  auditWordingOf,
  changesText,
  entryView,
  type RawEntry,
  type RawRecord,
  recordView,
  wallClock,
} from "./audit.view";
import { auditEntry, auditLog } from "./system.tables";

type Sy = typeof contract.system;
type Filters = Omit<ParsedInputOf<Sy["exportAuditLog"]>, "lang">;
type Entry = RawEntry;
type RecordOut = RawRecord;
type Action = AuditAction;

/** The most rows one entry's detail answers (a batch call over thousands of members is cut here, and says so). */
export const DETAIL_ROW_CAP = 1000;

function entryWhere(boId: string, f: Filters): SQL {
  const conditions: SQL[] = [eq(auditEntry.boId, boId)];
  if (f.memberId) conditions.push(eq(auditEntry.memberId, f.memberId));
  if (f.area) conditions.push(eq(auditEntry.area, f.area));
  if (f.from) conditions.push(gte(auditEntry.at, new Date(f.from)));
  if (f.to) conditions.push(lte(auditEntry.at, new Date(f.to)));
  return and(...conditions) as SQL;
}

interface EntryRow {
  id: number | string;
  at: Date | string;
  /** The exact text of `at` (entry batches only), for the export's keyset. */
  at_text?: string;
  member_id: string | null;
  member_name: string | null;
  call: string;
  area: string | null;
  record_count: number | string;
  record_table: string | null;
  record_id: string | null;
  label: string | null;
  action: string | null;
}

/**
 * Entries with their member's name, how many records they changed and the first of them. `page` picks the entries
 * (where, order, limit, offset) first, so the per-entry lookups run for the page's entries only, not for skipped ones.
 */
const entrySelect = (where: SQL, page: SQL) => sql`
  with page as (
    select audit_entry.id, audit_entry.at, audit_entry.member_id, audit_entry.call, audit_entry.area
    from audit_entry where ${where} ${page}
  )
  select e.id, e.at, e.member_id, m.name as member_name, e.call, e.area,
    (select count(distinct l.record_table || ':' || l.record_id)::int from audit_log l where l.entry_id = e.id) as record_count,
    f.record_table, f.record_id, f.label, f.action
  from page e
  left join member m on m.id = e.member_id
  left join lateral (
    select l.record_table, l.record_id,
      coalesce(l.label, (select l2.label from audit_log l2 where l2.entry_id = e.id and l2.record_table = l.record_table
                         and l2.record_id = l.record_id and l2.label is not null limit 1)) as label,
      case when l.table_name = l.record_table then l.action else 'update' end as action
    from audit_log l where l.entry_id = e.id
    order by (l.table_name = l.record_table) desc, l.id limit 1
  ) f on true
  order by e.at desc, e.id desc`;

/** Entries with their member's name only (the export finds the records itself). */
const entryBatch = (where: SQL, page: SQL) => sql`
  select audit_entry.id, audit_entry.at, audit_entry.at::text as at_text, audit_entry.member_id, m.name as member_name, audit_entry.call, audit_entry.area,
    0 as record_count, null as record_table, null as record_id, null as label, null as action
  from audit_entry left join member m on m.id = audit_entry.member_id
  where ${where} ${page}`;

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

const entryOut = (r: EntryRow): Entry => ({
  id: String(r.id),
  at: toDate(r.at).toISOString(),
  memberId: r.member_id,
  memberName: r.member_name,
  call: r.call,
  area: r.area,
  recordCount: Number(r.record_count),
  record: r.record_table && r.record_id ? { table: r.record_table, id: r.record_id, label: r.label, action: r.action as Action } : null,
});

interface LogRow {
  entryId: number | null;
  tableName: string;
  recordTable: string | null;
  recordId: string | null;
  targetId: string;
  label: string | null;
  action: string;
  diff: unknown;
}

/** An entry's rows as records, each with its changes field by field (links merged into added / taken away). */
export function recordsOf(rows: LogRow[]): RecordOut[] {
  const records = new Map<string, RecordOut & { linkedAt: Map<string, { before: unknown[]; after: unknown[] }> }>();
  for (const row of rows) {
    const table = row.recordTable ?? row.tableName;
    const id = row.recordId ?? row.targetId;
    const key = `${table}\u0000${id}`;
    let rec = records.get(key);
    if (!rec) {
      rec = { table, id, label: null, action: "update", changes: [], linkedAt: new Map() };
      records.set(key, rec);
    }
    rec.label ??= row.label;
    const diff = (row.diff ?? {}) as Record<string, { before: unknown; after: unknown }>;
    const own = row.tableName === table;
    if (own) {
      if (row.action === "insert" || row.action === "delete") rec.action = row.action;
      for (const [column, change] of Object.entries(diff)) {
        const seen = rec.changes.find((c) => c.table === row.tableName && c.column === column && !c.linked);
        if (seen) seen.after = change.after;
        else rec.changes.push({ table: row.tableName, column, linked: false, before: change.before, after: change.after });
      }
      continue;
    }
    for (const [column, change] of Object.entries(diff)) {
      const linkKey = `${row.tableName}\u0000${column}`;
      let link = rec.linkedAt.get(linkKey);
      if (!link) {
        link = { before: [], after: [] };
        rec.linkedAt.set(linkKey, link);
        rec.changes.push({ table: row.tableName, column, linked: true, before: link.before, after: link.after });
      }
      if (row.action !== "insert" && change.before !== null) link.before.push(change.before);
      if (row.action !== "delete" && change.after !== null) link.after.push(change.after);
    }
  }
  return [...records.values()].map(({ linkedAt: _, ...rec }) => rec);
}

const logSelect = {
  entryId: auditLog.entryId,
  tableName: auditLog.tableName,
  recordTable: auditLog.recordTable,
  recordId: auditLog.recordId,
  targetId: auditLog.targetId,
  label: auditLog.label,
  action: auditLog.action,
  diff: auditLog.diff,
};

interface ExportLine {
  entry: Entry;
  record: RecordOut | null;
}

export function createAuditService() {
  return {
    async selAuditLogByPage(ctx: Ctx, input: ParsedInputOf<Sy["selAuditLogByPage"]>): Promise<OutputOf<Sy["selAuditLogByPage"]>> {
      const where = entryWhere(ctx.me().boId, input);
      const words = auditWordingOf(ctx.lang, ctx.me().timeZone);
      return pageOf(ctx.db, input, { from: sql`${auditEntry}`, where }, async (limit, offset) =>
        (
          await rowsOf<EntryRow>(
            ctx.db,
            entrySelect(where, sql`order by audit_entry.at desc, audit_entry.id desc limit ${limit} offset ${offset}`),
          )
        ).map((r) => entryView(entryOut(r), words)),
      );
    },

    async selAuditLogById(ctx: Ctx, input: ParsedInputOf<Sy["selAuditLogById"]>): Promise<OutputOf<Sy["selAuditLogById"]>> {
      const entryId = /^\d{1,18}$/.test(input.id) ? Number(input.id) : null;
      if (entryId === null) throw notFound(platformRefusals.auditEntryNotFound);
      const where = and(eq(auditEntry.boId, ctx.me().boId), eq(auditEntry.id, entryId)) as SQL;
      const [row] = await rowsOf<EntryRow>(ctx.db, entrySelect(where, sql`limit 1`));
      if (!row) throw notFound(platformRefusals.auditEntryNotFound);
      const rows = await ctx.db
        .select(logSelect)
        .from(auditLog)
        .where(eq(auditLog.entryId, entryId))
        .orderBy(auditLog.id)
        .limit(DETAIL_ROW_CAP + 1);
      const words = auditWordingOf(ctx.lang, ctx.me().timeZone);
      return {
        ...entryView(entryOut(row), words),
        records: recordsOf(rows.slice(0, DETAIL_ROW_CAP)).map((r) => recordView(r, words)),
        truncated: rows.length > DETAIL_ROW_CAP,
      };
    },

    async selAuditLogMembers(ctx: Ctx): Promise<OutputOf<Sy["selAuditLogMembers"]>> {
      const rows = await rowsOf<{ member_id: string; name: string }>(
        ctx.db,
        sql`select e.member_id, m.name from employee e join member m on m.id = e.member_id
            where e.bo_id = ${ctx.me().boId} order by e.is_owner desc, m.name, e.member_id`,
      );
      return rows.map((r) => ({ memberId: r.member_id, name: r.name }));
    },

    async exportAuditLog(ctx: Ctx, input: ParsedInputOf<Sy["exportAuditLog"]>): Promise<FileResult> {
      const lang: Lang = input.lang;
      const where = entryWhere(ctx.me().boId, input);
      const zone = ctx.me().timeZone;
      const fmt = auditWordingOf(lang, zone);
      const db = ctx.db;
      async function* lines(): AsyncGenerator<ExportLine[]> {
        const batches = keysetBatches(
          { at: auditEntry.at, id: auditEntry.id },
          where,
          (w, orderBy, size) => rowsOf<EntryRow>(db, entryBatch(w, sql`order by ${sql.join(orderBy, sql`, `)} limit ${size}`)),
          (r) => ({ at: r.at_text as string, id: Number(r.id) }),
          500,
        );
        for await (const batch of batches) {
          const entries = batch.map(entryOut);
          const ids = entries.map((e) => Number(e.id));
          const rows = await db.select(logSelect).from(auditLog).where(inArray(auditLog.entryId, ids)).orderBy(auditLog.id);
          const byEntry = new Map<number, LogRow[]>();
          for (const r of rows) {
            const list = byEntry.get(r.entryId ?? 0) ?? [];
            list.push(r);
            byEntry.set(r.entryId ?? 0, list);
          }
          const out: ExportLine[] = [];
          for (const entry of entries) {
            const records = recordsOf(byEntry.get(Number(entry.id)) ?? []);
            if (records.length === 0) out.push({ entry, record: null });
            for (const record of records) out.push({ entry, record });
          }
          yield out;
        }
      }
      const h = (k: keyof typeof auditExportWords) => auditExportWords[k][lang];
      const stream = xlsxStream<ExportLine>(
        h("sheet"),
        [
          { header: h("at"), width: 18, numFmt: "yyyy-mm-dd hh:mm:ss", value: (l) => wallClock(new Date(l.entry.at), zone) },
          { header: h("who"), width: 16, value: (l) => l.entry.memberName ?? h("system") },
          { header: h("what"), width: 30, value: (l) => auditCallText(l.entry.call, lang) },
          { header: h("area"), width: 12, value: (l) => fmt.areaName(l.entry.area) },
          { header: h("type"), width: 16, value: (l) => (l.record ? auditRecordTypeText(l.record.table, lang) : null) },
          { header: h("record"), width: 24, value: (l) => l.record?.label ?? null },
          { header: h("action"), width: 10, value: (l) => (l.record ? auditActionWords[l.record.action][lang] : null) },
          { header: h("changes"), width: 80, value: (l) => (l.record ? changesText(l.record, fmt) : null) },
        ],
        lines(),
      );
      return { fileName: `${h("fileName")}-${wallClock(new Date(), zone).toISOString().slice(0, 10)}.xlsx`, stream };
    },
  };
}
