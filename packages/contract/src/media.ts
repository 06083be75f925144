import { z } from "zod";
import { id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, uploadFile, write } from "./define";
import { fileRef } from "./reference";
import { refusals, type Words } from "./refusals";
import { sheet } from "./sheets";

/*
 * Videos (docs/domains/media.md): a seller's video library. An entry (title, cover image, video file, optional linked
 * goods) is reviewed by the platform's automatic check (type, size and duration read from the video's bytes): pending
 * review → approved or rejected (a reason). An approved video is shown (on) or taken off (off) by the seller; any edit
 * sends it back to review.
 */

export const mediaStates = ["pending", "approved", "rejected"] as const;
export type MediaState = (typeof mediaStates)[number];
export const mediaStateWords: Record<MediaState, Words> = {
  pending: { en: "pending review", zh: "待审核" },
  approved: { en: "approved", zh: "已通过" },
  rejected: { en: "rejected", zh: "未通过" },
};
/** Why the automatic check rejected a video (the seller reads the words). */
export const mediaRejectReasons = ["notVideo", "tooLarge", "tooShort", "tooLong", "durationUnknown", "coverNotImage"] as const;
export type MediaRejectReason = (typeof mediaRejectReasons)[number];

/** A video file: MP4 or WebM (by its bytes), at most this large and long. */
export const MEDIA_VIDEO = { maxMb: 50, minSeconds: 1, maxSeconds: 600 } as const;
/** The cover goes through the platform's upload call with this config. */
export const MEDIA_COVER = { purpose: "videoCover", accept: "image", maxKb: 2048 } as const;
/** Minutes an upload credential stays valid. */
export const MEDIA_UPLOAD_TOKEN_MINUTES = 15;
export const MAX_MEDIA_GOODS = 20;

export const mediaRefusals = refusals("media", {
  notFound: { en: "That video was not found", zh: "未找到该视频" },
  fileNotVideo: { en: "{field} is not a video you uploaded here (MP4 or WebM)", zh: "{field}不是您在此上传的视频（MP4 或 WebM）" },
  coverNotImage: { en: "{field} is not an image you uploaded", zh: "{field}不是您上传的图片" },
  goodsNotFound: { en: "{field} is not one of your goods", zh: "{field}不是本店商品" },
  tokenInvalid: { en: "{field}: the upload credential is invalid or has expired", zh: "{field}：上传凭证无效或已过期" },
  videoTooLarge: { en: "{field} is larger than {mb} MB", zh: "{field}超过 {mb} MB" },
  notApproved: {
    en: "This video is {state}: only an approved video can be put on or taken off",
    zh: "该视频{state}，只有审核通过的视频才能上下架",
  },
});

export const mediaItem = z.object({
  id,
  title: z.string(),
  cover: fileRef.nullable(),
  video: fileRef.extend({ size: z.int(), contentType: z.string() }),
  /** Seconds, read from the video's bytes by the check (null until checked). */
  durationSeconds: z.number().nullable(),
  state: z.enum(mediaStates),
  rejectReason: z.enum(mediaRejectReasons).nullable(),
  /** An approved video is shown to buyers while on. */
  on: z.boolean(),
  goodsCount: z.int(),
  reviewedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type MediaItem = z.infer<typeof mediaItem>;

/** The video list's export sheet (sheets.ts). */
export const videoSheet = sheet(
  "videoList",
  { en: "Videos", zh: "视频" },
  {
    title: { en: "Title", zh: "标题" },
    state: { en: "Review", zh: "审核状态" },
    rejectReason: { en: "Rejected because", zh: "未通过原因" },
    on: { en: "Shown", zh: "是否上架" },
    durationSeconds: { en: "Seconds", zh: "时长（秒）" },
    fileName: { en: "File", zh: "文件名" },
    goodsCount: { en: "Linked goods", zh: "关联商品数" },
    reviewedAt: { en: "Reviewed", zh: "审核时间" },
    createdAt: { en: "Uploaded", zh: "上传时间" },
  },
);

export const mediaDetail = mediaItem.extend({ goods: z.array(z.object({ id, name: z.string() })) });
export type MediaDetail = z.infer<typeof mediaDetail>;

const fields = {
  title: z.string().trim().min(1).max(60),
  coverFileId: id.nullable().default(null),
  videoFileId: id,
  goodsIds: z.array(id).max(MAX_MEDIA_GOODS).default([]),
};

const F = { func: "shop.video" };
const path = (n: string) => seller(`/trading/media/assess/${n}`);
const byId = z.strictObject({ id });

export const media = {
  upload: uploadFile({
    path: path("upload"),
    summary: `Upload a video file (MP4 or WebM by its bytes, at most ${MEDIA_VIDEO.maxMb} MB) with a credential from volcano/getUploadSts2WithExpire (the \`token\` field, before the file): the only way a video is uploaded`,
    access: F,
    maxFileMb: MEDIA_VIDEO.maxMb,
    input: z.strictObject({ token: z.string().min(1).max(500) }),
    output: fileRef.extend({ size: z.int(), contentType: z.string() }),
  }),
  getUploadSts2WithExpire: read({
    path: path("volcano/getUploadSts2WithExpire"),
    summary: `A short-lived (${MEDIA_UPLOAD_TOKEN_MINUTES} minutes) signed credential for uploading a video straight to this server's file store, scoped to the seller`,
    access: F,
    input: z.strictObject({}),
    output: z.object({ token: z.string(), expiresAt: instant, uploadPath: z.string(), maxMb: z.int() }),
  }),
  add: write({
    path: path("add"),
    summary: "Add a video to the library: pending review by the automatic check",
    access: F,
    input: z.strictObject(fields),
    output: mediaDetail,
  }),
  page: read({
    path: path("page"),
    summary: "A page of the shop's videos, newest first, by review state and title",
    access: F,
    input: pageInput({ state: z.enum(mediaStates).optional(), keyword: z.string().trim().max(60).optional() }),
    output: page(mediaItem),
  }),
  exportPage: exportFile({
    path: path("exportPage"),
    summary: "The shop's videos as an Excel file (the list's review state and title; optionally chosen columns)",
    access: { func: "shop.video.export" },
    input: z.strictObject({
      state: z.enum(mediaStates).optional(),
      keyword: z.string().trim().max(60).optional(),
      columns: videoSheet.chosen,
    }),
    sheet: videoSheet,
  }),
  detail: read({
    path: path("detail"),
    summary: "One video with its linked goods",
    access: F,
    input: byId,
    output: mediaDetail,
  }),
  update: write({
    path: path("update"),
    summary: "Change a video's title, cover, file or goods: it goes back to review (and off)",
    access: F,
    input: z.strictObject({ id, ...fields }),
    output: mediaDetail,
  }),
  updateStatus: write({
    path: path("updateStatus"),
    summary: "Put an approved video on or take it off",
    access: F,
    input: z.strictObject({ id, on: z.boolean() }),
    output: mediaItem,
  }),
  delete: write({
    path: path("delete"),
    summary: "Delete a video from the library",
    access: F,
    input: byId,
    output: z.null(),
  }),
};
