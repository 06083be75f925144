import {
  type AttachmentBusType,
  attachmentBusTypes,
  type contract,
  MAX_ATTACHED_FILES,
  type OutputOf,
  type ParsedInputOf,
  attachmentRefusals as R,
} from "@sbo/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import type { Ctx } from "../../platform/http/context";
import { badField, forbidden, stateForbids } from "../../platform/http/errors";
import { fileAttachment, storedFile } from "./system.tables";

type Sy = typeof contract.system;

/**
 * Whether a record of a kind is the organisation's: filled in by the domains that own the records (goods, adverts,
 * content) where the app is put together, since this rank-0 domain imports none of them.
 */
export type RecordOwners = Record<AttachmentBusType, (db: Executor, boId: string, refId: string) => Promise<boolean>>;

const KIND_OF: Record<string, (contentType: string) => boolean> = {
  image: (c) => c.startsWith("image/"),
  pdf: (c) => c === "application/pdf",
  video: (c) => c === "video/mp4",
  xlsx: (c) => c === "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

export function createAttachmentService(owners: RecordOwners) {
  /** The caller holds the record kind's function and the record is the organisation's. */
  async function checked(ctx: Ctx, input: { busType: AttachmentBusType; refId: string }, need: "view" | "edit") {
    const me = ctx.me();
    const func = attachmentBusTypes[input.busType][need];
    if (!me.isOwner && !me.functions.has(func)) throw forbidden(func);
    if (!(await owners[input.busType](ctx.db, me.boId, input.refId))) throw badField("refId", R.recordNotFound);
    return me.boId;
  }

  async function listOf(db: Executor, boId: string, k: { type: string; busType: string; refId: string }) {
    const rows = await db
      .select({ a: fileAttachment, f: storedFile })
      .from(fileAttachment)
      .innerJoin(storedFile, eq(storedFile.id, fileAttachment.fileId))
      .where(
        and(
          eq(fileAttachment.boId, boId),
          eq(fileAttachment.busType, k.busType),
          eq(fileAttachment.refId, k.refId),
          eq(fileAttachment.type, k.type),
        ),
      )
      .orderBy(asc(fileAttachment.sort), asc(fileAttachment.id))
      .limit(MAX_ATTACHED_FILES);
    return rows.map(({ a, f }) => ({
      id: a.id,
      fileId: f.id,
      url: `/files/${f.id}`,
      name: f.name,
      contentType: f.contentType,
      size: f.size,
      sort: a.sort,
      createdAt: a.createdAt.toISOString(),
    }));
  }

  return {
    async selByTypeBusTypeRefId(
      ctx: Ctx,
      input: ParsedInputOf<Sy["selByTypeBusTypeRefId"]>,
    ): Promise<OutputOf<Sy["selByTypeBusTypeRefId"]>> {
      const boId = await checked(ctx, input, "view");
      return listOf(ctx.db, boId, input);
    },

    async addFileList(ctx: Ctx, input: ParsedInputOf<Sy["addFileList"]>): Promise<OutputOf<Sy["addFileList"]>> {
      const boId = await checked(ctx, input, "edit");
      // One record's list at a time: two attaches to it run one after the other.
      await rowsOf(ctx.db, sql`select pg_advisory_xact_lock(71000053, hashtext(${`${boId}:${input.busType}:${input.refId}`}))`);
      const ids = [...new Set(input.fileIds)];
      const files = await ctx.db
        .select({ id: storedFile.id, contentType: storedFile.contentType })
        .from(storedFile)
        .where(and(eq(storedFile.boId, boId), inArray(storedFile.id, ids)));
      const byId = new Map(files.map((f) => [f.id, f]));
      const isKind = KIND_OF[input.type] ?? (() => false);
      for (const [i, id] of ids.entries()) {
        const f = byId.get(id);
        if (!f) throw badField(`fileIds.${i}`, R.fileNotYours, { id });
        if (!isKind(f.contentType)) throw badField(`fileIds.${i}`, R.wrongKind, { id, type: input.type });
      }
      const present = await listOf(ctx.db, boId, input);
      const adding = ids.filter((id) => !present.some((p) => p.fileId === id));
      if (present.length + adding.length > MAX_ATTACHED_FILES)
        throw stateForbids(R.tooMany, { max: MAX_ATTACHED_FILES, count: present.length, adding: adding.length });
      if (adding.length)
        await ctx.db.insert(fileAttachment).values(
          adding.map((fileId, i) => ({
            boId,
            type: input.type,
            busType: input.busType,
            refId: input.refId,
            fileId,
            sort: present.length + i + 1,
          })),
        );
      return listOf(ctx.db, boId, input);
    },
  };
}
