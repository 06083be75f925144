import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { sandboxNotification } from "@sbo/contract";

/*
 * Online payment through a provider: `start` creates the payment at the provider (a real one over HTTP) and answers
 * what the buyer's client needs to pay; the provider's server later posts a notification to
 * /api/buyer/trading/pay/notify/<provider>, which `verify` checks (signature over the exact bytes sent, shape) before
 * the orders domain applies it, idempotently.
 */

/** A notification as the provider's server sent it: the body's bytes (signatures cover them), its headers and type. */
export interface ProviderNotification {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  /** The body's media type, lower case, without parameters (`application/x-www-form-urlencoded`); "" when none. */
  contentType: string;
}

export interface PaymentNotice {
  paymentId: string;
  providerRef: string;
  amount: number;
  /** paid: the money was taken; failed: the payment ended without it; pending: still under way (nothing changes). */
  outcome: "paid" | "failed" | "pending";
}

/** The payment a refund gives back (the one the order took), as recorded when it was settled. */
export interface PaidPayment {
  id: string;
  /** The provider's reference (its trade number), null when it sent none. */
  providerRef: string | null;
  amount: number;
}

/** How the notify path answers the provider's server (its own form: Alipay reads the plain text `success`). */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly name: string;
  start(payment: { paymentId: string; orderNo: string; amount: number }): Promise<{
    payUrl: string | null;
    params: Record<string, string | number>;
  }>;
  /** The notification, or null when its signature or shape is wrong. */
  verify(notification: ProviderNotification): Promise<PaymentNotice | null>;
  /**
   * The answer its server expects once a notification is taken (`heard`: it stops sending it) or refused (it sends it
   * again later). Without it, the notify path answers our JSON envelope.
   */
  reply?(heard: boolean): NotifyReply;
  /**
   * Gives `amount` back to the buyer (after-sales) from `payment` (null: the order was not paid through a provider).
   * Idempotent by `refundId`: asked again for one refund it answers the same reference and moves no more money.
   * Throws when the provider refuses.
   */
  refund(r: { refundId: string; orderNo: string; amount: number; payment: PaidPayment | null }): Promise<{ providerRef: string }>;
}

/** The media type of a Content-Type header: lower case, parameters dropped. */
export const mediaTypeOf = (header: string | undefined): string => (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

const canonical = (n: { paymentId: string; providerRef: string; amount: number; result: string }) =>
  `${n.paymentId}|${n.providerRef}|${n.amount}|${n.result}`;

/**
 * The sandbox (only where PAYMENT_PROVIDERS enables it): no money moves. `start` answers the notification it would
 * send, signed with HMAC-SHA256 (PAYMENT_SANDBOX_SECRET); the client posts it as JSON to the notify path as a real
 * provider's server would.
 */
export function sandboxProvider(secret: string): PaymentProvider {
  const sign = (n: { paymentId: string; providerRef: string; amount: number; result: string }) =>
    createHmac("sha256", secret).update(canonical(n)).digest("hex");
  return {
    name: "sandbox",
    async start({ paymentId, amount }) {
      const n = { paymentId, providerRef: `SBX${randomBytes(9).toString("hex")}`, amount, result: "success" };
      return { payUrl: null, params: { ...n, signature: sign(n) } };
    },
    async verify({ rawBody, contentType }) {
      if (contentType !== "application/json") return null;
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return null;
      }
      const parsed = sandboxNotification.safeParse(body);
      if (!parsed.success) return null;
      const n = parsed.data;
      const want = Buffer.from(sign(n), "hex");
      const got = Buffer.from(n.signature, "hex");
      if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
      return {
        paymentId: n.paymentId,
        providerRef: n.providerRef,
        amount: n.amount,
        outcome: n.result === "success" ? "paid" : "failed",
      };
    },
    refund: sandboxRefunds.refund,
  };
}

/**
 * The sandbox's refunds: no money moves; the reference is derived from the refund id, so asking twice answers the
 * same refund. They need no secret, so they stay available when sandbox payments are switched off.
 */
export const sandboxRefunds: Pick<PaymentProvider, "name" | "refund"> = {
  name: "sandbox",
  async refund({ refundId }) {
    return { providerRef: `SBR${createHash("sha256").update(`refund|${refundId}`).digest("hex").slice(0, 24)}` };
  },
};

/** Signs a sandbox notification (tests, the demo script). */
export const signSandbox = (secret: string, n: { paymentId: string; providerRef: string; amount: number; result: string }) =>
  createHmac("sha256", secret).update(canonical(n)).digest("hex");
