import { bigint, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { instantColumn } from "./columns";

/*
 * The audit log's tables: the platform's own, like its trigger (`./audit.ts`), which writes them on every audited
 * write in the same transaction. The system domain's audit calls read them (domains/system/audit.repository.ts).
 */

/**
 * One call's changes in one organisation: who, when, which call and the call's area. Written by the
 * database trigger `sbo_audit` with the call's first changed row; see platform/db/audit.ts.
 */
export const auditEntry = pgTable(
  "audit_entry",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    boId: text("bo_id"),
    memberId: text("member_id"),
    call: text("call").notNull(),
    area: text("area"),
    requestId: text("request_id"),
    at: instantColumn("at").notNull().defaultNow(),
  },
  (t) => [
    index("audit_entry_bo_at_idx").on(t.boId, t.at, t.id),
    index("audit_entry_bo_member_at_idx").on(t.boId, t.memberId, t.at, t.id),
    index("audit_entry_bo_area_at_idx").on(t.boId, t.area, t.at, t.id),
  ],
);

/** One changed row of an entry, written by the trigger `sbo_audit` on every audited table. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint("entry_id", { mode: "number" }),
    boId: text("bo_id"),
    memberId: text("member_id"),
    call: text("call").notNull(),
    tableName: text("table_name").notNull(),
    targetId: text("target_id").notNull(),
    /** The record the row belongs to: itself, or the parent of a link row (a staff member for their role). */
    recordTable: text("record_table"),
    recordId: text("record_id"),
    /** The record's name when it changed. */
    label: text("label"),
    action: text("action").notNull(),
    diff: jsonb("diff").notNull(),
    requestId: text("request_id"),
    at: instantColumn("at").notNull().defaultNow(),
  },
  (t) => [index("audit_log_entry_idx").on(t.entryId, t.id)],
);
