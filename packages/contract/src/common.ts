import { z } from "zod";
import { fieldRefusals, rule } from "./field-issues";
import { refusals } from "./refusals";

/**
 * How deep objects and arrays may nest in an input. No call's schema goes near it (the deepest are a few levels);
 * an outside probe sent thousands, which overflowed the stack of every recursive walk (a 500 on every call).
 */
export const MAX_NESTING = 64;

export const commonRefusals = refusals("common", {
  controlCharacter: { en: "must not contain control characters (such as NUL)", zh: "不能包含控制字符（如 NUL）" },
  yearRange: { en: "must be a date between the years 1900 and 9999", zh: "日期必须在 1900 年到 9999 年之间" },
  nestedTooDeeply: { en: `is nested too deeply (more than ${MAX_NESTING} levels)`, zh: `嵌套层级过深（超过 ${MAX_NESTING} 层）` },
});

/**
 * An object keyed by ids (`boId` → remark) of at most `max` entries: a record's `.max`, so an oversized body is a
 * 400 ("takes at most {maximum} items") before any work. Every record a call takes is one of these (a contract test
 * walks the inputs); `maxEntriesOf` reads the bound back.
 */
export function boundedRecord<K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, max: number) {
  const schema = z.record(key, value).check((ctx) => {
    if (Object.keys(ctx.value).length > max)
      ctx.issues.push({ code: "too_big", origin: "array", maximum: max, inclusive: true, input: ctx.value });
  });
  recordBounds.set(schema, max);
  return schema;
}
const recordBounds = new WeakMap<object, number>();
export const maxEntriesOf = (schema: object): number | undefined => recordBounds.get(schema);

/** Declared with `rule`, so the field issue carries the refusal's reason for the web to word. */
const controlCharacterMessage = rule(commonRefusals.controlCharacter);
const nestedTooDeeplyMessage = rule(commonRefusals.nestedTooDeeply);

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (which multi-line text needs).
 * PostgreSQL refuses NUL in text outright; the others are never typed by a person and only hide things.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Every value in `value` with its path, walked without recursion (an explicit stack) and never below
 * `MAX_NESTING` levels: `visit` is told of each value, and of each object or array it cannot enter.
 */
function walk(value: unknown, visit: (v: unknown, path: PropertyKey[], tooDeep: boolean) => boolean | undefined): void {
  const stack: { v: unknown; path: PropertyKey[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop() as { v: unknown; path: PropertyKey[] };
    const container = Array.isArray(v) || isPlainObject(v);
    const tooDeep = container && path.length >= MAX_NESTING;
    if (visit(v, path, tooDeep) === false) return;
    if (!container || tooDeep) continue;
    const entries: [PropertyKey, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    // Pushed in reverse so that paths come out in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, x] = entries[i] as [PropertyKey, unknown];
      stack.push({ v: x, path: [...path, k] });
    }
  }
}

/**
 * The path of the first object or array nested more than `MAX_NESTING` levels deep in `value` (cut at that
 * level), or null. Checked on every body before it is parsed (the server's pipeline), so no walk, zod's or ours,
 * meets deeper input.
 */
export function tooDeepPath(value: unknown): PropertyKey[] | null {
  let found: PropertyKey[] | null = null;
  walk(value, (_v, path, tooDeep) => {
    if (!tooDeep) return true;
    found = path;
    return false;
  });
  return found;
}

/** The paths of every string in `value` (objects and arrays walked, down to `MAX_NESTING` levels) that holds a control character. */
export function controlCharacterPaths(value: unknown): PropertyKey[][] {
  const paths: PropertyKey[][] = [];
  walk(value, (v, path) => {
    if (typeof v === "string" && CONTROL_CHARACTER.test(v)) paths.push(path);
    return true;
  });
  return paths;
}

/**
 * Every call's input refuses strings with control characters and nesting deeper than `MAX_NESTING`, decided here
 * once: `read`, `write`, `exportFile` and `uploadFile` (define.ts) put this check on every input, so no call, present
 * or future, can forget it and none reaches the database with a NUL. The check runs even when other fields are wrong.
 */
export const withoutControlCharacters = <S extends z.ZodType>(schema: S): S =>
  schema.check(
    z.superRefine(
      (value, ctx) => {
        const deep = tooDeepPath(value);
        if (deep)
          ctx.addIssue({
            code: "custom",
            path: deep,
            message: nestedTooDeeplyMessage,
            params: { reason: commonRefusals.nestedTooDeeply.reason },
          });
        for (const path of controlCharacterPaths(value))
          ctx.addIssue({
            code: "custom",
            path,
            message: controlCharacterMessage,
            params: { reason: commonRefusals.controlCharacter.reason },
          });
      },
      { when: () => true },
    ),
  ) as S;

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export const id = z.string().min(1).max(40);
/** Money in integer cents. */
export const cents = z.int().min(0);
/**
 * Dates a seller means: the years 1900 to 9999. ISO 8601 also writes year 0, which PostgreSQL's dates refuse (an
 * outside probe's `0000-01-01` was a 500), and years past 9999 do not fit the 4-digit form anything here reads.
 */
const inYears = (text: string) => {
  const year = Number(text.slice(0, 4));
  return year >= 1900 && year <= 9999;
};
const yearRangeMessage = rule(commonRefusals.yearRange);

/** An instant as an ISO-8601 UTC string (years 1900 to 9999). Every input instant is this one schema. */
export const instant = z.iso.datetime().refine(inYears, yearRangeMessage);
/** A calendar day as `YYYY-MM-DD` (years 1900 to 9999). Every input day is this one schema. */
export const calendarDay = z.iso.date().refine(inYears, yearRangeMessage);
export const phone = z.string().regex(/^1\d{10}$/, rule(fieldRefusals.mobile));
export const smsCode = z.string().regex(/^\d{6}$/, rule(fieldRefusals.smsCode));

export const paging = {
  pageNum: z.int().min(1).default(1),
  pageSize: z.int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/**
 * How deep a list pages: its counts stop here ("10,000+") and a page that would start past it is refused, naming
 * `pageNum` and its last page for the page size asked, instead of answering the last page's rows again.
 */
export const LIST_DEPTH = 10_000;

/** The last page a list serves at `pageSize` rows a page. */
export const lastPageOf = (pageSize: number) => Math.max(1, Math.floor(LIST_DEPTH / pageSize));

/**
 * A page request with filters: `{ pageNum, pageSize, …filters }`, unknown keys rejected, pages past the list's depth
 * refused. `pageSize` may be narrowed by a filter of the same name.
 */
export const pageInput = <S extends z.ZodRawShape>(filters: S) =>
  z.strictObject({ ...paging, ...filters }).check((ctx) => {
    const { pageNum, pageSize } = ctx.value as { pageNum: number; pageSize: number };
    const last = lastPageOf(pageSize);
    if (pageNum > last)
      ctx.issues.push({ code: "too_big", origin: "number", maximum: last, inclusive: true, input: pageNum, path: ["pageNum"] });
  });

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.int(), pageNum: z.int(), pageSize: z.int() });

export type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

export const empty = z.strictObject({});
export const ok = z.null();

/** The response envelope of every JSON call. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.string(),
    msg: z.string(),
    data,
    reason: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  });
/** `reason` and `params` come with refusals: the web words them in the user's language (see refusals.ts). */
export type Envelope<T> = { code: string; msg: string; data: T; reason?: string; params?: Record<string, string | number> };

/** One problem with one field: `message` in English; `reason` and `params` let the web word it in the user's language. */
export const issue = z.object({
  path: z.string(),
  message: z.string(),
  reason: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Issue = z.infer<typeof issue>;
