import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPrivateAddress } from "../private-address";

/*
 * Fetching a file a seller named by its URL (the goods import's image columns) without letting the URL reach the
 * server's own network (SSRF): http and https only; the host's addresses are looked up once, every one must be public,
 * and the connection goes to the address that was checked (no second lookup an attacker's DNS could answer
 * differently); redirects (at most 3) are checked the same way; the body is cut off past `maxBytes`, the whole fetch
 * past `timeoutMs`. `allowPrivate` (config IMAGE_FETCH_ALLOW_PRIVATE) lets tests fetch from 127.0.0.1.
 */

/** Why a fetch failed, as a word the caller turns into the seller's words. */
export type RemoteProblem = "url" | "private" | "unreachable" | "timeout" | "status" | "tooLarge" | "notImage";

export class RemoteFetchError extends Error {
  constructor(
    readonly problem: RemoteProblem,
    readonly status?: number,
  ) {
    super(`remote fetch failed: ${problem}${status ? ` ${status}` : ""}`);
  }
}

export interface FetchOptions {
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  /** The response's content-type must start with one of these (e.g. "image/"); unchecked when absent. */
  contentTypes?: string[];
}

/** A lookup that answers only public addresses (or any, when allowed), for http.request to connect to. */
const checkedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0 || usable.length < addresses.length)
        return callback(Object.assign(new Error("private address"), { code: "EPRIVATE" }), "", 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const first = usable[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };

/** The URL when it is http(s) with a host and no credentials; else a `url` problem (a literal private IP: `private`). */
function checkedUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemoteFetchError("url");
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || url.username || url.password)
    throw new RemoteFetchError("url");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && (isIP(host) ? isPrivateAddress(host) : host === "localhost" || host.endsWith(".localhost")))
    throw new RemoteFetchError("private");
  return url;
}

function getOnce(url: URL, o: FetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { lookup: checkedLookup(o.allowPrivate), signal, headers: { accept: "image/*" } }, resolve);
    req.on("error", reject);
  });
}

/** The bytes at `url` and the content type the site declared, or a RemoteFetchError saying why not. */
export async function fetchRemote(raw: string, o: FetchOptions): Promise<{ bytes: Buffer; contentType: string }> {
  let url = checkedUrl(raw, o.allowPrivate);
  const signal = AbortSignal.timeout(o.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const res = await getOnce(url, o, signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (hop >= 3) throw new RemoteFetchError("status", status);
        url = checkedUrl(new URL(res.headers.location, url).toString(), o.allowPrivate);
        continue;
      }
      if (status !== 200) {
        res.resume();
        throw new RemoteFetchError("status", status);
      }
      const contentType = String(res.headers["content-type"] ?? "")
        .split(";")[0]
        ?.trim()
        .toLowerCase();
      if (o.contentTypes && !o.contentTypes.some((t) => contentType?.startsWith(t))) {
        res.resume();
        throw new RemoteFetchError("notImage");
      }
      if (Number(res.headers["content-length"] ?? 0) > o.maxBytes) {
        res.destroy();
        throw new RemoteFetchError("tooLarge");
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res) {
        size += (chunk as Buffer).length;
        if (size > o.maxBytes) {
          res.destroy();
          throw new RemoteFetchError("tooLarge");
        }
        chunks.push(chunk as Buffer);
      }
      return { bytes: Buffer.concat(chunks), contentType: contentType ?? "" };
    }
  } catch (err) {
    if (err instanceof RemoteFetchError) throw err;
    const e = err as Error & { code?: string };
    if (signal.aborted || e.name === "TimeoutError" || e.name === "AbortError") throw new RemoteFetchError("timeout");
    if (e.code === "EPRIVATE") throw new RemoteFetchError("private");
    throw new RemoteFetchError("unreachable");
  }
}
