import { wallClockMs } from "@sbo/contract/time";
import dayjs from "dayjs";

/** How the screens show an instant: the reader's local date and 24-hour time, the same in both languages. */
export const DATE_TIME = "YYYY-MM-DD HH:mm";

/** An instant (ISO text) in the screens' format, or null when there is none. */
export const when = (iso: string | null | undefined): string | null => (iso ? dayjs(iso).format(DATE_TIME) : null);

/** Midnight of a calendar day (YYYY-MM-DD) in a time zone (the shop's, not the browser's), as an instant. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at that moment: wall clock minus UTC (twice, to settle on a DST change).
  let at = guess;
  for (let i = 0; i < 2; i++) at = guess - (wallClockMs(at, timeZone) - at);
  return new Date(at);
}

/** A calendar day (YYYY-MM-DD) plus some days. */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
