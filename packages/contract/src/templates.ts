import { z } from "zod";
import { advertSheet } from "./advert";
import { afterSaleSheet } from "./aftersale";
import { id, instant, ok } from "./common";
import { couponRecordSheet, couponRuleSheet } from "./coupon";
import { read, write } from "./define";
import { evaluationSheet } from "./evaluation";
import { flowSheet } from "./finance";
import { freightSheet } from "./freight";
import { goodsSheet } from "./goods";
import { invoiceSheet } from "./invoice";
import { videoSheet } from "./media";
import { memberListTemplates, memberSheet } from "./member";
import { pushSheet } from "./orders-live";
import { voucherSheet } from "./orders-pay";
import { promotionSheet } from "./promotion";
import { refusals } from "./refusals";
import type { Sheet } from "./sheets";
import { shopCategorySheet } from "./shop-category";
import { staffSheet } from "./staff";
import { supplierSheet } from "./supplier";

/*
 * Saved list templates, a platform feature every list can use: a staff member saves a list's filters (or
 * its export columns) under a name and applies them later. Templates are the caller's own, in the active
 * organisation. A kind is `<list>.<what>`, e.g. "memberList.filters".
 *
 * Saved filters: declare the content schema in the list's domain contract (as member.ts does with
 * `memberListTemplates`), add a line to `filterTemplates` below, and on the web use `<SavedFilters listKey="…">`
 * (apps/web/src/components/saved-filters.tsx).
 * Saved export columns: add the list's export sheet (sheets.ts) to `exportSheets` below; the list page's export
 * offers its columns and their saved sets by itself.
 */

const templateName = z.string().trim().min(1, "is required").max(40);
const templateOf = <T extends string, C extends z.ZodType>(type: T, content: C) =>
  z.strictObject({ type: z.literal(type), name: templateName, content });

/** Every list export that offers saved column sets (kind `<list>.exportColumns`). */
export const exportSheets: readonly Sheet[] = [
  memberSheet,
  // Shop, goods and marketing lists (issue 27 §1).
  couponRuleSheet,
  couponRecordSheet,
  promotionSheet,
  supplierSheet,
  freightSheet,
  shopCategorySheet,
  advertSheet,
  videoSheet,
  goodsSheet,
  // issue 27 §1: order and finance lists, staff
  afterSaleSheet,
  invoiceSheet,
  evaluationSheet,
  pushSheet,
  voucherSheet,
  flowSheet,
  staffSheet,
];

/** Every kind of saved template, with its content schema: the server validates the content by kind. */
export const dataTempInput = z.discriminatedUnion("type", [
  templateOf("memberList.filters", memberListTemplates.filters),
  ...exportSheets.map((s) => templateOf(`${s.list}.exportColumns`, s.template)),
]);
/** A kind: a list's saved filters (each named here) or its saved export columns (`<list>.exportColumns`). */
export type DataTempType = "memberList.filters" | `${string}.exportColumns`;
export const dataTempType = z.enum(dataTempInput.options.map((o) => o.shape.type.value) as [DataTempType, ...DataTempType[]]);

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
