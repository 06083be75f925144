import { codes, contract } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../platform/db/rows";
import { meOf } from "../test/fixtures";
import { createTestApp, type TestApp } from "../test/harness";
import { DEMO_EVALUATIONS_PER_SELLER } from "./evaluation.demo";

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
});
afterAll(() => t.close());

describe("the demo evaluations", () => {
  it("when the demo is seeded, then each seller has 600 evaluations of received or completed orders, part replied, and aggregates equal to the rows", async () => {
    const { boId } = await meOf(t, owner);
    const per = await rowsOf<{ bo_id: string; n: number; replied: number; images: number; wrong: number; future: number }>(
      t.db,
      sql`select e.bo_id, count(*)::int n, count(e.replied_at)::int replied, count(*) filter (where e.image_count > 0)::int images,
            count(*) filter (where o.status not in ('received', 'completed'))::int wrong, count(*) filter (where e.created_at > now())::int future
          from order_evaluation e join order_info o on o.id = e.order_id group by e.bo_id`,
    );
    expect(per).toHaveLength(2);
    for (const p of per) {
      expect(p.n).toBe(DEMO_EVALUATIONS_PER_SELLER);
      expect(p.replied).toBeGreaterThan(p.n * 0.4);
      expect(p.replied).toBeLessThan(p.n);
      expect(p.images).toBeGreaterThan(0);
      expect([p.wrong, p.future]).toEqual([0, 0]);
    }
    const shop = await t.call(contract.evaluation.selEvalShop, {}, { ticket: owner });
    expect(shop.code, shop.msg).toBe(codes.OK);
    const [rows] = await rowsOf<{ n: number; to_reply: number; low: number; d: number; lines: number; good: number }>(
      t.db,
      sql`select count(*)::int n, count(*) filter (where replied_at is null)::int to_reply, count(*) filter (where score <= 2)::int low,
            sum(description_score)::int d,
            (select count(*)::int from order_evaluation_line where bo_id = ${boId}) lines,
            (select count(*)::int from order_evaluation_line where bo_id = ${boId} and score >= 4) good
          from order_evaluation where bo_id = ${boId}`,
    );
    expect(shop.data.tabs.all).toBe(rows?.n);
    expect(shop.data.tabs.toReply).toBe(rows?.to_reply);
    expect(shop.data.tabs.lowScore).toBe(rows?.low);
    expect(shop.data.description).toBe(Math.round((100 * (rows?.d ?? 0)) / (rows?.n ?? 1)));
    expect(shop.data.goodRateBp).toBe(Math.round((10_000 * (rows?.good ?? 0)) / (rows?.lines ?? 1)));
    // Replies only once per evaluation, and their images open for the seller.
    const page = await t.call(contract.evaluation.selEvalOrderByPage, { tab: "withImages", pageSize: 5 }, { ticket: owner });
    expect(page.data.list.length).toBeGreaterThan(0);
    const first = page.data.list[0];
    const detail = await t.call(contract.evaluation.selEvalByOrderId, { id: first?.orderId as string }, { ticket: owner });
    const image = detail.data?.lines.flatMap((l) => l.images)[0];
    expect(image).toBeDefined();
    expect((await t.app.inject({ method: "GET", url: image?.url as string, cookies: { ticket: owner } })).statusCode).toBe(200);
  });
});
