import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { rowsOf } from "../db/rows";

/** Counts stop here: past it the page list says "10,000+" and deep pages are refused. */
export const COUNT_CAP = 10_000;

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
