import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, instantColumn, timestamps } from "../../platform/db/columns";

export const sysVersion = pgTable("sys_version", {
  id: idColumn(),
  version: text("version").notNull(),
  title: text("title").notNull(),
  notes: text("notes").notNull(),
  releasedAt: instantColumn("released_at").notNull(),
});

/** Published texts: agreements, privacy policy. One row per code and language. */
export const webContent = pgTable(
  "web_content",
  {
    id: idColumn(),
    code: text("code").notNull(),
    lang: text("lang").notNull(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("web_content_code_lang_uq").on(t.code, t.lang)],
);

/** Written by the database trigger `sbo_audit` on every audited table; see platform/db/audit.ts. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    boId: text("bo_id"),
    memberId: text("member_id"),
    call: text("call").notNull(),
    tableName: text("table_name").notNull(),
    targetId: text("target_id").notNull(),
    action: text("action").notNull(),
    diff: jsonb("diff").notNull(),
    requestId: text("request_id"),
    at: instantColumn("at").notNull().defaultNow(),
  },
  (t) => [index("audit_log_bo_at_idx").on(t.boId, t.at, t.id)],
);

/** Uploaded files; the bytes live in the file store under their SHA-256. */
export const storedFile = pgTable(
  "stored_file",
  {
    id: idColumn(),
    boId: text("bo_id"),
    memberId: text("member_id").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    purpose: text("purpose").notNull(),
    ...timestamps,
  },
  (t) => [index("stored_file_bo_idx").on(t.boId, t.createdAt)],
);
