import { employee, employeeRole, member, role, roleFunction } from "../domains/identity/identity.tables";
import { storedFile } from "../domains/system/system.tables";
import { hashPassword } from "../platform/auth/passwords";
import { newId } from "../platform/db/ids";
import { TEST_PASSWORD } from "./fixtures";
import type { TestApp } from "./harness";

let hash: Promise<string> | undefined;

/** A logged-in staff member (not the owner) of an organisation, holding exactly `funcs`; answers the ticket. */
export async function staffWith(t: TestApp, boId: string, funcs: string[]): Promise<string> {
  hash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = await hash;
  const loginName = `staff-${newId().toLowerCase()}`;
  await t.db.transaction(async (tx) => {
    const [m] = await tx.insert(member).values({ loginName, name: "Staff", passwordHash }).returning();
    const [r] = await tx
      .insert(role)
      .values({ boId, name: `Role ${loginName}` })
      .returning();
    const [e] = await tx
      .insert(employee)
      .values({ boId, memberId: m?.id ?? "" })
      .returning();
    if (!r || !e) throw new Error("insert returned nothing");
    if (funcs.length) await tx.insert(roleFunction).values(funcs.map((funcCode) => ({ roleId: r.id, funcCode })));
    await tx.insert(employeeRole).values({ employeeId: e.id, roleId: r.id });
  });
  return t.login(loginName, TEST_PASSWORD);
}

/** A file record of an organisation, as an upload leaves it (the bytes do not matter to these calls). */
export async function uploadedFile(t: TestApp, boId: string) {
  const [row] = await t.db
    .insert(storedFile)
    .values({ boId, memberId: "test", name: "licence.png", contentType: "image/png", size: 68, sha256: "0".repeat(64), purpose: "licence" })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return row;
}
