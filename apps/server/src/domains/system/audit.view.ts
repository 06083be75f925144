import {
  type AuditFormat,
  auditActionWords,
  auditFieldText,
  auditRecordTypes,
  auditValueText,
  type contract,
  type OutputOf,
} from "@sbo/contract";
import { iso } from "../../platform/days";
import type { EntryRow } from "./audit.repository";

type Sy = typeof contract.system;
export type Entry = OutputOf<Sy["selAuditLogByPage"]>["list"][number];
type Detail = OutputOf<Sy["selAuditLogById"]>;
export type RecordOut = Detail["records"][number];
type Action = RecordOut["action"];

export const entryOut = (r: EntryRow): Entry => ({
  id: String(r.id),
  at: iso(r.at),
  memberId: r.member_id,
  memberName: r.member_name,
  call: r.call,
  area: r.area,
  recordCount: Number(r.record_count),
  record: r.record_table && r.record_id ? { table: r.record_table, id: r.record_id, label: r.label, action: r.action as Action } : null,
});

export interface LogRow {
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

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatterOf = (zone: string) => {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
};

/** Local date and time in `zone` as a Date whose UTC fields read that wall clock (what a spreadsheet shows). */
export function wallClock(at: Date, zone: string): Date {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const n = (type: string) => Number(parts[type] ?? 0);
  return new Date(Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")));
}

export const timeText = (zone: string) => (iso: string) => wallClock(new Date(iso), zone).toISOString().slice(0, 16).replace("T", " ");

/** A record's changes as one line of text: "Field: before → after; …". */
export function changesText(rec: RecordOut, fmt: AuditFormat): string {
  const { lang } = fmt;
  return rec.changes
    .map((c) => {
      const field = auditRecordTypes[c.table]?.fields[c.column];
      const name = auditFieldText(c.table, c.column, lang);
      if (c.linked) {
        const parts: string[] = [];
        const removed = c.before as unknown[];
        const added = c.after as unknown[];
        if (removed.length) parts.push(`${auditActionWords.removed[lang]} ${auditValueText(field, removed, fmt)}`);
        if (added.length) parts.push(`${auditActionWords.added[lang]} ${auditValueText(field, added, fmt)}`);
        return `${name}${lang === "zh" ? "：" : ": "}${parts.join(lang === "zh" ? "，" : ", ")}`;
      }
      if (rec.action === "insert") return `${name}${lang === "zh" ? "：" : ": "}${auditValueText(field, c.after, fmt)}`;
      if (rec.action === "delete") return `${name}${lang === "zh" ? "：" : ": "}${auditValueText(field, c.before, fmt)}`;
      return `${name}${lang === "zh" ? "：" : ": "}${auditValueText(field, c.before, fmt)} → ${auditValueText(field, c.after, fmt)}`;
    })
    .join(lang === "zh" ? "；" : "; ");
}
