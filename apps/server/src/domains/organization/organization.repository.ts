import { eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { orgEnterprise } from "./organization.tables";

export async function findEnterprise(db: Executor, boId: string) {
  const [row] = await db.select().from(orgEnterprise).where(eq(orgEnterprise.boId, boId)).limit(1);
  return row;
}

export async function upsertEnterprise(db: Executor, boId: string, values: Partial<typeof orgEnterprise.$inferInsert>) {
  const [row] = await db
    .insert(orgEnterprise)
    .values({ ...values, boId })
    .onConflictDoUpdate({ target: orgEnterprise.boId, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error("upsert returned nothing");
  return row;
}
