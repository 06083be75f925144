import { sql } from "drizzle-orm";
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

/** Writes a new organisation's shop and answers its id: the shop domain's port (see domains/shop/shop.port.ts). */
export type ShopOpener = (tx: Executor, boId: string, shop: { name: string; brand: string }) => Promise<string>;

/** An owner, their organisation and (when `s.shop` is given, through `openShop`) its shop, in one transaction. */
export async function createSellerAccount(db: Executor, s: NewSeller, openShop?: ShopOpener) {
  if (s.shop && !openShop) throw new Error("a seller with a shop needs the shop domain's opener");
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
    const shopId = s.shop && openShop ? await openShop(tx, org.id, s.shop) : null;
    return { memberId: m.id, boId: org.id, employeeId: owner?.id ?? "", shopId };
  });
}
