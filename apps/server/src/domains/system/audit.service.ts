import { type contract, type Lang, type OutputOf, type ParsedInputOf, platformRefusals } from "@sbo/contract";
import { auditEntry } from "../../platform/db/audit.tables";
import { type AuditWords, auditActionWords, auditCallText, auditExportWords, auditRecordTypeText } from "../../platform/db/audit-words";
import { xlsxStream } from "../../platform/export/xlsx";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { notFound } from "../../platform/http/errors";
import { keysetBatches, pageOf } from "../../platform/http/paging";
import type { AuditPeople } from "./audit.port";
import * as repo from "./audit.repository";
import {
  auditWordingOf,
  changesText,
  entryOut,
  entryView,
  type LogRow,
  type RawEntry,
  type RawRecord,
  recordsOf,
  recordView,
  wallClock,
} from "./audit.view";

type Sy = typeof contract.system;

/** The most rows one entry's detail answers (a batch call over thousands of members is cut here, and says so). */
export const DETAIL_ROW_CAP = 1000;

interface ExportLine {
  entry: RawEntry;
  record: RawRecord | null;
}

/**
 * The audit log's calls, worded from `words` (the book every domain's words make, handed in through the `Platform`),
 * naming people through `people` (the identity domain's relations, handed in when the app is built).
 */
export function createAuditService(words: AuditWords, people: AuditPeople) {
  const reads = repo.auditReads(people);
  return {
    async selAuditLogByPage(input: ParsedInputOf<Sy["selAuditLogByPage"]>, ctx: Ctx): Promise<OutputOf<Sy["selAuditLogByPage"]>> {
      const where = repo.entryWhere(ctx.me().boId, input);
      const wording = auditWordingOf(words, ctx.lang, ctx.me().timeZone);
      return pageOf(ctx.db, input, repo.entryCount(where), async (limit, offset) =>
        (await reads.pageEntries(ctx.db, where, limit, offset)).map((r) => entryView(entryOut(r), wording)),
      );
    },

    async selAuditLogById(input: ParsedInputOf<Sy["selAuditLogById"]>, ctx: Ctx): Promise<OutputOf<Sy["selAuditLogById"]>> {
      const entryId = /^\d{1,18}$/.test(input.id) ? Number(input.id) : null;
      if (entryId === null) throw notFound(platformRefusals.auditEntryNotFound);
      const row = await reads.findEntry(ctx.db, ctx.me().boId, entryId);
      if (!row) throw notFound(platformRefusals.auditEntryNotFound);
      const rows = await repo.logRowsOf(ctx.db, entryId, DETAIL_ROW_CAP + 1);
      const wording = auditWordingOf(words, ctx.lang, ctx.me().timeZone);
      return {
        ...entryView(entryOut(row), wording),
        records: recordsOf(rows.slice(0, DETAIL_ROW_CAP)).map((r) => recordView(r, wording)),
        truncated: rows.length > DETAIL_ROW_CAP,
      };
    },

    async selAuditLogMembers(_input: unknown, ctx: Ctx): Promise<OutputOf<Sy["selAuditLogMembers"]>> {
      const rows = await reads.logMembers(ctx.db, ctx.me().boId);
      return rows.map((r) => ({ memberId: r.member_id, name: r.name }));
    },

    async exportAuditLog(input: ParsedInputOf<Sy["exportAuditLog"]>, ctx: Ctx): Promise<FileResult> {
      const lang: Lang = input.lang;
      const where = repo.entryWhere(ctx.me().boId, input);
      const zone = ctx.me().timeZone;
      const fmt = auditWordingOf(words, lang, zone);
      const db = ctx.db;
      async function* lines(): AsyncGenerator<ExportLine[]> {
        const batches = keysetBatches(
          { at: auditEntry.at, id: auditEntry.id },
          where,
          (w, orderBy, size) => reads.entryBatchRows(db, w, orderBy, size),
          (r) => ({ at: r.at_text as string, id: Number(r.id) }),
          500,
        );
        for await (const batch of batches) {
          const entries = batch.map(entryOut);
          const ids = entries.map((e) => Number(e.id));
          const rows = await repo.logRowsOfEntries(db, ids);
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
          { header: h("what"), width: 30, value: (l) => auditCallText(words, l.entry.call, lang) },
          { header: h("area"), width: 12, value: (l) => fmt.areaName(l.entry.area) },
          { header: h("type"), width: 16, value: (l) => (l.record ? auditRecordTypeText(words, l.record.table, lang) : null) },
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
