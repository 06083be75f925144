import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sandboxNotification } from "@sbo/contract";

/*
 * Online payment through a provider: `start` answers what the buyer's client needs to pay; the provider's server
 * later posts a notification to /api/buyer/trading/pay/notify/<provider>, which `verify` checks (signature, shape)
 * before the orders domain applies it, idempotently.
 */

export interface PaymentNotice {
  paymentId: string;
  providerRef: string;
  amount: number;
  ok: boolean;
}

export interface PaymentProvider {
  readonly name: string;
  start(payment: { paymentId: string; orderNo: string; amount: number }): {
    payUrl: string | null;
    params: Record<string, string | number>;
  };
  /** The notification, or null when its signature or shape is wrong. */
  verify(body: unknown): PaymentNotice | null;
  /**
   * Gives `amount` back to the buyer (after-sales). Idempotent by `refundId`: asked again for one refund it answers the
   * same reference and moves no more money. Throws when the provider refuses.
   */
  refund(r: { refundId: string; orderNo: string; amount: number }): Promise<{ providerRef: string }>;
}

const canonical = (n: { paymentId: string; providerRef: string; amount: number; result: string }) =>
  `${n.paymentId}|${n.providerRef}|${n.amount}|${n.result}`;

/**
 * The sandbox (only where PAYMENT_PROVIDERS enables it): no money moves. `start` answers the notification it would
 * send, signed with HMAC-SHA256 (PAYMENT_SANDBOX_SECRET); the client posts it to the notify path as a real provider's
 * server would.
 */
export function sandboxProvider(secret: string): PaymentProvider {
  const sign = (n: { paymentId: string; providerRef: string; amount: number; result: string }) =>
    createHmac("sha256", secret).update(canonical(n)).digest("hex");
  return {
    name: "sandbox",
    start({ paymentId, amount }) {
      const n = { paymentId, providerRef: `SBX${randomBytes(9).toString("hex")}`, amount, result: "success" };
      return { payUrl: null, params: { ...n, signature: sign(n) } };
    },
    verify(body) {
      const parsed = sandboxNotification.safeParse(body);
      if (!parsed.success) return null;
      const n = parsed.data;
      const want = Buffer.from(sign(n), "hex");
      const got = Buffer.from(n.signature, "hex");
      if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
      return { paymentId: n.paymentId, providerRef: n.providerRef, amount: n.amount, ok: n.result === "success" };
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
