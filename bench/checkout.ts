// Checkout under concurrency (issue 24 goal 4: ≥ 0.5 × the bare transaction's throughput at 16 buyers across many SKUs,
// never overselling). 16 buyers, each with a real buyer session and a delivery address, check out one piece of a random
// SKU through the real call (`submitOrder`: session, validation, pricing, promotions, the orders, the stock), across
// BENCH_CHECKOUT_SKUS (default 200) SKUs and across 16. Beside each, in the same run, its ceiling: a bare Fastify route on
// a pool of the same size and driver running the least a checkout is — begin, take the stock (`update … where stock >=
// 1`, which locks the SKU), insert the order, insert its line, commit — for the same buyers and SKUs. Then a sell-out:
// 16 buyers racing for 16 SKUs of 20 pieces each must make exactly 320 orders. After every scenario: no SKU below zero,
// and each SKU's sold pieces (its stock's fall) equal the pieces its order lines hold.
import { performance } from "node:perf_hooks";
import { contract, SYSTEM_ID } from "@sbo/contract";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { createBuyerAccount } from "../apps/server/src/domains/identity/identity.port";
import { startBuyerSession } from "../apps/server/src/platform/auth/buyer-sessions";
import type { Database, Executor } from "../apps/server/src/platform/db/client";
import { newId } from "../apps/server/src/platform/db/ids";
import { watchStatements } from "../apps/server/src/test/statements";

const B = contract.buyer;
const SUBMIT = B.submitOrder.path;
const BUYERS = 16;
const SKUS = Number(process.env.BENCH_CHECKOUT_SKUS ?? 200);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 2000);
/** Every bench SKU starts each scenario with this much: none runs out. */
const PLENTY = 1_000_000;
const SELL_OUT = { skus: 16, stock: 20, attempts: 1000 };
/** The ceiling's answer when the stock is short (the real call answers `orders.stockShort`). */
const STOCK_SHORT = "000005";

interface Buyer {
  memberId: string;
  ticket: string;
  addressId: string;
}

export interface CheckoutRun {
  name: string;
  orders: number;
  refused: number;
  wallMs: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  statementsPerOrder: number | null;
  failed: Record<string, number>;
}

/** The bench's SKUs of the demo seller, one item each, on shelf, `count` of them under the id prefix `prefix`. */
async function seedSkus(db: Executor, boId: string, prefix: string, count: number) {
  await db.execute(sql`
    insert into goods (id, bo_id, shop_id, kind, name, status, logistics)
    select ${prefix} || 'G' || lpad(g::text, 6, '0'), ${boId}, (select id from shop where bo_id = ${boId} limit 1), 'goods',
           'Bench checkout item ' || ${prefix} || ' ' || g, 'on', '["express"]'::jsonb
    from generate_series(1, ${count}) g on conflict (id) do nothing`);
  await db.execute(sql`
    insert into goods_sku (id, bo_id, goods_id, price, stock)
    select ${prefix} || 'S' || lpad(g::text, 6, '0'), ${boId}, ${prefix} || 'G' || lpad(g::text, 6, '0'), 1000 + g, 0
    from generate_series(1, ${count}) g on conflict (id) do nothing`);
  return Array.from({ length: count }, (_, i) => `${prefix}S${String(i + 1).padStart(6, "0")}`);
}

/** Gives every SKU `stock` pieces (and their items the same total); answers the pieces their lines held before. */
async function restock(db: Executor, skus: string[], stock: number) {
  await db.execute(sql`update goods_sku set stock = ${stock} where id in ${skus}`);
  await db.execute(sql`update goods set stock_total = ${stock} where id in (select goods_id from goods_sku where id in ${skus})`);
  return linePieces(db, skus);
}

async function linePieces(db: Executor, skus: string[]) {
  const rows = (await db.execute(sql`select sku_id, sum(quantity)::int as n from order_line where sku_id in ${skus} group by sku_id`))
    .rows as { sku_id: string; n: number }[];
  return new Map(rows.map((r) => [r.sku_id, Number(r.n)]));
}

/** No SKU below zero; each SKU's fall from `stock` is exactly the pieces its order lines gained. Throws otherwise. */
async function proveNoOversell(db: Executor, skus: string[], stock: number, before: Map<string, number>) {
  const after = await linePieces(db, skus);
  const rows = (await db.execute(sql`select id, stock from goods_sku where id in ${skus}`)).rows as { id: string; stock: number }[];
  let sold = 0;
  for (const r of rows) {
    const ordered = (after.get(r.id) ?? 0) - (before.get(r.id) ?? 0);
    if (r.stock < 0 || stock - r.stock !== ordered) throw new Error(`oversold: ${r.id} stock ${r.stock}, ordered ${ordered} of ${stock}`);
    sold += ordered;
  }
  return { sold, negative: rows.filter((r) => r.stock < 0).length };
}

async function buyersOf(db: Executor, base: string, headers: Record<string, string>): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const phone = `1770000${String(i).padStart(4, "0")}`;
    const { member } = await createBuyerAccount(db, phone);
    const ticket = await startBuyerSession(db, member.id, "127.0.0.1", "bench");
    const post = (path: string, body: Record<string, unknown>) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { ...headers, cookie: `buyer_ticket=${ticket}` },
        body: JSON.stringify({ systemId: SYSTEM_ID, ...body }),
      }).then((r) => r.json() as Promise<{ code: string; data: unknown }>);
    const list = (await post(B.selAddressList.path, {})).data as { id: string }[];
    let addressId = list[0]?.id;
    if (!addressId) {
      const added = await post(B.addAddress.path, {
        name: `Bench buyer ${i}`,
        phone,
        areaCode: "330106",
        detail: "1 Bench Rd",
        isDefault: true,
      });
      addressId = (added.data as { id: string } | null)?.id;
    }
    if (!addressId) throw new Error("bench: no buyer address");
    buyers.push({ memberId: member.id, ticket, addressId });
  }
  return buyers;
}

/** The ceiling: the least a checkout is, on a pool of the same size and driver, as one bare route. */
async function checkoutCeiling(url: string, poolMax: number, boId: string) {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  const shop = (await pool.query("select id from shop where bo_id = $1 limit 1", [boId])).rows[0] as { id: string };
  const app = Fastify({ logger: false });
  app.post("/checkout-ceiling", async (req) => {
    const { skuId, buyerMemberId } = req.body as { skuId: string; buyerMemberId: string };
    const client = await pool.connect();
    try {
      await client.query("begin");
      const taken = await client.query(
        "update goods_sku set stock = stock - 1, updated_at = now() where id = $1 and stock >= 1 returning goods_id, price",
        [skuId],
      );
      const sku = taken.rows[0] as { goods_id: string; price: string } | undefined;
      if (!sku) {
        await client.query("rollback");
        return { code: STOCK_SHORT, msg: "stock short", data: null };
      }
      const orderId = newId();
      await client.query(
        `insert into order_info (id, order_no, bo_id, shop_id, buyer_member_id, goods_amount, freight_amount, pay_amount, address)
         values ($1, $2, $3, $4, $5, $6, 0, $6, $7)`,
        [orderId, `C${orderId}`, boId, shop.id, buyerMemberId, sku.price, JSON.stringify({ name: "Bench", detail: "1 Bench Rd" })],
      );
      await client.query(
        `insert into order_line (id, order_id, bo_id, goods_id, sku_id, goods_name, unit_price, price_source, quantity, amount)
         values ($1, $2, $3, $4, $5, 'Bench', $6, 'price', 1, $6)`,
        [newId(), orderId, boId, sku.goods_id, skuId, sku.price],
      );
      await client.query("commit");
      return { code: "0", msg: "success", data: { id: orderId } };
    } catch (err) {
      await client.query("rollback").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/** `total` checkouts by the 16 buyers at once (one worker each), each of one piece of a random SKU of `skus`. */
async function drive(
  name: string,
  total: number,
  buyers: Buyer[],
  skus: string[],
  send: (b: Buyer, skuId: string) => Promise<{ code: string; reason?: string; msg?: string }>,
  statements: (() => number) | null,
): Promise<CheckoutRun> {
  const times: number[] = [];
  let next = 0;
  let refused = 0;
  /** Answers neither an order nor a stock refusal, by reason (the server log says why); more than 1 % stops the bench. */
  const failed = new Map<string, number>();
  const before = statements?.() ?? 0;
  const started = performance.now();
  await Promise.all(
    buyers.map(async (b) => {
      while (next < total) {
        next++;
        const skuId = skus[Math.floor(Math.random() * skus.length)] ?? "";
        const s = performance.now();
        const res = await send(b, skuId);
        if (res.code === "0") times.push(performance.now() - s);
        else if (res.reason === "orders.stockShort" || res.code === STOCK_SHORT) refused++;
        else {
          const why = res.reason ?? res.code;
          failed.set(why, (failed.get(why) ?? 0) + 1);
          if ([...failed.values()].reduce((a, c) => a + c, 0) > total / 100) throw new Error(`${name}: ${JSON.stringify(res)}`);
        }
      }
    }),
  );
  const wallMs = performance.now() - started;
  times.sort((a, c) => a - c);
  const pct = (p: number) => Number((times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(1));
  const sent = statements ? statements() - before : null;
  return {
    name,
    orders: times.length,
    refused,
    wallMs: Math.round(wallMs),
    ordersPerSecond: Math.round((times.length / wallMs) * 1000),
    p50: pct(0.5),
    p99: pct(0.99),
    statementsPerOrder: sent === null || times.length === 0 ? null : Number((sent / (times.length + refused)).toFixed(1)),
    failed: Object.fromEntries(failed),
  };
}

/** The checkout scenarios beside their ceilings, the sell-out, and the oversell proofs. */
export async function checkoutBench(o: {
  database: Database;
  url: string;
  poolMax: number;
  boId: string;
  base: string;
  headers: Record<string, string>;
}) {
  const { db } = o.database;
  const many = await seedSkus(db, o.boId, "CKM", SKUS);
  const hot = many.slice(0, 16);
  const sellOut = await seedSkus(db, o.boId, "CKX", SELL_OUT.skus);
  await db.execute(sql`analyze goods_sku`);
  await db.execute(sql`analyze goods`);
  const buyers = await buyersOf(db, o.base, o.headers);
  // Every statement the app sends (the session's query, begin and commit, the announcement after it included).
  const watch = watchStatements(o.database);
  const statements = () => watch.texts.length;

  const real = (b: Buyer, skuId: string) =>
    fetch(`${o.base}${SUBMIT}`, {
      method: "POST",
      headers: { ...o.headers, cookie: `buyer_ticket=${b.ticket}` },
      body: JSON.stringify({ systemId: SYSTEM_ID, addressId: b.addressId, items: [{ skuId, quantity: 1 }] }),
    }).then((r) => r.json() as Promise<{ code: string; reason?: string }>);
  const ceiling = await checkoutCeiling(o.url, o.poolMax, o.boId);
  const bare = (b: Buyer, skuId: string) =>
    fetch(`${ceiling.base}/checkout-ceiling`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ skuId, buyerMemberId: b.memberId }),
    }).then((r) => r.json() as Promise<{ code: string }>);

  const runs: CheckoutRun[] = [];
  const ratios: { name: string; ratio: number }[] = [];
  const proofs: { name: string; sold: number; negative: number }[] = [];
  for (const [label, skus] of [
    [`${SKUS} SKUs`, many],
    ["16 SKUs", hot],
  ] as const) {
    let before = await restock(db, many, PLENTY);
    const c = await drive(`ceiling: bare checkout transaction, 16 buyers across ${label}`, CHECKOUTS, buyers, skus, bare, null);
    c.statementsPerOrder = 5;
    proofs.push({ name: c.name, ...(await proveNoOversell(db, many, PLENTY, before)) });
    before = await restock(db, many, PLENTY);
    const r = await drive(`checkout (submitOrder), 16 buyers across ${label}`, CHECKOUTS, buyers, skus, real, statements);
    proofs.push({ name: r.name, ...(await proveNoOversell(db, many, PLENTY, before)) });
    runs.push(c, r);
    ratios.push({ name: r.name, ratio: Number((r.ordersPerSecond / c.ordersPerSecond).toFixed(2)) });
    console.log(
      `${r.name}: ${r.ordersPerSecond} orders/s, p50/p99 ${r.p50}/${r.p99} ms, ${r.statementsPerOrder} statements an order; ` +
        `ceiling ${c.ordersPerSecond} orders/s, p50/p99 ${c.p50}/${c.p99} ms; ratio ${ratios.at(-1)?.ratio}`,
    );
  }
  // The sell-out: far more attempts than pieces; exactly the pieces are sold.
  const before = await restock(db, sellOut, SELL_OUT.stock);
  const s = await drive(
    `sell-out: 16 buyers, ${SELL_OUT.attempts} checkouts for 16 SKUs of ${SELL_OUT.stock}`,
    SELL_OUT.attempts,
    buyers,
    sellOut,
    real,
    statements,
  );
  const proof = await proveNoOversell(db, sellOut, SELL_OUT.stock, before);
  proofs.push({ name: s.name, ...proof });
  runs.push(s);
  if (s.orders !== SELL_OUT.skus * SELL_OUT.stock || proof.sold !== s.orders)
    throw new Error(`sell-out: ${s.orders} orders, ${proof.sold} pieces sold, ${SELL_OUT.skus * SELL_OUT.stock} in stock`);
  console.log(`${s.name}: ${s.orders} orders, ${s.refused} refused (stock short), ${proof.sold} pieces sold, none below zero`);
  await ceiling.close();
  return { runs, ratios, proofs };
}
