import { inZone } from "../../platform/export/columns";

/* Calendar days in a shop's time zone: the statements' and the dashboard's days. */

export const DAY_MS = 86_400_000;

/** Midnight of a calendar day (YYYY-MM-DD) in a time zone, as an instant. */
export function startOfDay(day: string, timeZone: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  // The zone's offset at that moment: wall clock minus UTC (twice, to settle on a DST change).
  let at = guess;
  for (let i = 0; i < 2; i++) at = new Date(guess.getTime() - (inZone(at, timeZone).getTime() - at.getTime()));
  return at;
}

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const todayIn = (timeZone: string, now = new Date()) => inZone(now, timeZone).toISOString().slice(0, 10);
/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
