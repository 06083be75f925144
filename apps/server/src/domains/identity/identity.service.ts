import { hashPassword } from "../../platform/auth/passwords";
import type { Executor } from "../../platform/db/client";
import * as repo from "./identity.repository";

/*
 * The rules of accounts, organisations and employees that hold whichever domain asks: an organisation starts with
 * its owner; an account joins an organisation once, with roles of that organisation only; a password is stored
 * hashed with the time it changed.
 */

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
  if (await repo.loginNameExists(db, s.loginName)) throw new Error(`login name ${s.loginName} is taken`);
  const passwordHash = await hashPassword(s.password);
  return db.transaction(async (tx) => {
    const m = await repo.insertMember(tx, { loginName: s.loginName, name: s.name, phone: s.phone ?? null, passwordHash });
    const org = await repo.insertOrganization(tx, s.orgName);
    const owner = await repo.insertEmployee(tx, { boId: org.id, memberId: m.id, isOwner: true });
    const shopId = s.shop && openShop ? await openShop(tx, org.id, s.shop) : null;
    return { memberId: m.id, boId: org.id, employeeId: owner.id, shopId };
  });
}

/**
 * An account joins an organisation as staff with those of `roleIds` that are the organisation's (others are left
 * out: a role deleted since it was chosen, say). Answers the new employee, or undefined when it works there already.
 */
export async function joinOrganization(db: Executor, j: { boId: string; memberId: string; roleIds: string[]; enabled?: boolean }) {
  if (await repo.findEmployeeByMember(db, j.boId, j.memberId)) return undefined;
  const emp = await repo.insertEmployee(db, { boId: j.boId, memberId: j.memberId, enabled: j.enabled ?? true });
  const roles = await repo.rolesIn(db, j.boId, j.roleIds);
  await repo.addEmployeeRoles(
    db,
    emp.id,
    roles.map((r) => r.id),
  );
  return emp;
}

/** Stores a new password (hashed) and when it changed. */
export async function setPassword(db: Executor, memberId: string, password: string) {
  await repo.updateMember(db, memberId, { passwordHash: await hashPassword(password), passwordChangedAt: new Date() });
}
