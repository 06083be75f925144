import { type Invitation, maskPhone } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import * as identity from "../../identity/identity.port";
import { baseNames } from "../base/base.repository";
import { professionOut } from "../profession/profession.view";
import { invitationsByIds } from "./invitation.repository";

/**
 * Invitations of an organisation by id as the contract shows them, in the order of `ids`: the invited account and
 * the inviter, the roles (identity's), the bases and the profession offered.
 */
export async function loadInvitations(db: Executor, boId: string, ids: string[]): Promise<Invitation[]> {
  if (ids.length === 0) return [];
  const rows = await invitationsByIds(db, boId, ids);
  const people = await identity.memberNames(db, [...new Set(rows.flatMap((r) => [r.i.memberId, r.i.invitedBy]))]);
  const roles = await identity.rolesIn(db, boId, [...new Set(rows.flatMap((r) => r.i.roleIds))]);
  const bases = await baseNames(db, boId, [...new Set(rows.flatMap((r) => r.i.baseIds))]);
  const byId = new Map(rows.map((r) => [r.i.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    const invitee = r && people.get(r.i.memberId);
    if (!r || !invitee) return [];
    return [
      {
        id: r.i.id,
        name: invitee.name,
        maskedPhone: maskPhone(invitee.phone),
        roles: roles.filter((x) => r.i.roleIds.includes(x.id)),
        profession: r.p ? professionOut(r.p) : null,
        bases: bases.filter((x) => r.i.baseIds.includes(x.id)),
        state: r.i.state as Invitation["state"],
        invitedBy: people.get(r.i.invitedBy)?.name ?? "",
        createdAt: r.i.createdAt.toISOString(),
        decidedAt: r.i.decidedAt?.toISOString() ?? null,
      },
    ];
  });
}
