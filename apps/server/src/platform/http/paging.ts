import { fieldRefusals, LIST_DEPTH } from "@sbo/contract";
import { type AnyColumn, and, asc, desc, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { rowsOf } from "../db/rows";
import { longWorkPage } from "../db/turns";
import { badField } from "./errors";

/** Counts stop here: past it the page list says "10,000+" and deep pages are refused (the contract's `pageInput`). */
export const COUNT_CAP = LIST_DEPTH;

export interface PageArgs {
  pageNum: number;
  pageSize: number;
}

export const offsetOf = ({ pageNum, pageSize }: PageArgs) => Math.min((pageNum - 1) * pageSize, COUNT_CAP);

/** A bounded count: cheap on a million rows because it stops at COUNT_CAP. */
export async function boundedCount(db: Executor, from: SQL, where: SQL): Promise<number> {
  const rows = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${from} where ${where} limit ${COUNT_CAP}) t`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A timestamp column as PostgreSQL's exact text (microseconds): select it for `keysetBatches`' `keyOf`. */
export const exactAt = (column: AnyColumn) => sql<string>`${column}::text`;

/**
 * Batches newest first on (at desc, id desc) — or oldest first with `direction` "asc" — each after the last row of
 * the one before (keyset): constant cost per batch however deep an export goes. `fetch` answers at most `size` rows matching `where`, sorted by `orderBy`.
 * `keyOf` gives the last row's key with `at` as PostgreSQL's exact text (select `exactAt(column)`): a JavaScript
 * Date keeps milliseconds only, and rows written in one transaction share one microsecond timestamp, so a Date
 * cursor would skip the rest of them. The keys may be SQL (`sql\`p.created_at\``) for a query that names its table.
 */
export async function* keysetBatches<R, K extends string | number>(
  keys: { at: AnyColumn | SQLWrapper; id: AnyColumn | SQLWrapper },
  where: SQL,
  fetch: (where: SQL, orderBy: SQL[], size: number) => Promise<R[]>,
  keyOf: (row: R) => { at: string; id: K },
  size = 1000,
  direction: "desc" | "asc" = "desc",
): AsyncGenerator<R[]> {
  const by = direction === "asc" ? asc : desc;
  const orderBy = [by(keys.at), by(keys.id)];
  const past = direction === "asc" ? sql`>` : sql`<`;
  // Long work on the embedded database reads small pages, so a call never waits behind a big one (turns.ts).
  const pageSize = longWorkPage(size);
  let after: { at: string; id: K } | null = null;
  for (;;) {
    const cursor = after ? sql`(${keys.at}, ${keys.id}) ${past} (${after.at}::timestamptz, ${after.id})` : undefined;
    const rows = await fetch(cursor ? (and(where, cursor) as SQL) : where, orderBy, pageSize);
    if (rows.length === 0) return;
    yield rows;
    after = keyOf(rows[rows.length - 1] as R);
    if (rows.length < pageSize) return;
  }
}

/**
 * A page of a list: `rows(limit, offset)` answers the page's items, and the bounded count of `from` where `where`
 * is asked alongside. For reads only (a write's transaction takes one query at a time).
 */
export async function pageOf<T>(
  db: Executor,
  input: PageArgs,
  count: { from: SQL; where: SQL },
  rows: (limit: number, offset: number) => Promise<T[]>,
) {
  const [list, total] = await Promise.all([rows(input.pageSize, offsetOf(input)), boundedCount(db, count.from, count.where)]);
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/*
 * Keyset cursors: the last row's sort keys and id, as base64url JSON, handed back by the client for the next page.
 * The one copy every keyset list uses (orders, the order desk, invoices; goods, the market and shop lists to follow).
 */

/** PostgreSQL's text of a timestamptz (what a time cursor carries: `exactAt`'s microseconds). */
export const CURSOR_AT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

/** A cursor of the last row's keys (sort keys first, id last). */
export const encodeCursor = (...keys: (string | number)[]) => Buffer.from(JSON.stringify(keys)).toString("base64url");

/** The keys of a cursor this list gave (`valid` checks them), else the field `cursor` is refused. */
export function decodeCursor(cursor: string, valid: (keys: unknown[]) => boolean): unknown[] {
  try {
    const keys = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(keys) && valid(keys)) return keys;
  } catch {
    // falls through to the refusal
  }
  throw badField("cursor", fieldRefusals.invalid);
}

/** A cursor of a list newest first on (created_at, id): `at` as PostgreSQL's exact text. */
export const encodeTimeCursor = (at: string, id: string) => encodeCursor(at, id);

/** The (at, id) of a time cursor, null without one; refused when it is not one this list gave. */
export function decodeTimeCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const [at, id] = decodeCursor(
    cursor,
    ([at, id, ...rest]) => rest.length === 0 && typeof at === "string" && CURSOR_AT.test(at) && typeof id === "string" && id.length <= 40,
  ) as [string, string];
  return { at, id };
}
