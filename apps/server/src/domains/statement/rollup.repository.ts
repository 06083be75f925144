import { sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { organisationsWithRefunds } from "../aftersale/aftersale.port";
import { organisationsWithOrders } from "../orders/orders.port";

/* The rollups' rebuild queries (rollup.jobs.ts runs them; docs/operations.md, "Report rollups"). */

/** Every organisation with rollup rows or with orders, refunds or purchases to roll up. */
export async function organisationsToRoll(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ bo_id: string }>(
    db,
    sql`${organisationsWithOrders}
        union ${organisationsWithRefunds}
        union select bo_id from order_day_rollup union select bo_id from buyer_day_rollup union select bo_id from order_goods_day
        union select bo_id from order_buyer_last
        order by 1`,
  );
  return rows.map((r) => r.bo_id);
}

/**
 * Recomputes one organisation's rollups in the caller's transaction: `sbo_rollup_rebuild(bo_id)` (migration 0034)
 * takes the organisation's rollup lock alone, so its orders' writes (which take it shared) wait for it.
 */
export async function rebuildOrganisation(tx: Executor, boId: string): Promise<void> {
  // A seller with a million orders takes seconds: beyond the calls' statement timeout.
  await tx.execute(sql`set local statement_timeout = 0`);
  await tx.execute(sql`select sbo_rollup_rebuild(${boId})`);
}
