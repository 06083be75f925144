import { PassThrough } from "node:stream";
import { setImmediate as nextTurnOfTheLoop } from "node:timers/promises";
import { asLongWork } from "../db/turns";
import { callsInFlight, givingWay } from "../http/calls-in-flight";
import { sheetWriter } from "./xlsx-writer";

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
 * How long a slice of rows (or a page's statement) waits at most for the calls in flight, and the share of an export's
 * time it may spend waiting (platform/http/calls-in-flight.ts): giving way makes an export at most twice as slow
 * however many calls come. With a fifth (1.25 times), other sellers' p99 beside a 100,000-order export was 260–740 ms
 * on the shared machine at load 13–14, against 150–410 ms at load 15–20 giving way fully (bench/README.md).
 */
export const GIVE_WAY = { maxWaitMs: 250, share: 0.5 };

/**
 * The next batch is asked for while this one is written (on PostgreSQL the query runs beside the writing), each after
 * `before` (the exports: once the calls in flight have been answered, so that a page's statement does not run beside
 * them either).
 */
export async function* readAhead<T>(batches: AsyncIterable<T>, before: () => Promise<void> = async () => {}): AsyncGenerator<T> {
  const it = batches[Symbol.asyncIterator]();
  const ask = () => {
    const next = before().then(() => it.next());
    // Handled here if the writing stops first; awaited below otherwise.
    next.catch(() => undefined);
    return next;
  };
  let next = ask();
  for (;;) {
    const got = await next;
    if (got.done) return;
    next = ask();
    yield got.value;
  }
}

/**
 * Stream rows into an .xlsx without holding the workbook in memory (xlsx-writer.ts): `batches` yields pages (fetch
 * them by keyset; the next is read while this one is written), each row is written as it comes. Reading the pages is
 * long work: on the embedded database each page waits while calls are in flight (platform/db/turns.ts), and the rows
 * are written a hundred at a time between turns of the event loop, each hundred after the calls in flight have been
 * answered (GIVE_WAY), so an export never keeps another seller's call waiting behind it. The reader of the stream
 * sets the pace (backpressure down to the queries).
 */
export function xlsxStream<T>(sheetName: string, columns: Column<T>[], batches: AsyncIterable<T[]>): PassThrough {
  const out = new PassThrough();
  const writer = sheetWriter(out, {
    name: sheetName,
    columns: columns.map((c) => ({ header: c.header, width: c.width ?? 20, numFmt: c.numFmt })),
  });
  const values = columns.map((c) => c.value);
  asLongWork(async () => {
    const giveWay = givingWay(callsInFlight, GIVE_WAY);
    for await (const batch of readAhead(batches, async () => void (await giveWay()))) {
      let written = 0;
      for (const row of batch) {
        writer.row(values.map((value) => safeText(value(row))));
        if (++written % ROWS_PER_TURN === 0) {
          await writer.flush();
          await nextTurnOfTheLoop();
          await giveWay();
        }
      }
      await writer.flush();
    }
    await writer.end();
  }).catch((err: unknown) => {
    writer.abort();
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
