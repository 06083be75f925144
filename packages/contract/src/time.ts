/* Time-zone arithmetic both sides need: a shop's calendar is in its own zone, not the server's or the browser's. */

const wallClock = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in a time zone, read field by field (Intl), as milliseconds of the UTC fields. */
export function wallClockMs(instant: number, timeZone: string): number {
  let format = wallClock.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClock.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const n = (type: string) => Number(parts[type]);
  return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
}
