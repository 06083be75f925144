import {
  type Call,
  type contract,
  MEDIA_UPLOAD_TOKEN_MINUTES,
  MEDIA_VIDEO,
  type MediaDetail,
  type MediaItem,
  type MediaRejectReason,
  type MediaState,
  mediaStateWords,
  type OutputOf,
  type ParsedInputOf,
  mediaRefusals as R,
} from "@sbo/contract";
import { iso } from "../../platform/days";
import type { Db } from "../../platform/db/client";
import type { FileStore } from "../../platform/files/file-store";
import type { Upload } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, stateForbids } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import { liveGoodsNames } from "../goods/goods.port";
import { ownFileFor } from "../system/system.port";
import { storeUpload } from "../system/system.service";
import * as repo from "./media.repository";
import { issueUploadToken, uploadTokenValid } from "./upload-token.rules";
import { checkVideo } from "./video.rules";

/*
 * Videos (docs/domains/media.md). Adding or changing a video leaves it pending; the automatic review (`reviewPending`,
 * run by media.jobs.ts) reads its bytes and approves or rejects it. Only an approved video goes on or off.
 */

type M = typeof contract.media;
type In<K extends keyof M> = M[K] extends Call ? ParsedInputOf<M[K]> : never;
type Out<K extends keyof M> = M[K] extends Call ? OutputOf<M[K]> : never;
export const VIDEO_PURPOSE = "video";
const COVER_PURPOSES = ["videoCover", "goods", "general"];

function itemOf(r: repo.VideoRow): MediaItem {
  return {
    id: r.id,
    title: r.title,
    cover: r.cover_file_id ? { id: r.cover_file_id, url: `/files/${r.cover_file_id}`, name: r.cover_name ?? "" } : null,
    video: {
      id: r.video_file_id,
      url: `/files/${r.video_file_id}`,
      name: r.video_name,
      size: Number(r.video_size),
      contentType: r.video_type,
    },
    durationSeconds: r.duration_seconds === null ? null : Number(r.duration_seconds),
    state: r.state as MediaState,
    rejectReason: r.reject_reason as MediaRejectReason | null,
    on: r.on,
    goodsCount: r.goods_ids.length,
    reviewedAt: r.reviewed_at ? iso(r.reviewed_at) : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

async function detailOf(ctx: Ctx, boId: string, id: string): Promise<MediaDetail> {
  const row = await repo.findRow(ctx.db, boId, id);
  if (!row) throw notFound(R.notFound);
  return { ...itemOf(row), goods: await liveGoodsNames(ctx.db, boId, row.goods_ids) };
}

/** The fields as given, checked: the video and cover are the organisation's uploads, the goods its own. */
async function checked(ctx: Ctx, boId: string, input: In<"add">) {
  if (!(await ownFileFor(ctx.db, boId, input.videoFileId, [VIDEO_PURPOSE]))) throw badField("videoFileId", R.fileNotVideo);
  if (input.coverFileId) {
    const cover = await ownFileFor(ctx.db, boId, input.coverFileId, COVER_PURPOSES);
    if (!cover?.content_type.startsWith("image/")) throw badField("coverFileId", R.coverNotImage);
  }
  const goodsIds = [...new Set(input.goodsIds)];
  const found = new Set((await liveGoodsNames(ctx.db, boId, goodsIds)).map((g) => g.id));
  const missing = input.goodsIds.findIndex((g) => !found.has(g));
  if (missing >= 0) throw badField(`goodsIds.${missing}`, R.goodsNotFound);
  return { title: input.title, coverFileId: input.coverFileId, videoFileId: input.videoFileId, goodsIds };
}

export function createMediaService(deps: { files: FileStore }) {
  return {
    async upload(input: In<"upload"> & Upload, ctx: Ctx): Promise<Out<"upload">> {
      const me = ctx.me();
      // The credential is required (the contract): this seller's and member's, signed here, unexpired.
      if (!uploadTokenValid(ctx.config.uploadTokenSecret, input.token, me)) {
        input.file.file.resume();
        throw badField("token", R.tokenInvalid);
      }
      const kept = await storeUpload(
        ctx.db,
        deps.files,
        input.file,
        { accept: "video", maxKb: MEDIA_VIDEO.maxMb * 1024 },
        { boId: me.boId, memberId: me.memberId },
        VIDEO_PURPOSE,
      );
      return { id: kept.id, url: `/files/${kept.id}`, name: kept.name, size: kept.size, contentType: kept.contentType };
    },

    async getUploadSts2WithExpire(_input: unknown, ctx: Ctx): Promise<Out<"getUploadSts2WithExpire">> {
      const me = ctx.me();
      const expiresAt = new Date(Date.now() + MEDIA_UPLOAD_TOKEN_MINUTES * 60_000);
      return {
        token: issueUploadToken(ctx.config.uploadTokenSecret, me, expiresAt),
        expiresAt: expiresAt.toISOString(),
        uploadPath: "/api/seller/trading/media/assess/upload",
        maxMb: MEDIA_VIDEO.maxMb,
      };
    },

    async add(input: In<"add">, ctx: Ctx): Promise<Out<"add">> {
      const me = ctx.me();
      const v = await checked(ctx, me.boId, input);
      const id = await repo.insertVideo(ctx.db, { ...v, boId: me.boId, shopId: me.shop?.id ?? "", createdBy: me.memberId });
      return detailOf(ctx, me.boId, id);
    },

    async page(input: In<"page">, ctx: Ctx): Promise<Out<"page">> {
      const where = repo.listWhere(ctx.me().boId, input);
      const [rows, total] = await Promise.all([
        repo.listPage(ctx.db, where, input.pageSize, offsetOf(input)),
        repo.listCount(ctx.db, where),
      ]);
      return { list: rows.map(itemOf), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    detail: (input: In<"detail">, ctx: Ctx) => detailOf(ctx, ctx.me().boId, input.id),

    /** Any change sends the video back to review, off until approved again. */
    async update(input: In<"update">, ctx: Ctx): Promise<Out<"update">> {
      const boId = ctx.me().boId;
      const row = await repo.lockVideo(ctx.db, boId, input.id);
      if (!row) throw notFound(R.notFound);
      const v = await checked(ctx, boId, input);
      await repo.updateVideo(ctx.db, row.id, {
        ...v,
        state: "pending",
        rejectReason: null,
        on: false,
        durationSeconds: null,
        reviewedAt: null,
      });
      return detailOf(ctx, boId, row.id);
    },

    async updateStatus(input: In<"updateStatus">, ctx: Ctx): Promise<Out<"updateStatus">> {
      const boId = ctx.me().boId;
      const row = await repo.lockVideo(ctx.db, boId, input.id);
      if (!row) throw notFound(R.notFound);
      if (row.state !== "approved") {
        const words = mediaStateWords[row.state as MediaState];
        throw stateForbids(R.notApproved, { state: words.en, "state.en": words.en, "state.zh": words.zh });
      }
      await repo.updateVideo(ctx.db, row.id, { on: input.on });
      const saved = await repo.findRow(ctx.db, boId, row.id);
      if (!saved) throw notFound(R.notFound);
      return itemOf(saved);
    },

    async delete(input: In<"delete">, ctx: Ctx): Promise<null> {
      if ((await repo.deleteVideo(ctx.db, ctx.me().boId, input.id)) === 0) throw notFound(R.notFound);
      return null;
    },
  };
}

/**
 * The automatic review: up to `limit` pending videos, each locked (SKIP LOCKED: processes share the queue), its bytes
 * read from the file store and checked (video.rules.ts), then approved (and put on) or rejected with the reason.
 * Answers how many it decided.
 */
export async function reviewPending(db: Db, files: FileStore, limit = 20): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await repo.takePending(tx, limit);
    for (const v of due) {
      const chunks: Buffer[] = [];
      for await (const chunk of files.get(v.video_sha)) chunks.push(chunk as Buffer);
      const outcome = checkVideo(Buffer.concat(chunks), v.cover_type);
      await repo.updateVideo(
        tx,
        v.id,
        outcome.approved
          ? { state: "approved", on: true, rejectReason: null, durationSeconds: outcome.durationSeconds, reviewedAt: new Date() }
          : {
              state: "rejected",
              on: false,
              rejectReason: outcome.reason,
              durationSeconds: outcome.durationSeconds,
              reviewedAt: new Date(),
            },
      );
    }
    return due.length;
  });
}
