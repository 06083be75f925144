import { functionTree } from "@sbo/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { employeeRole, roleFunction, sysFunction } from "./access.tables";

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

export async function functionsOf(db: Executor, employeeId: string, isOwner: boolean): Promise<Set<string>> {
  if (isOwner) return everyFunction();
  const rows = await db
    .selectDistinct({ code: roleFunction.funcCode })
    .from(employeeRole)
    .innerJoin(roleFunction, eq(roleFunction.roleId, employeeRole.roleId))
    .where(eq(employeeRole.employeeId, employeeId));
  return closeOverAncestors(rows.map((r) => r.code));
}

/** Keep `sys_function` equal to the contract's function tree. */
export async function syncFunctions(db: Executor): Promise<void> {
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
      await tx.delete(roleFunction).where(inArray(roleFunction.funcCode, gone));
      await tx.delete(sysFunction).where(and(inArray(sysFunction.code, gone)));
    }
  });
}
