import type { Sheet, Words } from "@sbo/contract";
import { todayIn } from "../days";
import type { FileResult } from "../http/bind-domain";
import type { Ctx } from "../http/context";
import { col, type ExportColumn, sheetColumns } from "./columns";
import { xlsxStream } from "./xlsx";

/*
 * A list's export: the contract declares its sheet (columns and headers, packages/contract/src/sheets.ts), the domain
 * says how each column's cells are read from a row (`cell.*`), and `sheetFile` writes the columns the reader chose,
 * in their language and the shop's time zone, streamed from the domain's batches.
 */

const HEADER_FROM_SHEET: Words = { en: "", zh: "" };

/** A column's cells without its header (the header is the contract sheet's): `cell.money((r) => r.total)`. */
export const cell = {
  text: <T>(value: (row: T) => string | null | undefined, width?: number) => col.text<T>(HEADER_FROM_SHEET, value, width),
  enum: <T>(words: Record<string, Words>, value: (row: T) => string | null | undefined, width?: number) =>
    col.enum<T>(HEADER_FROM_SHEET, words, value, width),
  enums: <T>(words: Record<string, Words>, value: (row: T) => readonly string[], width?: number) =>
    col.enums<T>(HEADER_FROM_SHEET, words, value, width),
  integer: <T>(value: (row: T) => number | null | undefined, width?: number) => col.integer<T>(HEADER_FROM_SHEET, value, width),
  money: <T>(value: (row: T) => number | null | undefined, width?: number) => col.money<T>(HEADER_FROM_SHEET, value, width),
  date: <T>(value: (row: T) => Date | string | null | undefined, width?: number) => col.date<T>(HEADER_FROM_SHEET, value, width),
  datetime: <T>(value: (row: T) => Date | string | null | undefined, width?: number) => col.datetime<T>(HEADER_FROM_SHEET, value, width),
};

/** Every column of a sheet, by key, as the cells of a row of type T. */
export type SheetCells<K extends string, T> = Readonly<Record<K, ExportColumn<T>>>;

/**
 * The export file of a list: the chosen columns (absent: all, in the sheet's order) with the sheet's headers, named
 * `<sheet name>-<today in the shop's zone>.xlsx` (English names in lower case, words joined by hyphens).
 */
export function sheetFile<K extends string, T>(
  ctx: Ctx,
  sheet: Sheet<K>,
  cells: SheetCells<K, T>,
  chosen: readonly K[] | undefined,
  batches: AsyncIterable<T[]>,
): FileResult {
  const timeZone = ctx.me().timeZone;
  const keys = chosen ?? (Object.keys(sheet.headers) as K[]);
  const columns = keys.map((k) => ({ ...cells[k], header: sheet.headers[k] }) as ExportColumn<T>);
  const name = sheet.name[ctx.lang];
  const file = name.toLowerCase().replaceAll(" ", "-");
  return {
    fileName: `${file}-${todayIn(timeZone)}.xlsx`,
    stream: xlsxStream(name, sheetColumns(columns, { lang: ctx.lang, timeZone }), batches),
  };
}
