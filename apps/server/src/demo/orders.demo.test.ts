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
    expect(events.map((e) => e.event).filter((e) => e !== "priceRevised" && !e.startsWith("afterSale"))).toEqual([
      "created",
      "paid",
      "shipped",
      "received",
      "completed",
    ]);
    expect(events[0]?.at.getTime()).toBe(shipped.createdAt.getTime());
    expect(shipped.completedAt?.getTime()).toBeLessThan(Date.now() - 60_000);
  });

  it("when a copied demo order is shipped, then its lines are its own and the machine takes it like a placed one", async () => {
    // The copies' shipments name their own copied lines.
    const stray = await t.db.execute(sql`select s.id from order_shipment s, jsonb_array_elements(s.lines) e
      where not exists (select 1 from order_line l where l.id = e->>'lineId' and l.order_id = s.order_id) limit 1`);
    expect(stray.rows).toEqual([]);
    // Each shipment has its shipping entry in its order's timeline (a shipment's tracking reads them by its id).
    const untracked = await t.db.execute(sql`select s.id from order_shipment s where not exists (select 1 from order_timeline e
      where e.order_id = s.order_id and e.detail->>'shipmentId' = s.id) limit 1`);
    expect(untracked.rows).toEqual([]);
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

  it("when the demo is seeded, then the shop's timers have not caught any order yet: no unpaid one past its timeout, no shipped one past its auto-confirm days", async () => {
    // Measured from the newest demo order (the seeding's end), not from now: the test may run a while after the seed.
    const due = await t.db.execute(sql`
      with seeded as (select max(created_at) as at from order_info)
      select o.status, count(*)::int as n from order_info o join shop_setting st on st.shop_id = o.shop_id, seeded
      where (o.status = 'pendingPayment' and o.created_at < seeded.at - make_interval(mins => st.auto_close_minutes))
         or (o.status = 'shipped' and o.shipped_at < seeded.at - make_interval(days => st.auto_confirm_days))
      group by 1`);
    expect(due.rows).toEqual([]);
    // Pickups (awaiting and handed over) and weekly boxes (with a planned delivery) are there too.
    const modes =
      await t.db.execute(sql`select f.mode, o.status, count(*)::int as n from order_fulfil f join order_info o on o.id = f.order_id
      group by 1, 2 order by 1, 2`);
    const seen = (modes.rows as { mode: string; status: string }[]).map((r) => `${r.mode} ${r.status}`);
    expect(seen).toEqual(expect.arrayContaining(["pickup paid", "pickup completed", "repeated completed"]));
    const rounds = await t.db.execute(sql`select count(*)::int as n from order_delivery_round where status = 'delivered'`);
    expect((rounds.rows[0] as { n: number }).n).toBeGreaterThan(0);
    // Bank-transfer vouchers: passed, rejected and one or more still waiting in the review queue.
    const vouchers = await t.db.execute(sql`select distinct status from order_payment where method = 'offline' order by 1`);
    expect(vouchers.rows.map((r) => (r as { status: string }).status)).toEqual(["passed", "rejected", "reviewing"]);
    const live = await t.db.execute(
      sql`select status, count(*)::int as n from order_info where status in ('pendingPayment', 'shipped') group by 1 order by 1`,
    );
    expect(live.rows.map((r) => (r as { status: string }).status)).toEqual(["pendingPayment", "shipped"]);
  });
});
