import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    /**
     * Images: the WebP renditions' SHA-256 (platform/files/images.ts, RENDITIONS), made at upload; null for other
     * files, and for images kept before renditions were made until one is first asked for.
     */
    listSha256: text("list_sha256"),
    detailSha256: text("detail_sha256"),
    ...timestamps,
  },
  (t) => [index("stored_file_bo_idx").on(t.boId, t.createdAt)],
);

/**
 * A seller organisation's key-value settings when they are kept in PostgreSQL (without REDIS_URL; see
 * domains/system/settings). Not audited by the trigger: the settings service records each change itself, the same
 * way for this table and for Redis.
 */
export const sellerSetting = pgTable(
  "seller_setting",
  {
    boId: text("bo_id").notNull(),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    updatedAt: instantColumn("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.boId, t.key] })],
);

/**
 * A stored file attached to one of an organisation's records (`bus_type` + `ref_id`: a goods item, an advert, a
 * content page) as a file of one kind (`type`: image, pdf, xlsx, video), in the order attached.
 */
export const fileAttachment = pgTable(
  "file_attachment",
  {
    id: idColumn(),
    boId: text("bo_id").notNull(),
    type: text("type").notNull(),
    busType: text("bus_type").notNull(),
    refId: text("ref_id").notNull(),
    fileId: text("file_id")
      .notNull()
      .references(() => storedFile.id),
    sort: integer("sort").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("file_attachment_uq").on(t.boId, t.busType, t.refId, t.type, t.fileId),
    index("file_attachment_ref_idx").on(t.boId, t.busType, t.refId, t.type, t.sort),
  ],
);
