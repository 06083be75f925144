import type { Lang, Words } from "@sbo/contract";
import { wallClockMs } from "@sbo/contract/time";
import type { Column } from "./xlsx";

/**
 * Typed export columns: a column says what its values are, and the export writes them as a seller
 * expects in a spreadsheet, in the user's language and the shop's time zone:
 * - text: as it is;
 * - enum: the words for each stored value (`female` → 女 / Female), never the internal code;
 * - enums: several stored values, each in words, joined (`express, selfPickup` → 快递、到店自提);
 * - integer: a number (format `0`);
 * - money: integer cents → a number of yuan with 2 decimals (format `0.00`);
 * - date: a calendar date (YYYY-MM-DD) → a real spreadsheet date (format `yyyy-mm-dd`);
 * - datetime: an instant → a real spreadsheet date-time in the shop's zone (24-hour, `yyyy-mm-dd hh:mm:ss`).
 */
export type ExportColumn<T> =
  | { kind: "text"; header: Words; width?: number; value: (row: T) => string | null | undefined }
  | { kind: "enum"; header: Words; width?: number; words: Record<string, Words>; value: (row: T) => string | null | undefined }
  | { kind: "enums"; header: Words; width?: number; words: Record<string, Words>; value: (row: T) => readonly string[] }
  | { kind: "integer" | "money"; header: Words; width?: number; value: (row: T) => number | null | undefined }
  | { kind: "date" | "datetime"; header: Words; width?: number; value: (row: T) => Date | string | null | undefined };

/** Builders, so a column reads as what it is: `col.money({ en: "Total spend (¥)", zh: "消费金额（元）" }, (r) => r.totalSpend)`. */
export const col = {
  text: <T>(header: Words, value: (row: T) => string | null | undefined, width?: number): ExportColumn<T> => ({
    kind: "text",
    header,
    value,
    width,
  }),
  enum: <T>(
    header: Words,
    words: Record<string, Words>,
    value: (row: T) => string | null | undefined,
    width?: number,
  ): ExportColumn<T> => ({
    kind: "enum",
    header,
    words,
    value,
    width,
  }),
  enums: <T>(header: Words, words: Record<string, Words>, value: (row: T) => readonly string[], width?: number): ExportColumn<T> => ({
    kind: "enums",
    header,
    words,
    value,
    width,
  }),
  integer: <T>(header: Words, value: (row: T) => number | null | undefined, width?: number): ExportColumn<T> => ({
    kind: "integer",
    header,
    value,
    width,
  }),
  money: <T>(header: Words, value: (row: T) => number | null | undefined, width?: number): ExportColumn<T> => ({
    kind: "money",
    header,
    value,
    width,
  }),
  date: <T>(header: Words, value: (row: T) => Date | string | null | undefined, width?: number): ExportColumn<T> => ({
    kind: "date",
    header,
    value,
    width,
  }),
  datetime: <T>(header: Words, value: (row: T) => Date | string | null | undefined, width?: number): ExportColumn<T> => ({
    kind: "datetime",
    header,
    value,
    width,
  }),
};

export const NUM_FMT = { integer: "0", money: "0.00", date: "yyyy-mm-dd", datetime: "yyyy-mm-dd hh:mm:ss" } as const;

const HOUR = 3_600_000;
/** Per zone, per UTC hour: the zone's offset through that hour, or NaN when it changes within it (a DST change). */
const offsets = new Map<string, Map<number, number>>();

/**
 * The wall-clock time of an instant in a time zone, as the Date a spreadsheet cell holds: spreadsheet dates
 * have no zone, and spreadsheet writers write a Date's UTC fields, so the UTC fields here are the shop's local time
 * (to the second). Reading the fields through Intl cost about 5 µs an instant, two a row in an order export
 * (issue 24 goal 5), so the zone's offset is read once per hour of UTC and kept; an hour in which it changes is read
 * instant by instant.
 */
export function inZone(instant: Date, timeZone: string): Date {
  const t = instant.getTime();
  if (Number.isNaN(t)) return new Date(wallClockMs(t, timeZone)); // Intl's RangeError, as before
  let byHour = offsets.get(timeZone);
  if (!byHour) {
    byHour = new Map();
    offsets.set(timeZone, byHour);
  }
  const hour = Math.floor(t / HOUR);
  let offset = byHour.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR;
    const last = start + HOUR - 1000;
    const atStart = wallClockMs(start, timeZone) - start;
    offset = wallClockMs(last, timeZone) - last === atStart ? atStart : Number.NaN;
    if (byHour.size >= 100_000) byHour.clear();
    byHour.set(hour, offset);
  }
  return new Date(Number.isNaN(offset) ? wallClockMs(t, timeZone) : Math.floor(t / 1000) * 1000 + offset);
}

/** A calendar date (YYYY-MM-DD, or the date part of an ISO string) as a spreadsheet date. */
function calendarDate(value: Date | string): Date | null {
  const text = typeof value === "string" ? value : value.toISOString();
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

function cellOf<T>(c: ExportColumn<T>, row: T, lang: Lang, timeZone: string): string | number | Date | null {
  switch (c.kind) {
    case "text":
      return c.value(row) ?? null;
    case "enum": {
      const v = c.value(row);
      if (v === null || v === undefined || v === "") return null;
      return c.words[v]?.[lang] ?? v;
    }
    case "enums":
      return c
        .value(row)
        .map((v) => c.words[v]?.[lang] ?? v)
        .join(lang === "zh" ? "、" : ", ");
    case "integer":
      return c.value(row) ?? null;
    case "money": {
      const cents = c.value(row);
      return cents === null || cents === undefined ? null : Math.round(cents) / 100;
    }
    case "date": {
      const v = c.value(row);
      return v ? calendarDate(v) : null;
    }
    case "datetime": {
      const v = c.value(row);
      if (!v) return null;
      const instant = typeof v === "string" ? new Date(v) : v;
      return Number.isNaN(instant.getTime()) ? null : inZone(instant, timeZone);
    }
  }
}

/** The columns for `xlsxStream`, headers and values in `lang`, dates in `timeZone`. */
export function sheetColumns<T>(columns: ExportColumn<T>[], opts: { lang: Lang; timeZone: string }): Column<T>[] {
  return columns.map((c) => ({
    header: c.header[opts.lang],
    width: c.width ?? (c.kind === "datetime" ? 20 : c.kind === "text" ? 24 : 14),
    numFmt: c.kind === "text" || c.kind === "enum" || c.kind === "enums" ? undefined : NUM_FMT[c.kind],
    value: (row: T) => cellOf(c, row, opts.lang, opts.timeZone),
  }));
}
