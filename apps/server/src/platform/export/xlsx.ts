import { once } from "node:events";
import { PassThrough } from "node:stream";
import { setImmediate as nextTurnOfTheLoop } from "node:timers/promises";
import ExcelJS from "exceljs";
import { asLongWork } from "../db/turns";

export interface Column<T> {
  header: string;
  width?: number;
  /** The cell format of numbers and dates ("0.00", "yyyy-mm-dd"); see columns.ts for typed columns. */
  numFmt?: string;
  value: (row: T) => string | number | Date | null;
}

/**
 * OWASP's advice against formula (CSV) injection: text a seller or buyer typed that starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return could be evaluated by a spreadsheet program when the reader edits the cell, so it is written
 * with a leading `'`, which spreadsheet programs show as text and never evaluate. Numbers and dates are not text and
 * stay as they are. Every sheet the server writes puts its text cells through this.
 */
export function safeText<V>(value: V): V | string {
  return typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows written between two turns of the event loop: a page's rows never hold the process for long at once. */
const ROWS_PER_TURN = 100;

/**
 * Stream rows into an .xlsx without holding the workbook in memory: `batches` yields pages
 * (fetch them by keyset), each row is committed as it is written. Reading the pages is long work: on the embedded
 * database each page waits while calls are in flight (platform/db/turns.ts), and the rows are written a hundred at a
 * time between turns of the event loop, so an export never keeps another seller's call waiting behind it.
 */
export function xlsxStream<T>(sheetName: string, columns: Column<T>[], batches: AsyncIterable<T[]>): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? 20,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  asLongWork(async () => {
    for await (const batch of batches) {
      let written = 0;
      for (const row of batch) {
        if (++written % ROWS_PER_TURN === 0) await nextTurnOfTheLoop();
        const added = sheet.addRow(columns.map((c) => safeText(c.value(row))));
        columns.forEach((c, i) => {
          if (c.numFmt) added.getCell(i + 1).numFmt = c.numFmt;
        });
        added.commit();
      }
      // Backpressure: exceljs pushes without waiting, so wait here until the client has read what is buffered.
      while (out.writableNeedDrain || out.readableLength > out.readableHighWaterMark * 16) {
        if (out.destroyed) return;
        await Promise.race([once(out, "drain"), once(out, "close"), new Promise((r) => setTimeout(r, 50))]);
      }
    }
    sheet.commit();
    await workbook.commit();
  }).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
