import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { containing } from "../../../platform/db/like";
import { nameTaken as nameTakenIn } from "../../../platform/db/names";
import { exactAt } from "../../../platform/http/paging";
import { freightTemplate, freightTemplateInfo } from "./freight.tables";

export type TemplateRow = typeof freightTemplate.$inferSelect;
export type InfoRow = typeof freightTemplateInfo.$inferSelect;
export type TemplateValues = Pick<
  TemplateRow,
  "name" | "chargeType" | "firstUnit" | "firstFee" | "additionalUnit" | "additionalFee" | "notDelivered"
>;
export type InfoValues = Pick<
  InfoRow,
  "kind" | "areas" | "firstUnit" | "firstFee" | "additionalUnit" | "additionalFee" | "freeBy" | "threshold" | "sort"
>;

/** One of the organisation's templates; `lock` holds it (FOR UPDATE) for the change that follows. */
export async function findById(db: Executor, boId: string, id: string, lock = false): Promise<TemplateRow | undefined> {
  const q = db
    .select()
    .from(freightTemplate)
    .where(and(eq(freightTemplate.boId, boId), eq(freightTemplate.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

/**
 * Whether the organisation has this template, holding it (FOR KEY SHARE) until the caller's transaction ends: a goods
 * save that names it and a delete of it never both go through (the delete waits, then counts the goods).
 */
export async function holdById(db: Executor, boId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: freightTemplate.id })
    .from(freightTemplate)
    .where(and(eq(freightTemplate.boId, boId), eq(freightTemplate.id, id)))
    .for("key share");
  return rows.length > 0;
}

/** The organisation's template of this name (any case). */
export async function findByName(db: Executor, boId: string, name: string): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(freightTemplate)
    .where(and(eq(freightTemplate.boId, boId), sql`lower(${freightTemplate.name}) = lower(${name})`))
    .limit(1);
  return row;
}

export const nameTaken = (db: Executor, boId: string, name: string, exceptId?: string) =>
  nameTakenIn(db, freightTemplate, { boId, name, exceptId });

export async function countOf(db: Executor, boId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(freightTemplate).where(eq(freightTemplate.boId, boId));
  return Number(row?.n ?? 0);
}

export async function insertTemplate(db: Executor, values: TemplateValues & { boId: string; shopId: string }): Promise<TemplateRow> {
  const [row] = await db.insert(freightTemplate).values(values).returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}

export async function updateTemplate(db: Executor, id: string, values: Partial<TemplateValues>): Promise<void> {
  await db.update(freightTemplate).set(values).where(eq(freightTemplate.id, id));
}

/** Marks the template changed (a row of it changed): the list's "newest change first" and `updatedAt` follow. */
export async function touchTemplate(db: Executor, id: string): Promise<void> {
  await db.update(freightTemplate).set({ updatedAt: new Date() }).where(eq(freightTemplate.id, id));
}

/** Deletes the template; its rows go with it (on delete cascade). */
export async function deleteTemplate(db: Executor, id: string): Promise<void> {
  await db.delete(freightTemplate).where(eq(freightTemplate.id, id));
}

export interface ListFilters {
  name?: string | undefined;
  chargeType?: string | undefined;
}

export function listWhere(boId: string, f: ListFilters): SQL {
  return and(
    eq(freightTemplate.boId, boId),
    f.name ? ilike(freightTemplate.name, containing(f.name)) : undefined,
    f.chargeType ? eq(freightTemplate.chargeType, f.chargeType) : undefined,
  ) as SQL;
}

/** A page of templates, newest change first. */
export async function listPage(db: Executor, where: SQL, limit: number, offset: number): Promise<TemplateRow[]> {
  return db
    .select()
    .from(freightTemplate)
    .where(where)
    .orderBy(desc(freightTemplate.updatedAt), desc(freightTemplate.id))
    .limit(limit)
    .offset(offset);
}

/** Up to `limit` templates where `where`, in `orderBy` (an export's keyset batch), each with its exact updated_at. */
export async function listRows(db: Executor, where: SQL, orderBy: SQL[], limit: number): Promise<(TemplateRow & { at: string })[]> {
  return db
    .select({ ...getTableColumns(freightTemplate), at: exactAt(freightTemplate.updatedAt) })
    .from(freightTemplate)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
}

/** Every template of the organisation by name (at most MAX_FREIGHT_TEMPLATES exist). */
export async function allByName(db: Executor, boId: string) {
  return db
    .select({ id: freightTemplate.id, name: freightTemplate.name, chargeType: freightTemplate.chargeType })
    .from(freightTemplate)
    .where(eq(freightTemplate.boId, boId))
    .orderBy(asc(freightTemplate.name), asc(freightTemplate.id));
}

/** How many rows of each kind the templates have. */
export async function ruleCounts(db: Executor, templateIds: string[]): Promise<Map<string, { fee: number; free: number }>> {
  const out = new Map<string, { fee: number; free: number }>();
  if (templateIds.length === 0) return out;
  const rows = await db
    .select({ templateId: freightTemplateInfo.templateId, kind: freightTemplateInfo.kind, n: count() })
    .from(freightTemplateInfo)
    .where(inArray(freightTemplateInfo.templateId, templateIds))
    .groupBy(freightTemplateInfo.templateId, freightTemplateInfo.kind);
  for (const r of rows) {
    const c = out.get(r.templateId) ?? { fee: 0, free: 0 };
    c[r.kind === "free" ? "free" : "fee"] = Number(r.n);
    out.set(r.templateId, c);
  }
  return out;
}

/** A template's rows in their order (region rules first), optionally of one kind. */
export async function rowsOf(db: Executor, templateId: string, kind?: string): Promise<InfoRow[]> {
  return db
    .select()
    .from(freightTemplateInfo)
    .where(and(eq(freightTemplateInfo.templateId, templateId), kind ? eq(freightTemplateInfo.kind, kind) : undefined))
    .orderBy(asc(freightTemplateInfo.kind), asc(freightTemplateInfo.sort), asc(freightTemplateInfo.id));
}

export function rowsWhere(templateId: string, kind?: string): SQL {
  return and(eq(freightTemplateInfo.templateId, templateId), kind ? eq(freightTemplateInfo.kind, kind) : undefined) as SQL;
}

export async function rowsPage(db: Executor, where: SQL, limit: number, offset: number): Promise<InfoRow[]> {
  return db
    .select()
    .from(freightTemplateInfo)
    .where(where)
    .orderBy(asc(freightTemplateInfo.kind), asc(freightTemplateInfo.sort), asc(freightTemplateInfo.id))
    .limit(limit)
    .offset(offset);
}

/** One row of one of the organisation's templates. */
export async function findRow(db: Executor, boId: string, id: string): Promise<InfoRow | undefined> {
  const [row] = await db
    .select()
    .from(freightTemplateInfo)
    .where(and(eq(freightTemplateInfo.boId, boId), eq(freightTemplateInfo.id, id)));
  return row;
}

export async function insertRows(db: Executor, rows: Array<InfoValues & { boId: string; templateId: string }>): Promise<InfoRow[]> {
  if (rows.length === 0) return [];
  return db.insert(freightTemplateInfo).values(rows).returning();
}

export async function updateRow(db: Executor, id: string, values: Partial<InfoValues>): Promise<InfoRow> {
  const [row] = await db.update(freightTemplateInfo).set(values).where(eq(freightTemplateInfo.id, id)).returning();
  if (!row) throw new Error("update returned nothing");
  return row;
}

export async function deleteRows(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(freightTemplateInfo).where(inArray(freightTemplateInfo.id, ids));
}

/** What a page of templates counts (bounded). */
export const templateCountSource = (where: SQL) => ({ from: sql`${freightTemplate}`, where });
/** What a page of a template's rows counts (bounded). */
export const rowCountSource = (where: SQL) => ({ from: sql`${freightTemplateInfo}`, where });
