import {
  codes,
  type contract,
  funcNodes,
  functionTree,
  maskPhone,
  type OutputOf,
  type ParsedInputOf,
  staffRefusals as R,
} from "@sbo/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { closeOverAncestors, functionsOf } from "../../platform/access/access";
import { employee, employeeRole, role, roleFunction } from "../../platform/access/access.tables";
import { member } from "../../platform/auth/auth.tables";
import { clearFailures, loginKey } from "../../platform/auth/login-attempts";
import { hashPassword, weakReasons, weakText } from "../../platform/auth/passwords";
import { markPhoneUnconfirmed } from "../../platform/auth/phone-confirmation";
import { endSessionsOf } from "../../platform/auth/sessions";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, refuse } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import { areaRefs, checkArea } from "../reference/reference.service";
import * as repo from "./staff.repository";
import { base, employeeBase, profession, staffInvitation, staffProfile } from "./staff.tables";

type S = typeof contract.staff;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;
type Employee = typeof employee.$inferSelect;

const KNOWN_FUNCTIONS = new Set(functionTree.map((f) => f.code));
const uniq = <T>(xs: T[]) => [...new Set(xs)];
const minus = <T>(a: T[], b: T[]) => a.filter((x) => !b.includes(x));

async function staffOf(ctx: Ctx, employeeId: string) {
  const [out] = await repo.loadStaff(ctx.db, ctx.me().boId, [employeeId]);
  if (!out) throw refuse(codes.NOT_FOUND, R.notFound);
  return out;
}

async function employeeIn(ctx: Ctx, employeeId: string): Promise<Employee> {
  const emp = await repo.findEmployee(ctx.db, ctx.me().boId, employeeId);
  if (!emp) throw refuse(codes.NOT_FOUND, R.notFound);
  return emp;
}

/** The caller may grant only what they hold themselves (the owner holds everything). */
function refuseUnheld(ctx: Ctx, field: string, funcs: string[], role?: string) {
  const unheld = funcs.filter((c) => !ctx.me().functions.has(c));
  if (!unheld.length) return;
  const functions = unheld.sort().join(", ");
  throw role === undefined ? badField(field, R.grantUnheld, { functions }) : badField(field, R.roleGrantsUnheld, { role, functions });
}

/** End a member's sessions in the active organisation: their next call answers 001108. */
const endSessionsHere = (ctx: Ctx, memberIds: string[]) =>
  uniq(memberIds).reduce((p, memberId) => p.then(() => endSessionsOf(ctx.db, memberId, { boId: ctx.me().boId })), Promise.resolve());

interface Placement {
  roleIds?: string[];
  enabled?: boolean;
  professionId?: string | null;
  baseIds?: string[];
}

/**
 * The one place a staff member's roles, status, profession and bases change, with every rule:
 * the owner's roles and status are fixed; nobody changes their own; roles and bases must be the
 * organisation's; roles newly given must grant only functions the caller holds; new bases must be
 * enabled and ones the caller is authorised for. Losing a role or being disabled ends their sessions here.
 */
async function place(ctx: Ctx, emp: Employee, p: Placement, fresh: boolean) {
  const me = ctx.me();
  const boId = me.boId;
  const oldRoles = fresh ? [] : await repo.roleIdsOf(ctx.db, emp.id);
  const oldBases = fresh ? [] : await repo.baseIdsOf(ctx.db, emp.id);
  const roleIds = p.roleIds ? uniq(p.roleIds) : oldRoles;
  const baseIds = p.baseIds ? uniq(p.baseIds) : oldBases;
  const enabled = p.enabled ?? emp.enabled;
  const rolesChanged = roleIds.length !== oldRoles.length || minus(roleIds, oldRoles).length > 0;

  if (emp.isOwner && (rolesChanged || !enabled)) {
    throw refuse(codes.STATE_FORBIDS, R.ownerFixed);
  }
  if (emp.isOwner && baseIds.length) throw badField("baseIds", R.ownerBases);
  if (!fresh && emp.id === me.employeeId && (rolesChanged || enabled !== emp.enabled)) {
    throw refuse(codes.STATE_FORBIDS, R.ownSelf);
  }

  const added = minus(roleIds, oldRoles);
  const newBases = minus(baseIds, oldBases);
  await checkGrants(ctx, { roleIds: added, baseIds: newBases, professionId: p.professionId });

  if (enabled !== emp.enabled) await ctx.db.update(employee).set({ enabled }).where(eq(employee.id, emp.id));
  const removedRoles = minus(oldRoles, roleIds);
  if (removedRoles.length) {
    await ctx.db.delete(employeeRole).where(and(eq(employeeRole.employeeId, emp.id), inArray(employeeRole.roleId, removedRoles)));
  }
  if (added.length) await ctx.db.insert(employeeRole).values(added.map((roleId) => ({ employeeId: emp.id, roleId })));
  const removedBases = minus(oldBases, baseIds);
  if (removedBases.length) {
    await ctx.db.delete(employeeBase).where(and(eq(employeeBase.employeeId, emp.id), inArray(employeeBase.baseId, removedBases)));
  }
  if (newBases.length) await ctx.db.insert(employeeBase).values(newBases.map((baseId) => ({ employeeId: emp.id, baseId, boId })));
  if (p.professionId !== undefined) {
    await ctx.db
      .insert(staffProfile)
      .values({ employeeId: emp.id, boId, professionId: p.professionId })
      .onConflictDoUpdate({ target: staffProfile.employeeId, set: { professionId: p.professionId } });
  }
  if (removedRoles.length || (emp.enabled && !enabled)) await endSessionsHere(ctx, [emp.memberId]);
}

/**
 * What the caller may give: roles of the organisation granting only functions the caller holds; enabled
 * bases of the organisation the caller is authorised for; a known profession. Shared by placing staff
 * and by invitations (checked when sent, as the inviter).
 */
async function checkGrants(ctx: Ctx, g: { roleIds: string[]; baseIds: string[]; professionId?: string | null | undefined }) {
  const me = ctx.me();
  const roles = await repo.rolesWithFunctions(ctx.db, me.boId, g.roleIds);
  if (roles.length !== g.roleIds.length) throw badField("roleIds", R.roleMissing);
  for (const r of roles) refuseUnheld(ctx, "roleIds", r.functions, r.name);

  const found = await repo.basesByIds(ctx.db, me.boId, g.baseIds);
  if (found.length !== g.baseIds.length) throw badField("baseIds", R.baseMissing);
  if (found.some((b) => !b.enabled)) throw badField("baseIds", R.baseDisabled);
  if (!me.isOwner && g.baseIds.length) {
    const mine = (await repo.basesOfEmployee(ctx.db, me.boId, me.employeeId)).map((b) => b.id);
    if (minus(g.baseIds, mine).length) throw badField("baseIds", R.baseUnauthorised);
  }
  if (g.professionId && !(await repo.findProfession(ctx.db, me.boId, g.professionId))) {
    throw badField("professionId", R.professionUnknown);
  }
}

async function checkAccount(ctx: Ctx, a: { loginName?: string; phone: string; memberId?: string }) {
  if (a.loginName && (await repo.loginNameTaken(ctx.db, a.loginName))) throw badField("loginName", R.loginNameTaken);
  if (await repo.phoneTaken(ctx.db, a.phone, a.memberId)) throw badField("phone", R.phoneTaken);
}

/**
 * A colleague's login identity (phone, password) is theirs: changing it is an escalation like granting a
 * function. Refused for the owner's account (only the owner), for accounts that also work elsewhere (only
 * their holder), and when the target holds any function the caller lacks.
 */
async function checkIdentityChange(ctx: Ctx, emp: Employee, memberId: string) {
  const me = ctx.me();
  if (emp.id === me.employeeId) return;
  if (emp.isOwner) throw refuse(codes.STATE_FORBIDS, R.ownerIdentity);
  if ((await repo.membershipCount(ctx.db, memberId)) > 1) throw refuse(codes.STATE_FORBIDS, R.worksElsewhere);
  const unheld = [...(await functionsOf(ctx.db, emp.id, emp.isOwner))].filter((f) => !me.functions.has(f)).sort();
  if (unheld.length) throw refuse(codes.STATE_FORBIDS, R.identityUnheld, { functions: unheld.join(", ") });
}

/** Validated role functions: known codes, deduplicated. */
function roleFunctions(functions: string[]) {
  const unknown = functions.filter((c) => !KNOWN_FUNCTIONS.has(c));
  if (unknown.length) throw badField("functions", R.unknownFunctions, { functions: unknown.join(", ") });
  return uniq(functions).sort();
}

/** The account an invitation or preview names: it exists, is enabled and is not staff here yet. */
async function inviteeOf(ctx: Ctx, account: string) {
  const m = await repo.findMemberByLoginNameOrPhone(ctx.db, account);
  if (!m) throw badField("account", R.accountNotFound);
  if (!m.enabled) throw badField("account", R.accountDisabled);
  if (await repo.findEmployeeByMember(ctx.db, ctx.me().boId, m.id)) throw badField("account", R.alreadyStaff);
  return m;
}

async function invitationOf(ctx: Ctx, id: string) {
  const [inv] = await repo.loadInvitations(ctx.db, ctx.me().boId, [id]);
  if (!inv) throw refuse(codes.NOT_FOUND, R.invitationNotFound);
  return inv;
}

async function roleIn(ctx: Ctx, id: string) {
  const r = await repo.findRole(ctx.db, ctx.me().boId, id);
  if (!r) throw refuse(codes.NOT_FOUND, R.roleNotFound);
  return r;
}

/** Bases with the name of their area's path, from the reference domain (one query). */
async function withAreaNames<B extends { areaCode: string }>(db: Executor, bases: B[]) {
  const refs = await areaRefs(
    db,
    bases.map((b) => b.areaCode),
  );
  return bases.map((b) => ({ ...b, areaName: refs.get(b.areaCode)?.name ?? "", areaNameEn: refs.get(b.areaCode)?.nameEn ?? "" }));
}

async function baseIn(ctx: Ctx, id: string) {
  const b = await repo.findBase(ctx.db, ctx.me().boId, id);
  if (!b) throw refuse(codes.NOT_FOUND, R.baseNotFound);
  return (await withAreaNames(ctx.db, [b]))[0] as typeof b & { areaName: string; areaNameEn: string };
}

async function checkBase(ctx: Ctx, input: { name: string; areaCode: string }, exceptId?: string) {
  await checkArea(ctx.db, input.areaCode, "areaCode");
  if (await repo.baseNameTaken(ctx.db, ctx.me().boId, input.name, exceptId)) throw badField("name", R.baseNameTaken);
}

export const staffService = {
  async selMemberByPage(ctx: Ctx, input: In<"selMemberByPage">): Promise<Out<"selMemberByPage">> {
    const boId = ctx.me().boId;
    const where = repo.staffWhere(boId, input);
    return pageOf(ctx.db, input, { from: repo.staffFrom, where }, async (limit, offset) =>
      repo.loadStaff(ctx.db, boId, await repo.pageStaffIds(ctx.db, where, limit, offset)),
    );
  },

  async addMemberEmployee(ctx: Ctx, input: In<"addMemberEmployee">): Promise<Out<"addMemberEmployee">> {
    await checkAccount(ctx, input);
    const reasons = weakReasons(input.password, input.loginName);
    if (reasons.length) throw badField("password", weakText(reasons));
    const passwordHash = await hashPassword(input.password);
    const [m] = await ctx.db
      .insert(member)
      .values({ loginName: input.loginName, name: input.name, phone: input.phone, passwordHash })
      .returning();
    if (!m) throw new Error("insert returned nothing");
    // The creator typed the phone: its holder confirms it before SMS codes go to it.
    await markPhoneUnconfirmed(ctx.db, { memberId: m.id, phone: input.phone, setBy: ctx.me().memberId, boId: ctx.me().boId });
    return staffService.addAccount(ctx, m.id, input);
  },

  /** Make a new account staff of the active organisation. */
  async addAccount(ctx: Ctx, memberId: string, p: Placement): Promise<Out<"addMemberEmployee">> {
    const [emp] = await ctx.db
      .insert(employee)
      .values({ boId: ctx.me().boId, memberId, enabled: p.enabled ?? true })
      .returning();
    if (!emp) throw new Error("insert returned nothing");
    await place(ctx, emp, { ...p, enabled: emp.enabled }, true);
    return staffOf(ctx, emp.id);
  },

  /** Invite an existing account: nothing of it changes until its holder accepts (see staff.account.ts). */
  async add(ctx: Ctx, input: In<"add">): Promise<Out<"add">> {
    const me = ctx.me();
    const m = await inviteeOf(ctx, input.account);
    if (await repo.pendingInvitation(ctx.db, me.boId, m.id)) throw badField("account", R.alreadyInvited);
    const roleIds = uniq(input.roleIds);
    const baseIds = uniq(input.baseIds);
    await checkGrants(ctx, { roleIds, baseIds, professionId: input.professionId });
    const [inv] = await ctx.db
      .insert(staffInvitation)
      .values({ boId: me.boId, memberId: m.id, invitedBy: me.memberId, roleIds, baseIds, professionId: input.professionId })
      .returning({ id: staffInvitation.id });
    if (!inv) throw new Error("insert returned nothing");
    return invitationOf(ctx, inv.id);
  },

  async selAccountPreview(ctx: Ctx, input: In<"selAccountPreview">): Promise<Out<"selAccountPreview">> {
    const m = await inviteeOf(ctx, input.account);
    return { name: m.name, maskedPhone: maskPhone(m.phone) };
  },

  async selInvitationPage(ctx: Ctx, input: In<"selInvitationPage">): Promise<Out<"selInvitationPage">> {
    const boId = ctx.me().boId;
    const where = repo.invitationWhere(boId, input.state);
    return pageOf(ctx.db, input, { from: sql`${staffInvitation}`, where }, async (limit, offset) =>
      repo.loadInvitations(ctx.db, boId, await repo.pageInvitationIds(ctx.db, where, limit, offset)),
    );
  },

  async cancelInvitation(ctx: Ctx, input: In<"cancelInvitation">): Promise<Out<"cancelInvitation">> {
    const inv = await invitationOf(ctx, input.id);
    if (inv.state !== "pending") throw refuse(codes.STATE_FORBIDS, R.invitationClosed);
    await ctx.db
      .update(staffInvitation)
      .set({ state: "cancelled", decidedAt: new Date() })
      .where(and(eq(staffInvitation.id, inv.id), eq(staffInvitation.boId, ctx.me().boId)));
    return invitationOf(ctx, inv.id);
  },

  /**
   * Only the owner sets a colleague's password, and only for an account that works nowhere else (its
   * holder alone answers for it there). Audited like every write; every session of the account ends.
   */
  async resetMemberEmpPassword(ctx: Ctx, input: In<"resetMemberEmpPassword">): Promise<null> {
    const me = ctx.me();
    const emp = await employeeIn(ctx, input.employeeId);
    if (emp.id === me.employeeId) throw refuse(codes.STATE_FORBIDS, R.resetSelf);
    if (!me.isOwner) throw refuse(codes.STATE_FORBIDS, R.resetOwnerOnly);
    await checkIdentityChange(ctx, emp, emp.memberId);
    const [account] = await ctx.db.select().from(member).where(eq(member.id, emp.memberId)).limit(1);
    if (!account) throw refuse(codes.NOT_FOUND, R.notFound);
    const reasons = weakReasons(input.password, account.loginName);
    if (reasons.length) throw badField("password", weakText(reasons));
    await ctx.db
      .update(member)
      .set({ passwordHash: await hashPassword(input.password), passwordChangedAt: new Date() })
      .where(eq(member.id, account.id));
    await clearFailures(ctx.db, loginKey(account.loginName));
    await endSessionsOf(ctx.db, account.id);
    return null;
  },

  async selMemberEmpById(ctx: Ctx, input: In<"selMemberEmpById">): Promise<Out<"selMemberEmpById">> {
    return staffOf(ctx, input.employeeId);
  },

  async selById(ctx: Ctx, input: In<"selById">): Promise<Out<"selById">> {
    const emp = await repo.findEmployeeByMember(ctx.db, ctx.me().boId, input.memberId);
    if (!emp) throw refuse(codes.NOT_FOUND, R.notFound);
    return staffOf(ctx, emp.id);
  },

  async updMemberEmpById(ctx: Ctx, input: In<"updMemberEmpById">): Promise<Out<"updMemberEmpById">> {
    const me = ctx.me();
    const emp = await employeeIn(ctx, input.employeeId);
    const [account] = await ctx.db.select().from(member).where(eq(member.id, emp.memberId)).limit(1);
    if (!account) throw refuse(codes.NOT_FOUND, R.notFound);
    const phoneChanged = account.phone !== input.phone;
    if (account.name !== input.name || phoneChanged) {
      if (emp.isOwner && emp.id !== me.employeeId) throw refuse(codes.STATE_FORBIDS, R.ownerIdentity);
      if ((await repo.membershipCount(ctx.db, account.id)) > 1) throw refuse(codes.STATE_FORBIDS, R.worksElsewhere);
      if (phoneChanged) await checkIdentityChange(ctx, emp, account.id);
      await checkAccount(ctx, { phone: input.phone, memberId: account.id });
      await ctx.db.update(member).set({ name: input.name, phone: input.phone }).where(eq(member.id, account.id));
    }
    await place(ctx, emp, input, false);
    if (phoneChanged) {
      // A phone set here was not proved by a code: no SMS code goes to it until its holder confirms it,
      // and every session of the account ends (the caller's own one lives on when they changed their own).
      await markPhoneUnconfirmed(ctx.db, { memberId: account.id, phone: input.phone, setBy: me.memberId, boId: me.boId });
      await endSessionsOf(ctx.db, account.id, emp.id === me.employeeId ? { keepSessionId: me.sessionId } : {});
    }
    return staffOf(ctx, emp.id);
  },

  async upd(ctx: Ctx, input: In<"upd">): Promise<Out<"upd">> {
    const emp = await employeeIn(ctx, input.employeeId);
    await place(ctx, emp, { enabled: input.enabled }, false);
    return staffOf(ctx, emp.id);
  },

  async delMemberEmpById(ctx: Ctx, input: In<"delMemberEmpById">): Promise<null> {
    const emp = await employeeIn(ctx, input.employeeId);
    if (emp.isOwner) throw refuse(codes.STATE_FORBIDS, R.ownerNotRemovable);
    if (emp.id === ctx.me().employeeId) throw refuse(codes.STATE_FORBIDS, R.removeSelf);
    await ctx.db.delete(employeeRole).where(eq(employeeRole.employeeId, emp.id));
    await ctx.db.delete(employeeBase).where(eq(employeeBase.employeeId, emp.id));
    await ctx.db.delete(staffProfile).where(eq(staffProfile.employeeId, emp.id));
    await ctx.db.delete(employee).where(eq(employee.id, emp.id));
    await endSessionsHere(ctx, [emp.memberId]);
    return null;
  },

  async selfuncIds(ctx: Ctx, input: In<"selfuncIds">): Promise<Out<"selfuncIds">> {
    const emp = await employeeIn(ctx, input.employeeId);
    return [...(await functionsOf(ctx.db, emp.id, emp.isOwner))].sort();
  },

  async selMemberEmployeesByParam(ctx: Ctx, input: In<"selMemberEmployeesByParam">): Promise<Out<"selMemberEmployeesByParam">> {
    return repo.pickerStaff(ctx.db, ctx.me().boId, input.keyword, input.limit);
  },

  async selFuncById(ctx: Ctx, input: In<"selFuncById">): Promise<Out<"selFuncById">> {
    const emp = await employeeIn(ctx, input.employeeId);
    if (emp.isOwner) {
      return { employeeId: emp.id, isOwner: true, tree: funcNodes, granted: funcNodes.map((n) => ({ code: n.code, roles: [] })) };
    }
    // A direct grant also grants its ancestors (closeOverAncestors): credit the role there too.
    const byCode = new Map<string, Map<string, string>>();
    for (const g of await repo.grantsOf(ctx.db, emp.id)) {
      for (const code of closeOverAncestors([g.code])) {
        if (code === "home" && g.code !== "home") continue;
        const roles = byCode.get(code) ?? new Map<string, string>();
        roles.set(g.id, g.name);
        byCode.set(code, roles);
      }
    }
    const held = await functionsOf(ctx.db, emp.id, false);
    const granted = [...held].sort().map((code) => ({
      code,
      roles: [...(byCode.get(code) ?? new Map())].map(([id, name]) => ({ id, name })),
    }));
    return { employeeId: emp.id, isOwner: false, tree: funcNodes, granted };
  },

  async addRole(ctx: Ctx, input: In<"addRole">): Promise<Out<"addRole">> {
    const boId = ctx.me().boId;
    const functions = roleFunctions(input.functions);
    if (await repo.roleNameTaken(ctx.db, boId, input.name)) throw badField("name", R.roleNameTaken);
    refuseUnheld(ctx, "functions", functions);
    const [r] = await ctx.db.insert(role).values({ boId, name: input.name, description: input.description }).returning();
    if (!r) throw new Error("insert returned nothing");
    await ctx.db.insert(roleFunction).values(functions.map((funcCode) => ({ roleId: r.id, funcCode })));
    return repo.roleItem(ctx.db, boId, r.id);
  },

  async updRole(ctx: Ctx, input: In<"updRole">): Promise<Out<"updRole">> {
    const boId = ctx.me().boId;
    const r = await roleIn(ctx, input.id);
    const functions = roleFunctions(input.functions);
    if (await repo.roleNameTaken(ctx.db, boId, input.name, r.id)) throw badField("name", R.roleNameTaken);
    const [before] = await repo.rolesWithFunctions(ctx.db, boId, [r.id]);
    const old = before?.functions ?? [];
    refuseUnheld(ctx, "functions", minus(functions, old));
    await ctx.db.update(role).set({ name: input.name, description: input.description }).where(eq(role.id, r.id));
    const removed = minus(old, functions);
    const added = minus(functions, old);
    if (removed.length)
      await ctx.db.delete(roleFunction).where(and(eq(roleFunction.roleId, r.id), inArray(roleFunction.funcCode, removed)));
    if (added.length) await ctx.db.insert(roleFunction).values(added.map((funcCode) => ({ roleId: r.id, funcCode })));
    if (removed.length)
      await endSessionsHere(
        ctx,
        (await repo.holdersOf(ctx.db, r.id)).map((h) => h.memberId),
      );
    return repo.roleItem(ctx.db, boId, r.id);
  },

  async delRole(ctx: Ctx, input: In<"delRole">): Promise<null> {
    const r = await roleIn(ctx, input.id);
    const holders = await repo.holdersOf(ctx.db, r.id);
    if (holders.some((h) => h.employeeId === ctx.me().employeeId)) throw refuse(codes.STATE_FORBIDS, R.roleHeld);
    await ctx.db.delete(employeeRole).where(eq(employeeRole.roleId, r.id));
    await ctx.db.delete(roleFunction).where(eq(roleFunction.roleId, r.id));
    await ctx.db.delete(role).where(eq(role.id, r.id));
    await endSessionsHere(
      ctx,
      holders.map((h) => h.memberId),
    );
    return null;
  },

  async selectProfession(ctx: Ctx, input: In<"selectProfession">): Promise<Out<"selectProfession">> {
    return repo.listProfessions(ctx.db, ctx.me().boId, input.name);
  },

  async addProfession(ctx: Ctx, input: In<"addProfession">): Promise<Out<"addProfession">> {
    const boId = ctx.me().boId;
    if (await repo.professionNameTaken(ctx.db, boId, input.name)) throw badField("name", R.professionTaken);
    const [p] = await ctx.db.insert(profession).values({ boId, name: input.name, nameEn: input.name }).returning();
    if (!p) throw new Error("insert returned nothing");
    return repo.toProfession(p);
  },

  async selBaseInfoByAuthority(ctx: Ctx, input: In<"selBaseInfoByAuthority">): Promise<Out<"selBaseInfoByAuthority">> {
    const me = ctx.me();
    if (me.isOwner) {
      return withAreaNames(
        ctx.db,
        (await repo.listBases(ctx.db, me.boId, { kind: input.kind, enabledOnly: true })).map(({ staffCount: _, ...b }) => b),
      );
    }
    return withAreaNames(ctx.db, await repo.basesOfEmployee(ctx.db, me.boId, me.employeeId, input.kind));
  },

  async selBaseList(ctx: Ctx, input: In<"selBaseList">): Promise<Out<"selBaseList">> {
    return withAreaNames(ctx.db, await repo.listBases(ctx.db, ctx.me().boId, input));
  },

  async addBase(ctx: Ctx, input: In<"addBase">): Promise<Out<"addBase">> {
    await checkBase(ctx, input);
    const [b] = await ctx.db
      .insert(base)
      .values({ ...input, boId: ctx.me().boId })
      .returning();
    if (!b) throw new Error("insert returned nothing");
    return baseIn(ctx, b.id);
  },

  async updBase(ctx: Ctx, input: In<"updBase">): Promise<Out<"updBase">> {
    const { id, ...patch } = input;
    await baseIn(ctx, id);
    await checkBase(ctx, patch, id);
    await ctx.db.update(base).set(patch).where(eq(base.id, id));
    return baseIn(ctx, id);
  },

  async updBaseEnabled(ctx: Ctx, input: In<"updBaseEnabled">): Promise<Out<"updBaseEnabled">> {
    await baseIn(ctx, input.id);
    await ctx.db.update(base).set({ enabled: input.enabled }).where(eq(base.id, input.id));
    return baseIn(ctx, input.id);
  },
};
