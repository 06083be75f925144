import type { Lang } from "@sbo/contract";
import type { FastifyBaseLogger } from "fastify";
import type { SmsPurpose, SmsTemplateParam } from "../../config";
import { smsOutbox } from "../auth/auth.tables";
import type { Executor } from "../db/client";

/**
 * One code to send: its purpose picks the template, the values fill it, the language picks the template's wording.
 * Real providers send only templates their operator had approved, never free text.
 */
export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  params: Record<SmsTemplateParam, string>;
  lang: Lang;
}

/** Where text messages go. The default (`log`) writes them to the log and the `sms_outbox` table. */
export interface SmsProvider {
  readonly name: string;
  /** Sends the message or throws SmsError with the provider's own code for the refusal. */
  send(db: Executor, message: SmsMessage): Promise<void>;
}

/** The provider refused the message or could not be reached (`providerCode` is its code, else `unreachable`/`http-<status>`). */
/** What a gateway that sends approved templates (Aliyun, Tencent) is told besides its keys. */
export interface TemplateGatewayOptions {
  signName: string;
  /** The approved template per purpose and language. */
  templates: Record<SmsMessage["purpose"], { zh: string; en: string }>;
  /** The values the templates carry, in order (Aliyun's `${code}`, Tencent's `{1}`, `{2}`). */
  templateParams: ReadonlyArray<keyof SmsMessage["params"]>;
  region: string;
  /** The provider's public endpoint, or a stand-in. */
  endpoint: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class SmsError extends Error {
  constructor(
    readonly provider: string,
    readonly providerCode: string,
    message: string,
    readonly requestId: string | null = null,
  ) {
    super(message);
  }
}

const ACTION: Record<SmsPurpose, Record<Lang, string>> = {
  login: { en: "log in", zh: "登录" },
  resetPassword: { en: "reset your password", zh: "重置密码" },
  changePassword: { en: "change your password", zh: "修改密码" },
  confirmPhone: { en: "confirm this phone number for your account", zh: "确认此手机号" },
  buyerLogin: { en: "log in to shop", zh: "登录商城" },
  settlementCard: { en: "sign your settlement bank card", zh: "签约结算银行卡" },
};

/** The words of a message as a person reads it: what the log provider writes (a real provider's template says its own). */
export function smsText(signName: string, m: SmsMessage): string {
  const { code, minutes } = m.params;
  return m.lang === "zh"
    ? `【${signName}】您${ACTION[m.purpose].zh}的验证码是 ${code}，${minutes} 分钟内有效，请勿告诉他人。`
    : `[${signName}] Your code to ${ACTION[m.purpose].en} is ${code}. It is valid for ${minutes} minutes.`;
}

/** For trying the product: the message, worded in the recipient's language, goes to `sms_outbox` and the log. */
export const logSmsProvider = (log: FastifyBaseLogger, signName: string): SmsProvider => ({
  name: "log",
  async send(db, message) {
    const text = smsText(signName, message);
    await db.insert(smsOutbox).values({ phone: message.phone, body: text, provider: "log" });
    log.info({ phone: message.phone, sms: text }, "sms sent (log provider)");
  },
});

/** The parts of an HTTP call the adapters share: fetch with a timeout, the answer read as JSON. */
export async function postJson(
  provider: string,
  fetchFn: typeof fetch,
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<{ status: number; json: unknown }> {
  let res: Response;
  try {
    res = await fetchFn(url, { method: "POST", headers: init.headers, body: init.body, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const why = (err as Error).name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : (err as Error).message;
    throw new SmsError(provider, "unreachable", `${provider} SMS request failed: ${why}`);
  }
  const text = await res.text().catch(() => "");
  try {
    return { status: res.status, json: JSON.parse(text) as unknown };
  } catch {
    throw new SmsError(provider, `http-${res.status}`, `${provider} SMS answered HTTP ${res.status} without JSON`);
  }
}

/** A mainland number in E.164 (Tencent wants +86…); a number already in it stays. */
export const e164 = (phone: string) => (phone.startsWith("+") ? phone : /^1\d{10}$/.test(phone) ? `+86${phone}` : phone);
