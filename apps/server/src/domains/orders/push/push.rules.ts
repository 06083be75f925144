import { createHmac } from "node:crypto";

/* The ERP push's pure parts: when a failed push is tried again, and its signature. */

/** Seconds before the next automatic attempt after `attempts` failed ones: 30 s doubling, at most an hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/** The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signPush(secret: string, timestamp: number, body: string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}
