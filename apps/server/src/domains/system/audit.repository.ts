import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { auditEntry, auditLog } from "../../platform/db/audit.tables";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import type { AuditPeople } from "./audit.port";

/** The audit list's filters (the export's, without its language). */
export interface AuditFilters {
  memberId?: string | undefined;
  area?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function entryWhere(boId: string, f: AuditFilters): SQL {
  const conditions: SQL[] = [eq(auditEntry.boId, boId)];
  if (f.memberId) conditions.push(eq(auditEntry.memberId, f.memberId));
  if (f.area) conditions.push(eq(auditEntry.area, f.area));
  if (f.from) conditions.push(gte(auditEntry.at, new Date(f.from)));
  if (f.to) conditions.push(lte(auditEntry.at, new Date(f.to)));
  return and(...conditions) as SQL;
}

export interface EntryRow {
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
const entrySelect = (people: AuditPeople, where: SQL, page: SQL) => sql`
  with page as (
    select audit_entry.id, audit_entry.at, audit_entry.member_id, audit_entry.call, audit_entry.area
    from audit_entry where ${where} ${page}
  )
  select e.id, e.at, e.member_id, m.name as member_name, e.call, e.area,
    (select count(distinct l.record_table || ':' || l.record_id)::int from audit_log l where l.entry_id = e.id) as record_count,
    f.record_table, f.record_id, f.label, f.action
  from page e
  left join ${people.members} m on m.id = e.member_id
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
const entryBatch = (people: AuditPeople, where: SQL, page: SQL) => sql`
  select audit_entry.id, audit_entry.at, audit_entry.at::text as at_text, audit_entry.member_id, m.name as member_name, audit_entry.call, audit_entry.area,
    0 as record_count, null as record_table, null as record_id, null as label, null as action
  from audit_entry left join ${people.members} m on m.id = audit_entry.member_id
  where ${where} ${page}`;

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

/** The entry list as `pageOf` counts it. */
export const entryCount = (where: SQL) => ({ from: sql`${auditEntry}`, where });

/** One entry's log rows in order, at most `limit`. */
export async function logRowsOf(db: Executor, entryId: number, limit: number) {
  return db.select(logSelect).from(auditLog).where(eq(auditLog.entryId, entryId)).orderBy(auditLog.id).limit(limit);
}

/** The log rows of several entries, in order. */
export async function logRowsOfEntries(db: Executor, entryIds: number[]) {
  return db.select(logSelect).from(auditLog).where(inArray(auditLog.entryId, entryIds)).orderBy(auditLog.id);
}

/**
 * The reads that show people's names, on the relations the identity domain hands the audit log (`AuditPeople`, given
 * to `createAuditService` when the app is built): the log never names the identity tables.
 */
export function auditReads(people: AuditPeople) {
  async function pageEntries(db: Executor, where: SQL, limit: number, offset: number) {
    return rowsOf<EntryRow>(
      db,
      entrySelect(people, where, sql`order by audit_entry.at desc, audit_entry.id desc limit ${limit} offset ${offset}`),
    );
  }

  async function findEntry(db: Executor, boId: string, entryId: number) {
    const [row] = await rowsOf<EntryRow>(
      db,
      entrySelect(people, and(eq(auditEntry.boId, boId), eq(auditEntry.id, entryId)) as SQL, sql`limit 1`),
    );
    return row;
  }

  /** A batch of the export: entries matching `where` in `orderBy`, at most `size`. */
  async function entryBatchRows(db: Executor, where: SQL, orderBy: SQL[], size: number) {
    return rowsOf<EntryRow>(db, entryBatch(people, where, sql`order by ${sql.join(orderBy, sql`, `)} limit ${size}`));
  }

  /** Who can appear in an organisation's log: its staff, the owner first, then by name. */
  async function logMembers(db: Executor, boId: string) {
    return rowsOf<{ member_id: string; name: string }>(
      db,
      sql`select s.member_id, s.name from ${people.staff} s
          where s.bo_id = ${boId} order by s.is_owner desc, s.name, s.member_id`,
    );
  }

  return { pageEntries, findEntry, entryBatchRows, logMembers };
}
