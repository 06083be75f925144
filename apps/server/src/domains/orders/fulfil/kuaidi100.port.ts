import { createHash } from "node:crypto";
import { type ExpressTracker, TrackingError } from "./fulfil-support.service";

/** The `express` dictionary's codes as Kuaidi100 names the companies (its codes are lowercase words). */
const COMPANY: Record<string, string> = {
  SF: "shunfeng",
  JD: "jd",
  ZTO: "zhongtong",
  YTO: "yuantong",
  STO: "shentong",
  EMS: "ems",
  YD: "yunda",
  JT: "jtexpress",
  DBL: "debangwuliu",
};
/** A code the table does not know is passed on lowercased (a dictionary item added under Kuaidi100's own code works). */
export const kuaidi100Company = (expressCode: string) => COMPANY[expressCode.toUpperCase()] ?? expressCode.toLowerCase();

/** Kuaidi100's signature: MD5 of param + key + customer, as 32 uppercase hex digits. */
export const kuaidi100Sign = (param: string, key: string, customer: string) =>
  createHash("md5")
    .update(param + key + customer, "utf8")
    .digest("hex")
    .toUpperCase();

export interface Kuaidi100Options {
  key: string;
  customer: string;
  /** `https://poll.kuaidi100.com`, or a stand-in. */
  url: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

type Answer = {
  message?: string;
  status?: string;
  result?: boolean;
  returnCode?: string;
  data?: Array<{ time?: string; ftime?: string; context?: string }>;
};

/** Kuaidi100's times are Beijing time without a zone ("2026-11-28 16:33:19"). */
const beijing = (t: string) => new Date(`${t.replace(" ", "T")}+08:00`);

/**
 * Kuaidi100's real-time query (`/poll/query.do`): a form POST of customer, sign and param ({ com, num, phone }), the
 * answer's events (newest first) turned oldest first. returnCode 500 ("no result") is no failure: the carrier has not
 * reported the waybill yet.
 */
export function kuaidi100Tracker(o: Kuaidi100Options): ExpressTracker {
  const post = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? 5000;
  return {
    name: "kuaidi100",
    async track(s) {
      const param = JSON.stringify({ com: kuaidi100Company(s.expressCode), num: s.trackingNo, ...(s.phone ? { phone: s.phone } : {}) });
      const body = new URLSearchParams({ customer: o.customer, sign: kuaidi100Sign(param, o.key, o.customer), param }).toString();
      let res: Response;
      try {
        res = await post(`${o.url}/poll/query.do`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const why = (err as Error).name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : (err as Error).message;
        throw new TrackingError("kuaidi100", "unreachable", `Kuaidi100 query failed: ${why}`);
      }
      let a: Answer;
      try {
        a = (await res.json()) as Answer;
      } catch {
        throw new TrackingError("kuaidi100", `http-${res.status}`, `Kuaidi100 answered HTTP ${res.status} without JSON`);
      }
      if (res.ok && a.status === "200" && Array.isArray(a.data))
        return a.data
          .map((e) => ({ at: beijing(e.ftime ?? e.time ?? ""), text: e.context ?? "" }))
          .filter((e) => !Number.isNaN(e.at.getTime()))
          .sort((x, y) => x.at.getTime() - y.at.getTime());
      const code = a.returnCode ?? `http-${res.status}`;
      throw new TrackingError("kuaidi100", code, a.message ?? `Kuaidi100 answered HTTP ${res.status}`, code === "500");
    },
  };
}
