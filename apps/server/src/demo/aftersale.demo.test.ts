import { afterSaleStates, contract } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
});
afterAll(() => t.close());

describe("the demo after-sales", () => {
  it("when the demo is seeded, then each seller has after-sales of every type in every state", async () => {
    const list = await t.call(contract.afterSale.selOrderGoodsAfterSaleService, {}, { ticket: owner });
    for (const state of afterSaleStates) expect(list.data.stateCounts[state], state).toBeGreaterThan(0);
    for (const type of ["refundOnly", "returnRefund", "exchange"] as const) expect(list.data.typeCounts[type], type).toBeGreaterThan(0);
    const perSeller = await t.db.execute(sql`select bo_id, count(distinct state)::int as states from after_sale_apply group by bo_id`);
    expect(perSeller.rows).toHaveLength(2);
    for (const r of perSeller.rows as { states: number }[]) expect(r.states).toBe(afterSaleStates.length);
  });

  it("when the refunds are summed per order, then they are the order's refunded total and never above what was paid", async () => {
    const wrong = await t.db.execute(sql`select o.id from order_info o
      left join (select order_id, sum(amount) as total from order_refund group by order_id) r on r.order_id = o.id
      where o.refunded_amount <> coalesce(r.total, 0) or o.refunded_amount > o.pay_amount limit 1`);
    expect(wrong.rows).toEqual([]);
    const refunded = await t.db.execute(sql`select count(*)::int as n from order_info where refunded_amount > 0`);
    expect((refunded.rows[0] as { n: number }).n).toBeGreaterThan(0);
  });

  it("when the auto-approve job looks, then no demo application awaiting a decision is due, and every step is on its order's timeline", async () => {
    const due = await t.db.execute(
      sql`select id from after_sale_apply where state = 'applied' and created_at < now() - interval '3 days' limit 1`,
    );
    expect(due.rows).toEqual([]);
    const missing = await t.db.execute(sql`select a.id from after_sale_apply a where not exists
      (select 1 from order_timeline e where e.order_id = a.order_id and e.event = 'afterSaleApplied' and e.detail ->> 'afterSaleId' = a.id) limit 1`);
    expect(missing.rows).toEqual([]);
    const refundedWithout = await t.db.execute(sql`select a.id from after_sale_apply a where a.state = 'refunded' and not exists
      (select 1 from order_timeline e where e.order_id = a.order_id and e.event = 'afterSaleRefunded' and e.detail ->> 'afterSaleId' = a.id) limit 1`);
    expect(refundedWithout.rows).toEqual([]);
  });
});
