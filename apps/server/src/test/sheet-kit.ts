import { type Call, funcOf, type OutputOf } from "@sbo/contract";
import ExcelJS from "exceljs";
import { expect } from "vitest";
import { createStaff, meOf } from "./fixtures";
import { createTestApp, type TestApp } from "./harness";

/*
 * Reading a list export back the way a seller's spreadsheet opens it: the sheet's name, its header row and its rows
 * (each a list of cell values, empty cells as null), for the export tests of every list.
 */

/** The export tests' common start: the app on the demo data, the first demo seller's owner and organisation. */
export async function demoOwnerApp() {
  const t = await createTestApp();
  const owner = await t.login("demo");
  return { t, owner, boId: (await meOf(t, owner)).boId };
}

export interface ReadSheet {
  status: number;
  code: string;
  params: Record<string, string | number> | undefined;
  fileName: string;
  name: string;
  headers: string[];
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
  const headers = values(1).map(String);
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

/** A row of a paged list call's answer. */
type RowOf<C extends Call> = OutputOf<C> extends { list: (infer R)[] } ? R : never;

/**
 * Every row of a paged list call with `filters`, page after page, in the list's order: what the export must hold. A
 * keyset list (its answer carries `nextCursor`) is followed by its cursor; any other by page number.
 */
export async function listAll<C extends Call>(t: TestApp, entry: C, filters: Record<string, unknown>, ticket: string): Promise<RowOf<C>[]> {
  const out: RowOf<C>[] = [];
  let cursor: string | undefined;
  for (let pageNum = 1; ; pageNum++) {
    const input = { ...filters, pageNum: cursor ? 1 : pageNum, pageSize: 100, ...(cursor ? { cursor } : {}) };
    const res = await t.post<{ list: RowOf<C>[]; nextCursor?: string | null }>(entry.path, input, { ticket });
    expect(res.status, res.msg).toBe(200);
    out.push(...res.data.list);
    if (res.data.nextCursor !== undefined) {
      if (!res.data.nextCursor) return out;
      cursor = res.data.nextCursor;
    } else if (res.data.list.length < 100) return out;
  }
}

/**
 * An export checks its own function: a member who sees the list (`sees`) but lacks the export's function is refused
 * with 403 naming it; given it as well, the member gets the file.
 */
export async function expectOwnExportFunction(t: TestApp, boId: string, entry: Call, sees: string[]): Promise<void> {
  const func = funcOf(entry);
  if (!func) throw new Error(`${entry.path} is not guarded by a function`);
  const seeing = await createStaff(t, boId, sees);
  const refused = await exportSheet(t, entry, {}, seeing);
  expect(refused.status).toBe(403);
  expect(refused.params?.func).toBe(func);
  const exporting = await createStaff(t, boId, [...sees, func]);
  expect((await exportSheet(t, entry, {}, exporting)).status).toBe(200);
}
