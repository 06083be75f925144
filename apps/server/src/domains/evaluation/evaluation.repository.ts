import { EVAL_LOW_SCORE } from "@sbo/contract";
import { and, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { boundedCount } from "../../platform/http/paging";
import { memberView } from "../identity/identity.port";
import { orderIdOfNo, orderView } from "../orders/orders.port";
import { shops } from "../shop/shop.port";
import { storedFileView } from "../system/system.port";
import { fileUnder } from "../system/system.service";
import { orderEvaluation, orderEvaluationContent, orderEvaluationLine } from "./evaluation.tables";

/* Every query of the evaluation domain (docs/domains/evaluation.md). */

export const hasEvaluation = async (db: Executor, orderId: string) =>
  (await rowsOf(db, sql`select 1 from order_evaluation where order_id = ${orderId}`)).length > 0;

export interface OwnImage {
  id: string;
  name: string;
  content_type: string;
  size: number;
  sha256: string;
  member_id: string;
}

/** Image files among `ids` that the owner uploaded: a buyer's (no organisation) or an organisation's. */
export async function ownImages(db: Executor, owner: { memberId: string } | { boId: string }, ids: string[]): Promise<OwnImage[]> {
  if (ids.length === 0) return [];
  const who = "boId" in owner ? sql`bo_id = ${owner.boId}` : sql`member_id = ${owner.memberId} and bo_id is null`;
  return rowsOf<OwnImage>(
    db,
    sql`select id, name, content_type, size, sha256, member_id from ${storedFileView} f
        where id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) and ${who} and content_type like 'image/%'`,
  );
}

/** The images filed under the selling organisation (`fileUnder`), so its staff may open them: original id → copy's id. */
export async function copyImages(db: Executor, boId: string, images: OwnImage[]): Promise<Map<string, string>> {
  const copies = await fileUnder(
    db,
    boId,
    images.map((i) => ({ memberId: i.member_id, name: i.name, contentType: i.content_type, size: i.size, sha256: i.sha256 })),
    "evaluation",
  );
  return new Map(images.map((img, k) => [img.id, copies[k] as string]));
}

export type EvaluationInsert = typeof orderEvaluation.$inferInsert;
export type EvaluationLineInsert = typeof orderEvaluationLine.$inferInsert;

export async function insertEvaluation(db: Executor, row: EvaluationInsert, lines: Omit<EvaluationLineInsert, "evaluationId">[]) {
  const [e] = await db.insert(orderEvaluation).values(row).returning();
  if (!e) throw new Error("insert returned nothing");
  await db.insert(orderEvaluationLine).values(lines.map((l) => ({ ...l, evaluationId: e.id })));
  return e;
}

export interface EvaluationRow {
  id: string;
  order_id: string;
  order_no: string;
  bo_id: string;
  shop_name: string | null;
  buyer_member_id: string;
  buyer_name: string | null;
  score: number;
  description_score: number;
  service_score: number;
  logistics_score: number;
  line_count: number;
  image_count: number;
  followed_up_at: string | Date | null;
  replied_at: string | Date | null;
  created_at: string | Date;
}

const evaluationSelect = sql`select e.id, e.order_id, o.order_no, e.bo_id, sh.name as shop_name, e.buyer_member_id, m.name as buyer_name,
    e.score, e.description_score, e.service_score, e.logistics_score, e.line_count, e.image_count, e.followed_up_at, e.replied_at,
    e.created_at
  from order_evaluation e
  join ${orderView} o on o.id = e.order_id
  left join ${shops()} sh on sh.id = e.shop_id
  left join ${memberView} m on m.id = e.buyer_member_id`;

export async function evaluationWhere(db: Executor, where: SQL, lock = false): Promise<EvaluationRow | undefined> {
  const [row] = await rowsOf<EvaluationRow>(db, sql`${evaluationSelect} where ${where}${lock ? sql` for update of e` : sql``}`);
  return row;
}

export const evaluationOfOrder = (db: Executor, boId: string, orderId: string) =>
  evaluationWhere(db, sql`e.order_id = ${orderId} and e.bo_id = ${boId}`);

export const evaluationById = (db: Executor, id: string) => evaluationWhere(db, sql`e.id = ${id}`);

/** The seller's evaluation, locked (a reply). */
export const sellerEvaluationLocked = (db: Executor, boId: string, id: string) =>
  evaluationWhere(db, sql`e.id = ${id} and e.bo_id = ${boId}`, true);

/** The buyer's evaluation, locked (a follow-up). */
export const buyerEvaluationLocked = (db: Executor, buyerMemberId: string, id: string) =>
  evaluationWhere(db, sql`e.id = ${id} and e.buyer_member_id = ${buyerMemberId}`, true);

export interface LineRow {
  id: string;
  evaluation_id: string;
  order_line_id: string;
  goods_id: string;
  sku_id: string;
  goods_name: string;
  spec_values: string[];
  image: string | null;
  score: number;
  content: string;
  images: string[];
}

export interface ContentRow {
  evaluation_id: string;
  kind: "followUp" | "reply";
  content: string;
  images: string[];
  created_at: string | Date;
}

const inList = (ids: string[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** The lines, follow-ups/replies and image files of many evaluations: three queries whatever their number. */
export async function partsOf(db: Executor, evaluationIds: string[]) {
  if (evaluationIds.length === 0) return { lines: [] as LineRow[], contents: [] as ContentRow[], files: new Map<string, string>() };
  const [lines, contents] = await Promise.all([
    rowsOf<LineRow>(
      db,
      sql`select id, evaluation_id, order_line_id, goods_id, sku_id, goods_name, spec_values, image, score, content, images
          from order_evaluation_line where evaluation_id in (${inList(evaluationIds)}) order by evaluation_id, sort, id`,
    ),
    rowsOf<ContentRow>(
      db,
      sql`select evaluation_id, kind, content, images, created_at from order_evaluation_content
          where evaluation_id in (${inList(evaluationIds)})`,
    ),
  ]);
  const files = await fileNames(db, [...new Set([...lines.flatMap((l) => l.images), ...contents.flatMap((c) => c.images)])]);
  return { lines, contents, files };
}

/** The names of stored files by id (one query; none without ids). */
export async function fileNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  if (ids.length === 0) return files;
  const rows = await rowsOf<{ id: string; name: string }>(db, sql`select id, name from ${storedFileView} f where id in (${inList(ids)})`);
  for (const r of rows) files.set(r.id, r.name);
  return files;
}

export async function insertContent(db: Executor, row: typeof orderEvaluationContent.$inferInsert) {
  await db.insert(orderEvaluationContent).values(row);
}

export const markReplied = (db: Executor, id: string) =>
  db.execute(sql`update order_evaluation set replied_at = now(), updated_at = now() where id = ${id}`);

export const markFollowedUp = (db: Executor, id: string) =>
  db.execute(sql`update order_evaluation set followed_up_at = now(), updated_at = now() where id = ${id}`);

// ---- lists ----

export interface ListFilters {
  tab: "all" | "toReply" | "withImages" | "lowScore";
  score?: number;
  hasImages?: boolean;
  replied?: boolean;
  orderNo?: string;
  from?: string;
  to?: string;
}

export function listWhere(boId: string, f: ListFilters): SQL {
  const parts: SQL[] = [sql`e.bo_id = ${boId}`];
  if (f.tab === "toReply") parts.push(sql`e.replied_at is null`);
  if (f.tab === "withImages") parts.push(sql`e.image_count > 0`);
  if (f.tab === "lowScore") parts.push(sql`e.score <= ${EVAL_LOW_SCORE}`);
  if (f.score !== undefined) parts.push(sql`e.score = ${f.score}`);
  if (f.hasImages !== undefined) parts.push(f.hasImages ? sql`e.image_count > 0` : sql`e.image_count = 0`);
  if (f.replied !== undefined) parts.push(f.replied ? sql`e.replied_at is not null` : sql`e.replied_at is null`);
  if (f.orderNo) parts.push(sql`e.order_id = ${orderIdOfNo(f.orderNo)}`);
  if (f.from) parts.push(sql`e.created_at >= ${f.from}`);
  if (f.to) parts.push(sql`e.created_at < ${f.to}`);
  return and(...parts) as SQL;
}

export interface SummaryRow extends EvaluationRow {
  first_goods_name: string | null;
  first_spec_values: string[] | null;
  first_image: string | null;
  first_content: string | null;
  reply: string | null;
  /** The creation time as PostgreSQL's exact text (the export's keyset). */
  created_key: string;
}

/** The seller's list with each evaluation's first line and reply joined (alias `e`, conditions of `listWhere`). */
const summarySelect = (
  where: SQL,
) => sql`select e.id, e.order_id, o.order_no, e.bo_id, null as shop_name, e.buyer_member_id, m.name as buyer_name,
            e.score, e.description_score, e.service_score, e.logistics_score, e.line_count, e.image_count, e.followed_up_at,
            e.replied_at, e.created_at, e.created_at::text as created_key,
            fl.goods_name as first_goods_name, fl.spec_values as first_spec_values, fl.image as first_image, fl.content as first_content,
            r.content as reply
          from order_evaluation e
          join ${orderView} o on o.id = e.order_id
          left join ${memberView} m on m.id = e.buyer_member_id
          left join lateral (select l.goods_name, l.spec_values, l.image, l.content from order_evaluation_line l
                             where l.evaluation_id = e.id order by l.sort, l.id limit 1) fl on true
          left join order_evaluation_content r on r.evaluation_id = e.id and r.kind = 'reply'
          where ${where}`;

/** A page of the seller's list in one statement: the first line and the reply joined, the count bounded. */
export async function summaryPage(db: Executor, where: SQL, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    rowsOf<SummaryRow>(db, sql`${summarySelect(where)} order by e.created_at desc, e.id desc limit ${limit} offset ${offset}`),
    boundedCount(db, sql`order_evaluation e`, where),
  ]);
  return { rows, total };
}

/** The evaluation table under the list's alias `e`, for the export's keyset batches (`keysetBatches` keys). */
export const evaluationAlias = alias(orderEvaluation, "e");

/** The seller's evaluations matching `where` (alias `e`) in `orderBy`, at most `limit`: a batch of the export. */
export function summaryBatch(db: Executor, where: SQL, orderBy: SQL[], limit: number): Promise<SummaryRow[]> {
  return rowsOf<SummaryRow>(db, sql`${summarySelect(where)} order by ${sql.join(orderBy, sql`, `)} limit ${limit}`);
}

export interface LineItemRow extends LineRow {
  order_no: string;
  buyer_name: string | null;
  created_at: string | Date;
  reply: string | null;
}

export async function linePage(db: Executor, boId: string, f: { goodsId?: string; score?: number }, limit: number, offset: number) {
  const parts: SQL[] = [sql`l.bo_id = ${boId}`];
  if (f.goodsId) parts.push(sql`l.goods_id = ${f.goodsId}`);
  if (f.score !== undefined) parts.push(sql`l.score = ${f.score}`);
  const where = and(...parts) as SQL;
  const [rows, total] = await Promise.all([
    rowsOf<LineItemRow>(
      db,
      sql`select l.id, l.evaluation_id, l.order_line_id, l.goods_id, l.sku_id, l.goods_name, l.spec_values, l.image, l.score, l.content,
            l.images, o.order_no, m.name as buyer_name, l.created_at, r.content as reply
          from order_evaluation_line l
          join ${orderView} o on o.id = l.order_id
          join order_evaluation e on e.id = l.evaluation_id
          left join ${memberView} m on m.id = e.buyer_member_id
          left join order_evaluation_content r on r.evaluation_id = l.evaluation_id and r.kind = 'reply'
          where ${where}
          order by l.created_at desc, l.id desc
          limit ${limit} offset ${offset}`,
    ),
    boundedCount(db, sql`order_evaluation_line l`, where),
  ]);
  return { rows, total };
}

// ---- buyer ----

export async function buyerPage(db: Executor, buyerMemberId: string, limit: number, offset: number) {
  const where = sql`e.buyer_member_id = ${buyerMemberId}`;
  const [rows, total] = await Promise.all([
    rowsOf<EvaluationRow>(
      db,
      sql`${evaluationSelect} where ${where} order by e.created_at desc, e.id desc limit ${limit} offset ${offset}`,
    ),
    boundedCount(db, sql`order_evaluation e`, where),
  ]);
  return { rows, total };
}
