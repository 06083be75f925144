import type { Executor } from "../../platform/db/client";
import { organisationsToRoll, rebuildOrganisation } from "./rollup.repository";

/*
 * Recomputes the reports' rollups (rollup.tables.ts) from the raw tables, per organisation, each in its own
 * transaction (rollup.repository.ts), so that its orders' writes wait for it and none is lost or counted twice.
 * `npm run db:rollups` (cli/rollups.ts); docs/operations.md, "Report rollups".
 */

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
    await db.transaction((tx) => rebuildOrganisation(tx, boId));
    opts.onEach?.(boId, performance.now() - at);
  }
  return { organisations: boIds.length, ms: performance.now() - started };
}
