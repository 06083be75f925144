import dayjs, { type Dayjs } from "dayjs";

/** One field of a list's query form. Values live in the URL as strings so reload and back work. */
export type FilterField =
  | { kind: "text"; name: string; label: string; placeholder?: string }
  | { kind: "select"; name: string; label: string; options: { label: string; value: string }[]; placeholder?: string }
  /** A date range kept as two URL parameters (`from`, `to`: YYYY-MM-DD) and sent as ISO instants. */
  | { kind: "dateRange"; name: string; label: string; from: string; to: string };

export type FilterValues = Record<string, string>;
/** What the antd form holds: strings, and a [start, end] pair for a date range. */
export type FormValues = Record<string, string | [Dayjs | null, Dayjs | null] | null | undefined>;

export const DATE = "YYYY-MM-DD";

/** Counts stop at the server's cap (COUNT_CAP): shown as "10,000+". Here, not in list-page.tsx, so that a
 *  screen showing a count (the home's to-do card) does not pull the list page and its table into its chunk. */
const COUNT_SHOWN_CAP = 10_000;
export const cappedCount = (n: number) => (n >= COUNT_SHOWN_CAP ? `${COUNT_SHOWN_CAP.toLocaleString("en-US")}+` : String(n));

const paramNames = (field: FilterField): string[] => (field.kind === "dateRange" ? [field.from, field.to] : [field.name]);

/** Filter values from the URL, only the names the fields declare. */
export function readFilters(params: URLSearchParams, fields: readonly FilterField[], prefix = ""): FilterValues {
  const out: FilterValues = {};
  for (const name of fields.flatMap(paramNames)) {
    const value = params.get(prefix + name);
    if (value) out[name] = value;
  }
  return out;
}

/** Replaces the filters (and resets the page) in a copy of the URL parameters. */
export function writeFilters(params: URLSearchParams, fields: readonly FilterField[], values: FilterValues, prefix = ""): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of fields.flatMap(paramNames)) {
    const value = values[name]?.trim();
    if (value) next.set(prefix + name, value);
    else next.delete(prefix + name);
  }
  next.delete(`${prefix}page`);
  return next;
}

export function toFormValues(filters: FilterValues, fields: readonly FilterField[]): FormValues {
  const out: FormValues = {};
  for (const field of fields) {
    if (field.kind === "dateRange") {
      const from = filters[field.from];
      const to = filters[field.to];
      out[field.name] = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null;
    } else {
      out[field.name] = filters[field.name] ?? undefined;
    }
  }
  return out;
}

export function fromFormValues(values: FormValues, fields: readonly FilterField[]): FilterValues {
  const out: FilterValues = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === "dateRange") {
      if (Array.isArray(value)) {
        if (value[0]) out[field.from] = value[0].format(DATE);
        if (value[1]) out[field.to] = value[1].format(DATE);
      }
    } else if (typeof value === "string" && value.trim()) {
      out[field.name] = value.trim();
    }
  }
  return out;
}

/** The filters as the server takes them: date ranges become the instants bounding whole local days. */
export function toRequestFilters(filters: FilterValues, fields: readonly FilterField[]): Record<string, string> {
  const out: Record<string, string> = { ...filters };
  for (const field of fields) {
    if (field.kind !== "dateRange") continue;
    const from = filters[field.from];
    const to = filters[field.to];
    if (from) out[field.from] = dayjs(from).startOf("day").toISOString();
    if (to) out[field.to] = dayjs(to).endOf("day").toISOString();
  }
  return out;
}
