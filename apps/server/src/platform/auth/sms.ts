import { createHash, randomInt } from "node:crypto";
import { codes, type Lang, loginRefusals } from "@sbo/contract";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { SmsConfig, SmsPurpose } from "../../config";
import type { Executor } from "../db/client";
import { type Ctx, langOf } from "../http/context";
import { refuse } from "../http/errors";
import { aliyunSmsProvider } from "../sms/aliyun-sms";
import { logSmsProvider, SmsError, type SmsProvider } from "../sms/sms-provider";
import { tencentSmsProvider } from "../sms/tencent-sms";
import { smsCode, smsOutbox } from "./auth.tables";

export type { SmsPurpose } from "../../config";

export const CODE_TTL_SECONDS = 5 * 60;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_ATTEMPTS = 5;

/** The configured provider (SMS_PROVIDER): the log one for trying the product, else Aliyun's or Tencent Cloud's. */
export function createSmsProvider(sms: SmsConfig, log: FastifyBaseLogger): SmsProvider {
  switch (sms.provider) {
    case "log":
      return logSmsProvider(log, sms.signName);
    case "aliyun":
      return aliyunSmsProvider(sms);
    case "tencent":
      return tencentSmsProvider({ ...sms, secretId: sms.accessKeyId, secretKey: sms.accessKeySecret });
  }
}

/**
 * The language a code is worded in: the one the request asks for (Accept-Language: the web sends its own, zh-CN or
 * en); a request naming none (an app, a script) gets Chinese for a mainland number, English for any other.
 */
export function recipientLang(acceptLanguage: string | string[] | undefined, phone: string): Lang {
  const asked = (Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage)?.trim();
  if (asked) return langOf(asked);
  return /^(\+86)?1\d{10}$/.test(phone) ? "zh" : "en";
}

const hashCode = (phone: string, purpose: string, code: string) => createHash("sha256").update(`${phone}:${purpose}:${code}`).digest("hex");

/** 138****0000: enough for an operator to tell numbers apart in the log, not enough to be one. */
const maskedPhone = (phone: string) => (phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : "****");

/**
 * Issue a 6-digit code: one send per phone per 60 s; a new code replaces the previous one.
 * `deliver: false` (no account uses the phone, or it may not receive codes) records the code and the
 * resend wait exactly as a real send would, but sends nothing: the caller's answer stays the same.
 * A provider's refusal is logged with its code and answers 000504 (nothing is recorded: the caller may ask again).
 */
export async function sendCode(
  ctx: Pick<Ctx, "db" | "req">,
  provider: SmsProvider,
  phone: string,
  purpose: SmsPurpose,
  opts: { deliver?: boolean } = {},
) {
  const db = ctx.db;
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
  if (opts.deliver !== false) {
    const lang = recipientLang(ctx.req.headers["accept-language"], phone);
    try {
      await provider.send(db, { phone, purpose, lang, params: { code, minutes: String(CODE_TTL_SECONDS / 60) } });
    } catch (err) {
      if (!(err instanceof SmsError)) throw err;
      ctx.req.log.warn(
        { provider: err.provider, providerCode: err.providerCode, providerRequestId: err.requestId, phone: maskedPhone(phone), purpose },
        `sms not sent: ${err.message}`,
      );
      throw refuse(codes.PROVIDER_FAILED, loginRefusals.smsNotSent);
    }
  }
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
