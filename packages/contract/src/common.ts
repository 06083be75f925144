import { z } from "zod";
import { fieldRefusals, rule } from "./field-issues";
import { refusals } from "./refusals";

export const commonRefusals = refusals("common", {
  controlCharacter: { en: "must not contain control characters (such as NUL)", zh: "不能包含控制字符（如 NUL）" },
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

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (which multi-line text needs).
 * PostgreSQL refuses NUL in text outright; the others are never typed by a person and only hide things.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The paths of every string in `value` (objects and arrays walked) that holds a control character. */
export function controlCharacterPaths(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (typeof value === "string") return CONTROL_CHARACTER.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => controlCharacterPaths(v, [...path, i]));
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.entries(value).flatMap(([k, v]) => controlCharacterPaths(v, [...path, k]));
  return [];
}

/**
 * Every call's input refuses strings with control characters, decided here once: `read`, `write`,
 * `exportFile` and `uploadFile` (define.ts) put this check on every input, so no call, present or future,
 * can forget it and none reaches the database with a NUL. The check runs even when other fields are wrong.
 */
export const withoutControlCharacters = <S extends z.ZodType>(schema: S): S =>
  schema.check(
    z.superRefine(
      (value, ctx) => {
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
/** An instant as an ISO-8601 UTC string. */
export const instant = z.iso.datetime();
export const phone = z.string().regex(/^1\d{10}$/, rule(fieldRefusals.mobile));
export const smsCode = z.string().regex(/^\d{6}$/, rule(fieldRefusals.smsCode));

export const paging = {
  pageNum: z.int().min(1).default(1),
  pageSize: z.int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** A page request with filters: `{ pageNum, pageSize, …filters }`, unknown keys rejected. */
export const pageInput = <S extends z.ZodRawShape>(filters: S) => z.strictObject({ ...paging, ...filters });

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
