import { z } from "zod";
import { withoutControlCharacters } from "./common";
import type { Sheet } from "./sheets";

/** Seller calls live under this base; paths the spec writes as `/api/…` are absolute. */
export const SELLER_BASE = "/api/seller";
export const SYSTEM_ID = 71;

export const seller = (path: string) => `${SELLER_BASE}${path}`;

/**
 * Who may make a call.
 * - `public`: no ticket (login, SMS codes, agreements).
 * - `member`: any logged-in member, with or without a shop.
 * - `buyer`: a buyer session (the buyer API's `buyer_ticket` cookie), no organisation.
 * - a function code: the caller's active organisation must grant it (the owner holds every function).
 */
export type Access = "public" | "member" | "buyer" | { func: string };

export interface CallSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  path: string;
  summary: string;
  input: I;
  output: O;
  access: Access;
  /**
   * The call acts on the active shop: refused with 003301 while it is closed and 021101 while
   * the organisation has none. Defaults to true for function-guarded calls.
   */
  shop?: boolean;
  /** Writes run in one transaction and are audited. */
  write: boolean;
  /** Answers with an .xlsx stream instead of the JSON envelope. */
  download?: boolean;
  /** A list export's sheet (sheets.ts): its columns, their headers, and the saved column sets' kind. */
  sheet?: Sheet;
  /** The media types a download answers, for the API document (default: the .xlsx type). */
  fileTypes?: readonly string[];
  /** Takes multipart/form-data (the `file` part plus the input's fields). */
  upload?: boolean;
  /** An upload's file size limit in MB (default 10). */
  maxFileMb?: number;
}

export type Call<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = CallSpec<I, O>;
export type Domain = Record<string, Call>;
export type InputOf<C extends Call> = z.input<C["input"]>;
export type ParsedInputOf<C extends Call> = z.output<C["input"]>;
export type OutputOf<C extends Call> = z.output<C["output"]>;

/*
 * Every constructor below puts the contract's string guard on the input (common.ts `withoutControlCharacters`):
 * a string with NUL or another control character is bad input naming its field, whatever the call.
 */

/** A call that only reads. */
export const read = <I extends z.ZodType, O extends z.ZodType>(spec: Omit<CallSpec<I, O>, "write">): CallSpec<I, O> => ({
  ...spec,
  input: withoutControlCharacters(spec.input),
  write: false,
});

/** A call that changes state: one transaction, audited, refused on forbidden transitions. */
export const write = <I extends z.ZodType, O extends z.ZodType>(spec: Omit<CallSpec<I, O>, "write">): CallSpec<I, O> => ({
  ...spec,
  input: withoutControlCharacters(spec.input),
  write: true,
});

/** A call that answers with an Excel file (streamed), not the JSON envelope. */
export const exportFile = <I extends z.ZodType>(
  spec: Omit<CallSpec<I, z.ZodNull>, "write" | "download" | "output">,
): CallSpec<I, z.ZodNull> & { download: true } => ({
  ...spec,
  input: withoutControlCharacters(spec.input),
  output: z.null(),
  write: false,
  download: true,
});

/** A call that takes multipart/form-data: a `file` part plus the input's fields. */
export const uploadFile = <I extends z.ZodType, O extends z.ZodType>(
  spec: Omit<CallSpec<I, O>, "write" | "upload">,
): CallSpec<I, O> & { upload: true } => ({ ...spec, input: withoutControlCharacters(spec.input), write: true, upload: true });

export const funcOf = (call: Call): string | null => (typeof call.access === "object" ? call.access.func : null);
export const needsShop = (call: Call): boolean => call.shop ?? typeof call.access === "object";
