import { functionTree } from "@sbo/contract";
import { and, inArray, sql } from "drizzle-orm";
import type { IdentitySource } from "../auth/identity-source";
import type { Executor } from "../db/client";
import { sysFunction } from "./access.tables";

const ALL = functionTree.map((f) => f.code);
const parentOf = new Map(functionTree.map((f) => [f.code, f.parent]));

/** Functions everyone who can log in has: the home area (its screens are still granted one by one). */
const IMPLICIT = ["home"];

/** A grant implies its ancestors: holding "order.manage.ship" shows the Orders area and screen. */
export function closeOverAncestors(codes: Iterable<string>): Set<string> {
  const out = new Set<string>(IMPLICIT);
  for (const code of codes) {
    for (let c: string | null = code; c !== null && parentOf.has(c) && !out.has(c); c = parentOf.get(c) ?? null) out.add(c);
  }
  return out;
}

/** The owner holds every function. */
export const everyFunction = (): Set<string> => new Set(ALL);

/**
 * Keep `sys_function` equal to the contract's function tree; what roles granted of functions that left it goes too
 * (the identity domain's `dropGrantsOf`, handed in: the platform never names a domain's table).
 */
export async function syncFunctions(db: Executor, grants: Pick<IdentitySource, "dropGrantsOf">): Promise<void> {
  const rows = functionTree.map((f) => ({
    code: f.code,
    parentCode: f.parent,
    kind: f.kind,
    nameZh: f.name.zh,
    nameEn: f.name.en,
    path: f.path ?? null,
    icon: f.icon ?? null,
    sort: f.sort,
  }));
  await db.transaction(async (tx) => {
    await tx
      .insert(sysFunction)
      .values(rows)
      .onConflictDoUpdate({
        target: sysFunction.code,
        set: {
          parentCode: sql`excluded.parent_code`,
          kind: sql`excluded.kind`,
          nameZh: sql`excluded.name_zh`,
          nameEn: sql`excluded.name_en`,
          path: sql`excluded.path`,
          icon: sql`excluded.icon`,
          sort: sql`excluded.sort`,
        },
      });
    const gone = (await tx.select({ code: sysFunction.code }).from(sysFunction)).map((r) => r.code).filter((c) => !parentOf.has(c));
    if (gone.length) {
      await grants.dropGrantsOf(tx, gone);
      await tx.delete(sysFunction).where(and(inArray(sysFunction.code, gone)));
    }
  });
}
