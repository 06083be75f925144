import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { codes, contract, ORDER_EVENTS_PATH, type OrderLiveEvent, PUSH_MAX_ATTEMPTS } from "@sbo/contract";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderPortsOf } from "../../../app";
import { createStaff } from "../../../test/fixtures";
import { publish, simpleGoods } from "../../../test/goods-kit";
import { createTestApp, type TestApp } from "../../../test/harness";
import { buyerCaller, orderScene, placeOrder } from "../../../test/order-kit";
import { goodsSku } from "../../goods/goods.tables";
import { autoReceive, closeUnpaid } from "../jobs/orders.jobs";
import { transition } from "../order.machine";
import { orderInfo, orderTimeline } from "../orders.tables";
import { deliverDue } from "../push/push.service";
import { emitOrderEvent } from "./live.service";
import { orderEvent, orderPush } from "./live.tables";

/*
 * Live arrival (the event stream over LISTEN/NOTIFY, resumed by Last-Event-ID), the timed jobs (two runners racing
 * over the same due orders) and the ERP push (signed POST to a local server, backoff, failed, retry).
 */

const B = contract.buyer;
const L = contract.ordersLive;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let image: string;
let buyer: string;
let addressId: string;
let base: string;

const bcall = buyerCaller(() => ({ t, ticket: buyer }));

async function onShelf(name: string, stock: number, price = 1000): Promise<string> {
  const goodsId = await publish(t, owner, simpleGoods(image, name, { skus: [{ specValues: [], price, stock }] }), true);
  const [sku] = await t.db.select().from(goodsSku).where(eq(goodsSku.goodsId, goodsId));
  if (!sku) throw new Error("no sku");
  return sku.id;
}
const stockOf = async (skuId: string) => (await t.db.select({ s: goodsSku.stock }).from(goodsSku).where(eq(goodsSku.id, skuId)))[0]?.s;

const place = (skuId: string, quantity = 1) => placeOrder(t, buyer, { addressId, items: [{ skuId, quantity }] });
async function pay(id: string) {
  const started = await bcall(B.payOrder, { id });
  expect(started.code, started.msg).toBe(codes.OK);
  const p = started.data;
  const res = await t.app.inject({
    method: "POST",
    url: "/api/buyer/trading/pay/notify/sandbox",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(p.params),
  });
  expect(res.statusCode).toBe(200);
}

/** An open event stream: the events as they arrive, `next` waiting for one that matches. */
async function openStream(ticket: string | null, lastEventId?: number) {
  const ctl = new AbortController();
  const res = await fetch(`${base}${ORDER_EVENTS_PATH}`, {
    headers: {
      ...(ticket ? { cookie: `ticket=${ticket}` } : {}),
      ...(lastEventId !== undefined ? { "last-event-id": String(lastEventId) } : {}),
    },
    signal: ctl.signal,
  });
  const events: OrderLiveEvent[] = [];
  const waiters: (() => void)[] = [];
  const streaming = Boolean(res.headers.get("content-type")?.startsWith("text/event-stream"));
  const refusal = streaming ? null : ((await res.json()) as { code: string });
  if (streaming && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buf = "";
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buf += decoder.decode(chunk, { stream: true });
          let i = buf.indexOf("\n\n");
          while (i >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const data = block.split("\n").find((l) => l.startsWith("data: "));
            if (data) {
              events.push(JSON.parse(data.slice(6)) as OrderLiveEvent);
              for (const w of waiters.splice(0)) w();
            }
            i = buf.indexOf("\n\n");
          }
        }
      } catch {}
    })();
  }
  return {
    status: res.status,
    refusal,
    contentType: res.headers.get("content-type"),
    events,
    async next(match: (e: OrderLiveEvent) => boolean, ms = 8000): Promise<OrderLiveEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event; got ${JSON.stringify(events)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => ctl.abort(),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ boId, owner, other, image, buyer, addressId } = await orderScene(t, "13900000071"));
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 90_000);
afterAll(() => t.close());

describe("live order events", () => {
  it("when a buyer places an order, then the shop's open stream hears it, another seller's does not, and a reconnect resumes", async () => {
    const sku = await onShelf("Live plums", 20);
    const mine = await openStream(owner);
    const theirs = await openStream(other);
    expect(mine.status).toBe(200);
    expect(mine.contentType).toMatch(/^text\/event-stream/);
    const first = await place(sku);
    const e = await mine.next((x) => x.orderId === first.id);
    expect(e).toMatchObject({ kind: "created", orderNo: first.orderNo, actor: "buyer" });
    expect(e.payAmount).toBeGreaterThan(0);

    // A payment voucher (the machine's uploadVoucher, whichever call makes it) and a payment are told too.
    await t.db.transaction((tx) =>
      transition(tx, { orderId: first.id, scope: { system: true }, action: "uploadVoucher", actor: { kind: "buyer", memberId: null } }),
    );
    await mine.next((x) => x.orderId === first.id && x.kind === "voucherUploaded");
    await pay(first.id);
    await mine.next((x) => x.orderId === first.id && x.kind === "paid");
    const reminded = await bcall(B.remindDelivery, { id: first.id });
    expect(reminded.code, reminded.msg).toBe(codes.OK);
    await mine.next((x) => x.orderId === first.id && x.kind === "reminded");
    const lastSeen = Math.max(...mine.events.map((x) => x.id));
    mine.close();

    // While no stream is open, two more orders; the reconnect with Last-Event-ID gets both, in order (it also looks
    // back a short window for late commits: the browser drops ids it has).
    const missed = [await place(sku), await place(sku)];
    const again = await openStream(owner, lastSeen);
    await again.next((x) => x.orderId === missed[1]?.id);
    const newer = again.events.filter((x) => x.id > lastSeen);
    expect(newer.map((x) => [x.kind, x.orderId])).toEqual(missed.map((m) => ["created", m.id]));
    expect(new Set(again.events.map((x) => x.id)).size).toBe(again.events.length);
    again.close();

    // demo2's stream heard none of it.
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.events.filter((x) => [first.id, ...missed.map((m) => m.id)].includes(x.orderId))).toEqual([]);
    theirs.close();
  });

  it("when a member holds only after-sales, then the stream tells them the new after-sale applications and no other order event", async () => {
    const sku = await onShelf("Live quinces", 20);
    const clerk = await createStaff(t, boId, ["order.afterSale"]);
    const desk = await openStream(owner);
    const afterSales = await openStream(clerk);
    expect(afterSales.status).toBe(200);
    const placed = await place(sku);
    await desk.next((x) => x.orderId === placed.id && x.kind === "created");
    const [row] = await t.db.select().from(orderInfo).where(eq(orderInfo.id, placed.id));
    if (!row) throw new Error("no order");
    await t.db.transaction((tx) => emitOrderEvent(tx, row, "afterSaleApplied", "buyer"));
    const told = await afterSales.next((x) => x.orderId === placed.id);
    expect(told.kind).toBe("afterSaleApplied");
    expect(afterSales.events.filter((x) => x.kind !== "afterSaleApplied")).toEqual([]);
    desk.close();
    afterSales.close();
  });

  it("when the event stream is asked without a ticket or without order.manage, then it is refused", async () => {
    expect((await openStream(null)).refusal?.code).toBe(codes.NOT_LOGGED_IN);
    const clerk = await createStaff(t, boId, ["goods.manage"]);
    const refused = await openStream(clerk);
    expect(refused.status).toBe(403);
    expect(refused.refusal?.code).toBe(codes.FORBIDDEN);
    const reader = await createStaff(t, boId, ["order.manage"]);
    const ok = await openStream(reader);
    expect(ok.status).toBe(200);
    ok.close();
  });
});

describe("timed jobs", () => {
  it("when two runners race over the same unpaid orders past the shop's minutes, then each is cancelled once and its stock back once", async () => {
    const sku = await onShelf("Timeout pears", 30);
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await place(sku, 2));
    const fresh = await place(sku, 1);
    expect(await stockOf(sku)).toBe(30 - 13);
    const ids = orders.map((o) => o.id);
    // One more, as old, whose buyer paid offline: its voucher waits for the seller, so the clock leaves it.
    const withVoucher = await place(sku, 1);
    await t.db.execute(sql`insert into order_payment (id, order_id, bo_id, buyer_member_id, method, provider, amount, status)
      select 'JOBVOUCHER01', o.id, o.bo_id, o.buyer_member_id, 'offline', 'offline', o.pay_amount, 'reviewing' from order_info o where o.id = ${withVoucher.id}`);
    await t.db.update(orderInfo).set({ createdAt: sql`now() - interval '200 days'` }).where(eq(orderInfo.id, withVoucher.id));
    // Older than any demo order, so they are the first the runners take (each takes a batch, oldest first).
    await t.db.update(orderInfo).set({ createdAt: sql`now() - interval '200 days'` }).where(inArray(orderInfo.id, ids));
    const ports = orderPortsOf(t.config);
    const [a, b] = await Promise.all([closeUnpaid(t.db, ports), closeUnpaid(t.db, ports)]);
    expect((a ?? 0) + (b ?? 0)).toBeGreaterThanOrEqual(6);
    const rows = await t.db
      .select()
      .from(orderInfo)
      .where(inArray(orderInfo.id, [...ids, fresh.id, withVoucher.id]));
    expect(rows).toHaveLength(8);
    for (const r of rows) {
      if (r.id === fresh.id || r.id === withVoucher.id) expect(r.status).toBe("pendingPayment");
      else expect(r).toMatchObject({ status: "cancelled", cancelledBy: "system" });
    }
    const cancels = await t.db
      .select({ orderId: orderTimeline.orderId, actor: orderTimeline.actor })
      .from(orderTimeline)
      .where(sql`${orderTimeline.orderId} in ${ids} and ${orderTimeline.event} = 'cancelled'`);
    expect(cancels).toHaveLength(6);
    expect(new Set(cancels.map((c) => c.orderId)).size).toBe(6);
    expect(cancels.every((c) => c.actor === "system")).toBe(true);
    expect(await stockOf(sku)).toBe(30 - 2);
    // A third pass changes none of these again (it may close demo orders that came due meanwhile).
    await closeUnpaid(t.db, ports);
    const again = await t.db
      .select({ orderId: orderTimeline.orderId })
      .from(orderTimeline)
      .where(sql`${orderTimeline.orderId} in ${[...ids, withVoucher.id]} and ${orderTimeline.event} = 'cancelled'`);
    expect(again).toHaveLength(6);
    expect(await stockOf(sku)).toBe(30 - 2);
  });

  it("when two runners race over shipped orders past the shop's auto-confirm days, then each is received once by the system", async () => {
    const sku = await onShelf("Received figs", 20);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const o = await place(sku);
      await pay(o.id);
      ids.push(o.id);
    }
    await t.db
      .update(orderInfo)
      .set({ status: "shipped", shippedAt: sql`now() - interval '200 days'` })
      .where(inArray(orderInfo.id, ids.slice(0, 3)));
    await t.db
      .update(orderInfo)
      .set({ status: "shipped", shippedAt: sql`now() - interval '6 days'` })
      .where(eq(orderInfo.id, ids[3] ?? ""));
    await Promise.all([autoReceive(t.db), autoReceive(t.db)]);
    const rows = await t.db.select().from(orderInfo).where(inArray(orderInfo.id, ids));
    expect(
      rows
        .filter((r) => r.status === "received")
        .map((r) => r.id)
        .sort(),
    ).toEqual(ids.slice(0, 3).sort());
    const received = await t.db
      .select()
      .from(orderTimeline)
      .where(sql`${orderTimeline.orderId} in ${ids} and ${orderTimeline.event} = 'received'`);
    expect(received).toHaveLength(3);
    expect(received.every((r) => r.actor === "system")).toBe(true);
  });
});

describe("ERP push", () => {
  let hook: Server;
  let hookUrl: string;
  let answer = 200;
  const got: { headers: IncomingMessage["headers"]; body: string }[] = [];
  beforeAll(async () => {
    hook = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        got.push({ headers: req.headers, body });
        res.writeHead(answer, { "content-type": "text/plain" }).end(answer === 200 ? "ok" : "ERP is down");
      });
    });
    await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/erp/orders`;
  });
  afterAll(() => new Promise<void>((r) => hook.close(() => r())));
  const SECRET = "erp-secret-0123456789";

  it("when the webhook is set and an order is paid, then the order is POSTed signed once, even by two racing runners", async () => {
    const noSecret = await t.call(L.savePushSetting, { url: hookUrl, enabled: true }, { ticket: owner });
    expect(noSecret.status).toBe(400);
    expect(noSecret.msg).toContain("secret");
    const saved = await t.call(L.savePushSetting, { url: hookUrl, enabled: true, secret: SECRET }, { ticket: owner });
    expect(saved.code, saved.msg).toBe(codes.OK);
    const setting = await t.call(L.selPushSetting, {}, { ticket: owner });
    expect(setting.data).toMatchObject({ url: hookUrl, enabled: true, hasSecret: true });
    expect(JSON.stringify(setting.data)).not.toContain(SECRET);

    const o = await place(await onShelf("Pushed apples", 5));
    expect(await t.db.select().from(orderPush).where(eq(orderPush.orderId, o.id))).toHaveLength(0);
    await pay(o.id);
    got.length = 0;
    await Promise.all([deliverDue(t.db, { allowPrivate: true }), deliverDue(t.db, { allowPrivate: true })]);
    const mine = got.filter((g) => g.body.includes(o.orderNo));
    expect(mine).toHaveLength(1);
    const req = mine[0];
    if (!req) throw new Error("nothing pushed");
    const [, ts, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(req.headers["x-sbo-signature"])) ?? [];
    expect(mac).toBe(createHmac("sha256", SECRET).update(`${ts}.${req.body}`).digest("hex"));
    const body = JSON.parse(req.body) as { event: string; order: { orderNo: string; status: string; lines: unknown[] } };
    expect(body).toMatchObject({ event: "order.paid", order: { orderNo: o.orderNo, status: "paid" } });
    expect(body.order.lines).toHaveLength(1);
    const list = await t.call(L.selPushListByPage, { status: "succeeded", orderNo: o.orderNo.slice(0, 14) }, { ticket: owner });
    expect(list.data.list.find((p) => p.orderId === o.id)).toMatchObject({ status: "succeeded", attempts: 1, lastError: null });
  });

  it("when the ERP fails, then the push backs off, fails after the last attempt, and a retry pushes it now", async () => {
    const o = await place(await onShelf("Failing apples", 5));
    await pay(o.id);
    answer = 500;
    await deliverDue(t.db, { allowPrivate: true });
    let [p] = await t.db.select().from(orderPush).where(eq(orderPush.orderId, o.id));
    expect(p).toMatchObject({ status: "pending", attempts: 1, lastErrorKind: "http", lastStatusCode: 500, lastError: "ERP is down" });
    expect((p?.nextAttemptAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(20_000);
    // Not due: nothing is attempted.
    expect(await deliverDue(t.db, { allowPrivate: true, onlyId: p?.id })).toBe(0);
    // The last automatic attempt fails it.
    await t.db
      .update(orderPush)
      .set({ attempts: PUSH_MAX_ATTEMPTS - 1, nextAttemptAt: sql`now()` })
      .where(eq(orderPush.orderId, o.id));
    await deliverDue(t.db, { allowPrivate: true, onlyId: p?.id });
    [p] = await t.db.select().from(orderPush).where(eq(orderPush.orderId, o.id));
    expect(p).toMatchObject({ status: "failed", attempts: PUSH_MAX_ATTEMPTS });
    const failed = await t.call(L.selPushListByPage, { status: "failed" }, { ticket: owner });
    expect(failed.data.list.map((x) => x.id)).toContain(p?.id);

    // Another seller's id, a missing function, bad input: refused, nothing changed.
    expect((await t.call(L.retry, { id: p?.id ?? "" }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const noPush = await createStaff(t, boId, ["order.manage"]);
    expect((await t.call(L.retry, { id: p?.id ?? "" }, { ticket: noPush })).status).toBe(403);
    expect((await t.call(L.savePushSetting, { url: "ftp://erp", enabled: true }, { ticket: owner })).status).toBe(400);
    expect((await t.call(L.selPushListByPage, { orderNo: "12a" }, { ticket: owner })).status).toBe(400);
    expect((await t.db.select().from(orderPush).where(eq(orderPush.orderId, o.id)))[0]?.status).toBe("failed");

    // The ERP is back: a retry is attempted as soon as the call answers.
    answer = 200;
    const retried = await t.call(L.retry, { id: p?.id ?? "" }, { ticket: owner });
    expect(retried.code, retried.msg).toBe(codes.OK);
    expect(retried.data.status).toBe("pending");
    for (let i = 0; i < 50 && (await t.db.select().from(orderPush).where(eq(orderPush.orderId, o.id)))[0]?.status !== "succeeded"; i++)
      await new Promise((r) => setTimeout(r, 100));
    [p] = await t.db.select().from(orderPush).where(eq(orderPush.orderId, o.id));
    expect(p).toMatchObject({ status: "succeeded", attempts: PUSH_MAX_ATTEMPTS + 1 });
    // A succeeded push is not pushed again.
    expect((await t.call(L.retry, { id: p?.id ?? "" }, { ticket: owner })).reason).toBe("push.succeeded");
  });

  it("when private addresses are not allowed, then a push to loopback is refused without a request", async () => {
    const o = await place(await onShelf("Private apples", 5));
    await pay(o.id);
    got.length = 0;
    const [p] = await t.db.select().from(orderPush).where(eq(orderPush.orderId, o.id));
    await deliverDue(t.db, { allowPrivate: false, onlyId: p?.id });
    const [after] = await t.db.select().from(orderPush).where(eq(orderPush.orderId, o.id));
    expect(after).toMatchObject({ status: "pending", lastErrorKind: "refused" });
    expect(got).toHaveLength(0);
  });

  it("when events are older than a day, then pruning removes them", async () => {
    const { pruneEvents } = await import("./live.repository");
    await t.db.update(orderEvent).set({ at: sql`now() - interval '25 hours'` }).where(eq(orderEvent.boId, boId));
    expect(await pruneEvents(t.db, 24)).toBeGreaterThan(0);
    expect(await t.db.select().from(orderEvent).where(eq(orderEvent.boId, boId))).toHaveLength(0);
  });
});
