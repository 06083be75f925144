import { codes, type contract, maskPhone, type OutputOf, type ParsedInputOf, staffRefusals as R } from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { badField, refuse } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import * as identity from "../../identity/identity.port";
import * as bases from "../base/base.repository";
import { checkGrants } from "../grant.service";
import * as professions from "../profession/profession.repository";
import * as staff from "../staff.repository";
import * as repo from "./invitation.repository";
import { loadInvitations } from "./invitation.view";

type S = typeof contract.staff;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;

const uniq = <T>(xs: T[]) => [...new Set(xs)];

/** The account an invitation or preview names: it exists, is enabled and is not staff here yet. */
async function inviteeOf(ctx: Ctx, account: string) {
  const m = await identity.findMemberByLoginNameOrPhone(ctx.db, account);
  if (!m) throw badField("account", R.accountNotFound);
  if (!m.enabled) throw badField("account", R.accountDisabled);
  if (await identity.findEmployeeByMember(ctx.db, ctx.me().boId, m.id)) throw badField("account", R.alreadyStaff);
  return m;
}

async function invitationOf(ctx: Ctx, id: string) {
  const [inv] = await loadInvitations(ctx.db, ctx.me().boId, [id]);
  if (!inv) throw refuse(codes.NOT_FOUND, R.invitationNotFound);
  return inv;
}

/** The pending invitation `id` addressed to the caller's account, or a refusal. */
async function myPendingInvitation(ctx: Ctx, id: string) {
  const inv = await repo.findInvitationTo(ctx.db, id, ctx.me().memberId);
  if (!inv) throw refuse(codes.NOT_FOUND, R.invitationNotFound);
  if (inv.state !== "pending") throw refuse(codes.STATE_FORBIDS, R.invitationClosed);
  return inv;
}

/**
 * Inviting an existing account to work here: nothing of it changes until its holder accepts. The organisation
 * sends and cancels; the holder accepts or declines (whichever organisation they are working in).
 */
export const invitationService = {
  async add(input: In<"add">, ctx: Ctx): Promise<Out<"add">> {
    const me = ctx.me();
    const m = await inviteeOf(ctx, input.account);
    if (await repo.pendingInvitation(ctx.db, me.boId, m.id)) throw badField("account", R.alreadyInvited);
    const roleIds = uniq(input.roleIds);
    const baseIds = uniq(input.baseIds);
    await checkGrants(ctx, { roleIds, baseIds, professionId: input.professionId });
    const inv = await repo.insertInvitation(ctx.db, {
      boId: me.boId,
      memberId: m.id,
      invitedBy: me.memberId,
      roleIds,
      baseIds,
      professionId: input.professionId,
    });
    return invitationOf(ctx, inv.id);
  },

  async selAccountPreview(input: In<"selAccountPreview">, ctx: Ctx): Promise<Out<"selAccountPreview">> {
    const m = await inviteeOf(ctx, input.account);
    return { name: m.name, maskedPhone: maskPhone(m.phone) };
  },

  async selInvitationPage(input: In<"selInvitationPage">, ctx: Ctx): Promise<Out<"selInvitationPage">> {
    const boId = ctx.me().boId;
    const where = repo.invitationWhere(boId, input.state);
    return pageOf(ctx.db, input, { from: repo.invitationFrom, where }, async (limit, offset) =>
      loadInvitations(ctx.db, boId, await repo.pageInvitationIds(ctx.db, where, limit, offset)),
    );
  },

  async cancelInvitation(input: In<"cancelInvitation">, ctx: Ctx): Promise<Out<"cancelInvitation">> {
    const inv = await invitationOf(ctx, input.id);
    if (inv.state !== "pending") throw refuse(codes.STATE_FORBIDS, R.invitationClosed);
    await repo.closeInvitation(ctx.db, inv.id, "cancelled", ctx.me().boId);
    return invitationOf(ctx, inv.id);
  },

  /**
   * The holder joins the inviting organisation with the roles, profession and bases chosen when it was
   * sent (those since deleted or disabled are left out). They switch identity to work there.
   */
  async acceptInvitation(input: In<"acceptInvitation">, ctx: Ctx): Promise<Out<"acceptInvitation">> {
    const inv = await myPendingInvitation(ctx, input.id);
    const boId = inv.boId;
    const org = await identity.findOrganization(ctx.db, boId);
    if (!org) throw refuse(codes.NOT_FOUND, R.invitationNotFound);
    await repo.closeInvitation(ctx.db, inv.id, "accepted");
    const emp = await identity.joinOrganization(ctx.db, { boId, memberId: inv.memberId, roleIds: inv.roleIds });
    if (!emp) return { boId, orgName: org.name };
    const baseIds = (await bases.basesByIds(ctx.db, boId, inv.baseIds)).filter((b) => b.enabled).map((b) => b.id);
    await staff.addEmployeeBases(ctx.db, boId, emp.id, baseIds);
    const professionId = inv.professionId && (await professions.findProfession(ctx.db, boId, inv.professionId)) ? inv.professionId : null;
    await staff.setProfession(ctx.db, boId, emp.id, professionId);
    return { boId, orgName: org.name };
  },

  async declineInvitation(input: In<"declineInvitation">, ctx: Ctx): Promise<null> {
    const inv = await myPendingInvitation(ctx, input.id);
    await repo.closeInvitation(ctx.db, inv.id, "declined");
    return null;
  },
};
