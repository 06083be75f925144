import { codes, type contract, type OutputOf, openShopUrlOf, type ParsedInputOf } from "@sbo/contract";
import { hashPassword, verifyAgainstDummy, verifyPassword, weakReasons, weakText } from "../../platform/auth/passwords";
import { endSessionsOf, revokeTicket, startSession } from "../../platform/auth/sessions";
import { checkCode, type SmsProvider, sendCode, useCode } from "../../platform/auth/sms";
import { setTicketCookie } from "../../platform/auth/tickets";
import { setActor } from "../../platform/db/audit";
import type { Ctx } from "../../platform/http/context";
import { AppError, badField, notFound } from "../../platform/http/errors";
import { refuseUnconfirmedPhone } from "../staff/phone-confirmation";
import * as repo from "./session.repository";

type L = typeof contract.login;
type In<K extends keyof L> = ParsedInputOf<L[K]>;
type Out<K extends keyof L> = OutputOf<L[K]>;
type Member = NonNullable<Awaited<ReturnType<typeof repo.findMemberById>>>;

const maskPhone = (phone: string | null) => (phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : null);

/** A fresh ticket in the cookie; the one the browser had (if any) is rotated out. */
async function issueTicket(ctx: Ctx, who: { memberId: string; boId: string; employeeId: string }) {
  if (ctx.ticket) await revokeTicket(ctx.db, ctx.ticket, "rotated");
  const ticket = await startSession(ctx.db, ctx.config, { ...who, ip: ctx.ip, userAgent: ctx.userAgent });
  setTicketCookie(ctx.reply, ctx.req, ctx.config, ticket);
}

function refuseWeak(password: string, loginName: string) {
  const reasons = weakReasons(password, loginName);
  if (reasons.length) throw badField("newPassword", weakText(reasons));
}

export function createLoginService(deps: { sms: SmsProvider }) {
  /** The checks every way of logging in shares, then a fresh ticket (the old one is rotated out). */
  async function openSession(ctx: Ctx, m: Member): Promise<Out<"login">> {
    if (!m.enabled) throw new AppError(codes.ACCOUNT_DISABLED, "This account is disabled; ask the shop owner to enable it");
    const [membership] = await repo.listMemberships(ctx.db, m.id);
    if (!membership) throw new AppError(codes.LOGIN_FAILED, "This account does not belong to any seller organisation");
    await repo.updateMember(ctx.db, m.id, { failedLogins: 0, lockedUntil: null, lastLoginAt: new Date() });
    await issueTicket(ctx, { memberId: m.id, boId: membership.boId, employeeId: membership.employeeId });
    const shop = await repo.findShopOf(ctx.db, membership.boId);
    return { memberId: m.id, boId: membership.boId, openShopUrl: openShopUrlOf(shop) };
  }

  function refuseIfLocked(m: Member) {
    if (m.lockedUntil && m.lockedUntil.getTime() > Date.now()) {
      const minutes = Math.ceil((m.lockedUntil.getTime() - Date.now()) / 60_000);
      throw new AppError(
        codes.ACCOUNT_LOCKED,
        `Too many failed logins: this account is locked for ${minutes} more minute${minutes === 1 ? "" : "s"}. Try again later or reset your password.`,
      );
    }
  }

  return {
    async login(ctx: Ctx, input: In<"login">): Promise<Out<"login">> {
      const m = await repo.findMemberByLoginName(ctx.db, input.loginName);
      if (!m) {
        await verifyAgainstDummy(input.password);
        throw new AppError(codes.LOGIN_FAILED, "The login name or password is wrong");
      }
      refuseIfLocked(m);
      if (!(await verifyPassword(m.passwordHash, input.password))) {
        const failed = m.failedLogins + 1;
        const { lockThreshold, lockSeconds } = ctx.config.login;
        if (failed >= lockThreshold) {
          await repo.updateMember(ctx.db, m.id, { failedLogins: 0, lockedUntil: new Date(Date.now() + lockSeconds * 1000) });
          throw new AppError(
            codes.ACCOUNT_LOCKED,
            `Too many failed logins: this account is locked for ${Math.round(lockSeconds / 60)} minutes. Try again later or reset your password.`,
            { commit: true },
          );
        }
        await repo.updateMember(ctx.db, m.id, { failedLogins: failed });
        const left = lockThreshold - failed;
        throw new AppError(
          codes.LOGIN_FAILED,
          `The login name or password is wrong (${left} attempt${left === 1 ? "" : "s"} left before the account is locked)`,
          { commit: true },
        );
      }
      return openSession(ctx, m);
    },

    async msgLogin(ctx: Ctx, input: In<"msgLogin">): Promise<Out<"msgLogin">> {
      const m = await repo.findMemberByPhone(ctx.db, input.phone);
      if (!m) throw new AppError(codes.LOGIN_FAILED, "No account uses this phone number");
      refuseIfLocked(m);
      await refuseUnconfirmedPhone(ctx.db, m.id);
      await useCode(ctx.db, input.phone, "login", input.code);
      return openSession(ctx, m);
    },

    async sendMessage(ctx: Ctx, input: In<"sendMessage">): Promise<Out<"sendMessage">> {
      const m = await repo.findMemberByPhone(ctx.db, input.phone);
      if (!m) throw badField("phone", "no account uses this phone number");
      if (!m.enabled) throw new AppError(codes.ACCOUNT_DISABLED, "This account is disabled");
      await refuseUnconfirmedPhone(ctx.db, m.id);
      return sendCode(ctx.db, deps.sms, ctx.config.sms.signName, input.phone, input.purpose);
    },

    async judgeVerification(ctx: Ctx, input: In<"judgeVerification">): Promise<Out<"judgeVerification">> {
      return { valid: await checkCode(ctx.db, input.phone, input.purpose, input.code, false) };
    },

    async selMemberLoginById(ctx: Ctx, input: In<"selMemberLoginById">): Promise<Out<"selMemberLoginById">> {
      const me = ctx.me();
      if (input.memberId !== me.memberId) {
        // Another member's record: only for staff managers, and only staff of the active organisation.
        if (!me.functions.has("setup.staff"))
          throw new AppError(codes.FORBIDDEN, "You may only see your own login record", { status: 403 });
        if (!(await repo.findEmployeeByMember(ctx.db, me.boId, input.memberId))) throw notFound("Member");
      }
      const m = await repo.findMemberById(ctx.db, input.memberId);
      if (!m) throw notFound("Member");
      return {
        memberId: m.id,
        loginName: m.loginName,
        phone: maskPhone(m.phone),
        enabled: m.enabled,
        lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
        lockedUntil: m.lockedUntil && m.lockedUntil.getTime() > Date.now() ? m.lockedUntil.toISOString() : null,
      };
    },

    async selMemberLoginByLoginName(ctx: Ctx, input: In<"selMemberLoginByLoginName">): Promise<Out<"selMemberLoginByLoginName">> {
      const m = await repo.findMemberByLoginName(ctx.db, input.loginName);
      if (!m) throw notFound("An account with this login name");
      return { loginName: m.loginName, maskedPhone: maskPhone(m.phone) };
    },

    async safeCenterReSetPwd(ctx: Ctx, input: In<"safeCenterReSetPwd">): Promise<null> {
      const me = ctx.me();
      const m = await repo.findMemberById(ctx.db, me.memberId);
      if (!m) throw notFound("Member");
      if (!(await verifyPassword(m.passwordHash, input.oldPassword))) {
        throw new AppError(codes.WRONG_PASSWORD, "The current password is wrong");
      }
      if (input.oldPassword === input.newPassword) throw badField("newPassword", "must differ from the current password");
      refuseWeak(input.newPassword, m.loginName);
      await repo.updateMember(ctx.db, m.id, { passwordHash: await hashPassword(input.newPassword), passwordChangedAt: new Date() });
      // Every other session ends; this one gets a fresh ticket.
      await endSessionsOf(ctx.db, m.id, { keepSessionId: me.sessionId });
      await issueTicket(ctx, { memberId: m.id, boId: me.boId, employeeId: me.employeeId });
      return null;
    },

    async reSetPwd(ctx: Ctx, input: In<"reSetPwd">): Promise<null> {
      const m = await repo.findMemberByLoginName(ctx.db, input.loginName);
      if (!m?.phone) throw badField("loginName", "no account with a phone number has this login name");
      await refuseUnconfirmedPhone(ctx.db, m.id);
      refuseWeak(input.newPassword, m.loginName);
      await useCode(ctx.db, m.phone, "resetPassword", input.code);
      await setActor(ctx.db, { memberId: m.id, boId: null, call: "reSetPwd", requestId: ctx.requestId });
      await repo.updateMember(ctx.db, m.id, {
        passwordHash: await hashPassword(input.newPassword),
        passwordChangedAt: new Date(),
        failedLogins: 0,
        lockedUntil: null,
      });
      await endSessionsOf(ctx.db, m.id);
      return null;
    },

    async judgeWeakPwd(_ctx: Ctx, input: In<"judgeWeakPwd">): Promise<Out<"judgeWeakPwd">> {
      const reasons = weakReasons(input.password, input.loginName);
      return { weak: reasons.length > 0, reasons };
    },

    async sendPhoneSms(ctx: Ctx, input: In<"sendPhoneSms">): Promise<Out<"sendPhoneSms">> {
      const m = await repo.findMemberByPhone(ctx.db, input.phone);
      if (!m) throw badField("phone", "no account uses this phone number");
      await refuseUnconfirmedPhone(ctx.db, m.id);
      return sendCode(ctx.db, deps.sms, ctx.config.sms.signName, input.phone, "changePassword");
    },

    async smsChangePassword(ctx: Ctx, input: In<"smsChangePassword">): Promise<null> {
      const m = await repo.findMemberByPhone(ctx.db, input.phone);
      if (!m) throw badField("phone", "no account uses this phone number");
      await refuseUnconfirmedPhone(ctx.db, m.id);
      refuseWeak(input.newPassword, m.loginName);
      await useCode(ctx.db, input.phone, "changePassword", input.code);
      await setActor(ctx.db, { memberId: m.id, boId: null, call: "smsChangePassword", requestId: ctx.requestId });
      await repo.updateMember(ctx.db, m.id, { passwordHash: await hashPassword(input.newPassword), passwordChangedAt: new Date() });
      await endSessionsOf(ctx.db, m.id);
      return null;
    },
  };
}
