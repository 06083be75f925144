/*
 * Reads an uploaded .xlsx in a worker thread (started by sheet.ts), so parsing a large or hostile sheet never holds
 * the event loop that serves everyone else's calls. It answers plain rows. Node runs this file itself (its types are
 * stripped), so it imports only Node's modules and ExcelJS, and its syntax stays erasable.
 */
import { Readable } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import ExcelJS from "exceljs";

export type Cell = string | number | null;

export interface SheetJob {
  bytes: Uint8Array;
  /** Data rows wanted at most (the header row comes on top); one more is only counted. */
  maxRows: number;
  maxColumns: number;
}

export type SheetParse =
  | { ok: true; rows: { row: number; values: Cell[] }[]; more: boolean }
  | { ok: false; problem: "notSheet" | "tooManyColumns" };

/** A cell's value as text or a number (rich text, formulas' results and hyperlinks' text flattened; blank is null). */
function cellValue(v: unknown): Cell {
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

/** The first sheet's first row (the header) and its non-blank rows after it, as streamed; stops at a limit. */
async function parse(job: SheetJob): Promise<SheetParse> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(job.bytes)]), {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
    entries: "emit",
  });
  const rows: { row: number; values: Cell[] }[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const raw = row.values as unknown[];
      if (raw.length - 1 > job.maxColumns) return { ok: false, problem: "tooManyColumns" };
      const values = raw.slice(1).map(cellValue);
      if (rows.length > 0 && values.every((v) => v === null)) continue;
      if (rows.length > job.maxRows) return { ok: true, rows, more: true };
      rows.push({ row: row.number, values });
    }
    break; // only the first sheet
  }
  return { ok: true, rows, more: false };
}

const port = parentPort;
if (port) {
  parse(workerData as SheetJob).then(
    (answer) => port.postMessage(answer),
    () => port.postMessage({ ok: false, problem: "notSheet" } satisfies SheetParse),
  );
}
