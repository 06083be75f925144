import { createSign, createVerify, type KeyObject } from "node:crypto";

/*
 * Alipay's open-platform signing (RSA2: SHA256withRSA, base64), by its documented rules:
 * - a request is signed over every parameter but `sign` whose value is not empty, sorted by name (ASCII), joined as
 *   `name=value&…` with the values as they are (not URL-encoded); `sign_type` is signed too;
 * - an asynchronous notification is checked over every parameter it carries but `sign` and `sign_type`, URL-decoded,
 *   sorted and joined the same way, with Alipay's public key;
 * - an answer is checked over the exact text of its `<method>_response` member (not re-serialised), with the same key.
 */

/** The text a request's signature covers. */
export function requestSignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== "sign" && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

/** The text a notification's signature covers. */
export function notificationSignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== "sign" && k !== "sign_type")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

export const signRsa2 = (content: string, privateKey: KeyObject): string =>
  createSign("RSA-SHA256").update(content, "utf8").sign(privateKey, "base64");

export function verifyRsa2(content: string, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify("RSA-SHA256").update(content, "utf8").verify(publicKey, signature, "base64");
  } catch {
    return false;
  }
}

/**
 * The exact text of the value of the top-level member `name` of a JSON object (what Alipay signed in an answer), or
 * null when there is none. Strings and their escapes are skipped, so braces inside text do not count.
 */
export function rawMember(json: string, name: string): string | null {
  let i = json.indexOf("{");
  if (i < 0) return null;
  let depth = 0;
  const n = json.length;
  for (; i < n; i++) {
    const c = json[i];
    if (c === '"') {
      const end = stringEnd(json, i);
      if (end < 0) return null;
      if (depth === 1) {
        const key = json.slice(i, end + 1);
        let j = end + 1;
        while (j < n && /\s/.test(json[j] as string)) j++;
        if (json[j] === ":") {
          j++;
          while (j < n && /\s/.test(json[j] as string)) j++;
          const valueEnd = valueEndOf(json, j);
          if (valueEnd < 0) return null;
          if (JSON.parse(key) === name) return json.slice(j, valueEnd);
          i = valueEnd - 1;
          continue;
        }
      }
      i = end;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
  }
  return null;
}

/** The index of the closing quote of the string opening at `start`, or -1. */
function stringEnd(s: string, start: number): number {
  for (let i = start + 1; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === '"') return i;
  }
  return -1;
}

/** The index just past the JSON value starting at `start`, or -1. */
function valueEndOf(s: string, start: number): number {
  const first = s[start];
  if (first === '"') {
    const end = stringEnd(s, start);
    return end < 0 ? -1 : end + 1;
  }
  if (first === "{" || first === "[") {
    let depth = 0;
    for (let i = start; i < s.length; i++) {
      const c = s[i];
      if (c === '"') {
        const end = stringEnd(s, i);
        if (end < 0) return -1;
        i = end;
      } else if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return -1;
  }
  // A number, true, false or null: up to the next separator.
  const m = /^[^,}\]\s]+/.exec(s.slice(start));
  return m ? start + m[0].length : -1;
}

/** Integer cents as Alipay's yuan amount: `1500` → `"15.00"`. */
export function yuanOf(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** Alipay's yuan amount (`"15.00"`, `"0.5"`, `"88"`) as integer cents, read from the text (no floating point); null when malformed. */
export function centsOf(yuan: string): number | null {
  const m = /^(0|[1-9][0-9]{0,12})(?:\.([0-9]{1,2}))?$/.exec(yuan);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** Alipay's request timestamp: `yyyy-MM-dd HH:mm:ss` in Beijing time (UTC+8, no daylight saving). */
export const beijingTimestamp = (at: Date): string => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
