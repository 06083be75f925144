import { type contract, type OutputOf, type ParsedInputOf, referenceRefusals as R } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, badInput, notFound } from "../../platform/http/errors";
import { fileNames } from "../system/system.port";
import { basicDataService } from "./basic/basic.service";
import * as repo from "./reference.repository";

/*
 * The one place that reads areas, categories, units, dictionaries and file references. Other domains call
 * these functions (never the tables), so an area is looked up, checked and named the same way everywhere.
 */

type Rf = typeof contract.reference;
type In<K extends keyof Rf> = ParsedInputOf<Rf[K]>;
type Out<K extends keyof Rf> = OutputOf<Rf[K]>;
export type AreaRef = { code: string; codes: string[]; name: string; nameEn: string };
export type AreaName = { code: string; name: string; nameEn: string };
export type FileRef = { id: string; url: string; name: string };

/** Names of a path joined: Chinese names run together with spaces; English ones with commas. */
const joinNames = (names: string[]) => names.join(names.every((n) => /^[\x20-\x7eü]*$/.test(n)) ? ", " : " ");

/** Areas with their paths from the province down, by code (one query); unknown codes are absent. */
export async function areaRefs(db: Executor, codes: Array<string | null | undefined>): Promise<Map<string, AreaRef>> {
  const wanted = [...new Set(codes.filter((c): c is string => Boolean(c)))];
  const rows = await repo.areasWithAncestors(db, wanted);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const out = new Map<string, AreaRef>();
  for (const code of wanted) {
    const path: repo.AreaRow[] = [];
    for (let a = byCode.get(code); a && path.length < 6; a = a.parentCode ? byCode.get(a.parentCode) : undefined) path.unshift(a);
    if (path.length === 0) continue;
    // A municipality's one city repeats its name (北京市 → 北京市): name it once.
    const named = path.filter((a, i) => i === 0 || a.name !== path[i - 1]?.name);
    out.set(code, {
      code,
      codes: path.map((a) => a.code),
      name: joinNames(named.map((a) => a.name)),
      nameEn: joinNames(named.map((a) => a.nameEn)),
    });
  }
  return out;
}

/** An area with its path from the province down, or null. */
export async function areaRef(db: Executor, code: string | null | undefined): Promise<AreaRef | null> {
  if (!code) return null;
  return (await areaRefs(db, [code])).get(code) ?? null;
}

/** The names of single areas (not paths), by code; an unknown code is named by itself. */
export async function areaNames(db: Executor, codes: string[]): Promise<Map<string, AreaName>> {
  const rows = await repo.areasByCode(db, [...new Set(codes)]);
  return new Map(rows.map((r) => [r.code, { code: r.code, name: r.name, nameEn: r.nameEn }]));
}

/** The codes of the areas one level under an area (a province's cities), in code order. */
export async function areaCodesUnder(db: Executor, code: string): Promise<string[]> {
  return (await repo.areasUnder(db, code)).map((a) => a.code);
}

/** A known area of any level, else the field is refused. */
export async function checkArea(db: Executor, code: string | null | undefined, field: string): Promise<void> {
  if (code && (await repo.areasByCode(db, [code])).length === 0) throw badField(field, R.unknownArea);
}

/**
 * A postal address's province, city and district exist and nest; a city that has districts needs one
 * (every city of the national data has them).
 */
export async function checkAddressArea(
  db: Executor,
  v: { provinceCode: string; cityCode: string; districtCode?: string | null | undefined },
): Promise<void> {
  const byCode = new Map(
    (await repo.areasByCode(db, [v.provinceCode, v.cityCode, ...(v.districtCode ? [v.districtCode] : [])])).map((r) => [r.code, r]),
  );
  if (byCode.get(v.provinceCode)?.level !== 1) throw badField("provinceCode", R.unknownProvince);
  if (byCode.get(v.cityCode)?.parentCode !== v.provinceCode) throw badField("cityCode", R.notCityOf);
  if (v.districtCode) {
    if (byCode.get(v.districtCode)?.parentCode !== v.cityCode) throw badField("districtCode", R.notDistrictOf);
  } else if (await repo.hasAreasUnder(db, v.cityCode)) {
    throw badField("districtCode", R.districtRequired);
  }
}

export type CategoryRef = { id: string; name: string; nameEn: string };

/** Categories by id (one query). */
export async function categoryRefs(db: Executor, ids: string[]): Promise<Map<string, CategoryRef>> {
  const rows = await repo.categoriesById(db, [...new Set(ids)]);
  return new Map(rows.map((c) => [c.id, { id: c.id, name: c.name, nameEn: c.nameEn }]));
}

export async function categoryRef(db: Executor, id: string | null | undefined): Promise<CategoryRef | null> {
  if (!id) return null;
  return (await categoryRefs(db, [id])).get(id) ?? null;
}

export async function checkCategory(db: Executor, id: string, field: string): Promise<void> {
  if (!(await categoryRef(db, id))) throw badField(field, R.unknownCategory);
}

/** Every category named exists (else `field.i` of the first unknown is refused); duplicates are dropped. */
export async function checkCategories(db: Executor, ids: string[], field: string): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await categoryRefs(db, unique);
  const index = ids.findIndex((id) => !found.has(id));
  if (index >= 0) throw badField(`${field}.${index}`, R.unknownCategory);
  return unique;
}

export type CatalogCategory = CategoryRef & { parentId: string | null; level: number; leaf: boolean; path: CategoryRef[] };

/** Every category with its path from the top and whether it is a leaf (one query; for forms, imports and checks). */
export async function categoryCatalog(db: Executor): Promise<Map<string, CatalogCategory>> {
  const rows = await repo.categoryCatalog(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<string, CatalogCategory>();
  for (const r of rows) {
    const path: CategoryRef[] = [];
    for (let c: typeof r | undefined = r; c && path.length < 6; c = c.parentId ? byId.get(c.parentId) : undefined)
      path.unshift({ id: c.id, name: c.name, nameEn: c.nameEn });
    out.set(r.id, { id: r.id, name: r.name, nameEn: r.nameEn, parentId: r.parentId, level: r.level, leaf: !r.hasChildren, path });
  }
  return out;
}

/** A category's path from the top level down to it (itself last); empty for an unknown id. */
export const categoryPathOf = (db: Executor, id: string): Promise<CategoryRef[]> =>
  repo.categoryPath(db, id).then((rows) => rows.map((r) => ({ id: r.id, name: r.name, nameEn: r.nameEn })));

/** The categories related to any of `ids` (both directions), each with the asked category it came by (`viaId`). */
export const relatedCategoryIds = (db: Executor, ids: string[]) => repo.relationsOf(db, [...new Set(ids)]);

export type UnitRef = { id: string; name: string; nameEn: string };

/** Every unit of measure, by id (one query; a few rows). */
export async function unitCatalog(db: Executor): Promise<Map<string, UnitRef>> {
  return new Map((await repo.units(db, undefined)).map((u) => [u.id, u]));
}

const fileRefOf = (f: { id: string; name: string }): FileRef => ({ id: f.id, url: `/files/${f.id}`, name: f.name });

/** The organisation's files among `ids` (one query), by id. */
export async function fileRefs(db: Executor, boId: string, ids: Array<string | null | undefined>): Promise<Map<string, FileRef>> {
  const wanted = [...new Set(ids.filter((v): v is string => Boolean(v)))];
  return new Map((await fileNames(db, boId, wanted)).map((f) => [f.id, fileRefOf(f)]));
}

/**
 * File ids given in an input, by the field that named them: each must be a file the organisation
 * uploaded, else that field is refused. Answers the files by id.
 */
export async function checkFiles(db: Executor, boId: string, fields: Record<string, string | null | undefined>) {
  const found = await fileRefs(db, boId, Object.values(fields));
  const issues = Object.entries(fields)
    .filter(([, v]) => v && !found.has(v))
    .map(([path]) => ({ path, message: R.notOwnFile.en, reason: R.notOwnFile.reason }));
  if (issues.length) throw badInput(issues);
  return found;
}

export const referenceService = {
  async selSpecAreaListByPid(input: In<"selSpecAreaListByPid">, ctx: Ctx): Promise<Out<"selSpecAreaListByPid">> {
    const rows = await repo.areasUnder(ctx.db, input.pid);
    return rows.map((r) => ({ code: r.code, name: r.name, nameEn: r.nameEn, level: r.level, isLeaf: !r.hasChildren }));
  },

  async selAreaById(input: In<"selAreaById">, ctx: Ctx): Promise<Out<"selAreaById">> {
    const [ref, under] = await Promise.all([areaRef(ctx.db, input.code), repo.hasAreasUnder(ctx.db, input.code)]);
    if (!ref) throw notFound(R.unknownArea);
    // The path runs from the province down to the area: its length is the area's level.
    return { ...ref, level: ref.codes.length, isLeaf: !under };
  },

  async selAreaListByParam(input: In<"selAreaListByParam">, ctx: Ctx): Promise<Out<"selAreaListByParam">> {
    const rows = await repo.areasNamed(ctx.db, input);
    const refs = await areaRefs(
      ctx.db,
      rows.map((r) => r.code),
    );
    return rows.flatMap((r) => {
      const ref = refs.get(r.code);
      return ref ? [{ ...ref, level: r.level }] : [];
    });
  },

  selSubCateListByPcateId: (input: In<"selSubCateListByPcateId">, ctx: Ctx): Promise<Out<"selSubCateListByPcateId">> =>
    repo.categoriesUnder(ctx.db, input.pcateId),

  selCategoryTree: (_input: unknown, ctx: Ctx): Promise<Out<"selCategoryTree">> => repo.allCategories(ctx.db),

  async selCategoryPath(input: In<"selCategoryPath">, ctx: Ctx): Promise<Out<"selCategoryPath">> {
    const path = await repo.categoryPath(ctx.db, input.id);
    if (path.length === 0) throw notFound(R.unknownCategory);
    return path;
  },

  selItemListByDictId: (input: In<"selItemListByDictId">, ctx: Ctx): Promise<Out<"selItemListByDictId">> =>
    repo.dictItems(ctx.db, input.dictId, { keyword: input.keyword }),

  async selItemByCode(input: In<"selItemByCode">, ctx: Ctx): Promise<Out<"selItemByCode">> {
    const [item] = await repo.dictItems(ctx.db, input.dictId, { code: input.code });
    if (!item) throw notFound(R.unknownDictItem);
    return item;
  },

  selSystemUnitByParam: (input: In<"selSystemUnitByParam">, ctx: Ctx): Promise<Out<"selSystemUnitByParam">> =>
    repo.units(ctx.db, input.name),

  selSpecItemListByDictId: (input: In<"selSpecItemListByDictId">, ctx: Ctx): Promise<Out<"selSpecItemListByDictId">> =>
    repo.dictItems(ctx.db, input.dictId),

  async selRelatedCategoryList(input: In<"selRelatedCategoryList">, ctx: Ctx): Promise<Out<"selRelatedCategoryList">> {
    const path = await repo.categoryPath(ctx.db, input.id);
    if (path.length === 0) throw notFound(R.unknownCategory);
    const [relations, catalog] = await Promise.all([
      repo.relationsOf(
        ctx.db,
        path.map((c) => c.id),
      ),
      categoryCatalog(ctx.db),
    ]);
    // The asked category's own relations first, then its parent's (nearest first); each category once, never one of the path.
    const depth = new Map(path.map((c, i) => [c.id, path.length - i]));
    const onPath = new Set(depth.keys());
    const seen = new Set<string>();
    return relations
      .sort((a, b) => (depth.get(a.viaId) ?? 0) - (depth.get(b.viaId) ?? 0) || a.sort - b.sort || a.id.localeCompare(b.id))
      .flatMap((r) => {
        const c = catalog.get(r.id);
        if (!c || onPath.has(r.id) || seen.has(r.id)) return [];
        seen.add(r.id);
        return [{ id: c.id, name: c.name, nameEn: c.nameEn, level: c.level, path: c.path, viaId: r.viaId, isLeaf: c.leaf }];
      });
  },

  ...basicDataService,
};
