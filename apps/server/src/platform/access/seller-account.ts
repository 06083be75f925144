import { sql } from "drizzle-orm";
import { shop } from "../../domains/shop/shop.tables";
import { member } from "../auth/auth.tables";
import { hashPassword } from "../auth/passwords";
import type { Executor } from "../db/client";
import { employee, organization } from "./access.tables";

export interface NewSeller {
  loginName: string;
  password: string;
  name: string;
  phone?: string | null;
  orgName: string;
  /** Omit to create an account that still has to open its shop. */
  shop?: { name: string; brand: string };
}

/** An owner, their organisation and (optionally) its shop, in one transaction. */
export async function createSellerAccount(db: Executor, s: NewSeller) {
  const taken = await db.execute(sql`select 1 from ${member} where lower(${member.loginName}) = lower(${s.loginName}) limit 1`);
  if ((taken as unknown as { rows: unknown[] }).rows.length) throw new Error(`login name ${s.loginName} is taken`);
  const passwordHash = await hashPassword(s.password);
  return db.transaction(async (tx) => {
    const [m] = await tx
      .insert(member)
      .values({ loginName: s.loginName, name: s.name, phone: s.phone ?? null, passwordHash })
      .returning();
    const [org] = await tx.insert(organization).values({ name: s.orgName }).returning();
    if (!m || !org) throw new Error("insert returned nothing");
    const [owner] = await tx.insert(employee).values({ boId: org.id, memberId: m.id, isOwner: true }).returning();
    const [created] = s.shop ? await tx.insert(shop).values({ boId: org.id, name: s.shop.name, brand: s.shop.brand }).returning() : [];
    return { memberId: m.id, boId: org.id, employeeId: owner?.id ?? "", shopId: created?.id ?? null };
  });
}
