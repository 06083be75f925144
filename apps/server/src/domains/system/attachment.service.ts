import {
  type AttachmentBusType,
  attachmentBusTypes,
  type contract,
  MAX_ATTACHED_FILES,
  type OutputOf,
  type ParsedInputOf,
  attachmentRefusals as R,
} from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, forbidden, stateForbids } from "../../platform/http/errors";
import * as repo from "./system.repository";

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
    const rows = await repo.attachmentsOf(db, boId, k, MAX_ATTACHED_FILES);
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
      input: ParsedInputOf<Sy["selByTypeBusTypeRefId"]>,
      ctx: Ctx,
    ): Promise<OutputOf<Sy["selByTypeBusTypeRefId"]>> {
      const boId = await checked(ctx, input, "view");
      return listOf(ctx.db, boId, input);
    },

    async addFileList(input: ParsedInputOf<Sy["addFileList"]>, ctx: Ctx): Promise<OutputOf<Sy["addFileList"]>> {
      const boId = await checked(ctx, input, "edit");
      // One record's list at a time: two attaches to it run one after the other.
      await repo.lockAttachments(ctx.db, boId, input);
      const ids = [...new Set(input.fileIds)];
      const files = await repo.filesOf(ctx.db, boId, ids);
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
      await repo.insertAttachments(
        ctx.db,
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
