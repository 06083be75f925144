import { and, asc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/like";
import { rowsOf } from "../../platform/db/rows";
import { area, category, categoryRelation, dictItem, unit } from "./reference.tables";

export type AreaRow = { code: string; parentCode: string | null; name: string; nameEn: string; level: number };

/** The areas one level under a parent (the provinces for null), with whether each has areas under it. */
export async function areasUnder(db: Executor, pid: string | null) {
  // Qualified by hand: drizzle renders a column bare in a select list, which the subquery would bind to `c`.
  const child = sql<boolean>`exists (select 1 from ${area} c where c.parent_code = "area"."code")`;
  return db
    .select({ code: area.code, name: area.name, nameEn: area.nameEn, level: area.level, hasChildren: child })
    .from(area)
    .where(pid === null ? isNull(area.parentCode) : eq(area.parentCode, pid))
    .orderBy(asc(area.code));
}

/** Areas by code. */
export async function areasByCode(db: Executor, codes: string[]): Promise<AreaRow[]> {
  if (codes.length === 0) return [];
  return db
    .select({ code: area.code, parentCode: area.parentCode, name: area.name, nameEn: area.nameEn, level: area.level })
    .from(area)
    .where(inArray(area.code, codes));
}

/** Areas by code with all their ancestors (one query; the tree is at most a few levels deep). */
export async function areasWithAncestors(db: Executor, codes: string[]): Promise<AreaRow[]> {
  if (codes.length === 0) return [];
  return rowsOf<AreaRow>(
    db,
    sql`with recursive up as (
          select code, parent_code, name, name_en, level, 0 as depth from ${area} where ${inArray(area.code, codes)}
          union
          select a.code, a.parent_code, a.name, a.name_en, a.level, up.depth + 1 from ${area} a join up on a.code = up.parent_code
          where up.depth < 5
        )
        select distinct code, parent_code as "parentCode", name, name_en as "nameEn", level from up`,
  );
}

/**
 * Areas whose name holds the keyword, in either language ("杭州", "hangzhou"), provinces first, then by code;
 * under an area: its code prefix (GB/T 2260).
 */
export async function areasNamed(
  db: Executor,
  f: { keyword: string; level?: number | undefined; underCode?: string | undefined; limit: number },
) {
  const prefix = f.underCode ? f.underCode.replace(/(00)+$/, "") : null;
  return db
    .select({ code: area.code, level: area.level })
    .from(area)
    .where(
      and(
        or(ilike(area.name, containing(f.keyword)), ilike(area.nameEn, containing(f.keyword))),
        f.level ? eq(area.level, f.level) : undefined,
        prefix ? and(sql`${area.code} like ${`${prefix}%`}`, sql`${area.code} <> ${f.underCode}`) : undefined,
      ),
    )
    .orderBy(asc(area.level), asc(area.code))
    .limit(f.limit);
}

/** Whether any area lies under this one. */
export async function hasAreasUnder(db: Executor, code: string): Promise<boolean> {
  const rows = await db.select({ code: area.code }).from(area).where(eq(area.parentCode, code)).limit(1);
  return rows.length > 0;
}

export async function categoriesUnder(db: Executor, pid: string | null) {
  return db
    .select({ id: category.id, name: category.name, nameEn: category.nameEn, level: category.level })
    .from(category)
    .where(pid === null ? isNull(category.parentId) : eq(category.parentId, pid))
    .orderBy(asc(category.sort));
}

/** Every category with its parent, parents first, each level in its order. */
export async function allCategories(db: Executor) {
  return db
    .select({ id: category.id, name: category.name, nameEn: category.nameEn, level: category.level, parentId: category.parentId })
    .from(category)
    .orderBy(asc(category.level), asc(category.sort), asc(category.id));
}

/** A category and its ancestors (one query; the tree is a few levels deep), top first. */
export async function categoryPath(db: Executor, id: string) {
  return rowsOf<{ id: string; name: string; nameEn: string; level: number }>(
    db,
    sql`with recursive up as (
          select id, parent_id, name, name_en, level from ${category} where id = ${id}
          union all
          select c.id, c.parent_id, c.name, c.name_en, c.level from ${category} c join up on c.id = up.parent_id where up.level > 1
        )
        select id, name, name_en as "nameEn", level from up order by level`,
  );
}

export async function categoriesById(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: category.id, name: category.name, nameEn: category.nameEn, level: category.level })
    .from(category)
    .where(inArray(category.id, ids));
}

export async function units(db: Executor, name: string | undefined) {
  const match = name ? sql`(${ilike(unit.name, containing(name))} or ${ilike(unit.nameEn, containing(name))})` : undefined;
  return db.select({ id: unit.id, name: unit.name, nameEn: unit.nameEn }).from(unit).where(match).orderBy(asc(unit.sort));
}

export async function dictItems(db: Executor, dictCode: string, f: { keyword?: string | undefined; code?: string | undefined } = {}) {
  const named = f.keyword
    ? sql`(${ilike(dictItem.name, containing(f.keyword))} or ${ilike(dictItem.nameEn, containing(f.keyword))})`
    : undefined;
  return db
    .select({ code: dictItem.code, name: dictItem.name, nameEn: dictItem.nameEn })
    .from(dictItem)
    .where(and(eq(dictItem.dictCode, dictCode), named, f.code ? eq(dictItem.code, f.code) : undefined))
    .orderBy(asc(dictItem.sort));
}

/** Every category with its parent and whether any lies under it (the tree is small: tens of rows). */
export async function categoryCatalog(db: Executor) {
  const child = sql<boolean>`exists (select 1 from ${category} c where c.parent_id = "category"."id")`;
  return db
    .select({
      id: category.id,
      parentId: category.parentId,
      name: category.name,
      nameEn: category.nameEn,
      level: category.level,
      hasChildren: child,
    })
    .from(category)
    .orderBy(asc(category.level), asc(category.sort));
}

/**
 * The relations of any of these categories, each seen from the asked side (`viaId`, the asked category; `id`, the
 * other one): a relation is stored once and holds both ways.
 */
export async function relationsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return rowsOf<{ viaId: string; id: string; sort: number }>(
    db,
    sql`select category_id as "viaId", related_id as id, sort from ${categoryRelation} where ${inArray(categoryRelation.categoryId, ids)}
        union all
        select related_id as "viaId", category_id as id, sort from ${categoryRelation} where ${inArray(categoryRelation.relatedId, ids)}`,
  );
}

/** Every category relation, once each (the smaller id first). */
export async function allRelations(db: Executor) {
  return db
    .select({ categoryId: categoryRelation.categoryId, relatedId: categoryRelation.relatedId })
    .from(categoryRelation)
    .orderBy(asc(categoryRelation.categoryId), asc(categoryRelation.sort), asc(categoryRelation.relatedId));
}

/** The ids of the dictionaries that have items. */
export async function dictCodes(db: Executor): Promise<string[]> {
  const rows = await db.selectDistinct({ code: dictItem.dictCode }).from(dictItem).orderBy(asc(dictItem.dictCode));
  return rows.map((r) => r.code);
}

/** The items of these dictionaries (all of them for null), each dictionary's in their order (one query). */
export async function itemsOfDicts(db: Executor, codes: string[] | null) {
  if (codes && codes.length === 0) return [];
  return db
    .select({ dictCode: dictItem.dictCode, code: dictItem.code, name: dictItem.name, nameEn: dictItem.nameEn })
    .from(dictItem)
    .where(codes ? inArray(dictItem.dictCode, codes) : undefined)
    .orderBy(asc(dictItem.dictCode), asc(dictItem.sort), asc(dictItem.id));
}
