import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The upload credential of volcano/getUploadSts2WithExpire: `<payload>.<signature>`, base64url, the payload
 * `{ b: boId, m: memberId, e: expiry in ms }` signed with HMAC-SHA256 (UPLOAD_TOKEN_SECRET). The upload call accepts it
 * only for the same seller and member before its expiry.
 */

const sign = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");

export function issueUploadToken(secret: string, who: { boId: string; memberId: string }, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ b: who.boId, m: who.memberId, e: expiresAt.getTime() })).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

export function uploadTokenValid(secret: string, token: string, who: { boId: string; memberId: string }, now = Date.now()): boolean {
  const [payload, signature] = token.split(".");
  if (!payload || !signature) return false;
  const want = Buffer.from(sign(secret, payload));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
  try {
    const p = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { b?: string; m?: string; e?: number };
    return p.b === who.boId && p.m === who.memberId && typeof p.e === "number" && p.e > now;
  } catch {
    return false;
  }
}
