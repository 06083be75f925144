import { type contract, mediaStateWords, type ParsedInputOf, type SheetKey, videoSheet } from "@sbo/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { keysetBatches } from "../../platform/http/paging";
import * as repo from "./media.repository";

/* The video list's export: the sheet in the contract (videoSheet), the list's own where-clause (listWhere). */

type Row = repo.VideoRow & { at: string };

const reasonWords = {
  notVideo: { en: "Not an MP4 or WebM video", zh: "不是 MP4 或 WebM 视频" },
  tooLarge: { en: "Larger than 50 MB", zh: "超过 50 MB" },
  tooShort: { en: "Shorter than 1 second", zh: "短于 1 秒" },
  tooLong: { en: "Longer than 10 minutes", zh: "长于 10 分钟" },
  durationUnknown: { en: "Its duration cannot be read", zh: "无法读取时长" },
  coverNotImage: { en: "The cover is not an image", zh: "封面不是图片" },
};
const yesNo = { yes: { en: "Yes", zh: "是" }, no: { en: "No", zh: "否" } };

/** How each column of the video sheet reads an exported video. */
export const videoCells: SheetCells<SheetKey<typeof videoSheet>, Row> = {
  title: cell.text((r) => r.title, 28),
  state: cell.enum(mediaStateWords, (r) => r.state, 14),
  rejectReason: cell.enum(reasonWords, (r) => r.reject_reason, 24),
  on: cell.enum(yesNo, (r) => (r.on ? "yes" : "no"), 8),
  durationSeconds: cell.integer((r) => (r.duration_seconds === null ? null : Math.round(Number(r.duration_seconds)))),
  fileName: cell.text((r) => r.video_name, 24),
  goodsCount: cell.integer((r) => r.goods_ids.length),
  reviewedAt: cell.datetime((r) => r.reviewed_at),
  createdAt: cell.datetime((r) => r.created_at),
};

const batches = (db: Executor, where: SQL) =>
  keysetBatches(
    { at: sql`v.created_at`, id: sql`v.id` },
    where,
    (w, orderBy, size) => repo.listRows(db, w, orderBy, size),
    (r: Row) => ({ at: r.at, id: r.id }),
  );

/** The video list as a spreadsheet: the list's filters, the reader's language, the shop's time zone. */
export async function exportPage(input: ParsedInputOf<typeof contract.media.exportPage>, ctx: Ctx): Promise<FileResult> {
  const { columns, ...filters } = input;
  return sheetFile(ctx, videoSheet, videoCells, columns, batches(ctx.db, repo.listWhere(ctx.me().boId, filters)));
}
