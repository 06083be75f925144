import type { Readable } from "node:stream";
import ExcelJS from "exceljs";

/*
 * The two halves of every "fill in our template and upload it" flow (the goods import, batch shipping): the template,
 * and reading an upload back by its headers. Refusals stay the caller's (each domain words them), so the reader
 * answers what went wrong and the caller throws its own.
 */

/** A template column: its key, and its header in each language. */
export interface SheetColumn<K extends string> {
  key: K;
  en: string;
  zh: string;
}

/** A workbook whose first sheet has the columns' headers in the language, bold, the header row frozen. */
export function templateWorkbook<K extends string>(
  sheetName: string,
  columns: readonly SheetColumn<K>[],
  lang: "en" | "zh",
  width: (key: K) => number,
): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c[lang], key: c.key, width: width(c.key) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  return wb;
}

export type Cell = string | number | null;

/** A cell's value as text or a number (rich text, formulas' results and hyperlinks' text flattened; blank is null). */
export function cellValue(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  if (typeof v === "string") return v.trim() === "" ? null : v.trim();
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "object") {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (o.richText) return cellValue(o.richText.map((r) => r.text).join(""));
    if ("result" in o) return cellValue(o.result);
    if ("text" in o) return cellValue(o.text);
  }
  return String(v);
}

export interface SheetRow<K extends string> {
  /** The row's number in the sheet (the header is row 1), for the report. */
  row: number;
  cells: Partial<Record<K, Cell>>;
}

export type SheetRead<K extends string> =
  | { ok: true; rows: SheetRow<K>[] }
  | { ok: false; problem: "notTemplate" | "empty" }
  | { ok: false; problem: "tooManyRows"; max: number };

/**
 * The first sheet's rows by column key, read as a stream. The header row is matched in either language, ignoring
 * case and runs of spaces; a sheet without every `required` column (or not an .xlsx at all) is `notTemplate`. Blank
 * rows are skipped; more than `maxRows` rows is `tooManyRows`, none is `empty`.
 */
export async function readTemplateSheet<K extends string>(
  stream: Readable,
  columns: readonly SheetColumn<K>[],
  required: readonly K[],
  maxRows: number,
): Promise<SheetRead<K>> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
    entries: "emit",
  });
  const rows: SheetRow<K>[] = [];
  let keys: (K | null)[] | null = null;
  const complete = () => !!keys && required.every((k) => keys?.includes(k));
  let tooMany = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as unknown[]).slice(1).map(cellValue);
        if (!keys) {
          keys = values.map((h) => {
            const text = typeof h === "string" ? h.replace(/\s+/g, " ").trim().toLowerCase() : "";
            return columns.find((c) => c.en.toLowerCase() === text || c.zh.toLowerCase() === text)?.key ?? null;
          });
          if (!complete()) break;
          continue;
        }
        if (values.every((v) => v === null)) continue;
        if (rows.length >= maxRows) {
          tooMany = true;
          break;
        }
        const cells: SheetRow<K>["cells"] = {};
        values.forEach((v, i) => {
          const k = keys?.[i];
          if (k) cells[k] = v;
        });
        rows.push({ row: row.number, cells });
      }
      break; // only the first sheet
    }
  } catch {
    return { ok: false, problem: "notTemplate" };
  } finally {
    stream.resume();
  }
  if (!complete()) return { ok: false, problem: "notTemplate" };
  if (tooMany) return { ok: false, problem: "tooManyRows", max: maxRows };
  if (rows.length === 0) return { ok: false, problem: "empty" };
  return { ok: true, rows };
}

/** A workbook as a download. */
export async function workbookFile(wb: ExcelJS.Workbook, fileName: string): Promise<{ fileName: string; stream: Readable }> {
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  const { Readable } = await import("node:stream");
  return { fileName, stream: Readable.from([bytes]) };
}
