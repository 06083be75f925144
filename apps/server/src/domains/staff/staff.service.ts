import { type contract, funcNodes, functionTree, type OutputOf, type ParsedInputOf } from "@sbo/contract";
import { and, eq, inArray } from "drizzle-orm";
import { closeOverAncestors, functionsOf } from "../../platform/access/access";
import { employee, employeeRole, role, roleFunction } from "../../platform/access/access.tables";
import { member } from "../../platform/auth/auth.tables";
import { hashPassword, weakReasons, weakText } from "../../platform/auth/passwords";
import { endSessionsOf } from "../../platform/auth/sessions";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, stateForbids } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import { areaRefs, checkArea } from "../reference/reference.service";
import * as repo from "./staff.repository";
import { base, employeeBase, profession, staffProfile } from "./staff.tables";

type S = typeof contract.staff;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;
type Employee = typeof employee.$inferSelect;

const KNOWN_FUNCTIONS = new Set(functionTree.map((f) => f.code));
const uniq = <T>(xs: T[]) => [...new Set(xs)];
const minus = <T>(a: T[], b: T[]) => a.filter((x) => !b.includes(x));

async function staffOf(ctx: Ctx, employeeId: string) {
  const [out] = await repo.loadStaff(ctx.db, ctx.me().boId, [employeeId]);
  if (!out) throw notFound("Staff member");
  return out;
}

async function employeeIn(ctx: Ctx, employeeId: string): Promise<Employee> {
  const emp = await repo.findEmployee(ctx.db, ctx.me().boId, employeeId);
  if (!emp) throw notFound("Staff member");
  return emp;
}

/** The caller may grant only what they hold themselves (the owner holds everything). */
function refuseUnheld(ctx: Ctx, field: string, codes: string[], what: string) {
  const unheld = codes.filter((c) => !ctx.me().functions.has(c));
  if (unheld.length) throw badField(field, `${what} functions you do not hold yourself: ${unheld.sort().join(", ")}`);
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
    throw stateForbids("The owner holds every function: their roles cannot be changed and they cannot be disabled");
  }
  if (emp.isOwner && baseIds.length) throw badField("baseIds", "cannot be set for the owner, who is authorised for every base");
  if (!fresh && emp.id === me.employeeId && (rolesChanged || enabled !== emp.enabled)) {
    throw stateForbids("You cannot change your own roles or status; ask the owner");
  }

  const added = minus(roleIds, oldRoles);
  const roles = await repo.rolesWithFunctions(ctx.db, boId, added);
  if (roles.length !== added.length) throw badField("roleIds", "contains a role that does not exist");
  for (const r of roles) refuseUnheld(ctx, "roleIds", r.functions, `role "${r.name}" grants`);

  const newBases = minus(baseIds, oldBases);
  const found = await repo.basesByIds(ctx.db, boId, newBases);
  if (found.length !== newBases.length) throw badField("baseIds", "contains a base that does not exist");
  if (found.some((b) => !b.enabled)) throw badField("baseIds", "contains a disabled base");
  if (!me.isOwner && newBases.length) {
    const mine = (await repo.basesOfEmployee(ctx.db, boId, me.employeeId)).map((b) => b.id);
    if (minus(newBases, mine).length) throw badField("baseIds", "contains a base you are not authorised for");
  }

  if (p.professionId && !(await repo.findProfession(ctx.db, boId, p.professionId))) {
    throw badField("professionId", "is not a known profession");
  }

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

async function checkAccount(ctx: Ctx, a: { loginName?: string; phone: string; memberId?: string }) {
  if (a.loginName && (await repo.loginNameTaken(ctx.db, a.loginName))) throw badField("loginName", "is already taken");
  if (await repo.phoneTaken(ctx.db, a.phone, a.memberId)) throw badField("phone", "is already used by another account");
}

/** Validated role functions: known codes, deduplicated. */
function roleFunctions(functions: string[]) {
  const unknown = functions.filter((c) => !KNOWN_FUNCTIONS.has(c));
  if (unknown.length) throw badField("functions", `contains unknown functions: ${unknown.join(", ")}`);
  return uniq(functions).sort();
}

async function roleIn(ctx: Ctx, id: string) {
  const r = await repo.findRole(ctx.db, ctx.me().boId, id);
  if (!r) throw notFound("Role");
  return r;
}

/** Bases with the name of their area's path, from the reference domain (one query). */
async function withAreaNames<B extends { areaCode: string }>(db: Executor, bases: B[]) {
  const refs = await areaRefs(
    db,
    bases.map((b) => b.areaCode),
  );
  return bases.map((b) => ({ ...b, areaName: refs.get(b.areaCode)?.name ?? "" }));
}

async function baseIn(ctx: Ctx, id: string) {
  const b = await repo.findBase(ctx.db, ctx.me().boId, id);
  if (!b) throw notFound("Base");
  return (await withAreaNames(ctx.db, [b]))[0] as typeof b & { areaName: string };
}

async function checkBase(ctx: Ctx, input: { name: string; areaCode: string }, exceptId?: string) {
  await checkArea(ctx.db, input.areaCode, "areaCode");
  if (await repo.baseNameTaken(ctx.db, ctx.me().boId, input.name, exceptId)) throw badField("name", "is already used by another base");
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
    return staffService.addAccount(ctx, m.id, input);
  },

  /** Make an account staff of the active organisation (shared by addMemberEmployee and add). */
  async addAccount(ctx: Ctx, memberId: string, p: Placement): Promise<Out<"add">> {
    const [emp] = await ctx.db
      .insert(employee)
      .values({ boId: ctx.me().boId, memberId, enabled: p.enabled ?? true })
      .returning();
    if (!emp) throw new Error("insert returned nothing");
    await place(ctx, emp, { ...p, enabled: emp.enabled }, true);
    return staffOf(ctx, emp.id);
  },

  async add(ctx: Ctx, input: In<"add">): Promise<Out<"add">> {
    const m = await repo.findMemberByLoginNameOrPhone(ctx.db, input.account);
    if (!m) throw badField("account", "no account has this phone number or login name");
    if (!m.enabled) throw badField("account", "this account is disabled");
    if (await repo.findEmployeeByMember(ctx.db, ctx.me().boId, m.id)) throw badField("account", "is already staff of this organisation");
    return staffService.addAccount(ctx, m.id, input);
  },

  async selMemberEmpById(ctx: Ctx, input: In<"selMemberEmpById">): Promise<Out<"selMemberEmpById">> {
    return staffOf(ctx, input.employeeId);
  },

  async selById(ctx: Ctx, input: In<"selById">): Promise<Out<"selById">> {
    const emp = await repo.findEmployeeByMember(ctx.db, ctx.me().boId, input.memberId);
    if (!emp) throw notFound("Staff member");
    return staffOf(ctx, emp.id);
  },

  async updMemberEmpById(ctx: Ctx, input: In<"updMemberEmpById">): Promise<Out<"updMemberEmpById">> {
    const me = ctx.me();
    const emp = await employeeIn(ctx, input.employeeId);
    const [account] = await ctx.db.select().from(member).where(eq(member.id, emp.memberId)).limit(1);
    if (!account) throw notFound("Staff member");
    if (account.name !== input.name || account.phone !== input.phone) {
      if (emp.isOwner && emp.id !== me.employeeId) throw stateForbids("Only the owner can change the owner's name and phone");
      if ((await repo.membershipCount(ctx.db, account.id)) > 1) {
        throw stateForbids("This account also works for other organisations: only its holder can change its name and phone");
      }
      await checkAccount(ctx, { phone: input.phone, memberId: account.id });
      await ctx.db.update(member).set({ name: input.name, phone: input.phone }).where(eq(member.id, account.id));
    }
    await place(ctx, emp, input, false);
    return staffOf(ctx, emp.id);
  },

  async upd(ctx: Ctx, input: In<"upd">): Promise<Out<"upd">> {
    const emp = await employeeIn(ctx, input.employeeId);
    await place(ctx, emp, { enabled: input.enabled }, false);
    return staffOf(ctx, emp.id);
  },

  async delMemberEmpById(ctx: Ctx, input: In<"delMemberEmpById">): Promise<null> {
    const emp = await employeeIn(ctx, input.employeeId);
    if (emp.isOwner) throw stateForbids("The owner cannot be removed from the organisation");
    if (emp.id === ctx.me().employeeId) throw stateForbids("You cannot remove yourself; ask the owner");
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
    if (await repo.roleNameTaken(ctx.db, boId, input.name)) throw badField("name", "is already used by another role");
    refuseUnheld(ctx, "functions", functions, "you cannot grant");
    const [r] = await ctx.db.insert(role).values({ boId, name: input.name, description: input.description }).returning();
    if (!r) throw new Error("insert returned nothing");
    await ctx.db.insert(roleFunction).values(functions.map((funcCode) => ({ roleId: r.id, funcCode })));
    return repo.roleItem(ctx.db, boId, r.id);
  },

  async updRole(ctx: Ctx, input: In<"updRole">): Promise<Out<"updRole">> {
    const boId = ctx.me().boId;
    const r = await roleIn(ctx, input.id);
    const functions = roleFunctions(input.functions);
    if (await repo.roleNameTaken(ctx.db, boId, input.name, r.id)) throw badField("name", "is already used by another role");
    const [before] = await repo.rolesWithFunctions(ctx.db, boId, [r.id]);
    const old = before?.functions ?? [];
    refuseUnheld(ctx, "functions", minus(functions, old), "you cannot grant");
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
    if (holders.some((h) => h.employeeId === ctx.me().employeeId))
      throw stateForbids("You hold this role yourself; ask the owner to delete it");
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
    if (await repo.professionNameTaken(ctx.db, boId, input.name)) throw badField("name", "already exists");
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
