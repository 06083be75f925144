import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { Worker } from "node:worker_threads";
import { fieldRefusals, type Params, type Refusal } from "@sbo/contract";
import ExcelJS from "exceljs";
import type { Cell, SheetJob, SheetParse } from "./sheet-worker";

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

export type { Cell } from "./sheet-worker";

/**
 * What an uploaded sheet may be, checked before and while it is read (issue 22, finding 6: a 201 KB upload that
 * unpacked to 200 MB held the server for 44 s). The zip's own directory is read first, without unpacking anything;
 * then the sheet is parsed in a worker thread with a heap and a time limit, so no upload holds other calls.
 * The row limit is each import's own.
 */
export const SHEET_LIMITS = {
  /** All parts unpacked together; a 10,000-row import unpacks to a few MB. */
  unpackedMb: 50,
  /** Unpacked size over packed size of any part larger than 1 MB; spreadsheets' XML packs 5–30 times. */
  ratio: 200,
  /** Parts in the zip; a workbook has a dozen or two. */
  parts: 500,
  columns: 100,
  /** The parse's time limit. */
  seconds: 20,
  /** The worker's heap. */
  heapMb: 256,
} as const;

export interface SheetRow<K extends string> {
  /** The row's number in the sheet (the header is row 1), for the report. */
  row: number;
  cells: Partial<Record<K, Cell>>;
}

export type SheetRead<K extends string> =
  | { ok: true; rows: SheetRow<K>[] }
  | { ok: false; problem: "notTemplate" | "empty" }
  | { ok: false; problem: "tooManyRows"; max: number }
  /** Over one of SHEET_LIMITS: the refusal of the `file` field, worded by the contract. */
  | { ok: false; problem: "limit"; refusal: Refusal; params: Params };

const MB = 1024 * 1024;
const over = (refusal: Refusal, params: Params) => ({ ok: false as const, problem: "limit" as const, refusal, params });

/**
 * The zip's central directory, read without unpacking: the sizes it declares, against SHEET_LIMITS. Null when within
 * them; "notZip" when there is no readable directory (not an .xlsx). The worker's heap and time limits stand behind
 * this for a zip whose directory lies.
 */
export function zipDirectoryProblem(bytes: Buffer): ReturnType<typeof over> | "notZip" | null {
  const END = 0x06054b50;
  const ENTRY = 0x02014b50;
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) return "notZip";
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  // ZIP64 (markers at their maximum) is for archives far beyond an upload's size.
  if (count === 0xffff || at === 0xffffffff) return over(fieldRefusals.sheetUnpackedTooLarge, { mb: SHEET_LIMITS.unpackedMb });
  if (count > SHEET_LIMITS.parts) return over(fieldRefusals.sheetTooManyParts, { max: SHEET_LIMITS.parts });
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== ENTRY) return "notZip";
    const packed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    total += size;
    if (size === 0xffffffff || total > SHEET_LIMITS.unpackedMb * MB) {
      return over(fieldRefusals.sheetUnpackedTooLarge, { mb: SHEET_LIMITS.unpackedMb });
    }
    if (size > MB && size > Math.max(packed, 1) * SHEET_LIMITS.ratio) return over(fieldRefusals.sheetPacked, { ratio: SHEET_LIMITS.ratio });
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return null;
}

/**
 * The worker's module: beside this one when run from source (tsx), and `dist/sheet-worker.mjs` beside the production
 * bundle (`dist/main.mjs`, which holds this module; apps/server/build.mjs builds both).
 */
const workerModule = new URL(import.meta.url.endsWith(".ts") ? "./sheet-worker.ts" : "./sheet-worker.mjs", import.meta.url);

/** Parses the sheet in a worker thread; its heap and time are bounded, so a hostile file fails there, not here. */
function parseInWorker(job: SheetJob): Promise<SheetParse | ReturnType<typeof over>> {
  return new Promise((resolve) => {
    const worker = new Worker(workerModule, {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: SHEET_LIMITS.heapMb },
    });
    let settled = false;
    const settle = (answer: SheetParse | ReturnType<typeof over>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(
      () => settle(over(fieldRefusals.sheetTooSlow, { seconds: SHEET_LIMITS.seconds })),
      SHEET_LIMITS.seconds * 1000,
    );
    worker.once("message", (answer: SheetParse) => settle(answer));
    worker.once("error", (err: Error & { code?: string }) =>
      settle(
        err.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? over(fieldRefusals.sheetUnpackedTooLarge, { mb: SHEET_LIMITS.unpackedMb })
          : { ok: false, problem: "notSheet" },
      ),
    );
    worker.once("exit", () => settle({ ok: false, problem: "notSheet" }));
  });
}

/**
 * The first sheet's rows by column key. The upload is checked against SHEET_LIMITS before it is parsed, and parsed in
 * a worker thread. The header row is matched in either language, ignoring case and runs of spaces; a sheet without
 * every `required` column (or not an .xlsx at all) is `notTemplate`. Blank rows are skipped; more than `maxRows` rows
 * is `tooManyRows`, none is `empty`.
 */
export async function readTemplateSheet<K extends string>(
  stream: Readable,
  columns: readonly SheetColumn<K>[],
  required: readonly K[],
  maxRows: number,
): Promise<SheetRead<K>> {
  const bytes = await buffer(stream);
  const zip = zipDirectoryProblem(bytes);
  if (zip === "notZip") return { ok: false, problem: "notTemplate" };
  if (zip) return zip;
  const parsed = await parseInWorker({ bytes, maxRows, maxColumns: SHEET_LIMITS.columns });
  if (!parsed.ok) {
    if (parsed.problem === "limit") return parsed;
    if (parsed.problem === "tooManyColumns") return over(fieldRefusals.sheetTooManyColumns, { max: SHEET_LIMITS.columns });
    return { ok: false, problem: "notTemplate" };
  }
  const [header, ...body] = parsed.rows;
  const keys = (header?.values ?? []).map((h) => {
    const text = typeof h === "string" ? h.replace(/\s+/g, " ").trim().toLowerCase() : "";
    return columns.find((c) => c.en.toLowerCase() === text || c.zh.toLowerCase() === text)?.key ?? null;
  });
  if (!required.every((k) => keys.includes(k))) return { ok: false, problem: "notTemplate" };
  if (parsed.more) return { ok: false, problem: "tooManyRows", max: maxRows };
  if (body.length === 0) return { ok: false, problem: "empty" };
  return {
    ok: true,
    rows: body.map((r) => {
      const cells: SheetRow<K>["cells"] = {};
      r.values.forEach((v, i) => {
        const k = keys[i];
        if (k) cells[k] = v;
      });
      return { row: r.row, cells };
    }),
  };
}

/** A workbook as a download. */
export async function workbookFile(wb: ExcelJS.Workbook, fileName: string): Promise<{ fileName: string; stream: Readable }> {
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  const { Readable } = await import("node:stream");
  return { fileName, stream: Readable.from([bytes]) };
}
