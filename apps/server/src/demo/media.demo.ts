import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import * as repo from "../domains/media/media.repository";
import { VIDEO_PURPOSE } from "../domains/media/media.service";
import { checkVideo, tinyMp4 } from "../domains/media/video.rules";
import { storedFile } from "../domains/system/system.tables";
import type { Executor } from "../platform/db/client";
import { rowsOf } from "../platform/db/rows";
import type { FileStore } from "../platform/files/file-store";

interface Seller {
  boId: string;
  memberId: string;
}

/**
 * The demo videos: small MP4s made in code (`tinyMp4`: a container stating its duration, no frames), kept in the file
 * store like the demo goods' images. Per seller three entries: two decided by the real check of their bytes (one of
 * 24 s approved, one of half a second rejected as too short) and the newest still pending (the review job takes it).
 */
const DEMO_VIDEOS = [
  { title: "Harvest in the orchard", seconds: 24, review: true },
  { title: "Packing test", seconds: 0.5, review: true },
  { title: "How we keep it fresh", seconds: 45, review: false },
];

const bytesOf = (seconds: number) => tinyMp4(seconds);
const shaOf = (b: Buffer) => createHash("sha256").update(b).digest("hex");

export async function ensureDemoVideoFiles(files: FileStore): Promise<void> {
  for (const v of DEMO_VIDEOS) {
    const bytes = bytesOf(v.seconds);
    if (!(await files.exists(shaOf(bytes)))) await files.put(Readable.from([bytes]), () => true);
  }
}

export async function seedMediaDemo(db: Executor, sellers: Seller[]): Promise<void> {
  for (const s of sellers) {
    const [shop] = await rowsOf<{ id: string }>(db, sql`select id from shop where bo_id = ${s.boId} limit 1`);
    const [image] = await rowsOf<{ id: string }>(
      db,
      sql`select id from stored_file where bo_id = ${s.boId} and purpose = 'goods' and content_type like 'image/%' order by id limit 1`,
    );
    const goods = await rowsOf<{ id: string }>(db, sql`select id from goods where bo_id = ${s.boId} and status = 'on' order by id limit 2`);
    for (const [i, v] of DEMO_VIDEOS.entries()) {
      const bytes = bytesOf(v.seconds);
      const [file] = await db
        .insert(storedFile)
        .values({
          boId: s.boId,
          memberId: s.memberId,
          name: `demo-video-${i + 1}.mp4`,
          contentType: "video/mp4",
          size: bytes.length,
          sha256: shaOf(bytes),
          purpose: VIDEO_PURPOSE,
        })
        .returning({ id: storedFile.id });
      if (!file) throw new Error("insert returned nothing");
      const id = await repo.insertVideo(db, {
        boId: s.boId,
        shopId: shop?.id ?? "",
        title: v.title,
        coverFileId: image?.id ?? null,
        videoFileId: file.id,
        goodsIds: i === 0 ? goods.map((g) => g.id) : [],
        createdBy: s.memberId,
      });
      if (!v.review) continue;
      const outcome = checkVideo(bytes, image ? "image/png" : null);
      await repo.updateVideo(
        db,
        id,
        outcome.approved
          ? { state: "approved", on: true, durationSeconds: outcome.durationSeconds, reviewedAt: new Date() }
          : { state: "rejected", rejectReason: outcome.reason, durationSeconds: outcome.durationSeconds, reviewedAt: new Date() },
      );
    }
  }
}
