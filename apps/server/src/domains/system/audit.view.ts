import type { contract, Lang, OutputOf } from "@sbo/contract";
import { iso } from "../../platform/days";
import {
  type AuditFormat,
  type AuditWords,
  auditActionWords,
  auditAreas,
  auditCallText,
  auditFieldText,
  auditRecordTypeText,
  auditRouteOf,
  auditValueText,
} from "../../platform/db/audit-words";
import type { EntryRow } from "./audit.repository";

/*
 * The audit log's rows → the contract's worded shapes. The log stores tables, columns, call paths and raw values;
 * the reader gets what a seller reads, in the caller's language, so no table or column name leaves the server.
 */

type Sy = typeof contract.system;
type Entry = OutputOf<Sy["selAuditLogByPage"]>["list"][number];
type RecordOut = OutputOf<Sy["selAuditLogById"]>["records"][number];
type ChangeOut = RecordOut["changes"][number];
export type AuditAction = "insert" | "update" | "delete";

/** A record a call changed, as the log stores it. */
export interface RawRecordRef {
  table: string;
  id: string;
  label: string | null;
  action: AuditAction;
}

/** A changed field as stored: a `linked` change is a set of links, `before` the ones taken away, `after` added. */
export interface RawChange {
  table: string;
  column: string;
  linked: boolean;
  before: unknown;
  after: unknown;
}

export interface RawRecord extends RawRecordRef {
  changes: RawChange[];
}

/** An entry of the log as stored: the call's path, its area's code, the first record it changed. */
export interface RawEntry {
  id: string;
  at: string;
  memberId: string | null;
  memberName: string | null;
  call: string;
  area: string | null;
  recordCount: number;
  record: RawRecordRef | null;
}

/** A stored entry row as the log keeps it (not yet worded). */
export const entryOut = (r: EntryRow): RawEntry => ({
  id: String(r.id),
  at: iso(r.at),
  memberId: r.member_id,
  memberName: r.member_name,
  call: r.call,
  area: r.area,
  recordCount: Number(r.record_count),
  record:
    r.record_table && r.record_id ? { table: r.record_table, id: r.record_id, label: r.label, action: r.action as AuditAction } : null,
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
export function recordsOf(rows: LogRow[]): RawRecord[] {
  const records = new Map<string, RawRecord & { linkedAt: Map<string, { before: unknown[]; after: unknown[] }> }>();
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

const timeText = (zone: string) => (iso: string) => wallClock(new Date(iso), zone).toISOString().slice(0, 16).replace("T", " ");

/** How the log is worded for one reader: the book of words, their language, and times in the shop's zone. */
export interface AuditWording extends AuditFormat {
  words: AuditWords;
  areaName: (code: string | null) => string | null;
}

export function auditWordingOf(words: AuditWords, lang: Lang, zone: string): AuditWording {
  const names = new Map(auditAreas.map((a) => [a.code, a.name[lang]]));
  return { words, lang, time: timeText(zone), areaName: (code) => (code ? (names.get(code) ?? code) : null) };
}

const colon = (lang: Lang) => (lang === "zh" ? "：" : ": ");

/** A record's kind, name, action and screen in words. */
export function recordRefView(r: RawRecordRef, w: AuditWording): Omit<RecordOut, "changes"> {
  return {
    id: r.id,
    type: auditRecordTypeText(w.words, r.table, w.lang),
    label: r.label,
    action: r.action,
    actionText: auditActionWords[r.action][w.lang],
    route: r.action === "delete" ? null : auditRouteOf(w.words, r.table, r.id),
  };
}

export const entryView = (e: RawEntry, w: AuditWording): Entry => ({
  id: e.id,
  at: e.at,
  memberId: e.memberId,
  memberName: e.memberName,
  what: auditCallText(w.words, e.call, w.lang),
  area: e.area,
  areaName: w.areaName(e.area),
  recordCount: e.recordCount,
  record: e.record ? recordRefView(e.record, w) : null,
});

/** One changed field: its name, before and after (a link set: what was taken away, what was added). */
export function changeView(rec: RawRecordRef, c: RawChange, w: AuditWording): ChangeOut {
  const field = w.words.records[c.table]?.fields[c.column];
  const value = (v: unknown) => auditValueText(field, v, w);
  const links = (v: unknown, words: { en: string; zh: string }) =>
    (v as unknown[]).length ? `${words[w.lang]}: ${value(v)}` : auditValueText(undefined, null, w);
  return {
    field: auditFieldText(w.words, c.table, c.column, w.lang),
    before: c.linked ? links(c.before, auditActionWords.removed) : rec.action === "insert" ? "—" : value(c.before),
    after: c.linked ? links(c.after, auditActionWords.added) : rec.action === "delete" ? "—" : value(c.after),
  };
}

export const recordView = (r: RawRecord, w: AuditWording): RecordOut => ({
  ...recordRefView(r, w),
  changes: r.changes.map((c) => changeView(r, c, w)),
});

/** A record's changes as one line of text (the export): "Field: before → after; …". */
export function changesText(rec: RawRecord, fmt: AuditWording): string {
  const { lang, words } = fmt;
  return rec.changes
    .map((c) => {
      const field = words.records[c.table]?.fields[c.column];
      const name = auditFieldText(words, c.table, c.column, lang);
      if (c.linked) {
        const parts: string[] = [];
        const removed = c.before as unknown[];
        const added = c.after as unknown[];
        if (removed.length) parts.push(`${auditActionWords.removed[lang]} ${auditValueText(field, removed, fmt)}`);
        if (added.length) parts.push(`${auditActionWords.added[lang]} ${auditValueText(field, added, fmt)}`);
        return `${name}${colon(lang)}${parts.join(lang === "zh" ? "，" : ", ")}`;
      }
      if (rec.action === "insert") return `${name}${colon(lang)}${auditValueText(field, c.after, fmt)}`;
      if (rec.action === "delete") return `${name}${colon(lang)}${auditValueText(field, c.before, fmt)}`;
      return `${name}${colon(lang)}${auditValueText(field, c.before, fmt)} → ${auditValueText(field, c.after, fmt)}`;
    })
    .join(lang === "zh" ? "；" : "; ");
}
