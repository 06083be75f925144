import { codes, contract } from "@sbo/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerPost } from "../../../test/buyer-kit";
import { createTestApp, type TestApp } from "../../../test/harness";
import { onShelfSku, orderScene } from "../../../test/order-kit";
import { watchStatements } from "../../../test/statements";
import { goods, goodsSku } from "../../goods/goods.tables";
import { orderEvent } from "../live/live.tables";
import { orderLine, orderTimeline } from "../orders.tables";

/*
 * What a checkout costs the database (issue 24 goal 4), counted in statements sent, never timed: a plain checkout
 * (no coupon, promotion, freight template or fresh goods) reads one statement per kind, writes its orders in one and
 * takes its stock in one, whatever its number of lines; the stock statement is the last before the commit, so the SKUs'
 * locks are held for that statement and the commit only. It was 21 statements for one line and 27 for two, the SKU's
 * lock held through ten of them.
 */

const B = contract.buyer;
let t: TestApp;
let buyer: string;
let addressId: string;
let owner: string;
let image: string;
let watch: ReturnType<typeof watchStatements>;

/** The session's query, begin, the actor, the buyer and address, the SKUs, the promotions, the orders, the stock, commit. */
const PLAIN_CHECKOUT = 9;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, image, buyer, addressId } = await orderScene(t, "13900000071", "Li Lei"));
  watch = watchStatements(t.database);
}, 300_000);
afterAll(() => t.close());

const rows = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * The platform's read, before every write commits on PostgreSQL, of the sessions the write changed (the session cache:
 * platform/auth/session-cache.ts): one `select current_setting(…)`, no lock, counted apart from the checkout's own.
 */
const SCOPES_READ = /current_setting\('sbo\.session_scopes'/;

/**
 * The statements of one submit, up to and including its commit (the announcement to the back offices comes after), the
 * platform's session-scope read left out (it is checked to sit alone between the stock statement and the commit).
 */
async function submitCounted(items: { skuId: string; quantity: number }[], headers: Record<string, string> = {}) {
  watch.reset();
  const res = await buyerPost<{ orders: { id: string }[] }>(t, B.submitOrder.path, { addressId, items }, { ticket: buyer, headers });
  expect(res.code, res.msg).toBe(codes.OK);
  const commit = watch.texts.findIndex((s) => /^commit\b/i.test(s));
  expect(commit).toBeGreaterThan(0);
  const all = watch.texts.slice(0, commit + 1);
  const scopes = all.findIndex((s) => SCOPES_READ.test(s));
  if (scopes >= 0) expect(scopes).toBe(all.length - 2);
  return { res, inTransaction: all.filter((s) => !SCOPES_READ.test(s)), after: watch.texts.slice(commit + 1) };
}

describe("what a checkout costs the database", () => {
  it("when a buyer checks out one line, then it takes at most the plain checkout's statements and the stock is taken last", async () => {
    const sku = await onShelfSku(t, owner, image, "Counted apples", 1000, 50);
    const { res, inTransaction, after } = await submitCounted([{ skuId: sku, quantity: 3 }]);
    expect(inTransaction.length).toBeLessThanOrEqual(PLAIN_CHECKOUT);
    // The stock statement (it locks the SKUs) is the one right before the commit.
    expect(inTransaction.at(-2)).toMatch(/for update of s/);
    expect(inTransaction.filter((s) => /for update/.test(s))).toHaveLength(1);
    // Announcing the order to the shop's back offices waits for the commit.
    expect(inTransaction.some((s) => /pg_notify/.test(s))).toBe(false);
    expect(after.filter((s) => /pg_notify/.test(s))).toHaveLength(1);
    // And everything the checkout wrote is there.
    const orderId = res.data.orders[0]?.id ?? "";
    const [skuRow] = await t.db.select({ stock: goodsSku.stock, goodsId: goodsSku.goodsId }).from(goodsSku).where(eq(goodsSku.id, sku));
    expect(skuRow?.stock).toBe(47);
    const [item] = await t.db
      .select({ total: goods.stockTotal, sales: goods.sales })
      .from(goods)
      .where(eq(goods.id, skuRow?.goodsId ?? ""));
    expect(item).toEqual({ total: 47, sales: 3 });
    expect(
      await t.db.select({ q: orderLine.quantity, b: orderLine.batches }).from(orderLine).where(eq(orderLine.orderId, orderId)),
    ).toEqual([{ q: 3, b: [] }]);
    expect((await t.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, orderId))).map((e) => e.event)).toEqual(["created"]);
    expect((await t.db.select().from(orderEvent).where(eq(orderEvent.orderId, orderId))).map((e) => e.kind)).toEqual(["created"]);
    expect(await rows(sql`select goods_doc is not null as doc from order_info where id = ${orderId}`)).toEqual([{ doc: true }]);
  });

  it("when a buyer checks out many lines, then the statements stay those of one line", async () => {
    const skus = [];
    for (let i = 0; i < 5; i++) skus.push(await onShelfSku(t, owner, image, `Counted pears ${i}`, 800 + i, 20));
    const { inTransaction } = await submitCounted(skus.map((skuId, i) => ({ skuId, quantity: i + 1 })));
    expect(inTransaction.length).toBeLessThanOrEqual(PLAIN_CHECKOUT);
    const stocks = await t.db.select({ id: goodsSku.id, stock: goodsSku.stock }).from(goodsSku);
    expect(skus.map((id) => stocks.find((s) => s.id === id)?.stock)).toEqual([19, 18, 17, 16, 15]);
  });

  it("when an Idempotency-Key is sent, then its answer is kept before the stock is taken, two statements more", async () => {
    const sku = await onShelfSku(t, owner, image, "Counted plums", 500, 10);
    const { res, inTransaction } = await submitCounted([{ skuId: sku, quantity: 1 }], { "idempotency-key": "counted-1" });
    expect(inTransaction.length).toBeLessThanOrEqual(PLAIN_CHECKOUT + 2);
    expect(inTransaction.at(-2)).toMatch(/for update of s/);
    const again = await buyerPost<{ orders: { id: string }[] }>(
      t,
      B.submitOrder.path,
      { addressId, items: [{ skuId: sku, quantity: 1 }] },
      { ticket: buyer, headers: { "idempotency-key": "counted-1" } },
    );
    expect(again.data).toEqual(res.data);
    expect((await t.db.select({ stock: goodsSku.stock }).from(goodsSku).where(eq(goodsSku.id, sku)))[0]?.stock).toBe(9);
  });

  it("when one line's stock is short, then nothing of the checkout is written and the refusal names that goods", async () => {
    const a = await onShelfSku(t, owner, image, "Counted figs", 700, 5);
    const b = await onShelfSku(t, owner, image, "Counted dates", 700, 5);
    // Sold elsewhere meanwhile (the races in orders.test.ts take the same path under concurrency).
    const before = await rows(sql`select count(*)::int as n from order_info`);
    await t.db.execute(sql`update goods_sku set stock = 1 where id = ${b}`);
    const res = await buyerPost(
      t,
      B.submitOrder.path,
      {
        addressId,
        items: [
          { skuId: a, quantity: 2 },
          { skuId: b, quantity: 2 },
        ],
      },
      { ticket: buyer },
    );
    expect(res).toMatchObject({ code: codes.CONFLICT, reason: "orders.stockShort", params: { name: "Counted dates", left: 1, wanted: 2 } });
    expect((await t.db.select({ stock: goodsSku.stock }).from(goodsSku).where(eq(goodsSku.id, a)))[0]?.stock).toBe(5);
    expect(await rows(sql`select count(*)::int as n from order_info`)).toEqual(before);
  });
});
