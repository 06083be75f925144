import { inArray } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { orgEnterprise } from "./organization.tables";

/* What other domains read of an organisation's enterprise record (organisation pickers, supplier searches). */

// --- people: the enterprise's short name and area ---

/** The short name and area of each of `boIds` that has an enterprise record. */
export async function enterpriseSummaries(db: Executor, boIds: string[]) {
  if (boIds.length === 0) return new Map<string, { shortName: string; areaCode: string | null }>();
  const rows = await db
    .select({ boId: orgEnterprise.boId, shortName: orgEnterprise.shortName, areaCode: orgEnterprise.areaCode })
    .from(orgEnterprise)
    .where(inArray(orgEnterprise.boId, boIds));
  return new Map(rows.map((r) => [r.boId, { shortName: r.shortName, areaCode: r.areaCode }]));
}

// --- end people ---
