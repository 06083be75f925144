import { codes, type contract, funcNodes, type OutputOf, type ParsedInputOf, staffRefusals as R } from "@sbo/contract";
import { closeOverAncestors } from "../../platform/access/access";
import { clearFailures, loginKey } from "../../platform/auth/login-attempts";
import { hashPassword, weakReasons, weakText } from "../../platform/auth/passwords";
import { endSessionsOf } from "../../platform/auth/sessions";
import type { Ctx } from "../../platform/http/context";
import { badField, refuse } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import type { SmsProvider } from "../../platform/sms/sms-provider";
import * as identity from "../identity/identity.port";
import { markPhoneUnconfirmed } from "../identity/identity.port";
import { createAccountService } from "./account/account.service";
import { baseService } from "./base/base.service";
import { checkGrants, endSessionsHere } from "./grant.service";
import { invitationService } from "./invitation/invitation.service";
import { professionService } from "./profession/profession.service";
import { roleService } from "./role/role.service";
import { exportStaffList } from "./staff.export";
import * as repo from "./staff.repository";
import { loadStaff } from "./staff.view";

type S = typeof contract.staff;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;
type Employee = NonNullable<Awaited<ReturnType<typeof identity.findEmployee>>>;

const uniq = <T>(xs: T[]) => [...new Set(xs)];
const minus = <T>(a: T[], b: T[]) => a.filter((x) => !b.includes(x));

async function staffOf(ctx: Ctx, employeeId: string) {
  const [out] = await loadStaff(ctx.db, ctx.me().boId, [employeeId]);
  if (!out) throw refuse(codes.NOT_FOUND, R.notFound);
  return out;
}

async function employeeIn(ctx: Ctx, employeeId: string): Promise<Employee> {
  const emp = await identity.findEmployee(ctx.db, ctx.me().boId, employeeId);
  if (!emp) throw refuse(codes.NOT_FOUND, R.notFound);
  return emp;
}

async function accountOf(ctx: Ctx, memberId: string) {
  const account = await identity.findMemberById(ctx.db, memberId);
  if (!account) throw refuse(codes.NOT_FOUND, R.notFound);
  return account;
}

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
  const oldRoles = fresh ? [] : await identity.roleIdsOf(ctx.db, emp.id);
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

  if (enabled !== emp.enabled) await identity.setEmployeeEnabled(ctx.db, emp.id, enabled);
  const removedRoles = minus(oldRoles, roleIds);
  await identity.removeEmployeeRoles(ctx.db, emp.id, removedRoles);
  await identity.addEmployeeRoles(ctx.db, emp.id, added);
  await repo.removeEmployeeBases(ctx.db, emp.id, minus(oldBases, baseIds));
  await repo.addEmployeeBases(ctx.db, boId, emp.id, newBases);
  if (p.professionId !== undefined) await repo.setProfession(ctx.db, boId, emp.id, p.professionId);
  if (removedRoles.length || (emp.enabled && !enabled)) await endSessionsHere(ctx, [emp.memberId]);
}

async function checkAccount(ctx: Ctx, a: { loginName?: string; phone: string; memberId?: string }) {
  if (a.loginName && (await identity.loginNameTaken(ctx.db, a.loginName))) throw badField("loginName", R.loginNameTaken);
  if (await identity.phoneTaken(ctx.db, a.phone, a.memberId)) throw badField("phone", R.phoneTaken);
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
  if ((await identity.membershipCount(ctx.db, memberId)) > 1) throw refuse(codes.STATE_FORBIDS, R.worksElsewhere);
  const unheld = [...(await identity.functionsOf(ctx.db, emp.id, emp.isOwner))].filter((f) => !me.functions.has(f)).sort();
  if (unheld.length) throw refuse(codes.STATE_FORBIDS, R.identityUnheld, { functions: unheld.join(", ") });
}

/** The staff members themselves: the list, accounts made here, their placement, password and functions. */
export const staffMembers = {
  async selMemberByPage(input: In<"selMemberByPage">, ctx: Ctx): Promise<Out<"selMemberByPage">> {
    const boId = ctx.me().boId;
    const where = identity.employeeWhere(boId, input);
    return pageOf(ctx.db, input, identity.employeeCount(where), async (limit, offset) =>
      loadStaff(ctx.db, boId, await identity.pageEmployeeIds(ctx.db, where, limit, offset)),
    );
  },

  /** A new account, made staff of the active organisation (an existing account is invited: invitation.service.ts). */
  async addMemberEmployee(input: In<"addMemberEmployee">, ctx: Ctx): Promise<Out<"addMemberEmployee">> {
    const me = ctx.me();
    await checkAccount(ctx, input);
    const reasons = weakReasons(input.password, input.loginName);
    if (reasons.length) throw badField("password", weakText(reasons));
    const passwordHash = await hashPassword(input.password);
    const m = await identity.insertMember(ctx.db, { loginName: input.loginName, name: input.name, phone: input.phone, passwordHash });
    // The creator typed the phone: its holder confirms it before SMS codes go to it.
    await markPhoneUnconfirmed(ctx.db, { memberId: m.id, phone: input.phone, setBy: me.memberId, boId: me.boId });
    const emp = await identity.insertEmployee(ctx.db, { boId: me.boId, memberId: m.id, enabled: input.enabled ?? true });
    await place(ctx, emp, { ...input, enabled: emp.enabled }, true);
    return staffOf(ctx, emp.id);
  },

  /**
   * Only the owner sets a colleague's password, and only for an account that works nowhere else (its
   * holder alone answers for it there). Audited like every write; every session of the account ends.
   */
  async resetMemberEmpPassword(input: In<"resetMemberEmpPassword">, ctx: Ctx): Promise<null> {
    const me = ctx.me();
    const emp = await employeeIn(ctx, input.employeeId);
    if (emp.id === me.employeeId) throw refuse(codes.STATE_FORBIDS, R.resetSelf);
    if (!me.isOwner) throw refuse(codes.STATE_FORBIDS, R.resetOwnerOnly);
    await checkIdentityChange(ctx, emp, emp.memberId);
    const account = await accountOf(ctx, emp.memberId);
    const reasons = weakReasons(input.password, account.loginName);
    if (reasons.length) throw badField("password", weakText(reasons));
    await identity.setPassword(ctx.db, account.id, input.password);
    await clearFailures(ctx.db, loginKey(account.loginName));
    await endSessionsOf(ctx.db, account.id);
    return null;
  },

  async selMemberEmpById(input: In<"selMemberEmpById">, ctx: Ctx): Promise<Out<"selMemberEmpById">> {
    return staffOf(ctx, input.employeeId);
  },

  async selById(input: In<"selById">, ctx: Ctx): Promise<Out<"selById">> {
    const emp = await identity.findEmployeeByMember(ctx.db, ctx.me().boId, input.memberId);
    if (!emp) throw refuse(codes.NOT_FOUND, R.notFound);
    return staffOf(ctx, emp.id);
  },

  async updMemberEmpById(input: In<"updMemberEmpById">, ctx: Ctx): Promise<Out<"updMemberEmpById">> {
    const me = ctx.me();
    const emp = await employeeIn(ctx, input.employeeId);
    const account = await accountOf(ctx, emp.memberId);
    const phoneChanged = account.phone !== input.phone;
    if (account.name !== input.name || phoneChanged) {
      if (emp.isOwner && emp.id !== me.employeeId) throw refuse(codes.STATE_FORBIDS, R.ownerIdentity);
      if ((await identity.membershipCount(ctx.db, account.id)) > 1) throw refuse(codes.STATE_FORBIDS, R.worksElsewhere);
      if (phoneChanged) await checkIdentityChange(ctx, emp, account.id);
      await checkAccount(ctx, { phone: input.phone, memberId: account.id });
      await identity.updateMember(ctx.db, account.id, { name: input.name, phone: input.phone });
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

  async upd(input: In<"upd">, ctx: Ctx): Promise<Out<"upd">> {
    const emp = await employeeIn(ctx, input.employeeId);
    await place(ctx, emp, { enabled: input.enabled }, false);
    return staffOf(ctx, emp.id);
  },

  async delMemberEmpById(input: In<"delMemberEmpById">, ctx: Ctx): Promise<null> {
    const emp = await employeeIn(ctx, input.employeeId);
    if (emp.isOwner) throw refuse(codes.STATE_FORBIDS, R.ownerNotRemovable);
    if (emp.id === ctx.me().employeeId) throw refuse(codes.STATE_FORBIDS, R.removeSelf);
    await repo.deleteStaffOf(ctx.db, emp.id);
    await identity.deleteEmployee(ctx.db, emp.id);
    await endSessionsHere(ctx, [emp.memberId]);
    return null;
  },

  async selfuncIds(input: In<"selfuncIds">, ctx: Ctx): Promise<Out<"selfuncIds">> {
    const emp = await employeeIn(ctx, input.employeeId);
    return [...(await identity.functionsOf(ctx.db, emp.id, emp.isOwner))].sort();
  },

  async selMemberEmployeesByParam(input: In<"selMemberEmployeesByParam">, ctx: Ctx): Promise<Out<"selMemberEmployeesByParam">> {
    return identity.pickEmployees(ctx.db, ctx.me().boId, input.keyword, input.limit);
  },

  async selFuncById(input: In<"selFuncById">, ctx: Ctx): Promise<Out<"selFuncById">> {
    const emp = await employeeIn(ctx, input.employeeId);
    if (emp.isOwner) {
      return { employeeId: emp.id, isOwner: true, tree: funcNodes, granted: funcNodes.map((n) => ({ code: n.code, roles: [] })) };
    }
    // A direct grant also grants its ancestors (closeOverAncestors): credit the role there too.
    const byCode = new Map<string, Map<string, string>>();
    for (const g of await identity.grantsOf(ctx.db, emp.id)) {
      for (const code of closeOverAncestors([g.code])) {
        if (code === "home" && g.code !== "home") continue;
        const roles = byCode.get(code) ?? new Map<string, string>();
        roles.set(g.id, g.name);
        byCode.set(code, roles);
      }
    }
    const held = await identity.functionsOf(ctx.db, emp.id, false);
    const granted = [...held].sort().map((code) => ({
      code,
      roles: [...(byCode.get(code) ?? new Map())].map(([id, name]) => ({ id, name })),
    }));
    return { employeeId: emp.id, isOwner: false, tree: funcNodes, granted };
  },
};

/** Every staff call, from the aggregates that serve them (the routes bind this object). */
export const createStaffService = (deps: { sms: SmsProvider }) => ({
  ...staffMembers,
  exportStaffList,
  ...invitationService,
  ...createAccountService(deps),
  ...roleService,
  ...professionService,
  ...baseService,
});
