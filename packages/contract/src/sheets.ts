import { z } from "zod";
import type { Words } from "./refusals";

/*
 * A list's export sheet, declared once in the contract and read by the server and the web:
 * - the server writes the sheet's columns with these headers (apps/server/src/platform/export/sheet-file.ts);
 * - the export call takes `columns: <sheet>.chosen` (the keys, in order; absent: every column);
 * - the web offers the columns to choose, by their headers in the user's language, and saves a choice as a data
 *   template of kind `<list>.exportColumns` (templates.ts lists every sheet).
 */
export interface Sheet<K extends string = string> {
  /** The list, e.g. "memberList": its saved column sets are templates of kind `<list>.exportColumns`. */
  list: string;
  /** The sheet's name, also the start of the file's name (`<name>-<today>.xlsx`). */
  name: Words;
  /** Every column in its default order, with its header. */
  headers: Readonly<Record<K, Words>>;
  /** One column's key. */
  key: z.ZodEnum<{ [k in K]: k }>;
  /** The export call's `columns` input: the chosen keys in order, absent for every column. */
  chosen: z.ZodOptional<z.ZodArray<z.ZodEnum<{ [k in K]: k }>>>;
  /** The content of a saved column set. */
  template: z.ZodObject<{ columns: z.ZodArray<z.ZodEnum<{ [k in K]: k }>> }, z.core.$strict>;
}

/** Declares a list's export sheet: `sheet("memberList", { en: "Members", zh: "会员" }, { memberNo: { en: …, zh: … }, … })`. */
export function sheet<const K extends string>(list: string, name: Words, headers: Record<K, Words>): Sheet<K> {
  const keys = Object.keys(headers) as [K, ...K[]];
  const key = z.enum(keys) as unknown as z.ZodEnum<{ [k in K]: k }>;
  const columns = z.array(key).min(1, "choose at least one column").max(keys.length);
  return { list, name, headers, key, chosen: columns.optional(), template: z.strictObject({ columns }) };
}

/** A sheet's columns in a language, in its default order, for a chooser. */
export const sheetOptions = (s: Sheet, lang: "en" | "zh"): { value: string; label: string }[] =>
  Object.entries<Words>(s.headers).map(([value, words]) => ({ value, label: words[lang] }));

/** The column keys of a sheet. */
export type SheetKey<S> = S extends Sheet<infer K> ? K : never;
