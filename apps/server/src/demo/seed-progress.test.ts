import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, PGLITE_EXTENSIONS } from "../platform/db/client";
import { prepareDatabase } from "../test/template";
import { SEED_STEPS, type SeedProgress, seedDemoData } from "./demo-data";
import { DEMO_EVALUATIONS_PER_SELLER } from "./evaluation.demo";
import { DEMO_MEMBERS_PER_SELLER } from "./member.demo";
import { DEMO_ORDERS_PER_SELLER } from "./orders.demo";
import { DEMO_PURCHASE_FATES } from "./purchases.demo";
import { describeProgress, seedProgressPrinter } from "./seed-progress";

/*
 * The demo seed on a fresh embedded database (what a first `npm start` does), with its progress listened to and its
 * statements counted: issue 23 found a first start silent for minutes while the seed ran one statement a row.
 */

let client: PGlite;
let database: Database;
const told: SeedProgress[] = [];
let statements = 0;

/** Counts every statement sent to PGlite, inside transactions too (PGlite hands each transaction its own `query`). */
function countStatements(target: { query: (...args: never[]) => unknown }) {
  const query = target.query as unknown as (...args: unknown[]) => unknown;
  (target as { query: unknown }).query = function counted(this: unknown, ...args: unknown[]) {
    statements += 1;
    return query.apply(this, args);
  };
}

beforeAll(async () => {
  client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  database = { db: drizzle(client) as unknown as Database["db"], kind: "pglite", close: () => client.close() };
  await prepareDatabase(database, false);
  countStatements(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      countStatements(tx);
      return fn(tx);
    });
  expect(await seedDemoData(database.db, { onProgress: (p) => told.push(structuredClone(p)) })).toBe(true);
}, 300_000);
afterAll(() => client.close());

const count = async (query: ReturnType<typeof sql>) => Number((await database.db.execute<{ n: number }>(query)).rows[0]?.n);

describe("the demo seed's progress", () => {
  it("when the demo is seeded, then each part is told as it starts and once it is done, in order", () => {
    expect(told.filter((p) => !p.finished && (p.rows?.done ?? 0) === 0).map((p) => p.step)).toEqual([...SEED_STEPS]);
    expect(told.filter((p) => p.finished).map((p) => p.step)).toEqual([...SEED_STEPS]);
  });

  it("when the demo is seeded, then the counts told are the database's rows of the demo sellers", async () => {
    const done = new Map(told.filter((p) => p.finished && p.rows).map((p) => [p.step, p.rows?.done]));
    expect(done.get("members")).toBe(DEMO_MEMBERS_PER_SELLER * 2);
    expect(done.get("members")).toBe(await count(sql`select count(*)::int as n from shop_member`));
    expect(done.get("goods")).toBe(await count(sql`select count(*)::int as n from goods`));
    expect(done.get("orders")).toBe(DEMO_ORDERS_PER_SELLER * 2);
    // The purchases step places its own orders afterwards (purchases.demo.ts), bought by Green Valley's owner and manager.
    expect(done.get("orders")).toBe(
      await count(sql`select count(*)::int as n from order_info o join shop s on s.id = o.shop_id
        where o.buyer_member_id not in (select id from member where login_name in ('demo', 'demo-manager'))`),
    );
    expect(await count(sql`select count(*)::int as n from order_info where buyer_bo_id is not null`)).toBe(DEMO_PURCHASE_FATES.length);
    expect(done.get("evaluations")).toBe(DEMO_EVALUATIONS_PER_SELLER * 2);
    expect(done.get("evaluations")).toBe(await count(sql`select count(*)::int as n from order_evaluation`));
    expect(done.get("after-sales")).toBe(await count(sql`select count(*)::int as n from after_sale_apply`));
    expect(done.get("invoices")).toBe(await count(sql`select count(*)::int as n from invoice_request`));
    expect(done.get("after-sales")).toBeGreaterThan(0);
  });

  it("when the orders are written, then their count is told as it grows, up to the whole", () => {
    const orders = told.filter((p) => p.step === "orders" && p.rows).map((p) => p.rows?.done ?? 0);
    const total = DEMO_ORDERS_PER_SELLER * 2;
    expect(orders.length).toBeGreaterThan(10);
    expect(orders.filter((n) => n > 0 && n < total).length).toBeGreaterThan(5);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(orders.at(-1)).toBe(total);
  });

  it("when the demo is seeded, then it takes a few thousand statements, not one a row (10,571 before issue 23)", () => {
    expect(statements).toBeGreaterThan(500);
    expect(statements).toBeLessThan(4000);
  });

  it("when the demo exists already, then a second seed writes nothing and tells nothing", async () => {
    const again: SeedProgress[] = [];
    expect(await seedDemoData(database.db, { onProgress: (p) => again.push(p) })).toBe(false);
    expect(again).toEqual([]);
  });
});

describe("the printed progress", () => {
  const run = (tty: boolean) => {
    let clock = 0;
    const out: string[] = [];
    const printer = seedProgressPrinter({ write: (t) => out.push(t), tty, now: () => clock });
    printer.onProgress({ step: "sellers", finished: false });
    printer.onProgress({ step: "sellers", finished: true });
    printer.onProgress({ step: "orders", finished: false, rows: { done: 0, total: 4000 } });
    for (const done of [1, 2, 3, 4]) {
      clock += 1500;
      printer.onProgress({ step: "orders", finished: false, rows: { done, total: 4000 } });
    }
    clock += 2000;
    printer.onProgress({ step: "orders", finished: true, rows: { done: 4000, total: 4000 } });
    printer.done();
    return out.join("");
  };

  it("when the output is not a terminal, then it is plain lines: one per part done and one every few seconds within a part", () => {
    expect(run(false).split("\n")).toEqual([
      "Seeding demo data (first start only)…",
      "Seeding demo data: sellers",
      "Seeding demo data: orders 2/4,000…",
      "Seeding demo data: orders 4/4,000…",
      "Seeding demo data: orders 4,000",
      "Demo data seeded in 8.0 s: orders 4,000.",
      "",
    ]);
  });

  it("when the output is a terminal, then one line is rewritten in place and ends with the summary", () => {
    const text = run(true);
    expect(text).toContain("\r\x1b[2KSeeding demo data (3 s): orders 2/4,000…");
    expect(text.endsWith("\r\x1b[2KDemo data seeded in 8.0 s: orders 4,000.\n")).toBe(true);
    expect(text.split("\n")).toHaveLength(2);
  });

  it("when a part has no count, then only its name is told", () => {
    expect(describeProgress({ step: "staff", finished: true })).toBe("staff");
    expect(describeProgress({ step: "orders", finished: false, rows: { done: 1200, total: 4000 } })).toBe("orders 1,200/4,000");
  });
});
