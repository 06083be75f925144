import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/like";
import { rowsOf } from "../../platform/db/rows";
import { COUNT_CAP } from "../../platform/http/paging";
import { storedFileView } from "../system/system.port";
import { mediaVideo } from "./media.tables";

/* Every query of the media domain, scoped by the seller's organisation (`bo_id`). */

export interface VideoRow {
  id: string;
  title: string;
  cover_file_id: string | null;
  cover_name: string | null;
  video_file_id: string;
  video_name: string;
  video_size: number;
  video_type: string;
  duration_seconds: number | null;
  state: string;
  reject_reason: string | null;
  on: boolean;
  goods_ids: string[];
  reviewed_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const rowColumns = sql`
  v.id, v.title, v.cover_file_id, c.name as cover_name, v.video_file_id, f.name as video_name, f.size as video_size,
  f.content_type as video_type, v.duration_seconds, v.state, v.reject_reason, v."on", v.goods_ids, v.reviewed_at,
  v.created_at, v.updated_at`;
const rowFrom = sql`
  from ${mediaVideo} v
  join ${storedFileView} f on f.id = v.video_file_id
  left join ${storedFileView} c on c.id = v.cover_file_id`;
const rowSelect = sql`select ${rowColumns} ${rowFrom}`;

export function listWhere(boId: string, f: { state?: string | undefined; keyword?: string | undefined }): SQL {
  const parts: SQL[] = [sql`v.bo_id = ${boId}`];
  if (f.state) parts.push(sql`v.state = ${f.state}`);
  if (f.keyword) parts.push(sql`v.title ilike ${containing(f.keyword)}`);
  return sql.join(parts, sql` and `);
}

export const listPage = (db: Executor, where: SQL, limit: number, offset: number) =>
  rowsOf<VideoRow>(db, sql`${rowSelect} where ${where} order by v.created_at desc, v.id desc limit ${limit} offset ${offset}`);

/** Up to `limit` rows of the list where `where`, in `orderBy` (an export's keyset batch), each with its exact created_at. */
export const listRows = (db: Executor, where: SQL, orderBy: SQL[], limit: number) =>
  rowsOf<VideoRow & { at: string }>(
    db,
    sql`select ${rowColumns}, v.created_at::text as at ${rowFrom} where ${where} order by ${sql.join(orderBy, sql`, `)} limit ${limit}`,
  );

export async function listCount(db: Executor, where: SQL): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${mediaVideo} v where ${where} limit ${COUNT_CAP}) x`,
  );
  return Number(row?.n ?? 0);
}

export async function findRow(db: Executor, boId: string, id: string): Promise<VideoRow | undefined> {
  const [row] = await rowsOf<VideoRow>(db, sql`${rowSelect} where v.id = ${id} and v.bo_id = ${boId}`);
  return row;
}

export async function lockVideo(db: Executor, boId: string, id: string) {
  const [row] = await db
    .select()
    .from(mediaVideo)
    .where(and(eq(mediaVideo.id, id), eq(mediaVideo.boId, boId)))
    .for("update");
  return row;
}

export async function insertVideo(db: Executor, row: typeof mediaVideo.$inferInsert): Promise<string> {
  const [saved] = await db.insert(mediaVideo).values(row).returning({ id: mediaVideo.id });
  if (!saved) throw new Error("insert returned nothing");
  return saved.id;
}

export async function updateVideo(db: Executor, id: string, set: Partial<typeof mediaVideo.$inferInsert>) {
  await db.update(mediaVideo).set(set).where(eq(mediaVideo.id, id));
}

export async function deleteVideo(db: Executor, boId: string, id: string) {
  const rows = await db
    .delete(mediaVideo)
    .where(and(eq(mediaVideo.id, id), eq(mediaVideo.boId, boId)))
    .returning({ id: mediaVideo.id });
  return rows.length;
}

/** Pending videos for the review, oldest change first, locked so that several processes never review one twice. */
export async function takePending(db: Executor, limit: number) {
  return rowsOf<{ id: string; video_sha: string; cover_type: string | null }>(
    db,
    sql`select v.id, f.sha256 as video_sha, c.content_type as cover_type from ${mediaVideo} v
        join ${storedFileView} f on f.id = v.video_file_id left join ${storedFileView} c on c.id = v.cover_file_id
        where v.state = 'pending' order by v.updated_at limit ${limit} for update of v skip locked`,
  );
}
