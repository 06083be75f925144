import {
  codes,
  type contract,
  loginRefusals,
  maskPhone,
  type OutputOf,
  openShopUrlOf,
  type ParsedInputOf,
  sessionRefusals,
} from "@sbo/contract";
import { clearFailures, lockedUntil, loginKey, recordFailure } from "../../platform/auth/login-attempts";
import { verifyAgainstDummy, verifyPassword, weakPasswordError, weakReasons } from "../../platform/auth/passwords";
import { endSessionsOf, revokeTicket, startSession } from "../../platform/auth/sessions";
import { checkCode, sendCode, useCode } from "../../platform/auth/sms";
import { setTicketCookie } from "../../platform/auth/tickets";
import { setActor } from "../../platform/db/audit";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, refuse } from "../../platform/http/errors";
import type { SmsProvider } from "../../platform/sms/sms-provider";
import * as identity from "../identity/identity.port";
import { isPhoneUnconfirmed, refuseUnconfirmedPhone } from "../identity/identity.port";
import { findShopOf } from "../shop/shop.port";

type L = typeof contract.login;
type In<K extends keyof L> = ParsedInputOf<L[K]>;
type Out<K extends keyof L> = OutputOf<L[K]>;
type Member = NonNullable<Awaited<ReturnType<typeof identity.findMemberById>>>;

/** A fresh ticket in the cookie; the one the browser had (if any) is rotated out. */
async function issueTicket(ctx: Ctx, who: { memberId: string; boId: string; employeeId: string }) {
  if (ctx.ticket) await revokeTicket(ctx.db, ctx.ticket, "rotated");
  const ticket = await startSession(ctx.db, ctx.config, { ...who, ip: ctx.ip, userAgent: ctx.userAgent });
  setTicketCookie(ctx.reply, ctx.req, ctx.config, ticket);
}

function refuseWeak(password: string, loginName: string) {
  const weak = weakPasswordError("newPassword", password, loginName);
  if (weak) throw weak;
}

/** A locked login name is refused before its password is even checked, whether or not an account has it. */
async function refuseIfLocked(ctx: Ctx, key: string) {
  const until = await lockedUntil(ctx.db, key);
  if (until) throw refuse(codes.ACCOUNT_LOCKED, loginRefusals.locked, { minutes: Math.ceil((until.getTime() - Date.now()) / 60_000) });
}

export function createLoginService(deps: { sms: SmsProvider }) {
  /** The checks every way of logging in shares, then a fresh ticket (the old one is rotated out). */
  async function openSession(ctx: Ctx, m: Member): Promise<Out<"login">> {
    if (!m.enabled) throw refuse(codes.ACCOUNT_DISABLED, loginRefusals.disabled);
    const [membership] = await identity.listMemberships(ctx.db, m.id);
    if (!membership) throw refuse(codes.NOT_A_SELLER, loginRefusals.noOrganization);
    await clearFailures(ctx.db, loginKey(m.loginName));
    await identity.updateMember(ctx.db, m.id, { lastLoginAt: new Date() });
    await issueTicket(ctx, { memberId: m.id, boId: membership.boId, employeeId: membership.employeeId });
    const shop = await findShopOf(ctx.db, membership.boId);
    return { memberId: m.id, boId: membership.boId, openShopUrl: openShopUrlOf(shop) };
  }

  return {
    /**
     * Unknown login names and existing ones get the same answers: the same "N attempts left", the same
     * lock (attempts are counted per normalised name, see login-attempts.ts) and about the same time
     * (an unknown name is verified against a dummy argon2 hash).
     */
    async login(input: In<"login">, ctx: Ctx): Promise<Out<"login">> {
      const key = loginKey(input.loginName);
      const m = await identity.findMemberByLoginName(ctx.db, input.loginName);
      await refuseIfLocked(ctx, key);
      if (m) {
        if (await verifyPassword(m.passwordHash, input.password)) return openSession(ctx, m);
      } else {
        await verifyAgainstDummy(input.password);
      }
      const { lockThreshold, lockSeconds } = ctx.config.login;
      const left = await recordFailure(ctx.db, key, lockThreshold, lockSeconds);
      if (left === 0) {
        throw refuse(codes.ACCOUNT_LOCKED, loginRefusals.locked, { minutes: Math.ceil(lockSeconds / 60) }, { commit: true });
      }
      if (left === 1) throw refuse(codes.LOGIN_FAILED, loginRefusals.oneAttemptLeft, undefined, { commit: true });
      throw refuse(codes.LOGIN_FAILED, loginRefusals.attemptsLeft, { left }, { commit: true });
    },

    /** A phone no account uses answers like a wrong code: no code was ever sent to it. */
    async msgLogin(input: In<"msgLogin">, ctx: Ctx): Promise<Out<"msgLogin">> {
      // The code first (a wrong one uses up an attempt), so only its holder learns more about the account.
      if (!(await checkCode(ctx.db, input.phone, "login", input.code, false))) {
        throw refuse(codes.SMS_CODE_INVALID, loginRefusals.codeInvalid, undefined, { commit: true });
      }
      const m = await identity.findMemberByPhone(ctx.db, input.phone);
      if (!m) throw refuse(codes.SMS_CODE_INVALID, loginRefusals.codeInvalid);
      // A locked account keeps its code for when the lock ends.
      await refuseIfLocked(ctx, loginKey(m.loginName));
      await refuseUnconfirmedPhone(ctx.db, m.id);
      await useCode(ctx.db, input.phone, "login", input.code);
      return openSession(ctx, m);
    },

    /**
     * The same answer whether or not an account uses the phone ("if an account uses this phone, a code
     * has been sent"): the code and its resend wait are recorded either way, but sent only to a phone of
     * an enabled account.
     */
    async sendMessage(input: In<"sendMessage">, ctx: Ctx): Promise<Out<"sendMessage">> {
      const m = await identity.findMemberByPhone(ctx.db, input.phone);
      // The same answer for every phone; a code goes out only to an enabled account's confirmed phone.
      const deliver = !!m?.enabled && !(await isPhoneUnconfirmed(ctx.db, m.id));
      return sendCode(ctx, deps.sms, input.phone, input.purpose, { deliver });
    },

    async judgeVerification(input: In<"judgeVerification">, ctx: Ctx): Promise<Out<"judgeVerification">> {
      return { valid: await checkCode(ctx.db, input.phone, input.purpose, input.code, false) };
    },

    async selMemberLoginById(input: In<"selMemberLoginById">, ctx: Ctx): Promise<Out<"selMemberLoginById">> {
      const me = ctx.me();
      if (input.memberId !== me.memberId) {
        // Another member's record: only for staff managers, and only staff of the active organisation.
        if (!me.functions.has("setup.staff")) throw refuse(codes.FORBIDDEN, sessionRefusals.ownLoginOnly, undefined, { status: 403 });
        if (!(await identity.findEmployeeByMember(ctx.db, me.boId, input.memberId))) throw notFound(sessionRefusals.memberNotFound);
      }
      const m = await identity.findMemberById(ctx.db, input.memberId);
      if (!m) throw notFound(sessionRefusals.memberNotFound);
      const until = await lockedUntil(ctx.db, loginKey(m.loginName));
      return {
        memberId: m.id,
        loginName: m.loginName,
        phone: maskPhone(m.phone),
        enabled: m.enabled,
        lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
        lockedUntil: until?.toISOString() ?? null,
      };
    },

    async selMemberLoginByLoginName(input: In<"selMemberLoginByLoginName">, ctx: Ctx): Promise<Out<"selMemberLoginByLoginName">> {
      const m = await identity.findMemberByLoginName(ctx.db, input.loginName);
      if (!m) throw notFound(sessionRefusals.loginNameNotFound);
      return { loginName: m.loginName, maskedPhone: maskPhone(m.phone) };
    },

    async safeCenterReSetPwd(input: In<"safeCenterReSetPwd">, ctx: Ctx): Promise<null> {
      const me = ctx.me();
      const m = await identity.findMemberById(ctx.db, me.memberId);
      if (!m) throw notFound(sessionRefusals.memberNotFound);
      if (!(await verifyPassword(m.passwordHash, input.oldPassword)))
        throw refuse(codes.WRONG_PASSWORD, loginRefusals.wrongCurrentPassword);
      if (input.oldPassword === input.newPassword) throw badField("newPassword", loginRefusals.sameAsCurrent);
      refuseWeak(input.newPassword, m.loginName);
      await identity.setPassword(ctx.db, m.id, input.newPassword);
      // Every other session ends; this one gets a fresh ticket.
      await endSessionsOf(ctx.db, m.id, { keepSessionId: me.sessionId });
      await issueTicket(ctx, { memberId: m.id, boId: me.boId, employeeId: me.employeeId });
      return null;
    },

    /** An unknown login name (or one without a phone) answers like a wrong code. */
    async reSetPwd(input: In<"reSetPwd">, ctx: Ctx): Promise<null> {
      const m = await identity.findMemberByLoginName(ctx.db, input.loginName);
      refuseWeak(input.newPassword, m?.loginName ?? input.loginName);
      if (!m?.phone) throw refuse(codes.SMS_CODE_INVALID, loginRefusals.codeInvalid);
      await useCode(ctx.db, m.phone, "resetPassword", input.code);
      await setActor(ctx.db, { memberId: m.id, boId: null, call: "reSetPwd", requestId: ctx.requestId });
      await identity.setPassword(ctx.db, m.id, input.newPassword);
      await clearFailures(ctx.db, loginKey(m.loginName));
      await endSessionsOf(ctx.db, m.id);
      return null;
    },

    async judgeWeakPwd(input: In<"judgeWeakPwd">, _ctx: Ctx): Promise<Out<"judgeWeakPwd">> {
      const reasons = weakReasons(input.password, input.loginName);
      return { weak: reasons.length > 0, reasons };
    },

    /** The code goes to the logged-in member's own phone only (never to a phone named in the request). */
    async sendPhoneSms(_input: unknown, ctx: Ctx): Promise<Out<"sendPhoneSms">> {
      const m = await identity.findMemberById(ctx.db, ctx.me().memberId);
      if (!m?.phone) throw refuse(codes.STATE_FORBIDS, loginRefusals.noPhone);
      await refuseUnconfirmedPhone(ctx.db, m.id);
      const sent = await sendCode(ctx, deps.sms, m.phone, "changePassword");
      return { ...sent, maskedPhone: maskPhone(m.phone) ?? "" };
    },

    /** The second way to change one's password (beside the current one): the code sent to one's own phone. */
    async smsChangePassword(input: In<"smsChangePassword">, ctx: Ctx): Promise<null> {
      const me = ctx.me();
      const m = await identity.findMemberById(ctx.db, me.memberId);
      if (!m?.phone) throw refuse(codes.STATE_FORBIDS, loginRefusals.noPhone);
      await refuseUnconfirmedPhone(ctx.db, m.id);
      refuseWeak(input.newPassword, m.loginName);
      await useCode(ctx.db, m.phone, "changePassword", input.code);
      await identity.setPassword(ctx.db, m.id, input.newPassword);
      await clearFailures(ctx.db, loginKey(m.loginName));
      // Every other session ends; this one gets a fresh ticket.
      await endSessionsOf(ctx.db, m.id, { keepSessionId: me.sessionId });
      await issueTicket(ctx, { memberId: m.id, boId: me.boId, employeeId: me.employeeId });
      return null;
    },
  };
}
