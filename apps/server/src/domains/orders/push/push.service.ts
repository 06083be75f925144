import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { codes, type contract, type OutputOf, type ParsedInputOf, PUSH_MAX_ATTEMPTS, pushRefusals as R } from "@sbo/contract";
import { iso } from "../../../platform/days";
import type { Db } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, refuse } from "../../../platform/http/errors";
import { offsetOf } from "../../../platform/http/paging";
import { isPrivateAddress } from "../../../platform/private-address";
import * as repo from "../orders.repository";
import { detailOf } from "../orders.view";
import * as push from "./push.repository";
import { backoffSeconds, signPush } from "./push.rules";

/*
 * The ERP push (docs/domains/orders.md "Live arrival, timed jobs, ERP push"): a paid order of a seller with a webhook
 * on gets a push (the order machine's `pay`, push.repository `enqueuePush`); `deliverDue` POSTs it, HMAC-signed, and
 * records the answer; failures are tried again with backoff until PUSH_MAX_ATTEMPTS, then `failed` (a retry: one more).
 */

type L = typeof contract.ordersLive;
type In<K extends keyof L> = ParsedInputOf<L[K]>;
type Out<K extends keyof L> = OutputOf<L[K]>;

export const toPushItem = (r: push.PushRow): Out<"retry"> => ({
  id: r.id,
  orderId: r.orderId,
  orderNo: r.orderNo,
  status: r.status as Out<"retry">["status"],
  attempts: r.attempts,
  nextAttemptAt: r.status === "pending" ? iso(r.nextAttemptAt) : null,
  lastErrorKind: (r.lastErrorKind as Out<"retry">["lastErrorKind"]) ?? null,
  lastStatusCode: r.lastStatusCode,
  lastError: r.lastError,
  lastAttemptAt: iso(r.lastAttemptAt),
  pushedAt: iso(r.pushedAt),
  url: r.url,
  createdAt: r.createdAt.toISOString(),
});

/** Whether the URL's host resolves only to public addresses (a seller's webhook must not reach the server's own network). */
async function isPublic(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  return addresses.every((a) => !isPrivateAddress(a.address));
}

export interface DeliverOptions {
  /** Pushes to private and loopback addresses are allowed (development and tests); else refused. */
  allowPrivate: boolean;
  limit?: number;
  timeoutMs?: number;
  onlyId?: string;
}

/** Attempts the due pushes once each (safe beside other processes); answers how many were attempted. */
export async function deliverDue(db: Db, opts: DeliverOptions): Promise<number> {
  const claimed = await db.transaction((tx) => push.claimDue(tx, opts.limit ?? 20, 120, opts.onlyId));
  for (const c of claimed) await deliverOne(db, c, opts);
  return claimed.length;
}

async function deliverOne(db: Db, c: push.Claimed, opts: DeliverOptions) {
  const fail = (kind: string, statusCode: number | null, error: string) =>
    push.recordFailure(db, c.id, {
      kind,
      statusCode,
      error: error.slice(0, 300),
      retryInSeconds: c.attempts >= PUSH_MAX_ATTEMPTS ? null : backoffSeconds(c.attempts),
    });
  const order = await repo.findSellerOrder(db, c.bo_id, c.order_id);
  if (!order) return fail("http", null, "the order is no longer there");
  const { timeline: _timeline, payments: _payments, ...detail } = await detailOf(db, order);
  const body = JSON.stringify({ event: "order.paid", pushId: c.id, order: detail });
  try {
    if (!opts.allowPrivate && !(await isPublic(c.url))) return fail("refused", null, new URL(c.url).hostname);
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await fetch(c.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-sbo-event": "order.paid",
        "x-sbo-delivery": c.id,
        "x-sbo-signature": signPush(c.secret, timestamp, body),
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    const text = await res.text().catch(() => "");
    if (res.status >= 200 && res.status < 300) return push.recordSuccess(db, c.id, res.status);
    return fail("http", res.status, text);
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === "TimeoutError" || e.name === "AbortError") return fail("timeout", null, `${opts.timeoutMs ?? 10_000} ms`);
    return fail("network", null, e.cause?.code ?? e.cause?.message ?? e.message);
  }
}

/** `delivery`: where a retried push is attempted as soon as the call has answered (the timed job would in a while). */
export function createPushService(delivery?: { db: Db; allowPrivate: boolean }) {
  return {
    async selPushListByPage(input: In<"selPushListByPage">, ctx: Ctx): Promise<Out<"selPushListByPage">> {
      const boId = ctx.me().boId;
      const f = { status: input.status, orderNo: input.orderNo };
      const rows = await push.pushPage(ctx.db, boId, f, input.pageSize, offsetOf(input));
      const total = await push.pushCount(ctx.db, boId, f);
      return { list: rows.map(toPushItem), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    /** Due now, one more attempt (the caller's route delivers it as soon as this commits). */
    async retry(input: In<"retry">, ctx: Ctx): Promise<Out<"retry">> {
      const boId = ctx.me().boId;
      const row = await push.lockPush(ctx.db, boId, input.id);
      if (!row) throw notFound(R.notFound);
      if (row.status === "succeeded") throw refuse(codes.STATE_FORBIDS, R.succeeded, { orderNo: row.orderNo });
      const hook = await push.webhookOf(ctx.db, boId);
      if (!hook?.enabled) throw refuse(codes.STATE_FORBIDS, R.noWebhook);
      const item = toPushItem(await push.makeDueNow(ctx.db, row.id));
      // Attempted as soon as the call's transaction has committed and answered.
      if (delivery)
        ctx.reply.raw.once("finish", () => {
          deliverDue(delivery.db, { allowPrivate: delivery.allowPrivate, onlyId: item.id, limit: 1 }).catch((err: unknown) =>
            ctx.req.log.error({ err }, "push retry failed"),
          );
        });
      return item;
    },

    async selPushSetting(_input: unknown, ctx: Ctx): Promise<Out<"selPushSetting">> {
      const hook = await push.webhookOf(ctx.db, ctx.me().boId);
      return {
        url: hook?.url ?? null,
        enabled: hook?.enabled ?? false,
        hasSecret: Boolean(hook?.secret),
        updatedAt: iso(hook?.updatedAt ?? null),
      };
    },

    async savePushSetting(input: In<"savePushSetting">, ctx: Ctx): Promise<null> {
      const boId = ctx.me().boId;
      const hook = await push.webhookOf(ctx.db, boId);
      if (!input.secret && !hook?.secret) throw badField("secret", R.secretRequired);
      await push.saveWebhook(ctx.db, boId, input);
      return null;
    },
  };
}
