import type { contract, OutputOf } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import * as identity from "../identity/identity.port";
import { professionOut } from "./profession/profession.view";
import * as repo from "./staff.repository";

type StaffMember = OutputOf<typeof contract.staff.selMemberEmpById>;

/**
 * Staff members by employee id as the contract shows them, in the order of `ids` (four queries whatever the count):
 * the employees, their accounts and roles from identity, their profession and bases from this domain.
 */
export async function loadStaff(db: Executor, boId: string, ids: string[]): Promise<StaffMember[]> {
  if (ids.length === 0) return [];
  const rows = await identity.employeesByIds(db, boId, ids);
  const roles = await identity.rolesOfEmployees(db, ids);
  const professions = new Map((await repo.professionsOf(db, ids)).map((r) => [r.employeeId, r.p]));
  const bases = await repo.basesOfEmployees(db, ids);
  const byId = new Map(rows.map((r) => [r.e.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const p = professions.get(id);
    return [
      {
        employeeId: r.e.id,
        memberId: r.m.id,
        name: r.m.name,
        loginName: r.m.loginName,
        phone: r.m.phone,
        phoneConfirmed: r.unconfirmed === null,
        isOwner: r.e.isOwner,
        enabled: r.e.enabled,
        roles: roles.filter((x) => x.employeeId === id).map(({ id, name }) => ({ id, name })),
        profession: p ? professionOut(p) : null,
        bases: bases.filter((x) => x.employeeId === id).map(({ id, name }) => ({ id, name })),
        lastLoginAt: r.m.lastLoginAt?.toISOString() ?? null,
        createdAt: r.e.createdAt.toISOString(),
      },
    ];
  });
}
