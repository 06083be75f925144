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
    expect(c.all).toBeGreaterThan(DEMO_ORDERS_PER_SELLER * 0.8);
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
});
