import { codes, type contract, functionTree, type OutputOf, type ParsedInputOf, staffRefusals as R } from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { badField, refuse } from "../../../platform/http/errors";
import * as identity from "../../identity/identity.port";
import { endSessionsHere, refuseUnheld } from "../grant.service";

type S = typeof contract.staff;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;

const KNOWN_FUNCTIONS = new Set(functionTree.map((f) => f.code));
const uniq = <T>(xs: T[]) => [...new Set(xs)];
const minus = <T>(a: T[], b: T[]) => a.filter((x) => !b.includes(x));

/** Validated role functions: known codes, deduplicated. */
function roleFunctions(functions: string[]) {
  const unknown = functions.filter((c) => !KNOWN_FUNCTIONS.has(c));
  if (unknown.length) throw badField("functions", R.unknownFunctions, { functions: unknown.join(", ") });
  return uniq(functions).sort();
}

async function roleIn(ctx: Ctx, id: string) {
  const r = await identity.findRole(ctx.db, ctx.me().boId, id);
  if (!r) throw refuse(codes.NOT_FOUND, R.roleNotFound);
  return r;
}

/**
 * An organisation's roles, as its staff screen edits them: a role grants only functions the caller holds;
 * taking a function from a role, or the role itself, ends its holders' sessions here. The rows are identity's.
 */
export const roleService = {
  async addRole(input: In<"addRole">, ctx: Ctx): Promise<Out<"addRole">> {
    const boId = ctx.me().boId;
    const functions = roleFunctions(input.functions);
    if (await identity.roleNameTaken(ctx.db, boId, input.name)) throw badField("name", R.roleNameTaken);
    refuseUnheld(ctx, "functions", functions);
    const r = await identity.insertRole(ctx.db, { boId, name: input.name, description: input.description }, functions);
    return identity.roleItem(ctx.db, boId, r.id);
  },

  async updRole(input: In<"updRole">, ctx: Ctx): Promise<Out<"updRole">> {
    const boId = ctx.me().boId;
    const r = await roleIn(ctx, input.id);
    const functions = roleFunctions(input.functions);
    if (await identity.roleNameTaken(ctx.db, boId, input.name, r.id)) throw badField("name", R.roleNameTaken);
    const [before] = await identity.rolesWithFunctions(ctx.db, boId, [r.id]);
    const old = before?.functions ?? [];
    refuseUnheld(ctx, "functions", minus(functions, old));
    await identity.updateRole(ctx.db, r.id, { name: input.name, description: input.description });
    const removed = minus(old, functions);
    await identity.removeRoleFunctions(ctx.db, r.id, removed);
    await identity.addRoleFunctions(ctx.db, r.id, minus(functions, old));
    if (removed.length)
      await endSessionsHere(
        ctx,
        (await identity.holdersOf(ctx.db, r.id)).map((h) => h.memberId),
      );
    return identity.roleItem(ctx.db, boId, r.id);
  },

  async delRole(input: In<"delRole">, ctx: Ctx): Promise<null> {
    const r = await roleIn(ctx, input.id);
    const holders = await identity.holdersOf(ctx.db, r.id);
    if (holders.some((h) => h.employeeId === ctx.me().employeeId)) throw refuse(codes.STATE_FORBIDS, R.roleHeld);
    await identity.deleteRole(ctx.db, r.id);
    await endSessionsHere(
      ctx,
      holders.map((h) => h.memberId),
    );
    return null;
  },
};
