import type { Call } from "@sbo/contract";
import ExcelJS from "exceljs";
import { expect } from "vitest";
import type { TestApp } from "./harness";

/** An export's file as a seller's spreadsheet opens it: its sheet's name, the header row and the rows' values. */
export interface ReadSheet {
  status: number;
  fileName: string;
  name: string;
  headers: string[];
  rows: unknown[][];
  /** Every value of the column under `header`, row by row. */
  column(header: string): unknown[];
}

/** Exports `entry` with `input` as `ticket` in a language (Accept-Language) and opens the file with exceljs. */
export async function exportSheet(
  t: TestApp,
  entry: Call,
  input: Record<string, unknown>,
  ticket: string,
  lang = "en",
): Promise<ReadSheet> {
  const res = await t.post(entry.path, input, { ticket, headers: { "accept-language": lang } });
  expect(res.status, res.msg).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.data as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the file has no sheet");
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  const [headers = [], ...cells] = rows;
  // An empty cell reads as null (exceljs leaves a hole, and none at the end of a row).
  const body = cells.map((r) => Array.from({ length: headers.length }, (_, i) => r[i] ?? null));
  const at = (header: string) => {
    const i = headers.indexOf(header);
    if (i < 0) throw new Error(`no column ${header} in ${headers.join(", ")}`);
    return i;
  };
  return {
    status: res.status,
    fileName: decodeURIComponent(String(res.headers["content-disposition"] ?? "")),
    name: sheet.name,
    headers: headers as string[],
    rows: body,
    column: (header) => body.map((r) => r[at(header)] ?? null),
  };
}

/** Every row of a paged list call with `filters` (one big page): what the export must hold. */
export async function listAll<T>(t: TestApp, entry: Call, filters: Record<string, unknown>, ticket: string): Promise<T[]> {
  const res = await t.post<{ list: T[]; total: number }>(entry.path, { ...filters, pageNum: 1, pageSize: 100 }, { ticket });
  expect(res.status, res.msg).toBe(200);
  expect(res.data.total).toBeLessThanOrEqual(100);
  return res.data.list;
}
