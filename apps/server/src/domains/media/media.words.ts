/**
 * The audit log's words for the media domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w, yesNo } from "../../platform/db/audit-words";

const { media } = contract;

const FILE: AuditRef = { table: "stored_file", name: "name" };

export const mediaWords: AuditWords = {
  calls: {
    [media.upload.path]: w("Uploaded a video file", "上传视频文件"),
    [media.add.path]: w("Added a video", "新增视频"),
    [media.update.path]: w("Changed a video (back to review)", "修改视频（重新审核）"),
    [media.updateStatus.path]: w("Put a video on or took it off", "视频上下架"),
    [media.delete.path]: w("Deleted a video", "删除视频"),
  },
  records: {
    media_video: {
      en: "Video",
      zh: "视频",
      name: ["title"],
      route: "/transaction/video/edit?id=:id",
      hidden: ["shop_id", "created_by"],
      fields: {
        title: f("Title", "标题"),
        cover_file_id: f("Cover", "封面", { ref: FILE }),
        video_file_id: f("Video file", "视频文件", { ref: FILE }),
        duration_seconds: f("Duration (s)", "时长（秒）", { kind: "number" }),
        state: f("Review", "审核状态", {
          kind: "enum",
          values: { pending: w("Pending review", "待审核"), approved: w("Approved", "已通过"), rejected: w("Rejected", "未通过") },
        }),
        reject_reason: f("Reason rejected", "未通过原因"),
        on: f("On", "上架", { kind: yesNo }),
        goods_ids: f("Linked goods", "关联商品", { kind: "json" }),
        reviewed_at: f("Reviewed at", "审核时间", { kind: "time" }),
      },
    },
  },
};
