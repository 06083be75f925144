import { type AccountNotices, codes, type contract, maskPhone, type ParsedInputOf, staffRefusals as R } from "@sbo/contract";
import { checkCode, sendCode } from "../../../platform/auth/sms";
import type { Ctx } from "../../../platform/http/context";
import { refuse } from "../../../platform/http/errors";
import type { SmsProvider } from "../../../platform/sms/sms-provider";
import * as identity from "../../identity/identity.port";
import { isPhoneUnconfirmed, markPhoneConfirmed } from "../../identity/identity.port";
import * as invitations from "../invitation/invitation.repository";

type S = typeof contract.staff;
type In<K extends keyof S> = ParsedInputOf<S[K]>;

/** The caller's phone when someone else set it and it waits for a code sent to it; else null. */
async function phoneToConfirm(ctx: Ctx) {
  const memberId = ctx.me().memberId;
  if (!(await isPhoneUnconfirmed(ctx.db, memberId))) return null;
  return (await identity.findMemberById(ctx.db, memberId))?.phone ?? null;
}

/**
 * What an account's holder answers for themselves, whichever organisation they are working in: a phone
 * someone else set (confirmed with a code sent to it) and invitations to join other organisations (their
 * answers in invitation.service.ts).
 */
export const createAccountService = (deps: { sms: SmsProvider }) => ({
  async selMyAccountNotices(_input: unknown, ctx: Ctx): Promise<AccountNotices> {
    const me = ctx.me();
    const phone = await phoneToConfirm(ctx);
    const pending = await invitations.pendingInvitationsTo(ctx.db, me.memberId);
    const orgNames = await identity.organizationNames(ctx.db, [...new Set(pending.map((i) => i.boId))]);
    const inviters = await identity.memberNames(ctx.db, [...new Set(pending.map((i) => i.invitedBy))]);
    const roles = await identity.roleNames(ctx.db, [...new Set(pending.flatMap((i) => i.roleIds))]);
    return {
      // Masked even to the holder: a session left open must not show the number in full.
      phoneToConfirm: phone ? { maskedPhone: maskPhone(phone) ?? "" } : null,
      invitations: pending.flatMap((i) => {
        const orgName = orgNames.get(i.boId);
        if (orgName === undefined) return [];
        return [
          {
            id: i.id,
            orgName,
            invitedBy: inviters.get(i.invitedBy)?.name ?? "",
            roles: roles.filter((x) => i.roleIds.includes(x.id)).map((x) => x.name),
            createdAt: i.createdAt.toISOString(),
          },
        ];
      }),
    };
  },

  async sendPhoneConfirmCode(_input: unknown, ctx: Ctx) {
    const phone = await phoneToConfirm(ctx);
    if (!phone) throw refuse(codes.STATE_FORBIDS, R.noPhoneToConfirm);
    return sendCode(ctx, deps.sms, phone, "confirmPhone");
  },

  async confirmPhone(input: In<"confirmPhone">, ctx: Ctx): Promise<null> {
    const phone = await phoneToConfirm(ctx);
    if (!phone) throw refuse(codes.STATE_FORBIDS, R.noPhoneToConfirm);
    // A wrong code uses up an attempt even though the call is refused (the refusal commits).
    if (!(await checkCode(ctx.db, phone, "confirmPhone", input.code, true))) {
      throw refuse(codes.SMS_CODE_INVALID, R.codeInvalid, undefined, { commit: true });
    }
    await markPhoneConfirmed(ctx.db, ctx.me().memberId);
    return null;
  },
});
