import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * Videos (docs/domains/media.md): a seller's video library, each entry reviewed by the automatic check.
 */
export const mediaVideo = pgTable(
  "media_video",
  {
    id: idColumn(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    title: text("title").notNull(),
    coverFileId: text("cover_file_id"),
    videoFileId: text("video_file_id").notNull(),
    /** Read from the video's bytes by the check. */
    durationSeconds: doublePrecision("duration_seconds"),
    /** pending | approved | rejected */
    state: text("state").notNull().default("pending"),
    rejectReason: text("reject_reason"),
    on: boolean("on").notNull().default(false),
    goodsIds: jsonb("goods_ids").$type<string[]>().notNull().default([]),
    reviewedAt: instantColumn("reviewed_at"),
    createdBy: text("created_by"),
    ...timestamps,
  },
  (t) => [
    check("media_video_state_ck", sql`${t.state} in ('pending', 'approved', 'rejected')`),
    check("media_video_on_ck", sql`not ${t.on} or ${t.state} = 'approved'`),
    check("media_video_rejected_ck", sql`(${t.state} = 'rejected') = (${t.rejectReason} is not null)`),
    index("media_video_bo_created_idx").on(t.boId, t.createdAt, t.id),
    index("media_video_bo_state_created_idx").on(t.boId, t.state, t.createdAt, t.id),
    // The review job's queue.
    index("media_video_pending_idx").on(t.updatedAt).where(sql`${t.state} = 'pending'`),
  ],
);
