import { type AccountNotices, codes, type contract, maskPhone, type ParsedInputOf, staffRefusals as R } from "@sbo/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import { employee, employeeRole, organization, role } from "../../platform/access/access.tables";
import { member, unconfirmedPhone } from "../../platform/auth/auth.tables";
import { checkCode, sendCode } from "../../platform/auth/sms";
import type { Ctx } from "../../platform/http/context";
import { refuse } from "../../platform/http/errors";
import type { SmsProvider } from "../../platform/sms/sms-provider";
import * as repo from "./staff.repository";
import { base, employeeBase, staffInvitation, staffProfile } from "./staff.tables";

type S = typeof contract.staff;
type In<K extends keyof S> = ParsedInputOf<S[K]>;

/** The pending invitation `id` addressed to the caller's account, or a refusal. */
async function myPendingInvitation(ctx: Ctx, id: string) {
  const [inv] = await ctx.db
    .select()
    .from(staffInvitation)
    .where(and(eq(staffInvitation.id, id), eq(staffInvitation.memberId, ctx.me().memberId)))
    .limit(1);
  if (!inv) throw refuse(codes.NOT_FOUND, R.invitationNotFound);
  if (inv.state !== "pending") throw refuse(codes.STATE_FORBIDS, R.invitationClosed);
  return inv;
}

async function myUnconfirmedPhone(ctx: Ctx) {
  const [row] = await ctx.db.select().from(unconfirmedPhone).where(eq(unconfirmedPhone.memberId, ctx.me().memberId)).limit(1);
  return row;
}

/**
 * What an account's holder answers for themselves, whichever organisation they are working in: a phone
 * someone else set (confirmed with a code sent to it) and invitations to join other organisations.
 */
export const accountService = {
  async selMyAccountNotices(ctx: Ctx): Promise<AccountNotices> {
    const me = ctx.me();
    const phone = await myUnconfirmedPhone(ctx);
    const [m] = await ctx.db.select({ phone: member.phone }).from(member).where(eq(member.id, me.memberId)).limit(1);
    const rows = await ctx.db
      .select({ i: staffInvitation, orgName: organization.name, invitedBy: member.name })
      .from(staffInvitation)
      .innerJoin(organization, eq(organization.id, staffInvitation.boId))
      .leftJoin(member, eq(member.id, staffInvitation.invitedBy))
      .where(and(eq(staffInvitation.memberId, me.memberId), eq(staffInvitation.state, "pending")))
      .orderBy(asc(staffInvitation.createdAt));
    const roleIds = [...new Set(rows.flatMap((r) => r.i.roleIds))];
    const roles = roleIds.length ? await ctx.db.select({ id: role.id, name: role.name }).from(role).where(inArray(role.id, roleIds)) : [];
    return {
      // Masked even to the holder: a session left open must not show the number in full.
      phoneToConfirm: phone && m?.phone ? { maskedPhone: maskPhone(m.phone) ?? "" } : null,
      invitations: rows.map((r) => ({
        id: r.i.id,
        orgName: r.orgName,
        invitedBy: r.invitedBy ?? "",
        roles: roles.filter((x) => r.i.roleIds.includes(x.id)).map((x) => x.name),
        createdAt: r.i.createdAt.toISOString(),
      })),
    };
  },

  async sendPhoneConfirmCode(ctx: Ctx, sms: SmsProvider) {
    const row = await myUnconfirmedPhone(ctx);
    const [m] = await ctx.db.select({ phone: member.phone }).from(member).where(eq(member.id, ctx.me().memberId)).limit(1);
    if (!row || !m?.phone) throw refuse(codes.STATE_FORBIDS, R.noPhoneToConfirm);
    return sendCode(ctx, sms, m.phone, "confirmPhone");
  },

  async confirmPhone(ctx: Ctx, input: In<"confirmPhone">): Promise<null> {
    const row = await myUnconfirmedPhone(ctx);
    const [m] = await ctx.db.select({ phone: member.phone }).from(member).where(eq(member.id, ctx.me().memberId)).limit(1);
    if (!row || !m?.phone) throw refuse(codes.STATE_FORBIDS, R.noPhoneToConfirm);
    // A wrong code uses up an attempt even though the call is refused (the refusal commits).
    if (!(await checkCode(ctx.db, m.phone, "confirmPhone", input.code, true))) {
      throw refuse(codes.SMS_CODE_INVALID, R.codeInvalid, undefined, { commit: true });
    }
    await ctx.db.delete(unconfirmedPhone).where(eq(unconfirmedPhone.memberId, ctx.me().memberId));
    return null;
  },

  /**
   * The holder joins the inviting organisation with the roles, profession and bases chosen when it was
   * sent (those since deleted or disabled are left out). They switch identity to work there.
   */
  async acceptInvitation(ctx: Ctx, input: In<"acceptInvitation">) {
    const inv = await myPendingInvitation(ctx, input.id);
    const boId = inv.boId;
    const [org] = await ctx.db.select({ name: organization.name }).from(organization).where(eq(organization.id, boId)).limit(1);
    if (!org) throw refuse(codes.NOT_FOUND, R.invitationNotFound);
    await ctx.db.update(staffInvitation).set({ state: "accepted", decidedAt: new Date() }).where(eq(staffInvitation.id, inv.id));
    if (await repo.findEmployeeByMember(ctx.db, boId, inv.memberId)) return { boId, orgName: org.name };
    const [emp] = await ctx.db.insert(employee).values({ boId, memberId: inv.memberId, enabled: true }).returning();
    if (!emp) throw new Error("insert returned nothing");
    const roleIds = inv.roleIds.length
      ? (
          await ctx.db
            .select({ id: role.id })
            .from(role)
            .where(and(eq(role.boId, boId), inArray(role.id, inv.roleIds)))
        ).map((r) => r.id)
      : [];
    if (roleIds.length) await ctx.db.insert(employeeRole).values(roleIds.map((roleId) => ({ employeeId: emp.id, roleId })));
    const baseIds = inv.baseIds.length
      ? (
          await ctx.db
            .select({ id: base.id })
            .from(base)
            .where(and(eq(base.boId, boId), eq(base.enabled, true), inArray(base.id, inv.baseIds)))
        ).map((b) => b.id)
      : [];
    if (baseIds.length) await ctx.db.insert(employeeBase).values(baseIds.map((baseId) => ({ employeeId: emp.id, baseId, boId })));
    const professionId = inv.professionId && (await repo.findProfession(ctx.db, boId, inv.professionId)) ? inv.professionId : null;
    await ctx.db.insert(staffProfile).values({ employeeId: emp.id, boId, professionId });
    return { boId, orgName: org.name };
  },

  async declineInvitation(ctx: Ctx, input: In<"declineInvitation">): Promise<null> {
    const inv = await myPendingInvitation(ctx, input.id);
    await ctx.db.update(staffInvitation).set({ state: "declined", decidedAt: new Date() }).where(eq(staffInvitation.id, inv.id));
    return null;
  },
};
