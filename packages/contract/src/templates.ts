import { z } from "zod";
import { boundedRecord, id, instant, ok } from "./common";
import { read, write } from "./define";
import { memberListTemplates } from "./member";
import { refusals } from "./refusals";

/*
 * Saved list templates, a platform feature every list can use: a staff member saves a list's filters (or
 * its export columns) under a name and applies them later. Templates are the caller's own, in the active
 * organisation. A kind is `<list>.<what>`, e.g. "memberList.filters".
 *
 * Saved filters: declare the content schema in the list's domain contract (as member.ts does with
 * `memberListTemplates`), add a line to `filterTemplates` below, and on the web use `<SavedFilters listKey="…">`
 * (apps/web/src/components/saved-filters.tsx).
 * Saved export columns: add the list's export sheet (sheets.ts) to `exportSheets` in template-kinds.ts; the list page's export
 * offers its columns and their saved sets by itself.
 */

const templateName = z.string().trim().min(1, "is required").max(40);

/**
 * Every kind of saved template, with its content schema. Saved export columns are one shape for every list
 * (`<list>.exportColumns`: `{ columns }`); the server checks the kind is a list's export sheet and the columns are its
 * own (template-kinds.ts), which keeps every domain's sheet out of the screens that only save a template.
 */
const exportColumnsType = z
  .string()
  .regex(/^[a-z][A-Za-z]{0,39}\.exportColumns$/, "is not a kind of template") as unknown as z.ZodType<`${string}.exportColumns`>;
/** A kind: a list's saved filters (each named here) or its saved export columns (`<list>.exportColumns`). */
export type DataTempType = "memberList.filters" | `${string}.exportColumns`;
export const dataTempType: z.ZodType<DataTempType> = z.union([z.literal("memberList.filters"), exportColumnsType], {
  error: "is not a kind of template",
});
const contentOf = (type: DataTempType): z.ZodType =>
  type === "memberList.filters"
    ? memberListTemplates.filters
    : z.strictObject({ columns: z.array(z.string().max(40)).min(1, "choose at least one column").max(100) });

export const dataTempInput = z
  .strictObject({ type: dataTempType, name: templateName, content: boundedRecord(z.string().max(40), z.unknown(), 40) })
  .superRefine((v, ctx) => {
    // The content by its kind, its issues under `content`.
    const checked = contentOf(v.type).safeParse(v.content);
    if (!checked.success)
      for (const issue of checked.error.issues) ctx.addIssue({ ...issue, path: ["content", ...issue.path] } as z.core.$ZodRawIssue);
  });

export const dataTemp = z.object({
  id,
  type: dataTempType,
  name: z.string(),
  content: z.record(z.string(), z.unknown()),
  updatedAt: instant,
});

export const templateRefusals = refusals("templates", {
  notFound: { en: "That template was not found", zh: "未找到该模板" },
  limit: { en: "cannot be added: keep at most {max} templates of one type", zh: "无法添加：同一类型最多保存 {max} 个模板" },
  unknownList: { en: "{field}: no list exports under that name", zh: "{field}：没有该名称的导出列表" },
  unknownColumns: { en: "{field}: {columns} is not a column of this export", zh: "{field}：{columns} 不是该导出的列" },
});

export const templates = {
  selDataTempByType: read({
    path: "/api/basic/system/dataTemp/selByType",
    summary: "The caller's saved data templates of one type (saved filters, export column sets)",
    access: "member",
    input: z.strictObject({ type: dataTempType }),
    output: z.array(dataTemp),
  }),
  addDataTemp: write({
    path: "/api/basic/system/dataTemp/add",
    summary: "Save a data template under a name; an existing name of the same type is overwritten",
    access: "member",
    input: dataTempInput,
    output: dataTemp,
  }),
  delDataTemp: write({
    path: "/api/basic/system/dataTemp/del",
    summary: "Delete one of the caller's saved data templates",
    access: "member",
    input: z.strictObject({ id }),
    output: ok,
  }),
};
