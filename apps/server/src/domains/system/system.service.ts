import { basename } from "node:path";
import { type contract, type OutputOf, type ParsedInputOf, platformRefusals } from "@sbo/contract";
import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { member } from "../../platform/auth/auth.tables";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/like";
import { xlsxStream } from "../../platform/export/xlsx";
import { type FileStore, FileTooLargeError } from "../../platform/files/file-store";
import type { FileResult, Upload } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound } from "../../platform/http/errors";
import { keysetBatches, pageOf } from "../../platform/http/paging";
import { auditLog, storedFile, sysVersion, webContent } from "./system.tables";

type Sy = typeof contract.system;
type Se = typeof contract.session;
type AuditFilters = ParsedInputOf<Sy["exportAuditLog"]>;

const PRODUCT = { name: "商家后台", nameEn: "Seller Back Office", supportPhone: "400-800-7100", supportEmail: "support@example.com" };

const versionOut = (v: typeof sysVersion.$inferSelect) => ({
  id: v.id,
  version: v.version,
  title: v.title,
  notes: v.notes,
  releasedAt: v.releasedAt.toISOString(),
});

function auditWhere(boId: string, f: AuditFilters): SQL {
  const conditions: SQL[] = [eq(auditLog.boId, boId)];
  if (f.call) conditions.push(sql`${auditLog.call} like ${containing(f.call)}`);
  if (f.tableName) conditions.push(eq(auditLog.tableName, f.tableName));
  if (f.memberId) conditions.push(eq(auditLog.memberId, f.memberId));
  if (f.from) conditions.push(gte(auditLog.at, new Date(f.from)));
  if (f.to) conditions.push(lte(auditLog.at, new Date(f.to)));
  return and(...conditions) as SQL;
}

const auditSelect = {
  id: auditLog.id,
  at: auditLog.at,
  memberId: auditLog.memberId,
  memberName: member.name,
  call: auditLog.call,
  tableName: auditLog.tableName,
  targetId: auditLog.targetId,
  action: auditLog.action,
  diff: auditLog.diff,
  requestId: auditLog.requestId,
};
interface AuditRow {
  id: number;
  at: Date;
  memberId: string | null;
  memberName: string | null;
  call: string;
  tableName: string;
  targetId: string;
  action: string;
  diff: unknown;
  requestId: string | null;
}

const auditOut = (r: AuditRow) => ({
  id: String(r.id),
  at: r.at.toISOString(),
  memberId: r.memberId,
  memberName: r.memberName,
  call: r.call,
  tableName: r.tableName,
  targetId: r.targetId,
  action: r.action as "insert" | "update" | "delete",
  diff: r.diff as Record<string, { before: unknown; after: unknown }>,
  requestId: r.requestId,
});

/** The audit log in batches, newest first, for the export. */
const auditBatches = (db: Executor, where: SQL) =>
  keysetBatches(
    { at: auditLog.at, id: auditLog.id },
    where,
    (w, orderBy, size): Promise<AuditRow[]> =>
      db
        .select(auditSelect)
        .from(auditLog)
        .leftJoin(member, eq(member.id, auditLog.memberId))
        .where(w)
        .orderBy(...orderBy)
        .limit(size),
    (r) => ({ at: r.at, id: r.id }),
  );

export function createSystemService(deps: { files: FileStore; version: string }) {
  return {
    async getHistoryVersion(ctx: Ctx, input: ParsedInputOf<Se["getHistoryVersion"]>): Promise<OutputOf<Se["getHistoryVersion"]>> {
      return pageOf(ctx.db, input, { from: sql`${sysVersion}`, where: sql`true` }, async (limit, offset) =>
        (await ctx.db.select().from(sysVersion).orderBy(desc(sysVersion.releasedAt)).limit(limit).offset(offset)).map(versionOut),
      );
    },

    async selLatestVersionInfo(ctx: Ctx): Promise<OutputOf<Se["selLatestVersionInfo"]>> {
      const [row] = await ctx.db.select().from(sysVersion).orderBy(desc(sysVersion.releasedAt)).limit(1);
      return row ? versionOut(row) : null;
    },

    async platformInfo(ctx: Ctx): Promise<OutputOf<Se["platformInfo"]>> {
      return {
        ...PRODUCT,
        version: deps.version,
        serverTime: new Date().toISOString(),
        smsLoginEnabled: true,
        mapTileUrl: ctx.config.mapTileUrl,
      };
    },

    async getWebContentByCode(ctx: Ctx, input: ParsedInputOf<Se["getWebContentByCode"]>): Promise<OutputOf<Se["getWebContentByCode"]>> {
      const rows = await ctx.db.select().from(webContent).where(eq(webContent.code, input.code));
      const row = rows.find((r) => r.lang === input.lang) ?? rows.find((r) => r.lang === "zh") ?? rows[0];
      if (!row) throw notFound(platformRefusals.textNotFound);
      return { code: row.code, type: row.type, title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString() };
    },

    async selAuditLogByPage(ctx: Ctx, input: ParsedInputOf<Sy["selAuditLogByPage"]>): Promise<OutputOf<Sy["selAuditLogByPage"]>> {
      const where = auditWhere(ctx.me().boId, input);
      return pageOf(ctx.db, input, { from: sql`${auditLog}`, where }, async (limit, offset) =>
        (
          await ctx.db
            .select(auditSelect)
            .from(auditLog)
            .leftJoin(member, eq(member.id, auditLog.memberId))
            .where(where)
            .orderBy(desc(auditLog.at), desc(auditLog.id))
            .limit(limit)
            .offset(offset)
        ).map(auditOut),
      );
    },

    async exportAuditLog(ctx: Ctx, input: AuditFilters): Promise<FileResult> {
      const where = auditWhere(ctx.me().boId, input);
      const stream = xlsxStream<AuditRow>(
        "Audit log",
        [
          { header: "Time (UTC)", value: (r) => r.at.toISOString() },
          { header: "Member", value: (r) => r.memberName ?? r.memberId },
          { header: "Call", width: 50, value: (r) => r.call },
          { header: "Table", value: (r) => r.tableName },
          { header: "Target", width: 30, value: (r) => r.targetId },
          { header: "Action", value: (r) => r.action },
          { header: "Changes", width: 80, value: (r) => JSON.stringify(r.diff) },
          { header: "Request", value: (r) => r.requestId },
        ],
        auditBatches(ctx.db, where),
      );
      return { fileName: `audit-log-${new Date().toISOString().slice(0, 10)}.xlsx`, stream };
    },

    async upload(ctx: Ctx, input: ParsedInputOf<Sy["upload"]> & Upload): Promise<OutputOf<Sy["upload"]>> {
      const me = ctx.me();
      const { file } = input;
      const allowed =
        /^(image\/(png|jpeg|gif|webp)|application\/pdf|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|video\/mp4)$/;
      if (!allowed.test(file.mimetype)) throw badField("file", `type ${file.mimetype} is not accepted (images, PDF, .xlsx, MP4)`);
      const { sha256, size } = await deps.files.put(file.file).catch((err: unknown) => {
        throw err instanceof FileTooLargeError ? badField("file", "is larger than 10 MB") : err;
      });
      const name = basename(file.filename).slice(0, 200) || "file";
      const [row] = await ctx.db
        .insert(storedFile)
        .values({ boId: me.boId, memberId: me.memberId, name, contentType: file.mimetype, size, sha256, purpose: input.purpose })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      return { id: row.id, url: `/files/${row.id}`, name, size, contentType: file.mimetype };
    },
  };
}

export async function findFile(db: Executor, id: string) {
  const [row] = await db.select().from(storedFile).where(eq(storedFile.id, id)).limit(1);
  return row;
}
