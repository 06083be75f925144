import { z } from "zod";
import { fieldRefusals, rule } from "./field-issues";

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
