import { createHash, randomInt } from "node:crypto";
import { codes, loginRefusals } from "@sbo/contract";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Executor } from "../db/client";
import { refuse } from "../http/errors";
import { smsCode, smsOutbox } from "./auth.tables";

export const CODE_TTL_SECONDS = 5 * 60;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_ATTEMPTS = 5;

export type SmsPurpose = "login" | "resetPassword" | "changePassword" | "confirmPhone" | "buyerLogin" | "settlementCard";

/** Where text messages go. The default writes them to the log and the `sms_outbox` table. */
export interface SmsProvider {
  readonly name: string;
  send(db: Executor, phone: string, text: string): Promise<void>;
}

export const logSmsProvider = (log: FastifyBaseLogger): SmsProvider => ({
  name: "log",
  async send(db, phone, text) {
    await db.insert(smsOutbox).values({ phone, body: text, provider: "log" });
    log.info({ phone, sms: text }, "sms sent (log provider)");
  },
});

const hashCode = (phone: string, purpose: string, code: string) => createHash("sha256").update(`${phone}:${purpose}:${code}`).digest("hex");

const PURPOSE_TEXT: Record<SmsPurpose, string> = {
  login: "log in",
  resetPassword: "reset your password",
  changePassword: "change your password",
  confirmPhone: "confirm this phone number for your account",
  buyerLogin: "log in to shop",
  settlementCard: "sign your settlement bank card",
};

/**
 * Issue a 6-digit code: one send per phone per 60 s; a new code replaces the previous one.
 * `deliver: false` (no account uses the phone, or it may not receive codes) records the code and the
 * resend wait exactly as a real send would, but sends nothing: the caller's answer stays the same.
 */
export async function sendCode(
  db: Executor,
  provider: SmsProvider,
  signName: string,
  phone: string,
  purpose: SmsPurpose,
  opts: { deliver?: boolean } = {},
) {
  const [last] = await db.select().from(smsCode).where(eq(smsCode.phone, phone)).orderBy(desc(smsCode.createdAt)).limit(1);
  const now = Date.now();
  if (last) {
    const wait = Math.ceil((last.createdAt.getTime() + RESEND_AFTER_SECONDS * 1000 - now) / 1000);
    if (wait > 0) throw refuse(codes.SMS_TOO_FREQUENT, loginRefusals.tooFrequent, { seconds: wait });
  }
  await db
    .update(smsCode)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose), isNull(smsCode.consumedAt)));
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.insert(smsCode).values({
    phone,
    purpose,
    codeHash: hashCode(phone, purpose, code),
    expiresAt: new Date(now + CODE_TTL_SECONDS * 1000),
  });
  if (opts.deliver !== false)
    await provider.send(db, phone, `[${signName}] Your code to ${PURPOSE_TEXT[purpose]} is ${code}. It is valid for 5 minutes.`);
  return { resendAfterSeconds: RESEND_AFTER_SECONDS, expiresInSeconds: CODE_TTL_SECONDS };
}

/**
 * Check a code: at most 5 attempts, 5 minutes. A wrong code uses up an attempt even though the call
 * is refused (the refusal commits). `consume` marks a right code used.
 */
export async function checkCode(db: Executor, phone: string, purpose: SmsPurpose, code: string, consume: boolean): Promise<boolean> {
  const [row] = await db
    .select()
    .from(smsCode)
    .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose), isNull(smsCode.consumedAt)))
    .orderBy(desc(smsCode.createdAt))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= MAX_ATTEMPTS) return false;
  if (row.codeHash !== hashCode(phone, purpose, code)) {
    await db
      .update(smsCode)
      .set({ attempts: row.attempts + 1 })
      .where(eq(smsCode.id, row.id));
    return false;
  }
  if (consume) await db.update(smsCode).set({ consumedAt: new Date() }).where(eq(smsCode.id, row.id));
  return true;
}

export async function useCode(db: Executor, phone: string, purpose: SmsPurpose, code: string): Promise<void> {
  if (!(await checkCode(db, phone, purpose, code, true))) {
    throw refuse(codes.SMS_CODE_INVALID, loginRefusals.codeInvalid, undefined, { commit: true });
  }
}

/** The code of the newest message the log provider wrote to `phone` in the last five minutes (the demo buyers' driver). */
export async function lastLoggedCode(db: Executor, phone: string): Promise<string | null> {
  const [row] = await db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, phone), gt(smsOutbox.createdAt, new Date(Date.now() - CODE_TTL_SECONDS * 1000))))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  return row?.body.match(/\b(\d{6})\b/)?.[1] ?? null;
}
