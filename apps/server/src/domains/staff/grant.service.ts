import { staffRefusals as R } from "@sbo/contract";
import { endSessionsOf } from "../../platform/auth/sessions";
import type { Ctx } from "../../platform/http/context";
import { badField } from "../../platform/http/errors";
import * as identity from "../identity/identity.port";
import * as bases from "./base/base.repository";
import * as professions from "./profession/profession.repository";

/*
 * What a caller may hand out, shared by placing staff, inviting and editing roles: nobody grants what they do not
 * hold (the owner holds everything).
 */

const minus = <T>(a: T[], b: T[]) => a.filter((x) => !b.includes(x));

/** The caller may grant only what they hold themselves (the owner holds everything). */
export function refuseUnheld(ctx: Ctx, field: string, funcs: string[], role?: string) {
  const unheld = funcs.filter((c) => !ctx.me().functions.has(c));
  if (!unheld.length) return;
  const functions = unheld.sort().join(", ");
  throw role === undefined ? badField(field, R.grantUnheld, { functions }) : badField(field, R.roleGrantsUnheld, { role, functions });
}

/** End a member's sessions in the active organisation: their next call answers 001108. */
export const endSessionsHere = (ctx: Ctx, memberIds: string[]) =>
  [...new Set(memberIds)].reduce(
    (p, memberId) => p.then(() => endSessionsOf(ctx.db, memberId, { boId: ctx.me().boId })),
    Promise.resolve(),
  );

/**
 * What the caller may give: roles of the organisation granting only functions the caller holds; enabled
 * bases of the organisation the caller is authorised for; a known profession. Shared by placing staff
 * and by invitations (checked when sent, as the inviter).
 */
export async function checkGrants(ctx: Ctx, g: { roleIds: string[]; baseIds: string[]; professionId?: string | null | undefined }) {
  const me = ctx.me();
  const roles = await identity.rolesWithFunctions(ctx.db, me.boId, g.roleIds);
  if (roles.length !== g.roleIds.length) throw badField("roleIds", R.roleMissing);
  for (const r of roles) refuseUnheld(ctx, "roleIds", r.functions, r.name);

  const found = await bases.basesByIds(ctx.db, me.boId, g.baseIds);
  if (found.length !== g.baseIds.length) throw badField("baseIds", R.baseMissing);
  if (found.some((b) => !b.enabled)) throw badField("baseIds", R.baseDisabled);
  if (!me.isOwner && g.baseIds.length) {
    const mine = (await bases.basesOfEmployee(ctx.db, me.boId, me.employeeId)).map((b) => b.id);
    if (minus(g.baseIds, mine).length) throw badField("baseIds", R.baseUnauthorised);
  }
  if (g.professionId && !(await professions.findProfession(ctx.db, me.boId, g.professionId))) {
    throw badField("professionId", R.professionUnknown);
  }
}
