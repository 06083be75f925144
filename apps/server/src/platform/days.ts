import { inZone } from "./export/columns";

/* Instants and calendar days: the one copy of each helper the domains share (statements, dashboard, batches' expiry, the desk). */

export const DAY_MS = 86_400_000;

/** An instant as ISO 8601 text (the contract's time fields); `null` stays `null`. */
export function iso(value: string | Date): string;
export function iso(value: string | Date | null): string | null;
export function iso(value: string | Date | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date (YYYY-MM-DD) in a time zone, from the platform's time-zone database: a shop's "today". */
export function todayIn(timeZone: string, now = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** A calendar date plus some days (YYYY-MM-DD). */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** Midnight of a calendar day (YYYY-MM-DD) in a time zone, as an instant. */
export function startOfDay(day: string, timeZone: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  // The zone's offset at that moment: wall clock minus UTC (twice, to settle on a DST change).
  let at = guess;
  for (let i = 0; i < 2; i++) at = new Date(guess.getTime() - (inZone(at, timeZone).getTime() - at.getTime()));
  return at;
}
