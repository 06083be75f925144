import { type FieldIssue, fill, type Params, predicateOf, goodsRefusals as R, type Refusal, referenceRefusals } from "@sbo/contract";
import { type Executor, readTogether } from "../../platform/db/client";
import { badInput } from "../../platform/http/errors";
import { categoryCatalog, fileRefs, unitCatalog } from "../reference/reference.service";
import { descriptionFileIds, sanitizeDescription } from "./description.rules";
import * as repo from "./goods.repository";

/* The checks of a goods or package input that need the database; every problem is collected, then one 400 names them all. */

export const issueOf = (path: string, refusal: Refusal, params?: Params): FieldIssue => ({
  path,
  message: fill(predicateOf(refusal.en), params, "en"),
  reason: refusal.reason,
  ...(params ? { params } : {}),
});

export class Issues {
  readonly list: FieldIssue[] = [];
  add(path: string, refusal: Refusal, params?: Params) {
    this.list.push(issueOf(path, refusal, params));
  }
  /** Refuses with HTTP 400 naming every field found wrong, before anything is written. */
  throwIfAny() {
    if (this.list.length) throw badInput(this.list);
  }
}

/** The category (a known leaf) and the unit (a known one). */
export async function checkCategoryAndUnit(db: Executor, issues: Issues, v: { categoryId: string | null; unitId?: string | null }) {
  const [categories, units] = await readTogether(db, [
    async () => (v.categoryId ? categoryCatalog(db) : null),
    async () => (v.unitId ? unitCatalog(db) : null),
  ]);
  const category = v.categoryId ? categories?.get(v.categoryId) : undefined;
  if (v.categoryId && !category) issues.add("categoryId", referenceRefusals.unknownCategory);
  else if (category && !category.leaf) issues.add("categoryId", R.categoryNotLeaf);
  if (v.unitId && !units?.has(v.unitId)) issues.add("unitId", R.unitUnknown);
  return category;
}

/** Images and the video are files the organisation uploaded. */
export async function checkMedia(db: Executor, boId: string, issues: Issues, v: { images: string[]; videoFileId: string | null }) {
  const found = await fileRefs(db, boId, [...v.images, v.videoFileId]);
  v.images.forEach((f, i) => {
    if (!found.has(f)) issues.add(`images.${i}`, referenceRefusals.notOwnFile);
  });
  if (v.videoFileId && !found.has(v.videoFileId)) issues.add("videoFileId", referenceRefusals.notOwnFile);
}

/**
 * The attributes against the category's definitions (its own and its parents'): known keys, values of the right kind
 * and among the options; on publish, the required ones present.
 */
export async function checkAttrs(
  db: Executor,
  issues: Issues,
  categoryPath: string[],
  attrs: Record<string, string | number | string[]>,
  publish: boolean,
) {
  const defs = await repo.attrDefsOf(db, categoryPath);
  const byId = new Map(defs.map((d) => [d.id, d]));
  for (const [key, value] of Object.entries(attrs)) {
    const def = byId.get(key);
    const path = `attrs.${key}`;
    if (!def) {
      issues.add(path, R.attrUnknown);
      continue;
    }
    const codes = new Set(def.options.map((o) => o.code));
    if (def.type === "number" && typeof value !== "number") issues.add(path, R.attrNotNumber);
    else if (def.type === "select" && (typeof value !== "string" || (value !== "" && !codes.has(value)))) issues.add(path, R.attrNotOption);
    else if (def.type === "multiSelect" && (!Array.isArray(value) || value.some((v) => !codes.has(v)))) issues.add(path, R.attrNotOption);
    else if (def.type === "text" && typeof value !== "string") issues.add(path, R.attrNotOption);
  }
  if (publish)
    for (const def of defs) {
      const v = attrs[def.id];
      if (def.required && (v === undefined || v === "" || (Array.isArray(v) && v.length === 0)))
        issues.add(`attrs.${def.id}`, R.attrRequired);
    }
}

/** The description with only allowed markup; images only from the organisation's own files. */
export async function sanitizedDescription(db: Executor, boId: string, html: string): Promise<string> {
  if (!html.trim()) return "";
  const own = await fileRefs(db, boId, descriptionFileIds(html));
  return sanitizeDescription(html, (id) => own.has(id));
}
