import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";

/*
 * Recomputes the reports' rollups (rollup.tables.ts) from the raw tables: `sbo_rollup_rebuild(bo_id)` (migration 0034)
 * per organisation, each in its own transaction, which takes the organisation's rollup lock alone so that its orders'
 * writes wait for it (they take the lock shared) and none is lost or counted twice. `npm run db:rollups`
 * (cli/rollups.ts); docs/operations.md, "Report rollups".
 */

/** Every organisation with rollup rows or with orders, refunds or purchases to roll up. */
export async function organisationsToRoll(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ bo_id: string }>(
    db,
    sql`select bo_id from order_info
        union select buyer_bo_id from order_info where buyer_bo_id is not null
        union select bo_id from order_refund
        union select bo_id from order_day_rollup union select bo_id from buyer_day_rollup union select bo_id from order_goods_day
        union select bo_id from order_buyer_last union select bo_id from order_todo_count
        order by 1`,
  );
  return rows.map((r) => r.bo_id);
}

export interface RebuildReport {
  organisations: number;
  ms: number;
}

/** Rebuilds the given organisations' rollups (default: every one), one transaction each; `onEach` hears of each done. */
export async function rebuildRollups(
  db: Executor,
  opts: { boIds?: string[]; onEach?: (boId: string, ms: number) => void } = {},
): Promise<RebuildReport> {
  const started = performance.now();
  const boIds = opts.boIds ?? (await organisationsToRoll(db));
  for (const boId of boIds) {
    const at = performance.now();
    await db.transaction(async (tx) => {
      // A seller with a million orders takes seconds: beyond the calls' statement timeout.
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`select sbo_rollup_rebuild(${boId})`);
    });
    opts.onEach?.(boId, performance.now() - at);
  }
  return { organisations: boIds.length, ms: performance.now() - started };
}
