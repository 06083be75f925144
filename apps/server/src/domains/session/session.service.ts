import {
  codes,
  type contract,
  type FuncNode,
  funcNodes,
  type MemberInfo,
  type OutputOf,
  openShopUrlOf,
  type ParsedInputOf,
  sessionRefusals,
} from "@sbo/contract";
import type { SessionResolver } from "../../platform/auth/session-resolver";
import { revokeTicket } from "../../platform/auth/sessions";
import { clearTicketCookie } from "../../platform/auth/tickets";
import type { Executor } from "../../platform/db/client";
import type { Ctx, Session } from "../../platform/http/context";
import { notFound, refuse } from "../../platform/http/errors";
import * as identity from "../identity/identity.port";
import * as repo from "./session.repository";

type S = typeof contract.session;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;

const bySort = (a: FuncNode, b: FuncNode) => a.sort - b.sort;

// One query at a time: `db` may be a transaction (one connection), where node-postgres must not be
// given concurrent queries (deprecated in pg 8, removed in pg 9).
export async function memberInfoOf(db: Executor, s: Session): Promise<MemberInfo> {
  const m = await identity.findMemberById(db, s.memberId);
  const memberships = await identity.listMemberships(db, s.memberId);
  const roles = await identity.rolesOfEmployee(db, s.employeeId);
  // The session resolver has read the shop already.
  const shop = s.shop;
  if (!m) throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.notLoggedIn);
  const active = memberships.find((x) => x.boId === s.boId);
  return {
    memberId: m.id,
    loginName: m.loginName,
    name: m.name,
    phone: m.phone,
    boId: s.boId,
    orgName: active?.orgName ?? "",
    isOwner: s.isOwner,
    employeeId: s.employeeId,
    shop: shop ? { shopId: shop.id, name: shop.name, brand: shop.brand, status: shopStatusOf(shop.status) } : null,
    roles,
    functions: [...s.functions].sort(),
    organizations: memberships.map((x) => ({ boId: x.boId, name: x.orgName, isOwner: x.isOwner })),
    manufacturerId: s.manufacturerId,
    openShopUrl: openShopUrlOf(shop),
  };
}

type ShopStatus = NonNullable<MemberInfo["shop"]>["status"];
const shopStatusOf = (status: string): ShopStatus => (status === "opening" || status === "closed" ? status : "open");

export const createSessionService = ({ sessions }: { sessions: SessionResolver }) => ({
  getMemberByToken: (_input: unknown, ctx: Ctx): Promise<Out<"getMemberByToken">> => memberInfoOf(ctx.db, ctx.me()),

  async logout(_input: unknown, ctx: Ctx): Promise<null> {
    if (ctx.ticket) await revokeTicket(ctx.db, ctx.ticket, "logout");
    clearTicketCookie(ctx.reply, ctx.req, ctx.config);
    return null;
  },

  async switchIdentity(input: In<"switchIdentity">, ctx: Ctx): Promise<Out<"switchIdentity">> {
    const me = ctx.me();
    const target = await identity.findEmployeeByMember(ctx.db, input.boId, me.memberId);
    if (!target?.enabled) throw notFound(sessionRefusals.organizationNotFound);
    if (!ctx.ticket) throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.notLoggedIn);
    await repo.switchSessionIdentity(ctx.db, ctx.ticket, { boId: input.boId, employeeId: target.id });
    // The session as it is now (the same one query every call makes), so the answer shows the new identity.
    return memberInfoOf(ctx.db, await sessions.sessionOf(ctx.db, ctx.ticket));
  },

  async switchManufacturer(input: In<"switchManufacturer">, ctx: Ctx): Promise<Out<"switchManufacturer">> {
    const me = ctx.me();
    if (input.manufacturerId && !(await identity.findManufacturer(ctx.db, me.boId, input.manufacturerId)))
      throw notFound(sessionRefusals.manufacturerNotFound);
    if (!ctx.ticket) throw refuse(codes.NOT_LOGGED_IN, sessionRefusals.notLoggedIn);
    await repo.switchSessionManufacturer(ctx.db, ctx.ticket, input.manufacturerId);
    return memberInfoOf(ctx.db, { ...me, manufacturerId: input.manufacturerId });
  },

  async selFuncListByParam(_input: unknown, ctx: Ctx): Promise<Out<"selFuncListByParam">> {
    const me = ctx.me();
    return funcNodes.filter((n) => n.kind === "area" && me.functions.has(n.code)).sort(bySort);
  },

  async selSubFuncListByParam(input: In<"selSubFuncListByParam">, ctx: Ctx): Promise<Out<"selSubFuncListByParam">> {
    const me = ctx.me();
    const out: FuncNode[] = [];
    const walk = (parent: string) => {
      for (const n of funcNodes.filter((x) => x.parentCode === parent).sort(bySort)) {
        if (!me.functions.has(n.code)) continue;
        out.push(n);
        walk(n.code);
      }
    };
    walk(input.parentCode);
    return out;
  },

  async judgeAuth(input: In<"judgeAuth">, ctx: Ctx): Promise<Out<"judgeAuth">> {
    return { funcCode: input.funcCode, allowed: ctx.me().functions.has(input.funcCode) };
  },

  async selFuncListWithEmployee(input: In<"selFuncListWithEmployee">, ctx: Ctx): Promise<Out<"selFuncListWithEmployee">> {
    const me = ctx.me();
    if (!input.employeeId || input.employeeId === me.employeeId) {
      return { employeeId: me.employeeId, tree: funcNodes, granted: [...me.functions].sort() };
    }
    if (!me.functions.has("setup.staff")) {
      throw refuse(codes.FORBIDDEN, sessionRefusals.ownFunctionsOnly, undefined, { status: 403 });
    }
    const emp = await identity.findEmployee(ctx.db, me.boId, input.employeeId);
    if (!emp) throw notFound(sessionRefusals.staffNotFound);
    return { employeeId: emp.id, tree: funcNodes, granted: [...(await identity.functionsOf(ctx.db, emp.id, emp.isOwner))].sort() };
  },

  async selRoleListBySysId(_input: unknown, ctx: Ctx): Promise<Out<"selRoleListBySysId">> {
    return identity.listRoles(ctx.db, ctx.me().boId);
  },

  async selManufacturerByParams(input: In<"selManufacturerByParams">, ctx: Ctx): Promise<Out<"selManufacturerByParams">> {
    return identity.listManufacturers(ctx.db, ctx.me().boId, input.name);
  },
});
