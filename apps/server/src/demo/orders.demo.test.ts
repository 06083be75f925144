import { contract } from "@sbo/contract";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderInfo, orderTimeline } from "../domains/orders/orders.tables";
import { createTestApp, type TestApp } from "../test/harness";
import { DEMO_ORDERS_PER_SELLER } from "./orders.demo";

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
});
afterAll(() => t.close());

describe("the demo orders", () => {
  it("when the demo is seeded, then each seller has orders in every state of the machine, over the last 90 days", async () => {
    const counts = await t.call(contract.orders.selectOrderCount, {}, { ticket: owner });
    const c = counts.data;
    expect(c.all).toBeGreaterThan(DEMO_ORDERS_PER_SELLER * 0.95);
    expect(c.all).toBeLessThanOrEqual(DEMO_ORDERS_PER_SELLER);
    for (const tab of ["pendingPayment", "toShip", "shipped", "received", "completed", "cancelled"] as const)
      expect(c[tab], `the ${tab} tab`).toBeGreaterThan(0);
    const statuses = await t.db.select({ status: orderInfo.status, n: count() }).from(orderInfo).groupBy(orderInfo.status);
    expect(statuses.map((s) => s.status).sort()).toEqual(
      ["cancelled", "completed", "paid", "partlyShipped", "pendingPayment", "received", "shipped"].sort(),
    );
    const [span] = await t.db
      .select({ oldest: sql<string>`min(${orderInfo.createdAt})::text`, newest: sql<string>`max(${orderInfo.createdAt})::text` })
      .from(orderInfo);
    const days = (Date.now() - new Date(span?.oldest ?? "").getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(60);
    expect(days).toBeLessThanOrEqual(91);
  });

  it("when a demo order is opened, then its timeline follows its transitions, moved back with it", async () => {
    const [shipped] = await t.db.select().from(orderInfo).where(eq(orderInfo.status, "completed")).limit(1);
    if (!shipped) throw new Error("no completed demo order");
    const events = await t.db.select().from(orderTimeline).where(eq(orderTimeline.orderId, shipped.id)).orderBy(orderTimeline.at);
    expect(events.map((e) => e.event).filter((e) => e !== "priceRevised")).toEqual(["created", "paid", "shipped", "received", "completed"]);
    expect(events[0]?.at.getTime()).toBe(shipped.createdAt.getTime());
    expect(shipped.completedAt?.getTime()).toBeLessThan(Date.now() - 60_000);
  });

  it("when a copied demo order is shipped, then its lines are its own and the machine takes it like a placed one", async () => {
    // The copies' shipments name their own copied lines.
    const stray = await t.db.execute(sql`select s.id from order_shipment s, jsonb_array_elements(s.lines) e
      where not exists (select 1 from order_line l where l.id = e->>'lineId' and l.order_id = s.order_id) limit 1`);
    expect(stray.rows).toEqual([]);
    const list = await t.call(contract.orders.selOrderListByPage, { tab: "toShip", pageNum: 3, pageSize: 20 }, { ticket: owner });
    const order = list.data.list.find((o) => o.status === "paid");
    if (!order) throw new Error("no paid demo order on page 3");
    const shipped = await t.call(
      contract.orders.orderDelivery,
      { id: order.id, expressCode: "SF", trackingNo: "SF1234567890" },
      { ticket: owner },
    );
    expect(shipped.code).toBe("0");
    expect(shipped.data.status).toBe("shipped");
    expect(shipped.data.lines.every((l) => l.shippedQuantity === l.quantity)).toBe(true);
  });
});
