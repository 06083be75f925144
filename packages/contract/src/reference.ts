import { z } from "zod";
import { areaCode, areaRef } from "./areas";
import { id } from "./common";
import { read, seller } from "./define";
import { refusals } from "./refusals";

/*
 * Reference data shared by every seller and every domain: the national administrative areas (province →
 * city → district), goods categories, units, dictionaries, and references to uploaded files. The lowest
 * domain: every other domain may use it, it uses none of them.
 */

// The area code and reference live in their own small module, so a screen needing only them loads no more.
export { areaCode, areaRef };

/** An area of one level, for pickers that load level by level. */
export const areaItem = z.object({ code: z.string(), name: z.string(), nameEn: z.string(), level: z.int(), isLeaf: z.boolean() });

/** An uploaded file as shown: its id, URL and name. */
export const fileRef = z.object({ id, url: z.string(), name: z.string() });

export const categoryItem = z.object({ id, name: z.string(), nameEn: z.string(), level: z.int() });

export const referenceRefusals = refusals("reference", {
  unknownArea: { en: "is not a known area", zh: "不是已知的地区" },
  unknownProvince: { en: "is not a known province", zh: "不是已知的省份" },
  notCityOf: { en: "is not a city of the chosen province", zh: "不是所选省份下的城市" },
  notDistrictOf: { en: "is not a district of the chosen city", zh: "不是所选城市下的区县" },
  districtRequired: { en: "is required for this city", zh: "请为该城市选择区县" },
  unknownCategory: { en: "is not a known category", zh: "不是已知的商品类目" },
  unknownDictItem: { en: "is not an item of this dictionary", zh: "不是该字典中的项目" },
  unknownDataset: { en: "{field} is not a known dataset ({name})", zh: "{field}不是已知的数据集（{name}）" },
  unknownDictionary: { en: "{field} is not a known dictionary ({name})", zh: "{field}不是已知的字典（{name}）" },
  notOwnFile: { en: "is not a file uploaded by your organisation", zh: "不是本组织上传的文件" },
});

/**
 * The dictionaries the goods form suggests specs from: `specName` lists the spec names (weight, packaging, size,
 * colour, origin, grade), and `specValue.<name's code>` each name's common values (docs/domains/reference.md).
 */
export const SPEC_NAMES = "specName";
export const specValuesDict = (specCode: string) => `specValue.${specCode}`;

/** A category with its path from the top level down (itself last), for suggestions that name where it sits. */
export const relatedCategory = categoryItem.extend({
  path: z.array(z.object({ id, name: z.string(), nameEn: z.string() })),
  /** The category the relation was made on: the asked one, or one of its parents (its relations apply below it). */
  viaId: id,
  /** No category lies under it (goods are filed under leaves). */
  isLeaf: z.boolean(),
});

const dictEntry = z.object({ code: z.string(), name: z.string(), nameEn: z.string() });

/**
 * The named datasets of the basic data bundle (`graphqlMust`, `graphqlAll`): a screen asks for those it must have
 * in one round trip. A dictionary is named `dict:<its id>` (`dict:express`, `dict:specValue.weight`).
 */
export const BASIC_DATASETS = ["units", "categoryTree", "categoryRelations", "provinces"] as const;
export type BasicDataset = (typeof BASIC_DATASETS)[number];
export const DICT_DATASET_PREFIX = "dict:";
export const MAX_MUST_DATASETS = 20;

const basicData = z.object({
  units: z.array(z.object({ id: z.string(), name: z.string(), nameEn: z.string() })).optional(),
  categoryTree: z.array(categoryItem.extend({ parentId: id.nullable() })).optional(),
  /** Each platform relation once, as a pair (both directions hold). */
  categoryRelations: z.array(z.object({ categoryId: id, relatedId: id })).optional(),
  provinces: z.array(areaItem).optional(),
  /** Dictionary items by dictionary id. */
  dictionaries: z.record(z.string(), z.array(dictEntry)).optional(),
});

export const reference = {
  selSpecAreaListByPid: read({
    path: seller("/basic/system/area/selSpecAreaListByPid"),
    summary: "Areas under a parent (provinces when pid is null, then cities, then districts), for address pickers",
    access: "member",
    input: z.strictObject({ pid: z.string().max(12).nullable().default(null) }),
    output: z.array(areaItem),
  }),
  selAreaById: read({
    path: "/api/system/area/selAreaById",
    summary: "One area by its code, with its path from the province down (not found for an unknown code)",
    access: "member",
    input: z.strictObject({ code: areaCode }),
    output: areaRef.extend({ level: z.int(), isLeaf: z.boolean() }),
  }),
  selAreaListByParam: read({
    path: "/api/system/area/business/selListByParam",
    summary:
      "Areas whose name holds the keyword (place search on the map, pickers), optionally of one level or under one area; at most 50, provinces first",
    access: "member",
    input: z.strictObject({
      keyword: z.string().trim().min(1, "is required").max(20),
      /** 1 province, 2 city, 3 district. */
      level: z.int().min(1).max(3).optional(),
      /** Only areas under this one (at any depth). */
      underCode: areaCode.optional(),
      limit: z.int().min(1).max(50).default(20),
    }),
    output: z.array(areaRef.extend({ level: z.int() })),
  }),
  selSubCateListByPcateId: read({
    path: seller("/basic/system/category/selSubCateListByPcateId"),
    summary: "Goods categories under a parent (top level when pcateId is null)",
    access: "member",
    input: z.strictObject({ pcateId: id.nullable().default(null) }),
    output: z.array(categoryItem),
  }),
  selCategoryTree: read({
    path: seller("/basic/system/category/selCategoryTree"),
    summary:
      "Every goods category in one answer, each with its parent: parents first, each level in its order (pickers that show the whole tree)",
    access: "member",
    input: z.strictObject({}),
    output: z.array(categoryItem.extend({ parentId: id.nullable() })),
  }),
  selCategoryPath: read({
    path: seller("/basic/system/category/selCategoryPath"),
    summary: "A category's path from the top level down to it (not found for an unknown id)",
    access: "member",
    input: z.strictObject({ id }),
    output: z.array(categoryItem),
  }),
  selItemListByDictId: read({
    path: "/api/basic/system/dictItem/selItemListByDictId",
    summary: "A platform dictionary's items in their order, optionally those whose name (either language) holds a keyword",
    access: "member",
    input: z.strictObject({ dictId: z.string().trim().min(1, "is required").max(40), keyword: z.string().trim().max(20).optional() }),
    output: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })),
  }),
  selItemByCode: read({
    path: "/api/basic/system/dictItem/selItemByCode",
    summary: "One item of a platform dictionary by its code (not found for an unknown one)",
    access: "member",
    input: z.strictObject({
      dictId: z.string().trim().min(1, "is required").max(40),
      code: z.string().trim().min(1, "is required").max(40),
    }),
    output: z.object({ code: z.string(), name: z.string(), nameEn: z.string() }),
  }),
  selSystemUnitByParam: read({
    path: seller("/basic/system/unit/selSystemUnitByParam"),
    summary: "The platform's units of measure (kg, piece, box…), optionally by (part of) the name",
    access: "member",
    input: z.strictObject({ name: z.string().trim().max(20).optional() }),
    output: z.array(z.object({ id: z.string(), name: z.string(), nameEn: z.string() })),
  }),
  selSpecItemListByDictId: read({
    path: "/api/basic/system/dictItem/selSpecItemListByDictId",
    summary:
      "The items of one platform dictionary (express companies, after-sale reasons, invoice types, storage, spec names and each spec's values)",
    access: "member",
    input: z.strictObject({ dictId: z.string().trim().min(1, "is required").max(40) }),
    output: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })),
  }),
  selRelatedCategoryList: read({
    path: seller("/basic/system/category/selRelatedCategoryList"),
    summary:
      "A category's related categories (platform-maintained, both directions), then those of its parents; each with its path, for suggestions in the goods form",
    access: "member",
    input: z.strictObject({ id }),
    output: z.array(relatedCategory),
  }),
  graphqlMust: read({
    path: seller("/basic/graphql/must"),
    summary:
      "The basic datasets a screen must have, in one round trip: units, categoryTree, categoryRelations, provinces, dict:<id>; an unknown name is refused naming its field",
    access: "member",
    input: z.strictObject({
      must: z.array(z.string().trim().min(1).max(60)).min(1).max(MAX_MUST_DATASETS),
    }),
    output: basicData,
  }),
  graphqlAll: read({
    path: seller("/basic/graphql/all"),
    summary:
      "Every basic dataset (units, category tree and relations, provinces, every dictionary) with their version; given the version the caller holds, answers unchanged without the data",
    access: "member",
    input: z.strictObject({ version: z.string().max(64).optional() }),
    output: z.object({ version: z.string(), unchanged: z.boolean(), data: basicData.nullable() }),
  }),
};
