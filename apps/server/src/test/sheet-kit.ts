import type { Call } from "@sbo/contract";
import ExcelJS from "exceljs";
import type { TestApp } from "./harness";

/*
 * Reading a list export back the way a seller's spreadsheet opens it: the sheet's name, its header row and its rows
 * (each a list of cell values, empty cells as null), for the export tests of every list.
 */

export interface ReadSheet {
  status: number;
  code: string;
  params: Record<string, string | number> | undefined;
  fileName: string;
  name: string;
  headers: unknown[];
  rows: unknown[][];
  /** The values of one column, by its header. */
  column: (header: string) => unknown[];
}

/** Exports `entry` with `input` as `ticket` in a language (an Accept-Language value) and reads the file back. */
export async function exportSheet(
  t: TestApp,
  entry: Call,
  input: Record<string, unknown>,
  ticket: string,
  lang = "en",
): Promise<ReadSheet> {
  const res = await t.post(entry.path, input, { ticket, headers: { "accept-language": lang } });
  const fileName = decodeURIComponent(String(res.headers["content-disposition"] ?? ""));
  const base = { status: res.status, code: String(res.code), params: res.params, fileName };
  if (res.status !== 200) return { ...base, name: "", headers: [], rows: [], column: () => [] };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.data as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("the file has no sheet");
  const width = sheet.getRow(1).cellCount;
  const values = (n: number) => {
    const row = sheet.getRow(n);
    return Array.from({ length: width }, (_, i) => row.getCell(i + 1).value ?? null);
  };
  const headers = values(1);
  const rows = Array.from({ length: Math.max(0, sheet.rowCount - 1) }, (_, i) => values(i + 2));
  return {
    ...base,
    name: sheet.name,
    headers,
    rows,
    column: (header) => {
      const i = headers.indexOf(header);
      if (i < 0) throw new Error(`no column ${header} in ${headers.join(", ")}`);
      return rows.map((r) => r[i]);
    },
  };
}
