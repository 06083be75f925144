import { contract } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { tsqueryText } from "../catalogue/search/search.rules";
import { KEYWORD_WINDOW, TAB_STATUSES } from "./orders.repository";

/*
 * The order list's search (docs/domains/orders.md "Search"): each keyword kind found through its own index, alone and
 * with tabs, dates and paging, gives exactly the orders a plain scan of the seller's orders by the same meaning gives,
 * in the same order; the tab counts equal the list's totals and the plain counts; the kept counts follow status
 * changes, seller deletions and deletes; beyond 10,000 matches the counts say "at least".
 */

const O = contract.orders;
let t: TestApp;
let owner: string;
let boId: string;
const tag = `S${Date.now().toString(36).toUpperCase()}`;
const phoneA = "13700000001"; // buyer_phone: one order in three
const phoneB = "13700000002"; // the account's phone only (no buyer_phone): a handful of orders
const ROWS = 1300;

interface Ref {
  id: string;
  status: string;
}

/** The plain meaning of a search, scanned without any index order: what the list must answer. */
async function reference(f: { keyword?: string; from?: string; to?: string }, statuses: string[] | null): Promise<Ref[]> {
  const parts = [sql`bo_id = ${boId}`, sql`seller_deleted_at is null`];
  if (statuses) parts.push(sql`status in ${statuses}`);
  if (f.from) parts.push(sql`created_at >= ${f.from}::timestamptz`);
  if (f.to) parts.push(sql`created_at < ${f.to}::timestamptz`);
  if (f.keyword !== undefined) {
    const k = f.keyword.trim();
    const any = [sql`false`];
    if (/^[0-9A-Za-z-]+$/.test(k)) any.push(sql`left(order_no, ${k.length}) = ${k}`);
    const p = k.replace(/[\s-]/g, "");
    if (/^\+?\d{5,20}$/.test(p))
      any.push(sql`buyer_member_id in (select id from member where buyer_phone = ${p} or (phone = ${p} and buyer_phone is null))`);
    const words = tsqueryText(k);
    if (words) any.push(sql`goods_doc @@ to_tsquery('simple', ${words})`);
    parts.push(sql`(${sql.join(any, sql` or `)})`);
  }
  const res = await t.db.execute(
    sql`select id, status from order_info where ${sql.join(parts, sql` and `)} order by created_at desc, id desc`,
  );
  return (res as unknown as { rows: Ref[] }).rows;
}

const countsOf = (rows: Ref[]) =>
  Object.fromEntries(
    Object.entries(TAB_STATUSES).map(([tab, statuses]) => [tab, rows.filter((r) => !statuses || statuses.includes(r.status)).length]),
  );

/** `count` orders of the seller, order g placed `offsetMinutes + g` minutes ago, each with one line named by `goods(g)`. */
async function generate(first: number, count: number, offsetMinutes: number, goods: (g: string) => ReturnType<typeof sql>) {
  await t.db.execute(sql`
    insert into order_info (id, order_no, bo_id, shop_id, buyer_member_id, status, goods_amount, freight_amount, pay_amount,
                            address, created_at, updated_at, seller_deleted_at)
    select ${tag} || '-' || g, ${tag} || lpad((g / 100)::text, 4, '0') || '-' || lpad(g::text, 6, '0'), ${boId},
           (select id from shop where bo_id = ${boId} limit 1),
           case when g % 3 = 0 then ${`${tag}A`} when g % 250 = 7 then ${`${tag}B`} else ${`${tag}C`} end,
           (array['pendingPayment','paid','partlyShipped','shipped','received','completed','cancelled'])[1 + g % 7],
           1000, 0, 1000,
           jsonb_build_object('name', 'R', 'phone', '13600000000', 'areaCode', '330106', 'areaName', 'x', 'detail', 'y'),
           now() - make_interval(mins => ${offsetMinutes}::int + g), now(), case when g % 97 = 0 then now() end
    from generate_series(${first}::int, ${first + count - 1}::int) g`);
  await t.db.execute(sql`
    insert into order_line (id, order_id, bo_id, goods_id, sku_id, goods_name, unit_price, price_source, quantity, amount)
    select ${tag} || '-L' || g, ${tag} || '-' || g, ${boId}, 'G', 'K', ${goods("g")}, 1000, 'price', 1, 1000
    from generate_series(${first}::int, ${first + count - 1}::int) g`);
}

beforeAll(async () => {
  t = await createTestApp();
  const s = await createSeller(t);
  boId = s.boId;
  owner = await t.login(s.loginName, s.password);
  await t.db.execute(sql`
    insert into member (id, login_name, phone, buyer_phone, name, password_hash) values
      (${`${tag}A`}, ${`${tag}-a`}, ${phoneA}, ${phoneA}, 'A', 'x'),
      (${`${tag}B`}, ${`${tag}-b`}, ${phoneB}, null, 'B', 'x'),
      (${`${tag}C`}, ${`${tag}-c`}, null, null, 'C', 'x')`);
  // Oranges in every other order; durian in three; rambutan in twenty, all older than the newest KEYWORD_WINDOW rows.
  await generate(1, ROWS, 0, (g) =>
    sql.raw(`case when ${g} in (5, 600, 1250) then 'Durian 榴莲' when ${g} > 1100 and ${g} % 10 = 0 then 'Rambutan 红毛丹'
              when ${g} % 2 = 0 then 'Navel oranges 赣南脐橙' else 'Pak choi 上海青' end`),
  );
}, 120_000);
afterAll(() => t.close());

describe("the order list's search", () => {
  it("when every keyword kind is searched alone and with tabs, dates and pages, then the list and the counts are the plain scan's", async () => {
    expect(ROWS).toBeGreaterThan(KEYWORD_WINDOW);
    const keywords = [
      undefined,
      "脐橙",
      "Navel",
      "navel oranges",
      "榴莲",
      "红毛丹",
      "rambutan",
      phoneA,
      `${phoneA.slice(0, 3)} ${phoneA.slice(3, 7)}-${phoneA.slice(7)}`,
      phoneB,
      "13799999999",
      `${tag}0006-000612`,
      `${tag}0003-`,
      `${tag}001`,
      tag,
      "no such goods",
    ];
    const minute = 60_000;
    const windows = [
      {},
      { from: new Date(Date.now() - 1200 * minute).toISOString(), to: new Date(Date.now() - 100 * minute).toISOString() },
    ];
    for (const keyword of keywords)
      for (const dates of windows) {
        const f = { ...(keyword !== undefined ? { keyword } : {}), ...dates };
        const label = JSON.stringify(f);
        const all = await reference(f, null);
        const counts = await t.call(O.selectOrderCount, f, { ticket: owner });
        expect(counts.data, label).toEqual(countsOf(all));
        for (const tab of ["all", "toShip", "cancelled"] as const) {
          const want = await reference(f, TAB_STATUSES[tab] ?? null);
          const p1 = await t.call(O.selOrderListByPage, { ...f, tab, pageSize: 20 }, { ticket: owner });
          expect(p1.code, label).toBe("0");
          expect(
            p1.data.list.map((r) => r.id),
            `${label} ${tab} page 1`,
          ).toEqual(want.slice(0, 20).map((r) => r.id));
          expect(p1.data.total, label).toBe(want.length);
          expect(p1.data.counts, label).toEqual(countsOf(all));
          expect(p1.data.countsAtLeast).toBe(false);
          if (want.length > 20) {
            const p2 = await t.call(
              O.selOrderListByPage,
              { ...f, tab, pageSize: 20, cursor: p1.data.nextCursor as string },
              { ticket: owner },
            );
            expect(
              p2.data.list.map((r) => r.id),
              `${label} ${tab} page 2 by cursor`,
            ).toEqual(want.slice(20, 40).map((r) => r.id));
            const p3 = await t.call(O.selOrderListByPage, { ...f, tab, pageSize: 20, pageNum: 3 }, { ticket: owner });
            expect(
              p3.data.list.map((r) => r.id),
              `${label} ${tab} page 3 by number`,
            ).toEqual(want.slice(40, 60).map((r) => r.id));
          } else expect(p1.data.nextCursor, label).toBeNull();
        }
      }
  }, 600_000);

  it("when orders change status, are deleted by the seller or removed, then the kept tab counts stay the plain counts", async () => {
    const check = async () => {
      const want = countsOf(await reference({}, null));
      expect((await t.call(O.selectOrderCount, {}, { ticket: owner })).data).toEqual(want);
      expect((await t.call(O.selOrderListByPage, { tab: "toShip" }, { ticket: owner })).data.total).toBe(want.toShip);
    };
    await check();
    await t.db.execute(
      sql`update order_info set status = 'cancelled' where bo_id = ${boId} and status = 'paid' and id like ${`${tag}-1%`}`,
    );
    await check();
    await t.db.execute(
      sql`update order_info set seller_deleted_at = now() where bo_id = ${boId} and status = 'shipped' and id like ${`${tag}-2%`}`,
    );
    await check();
    await t.db.execute(sql`update order_info set seller_deleted_at = null where bo_id = ${boId} and id = ${`${tag}-97`}`);
    await check();
    await t.db.execute(sql`delete from order_info where bo_id = ${boId} and id like ${`${tag}-3%`}`);
    await check();
  }, 120_000);

  it("when a keyword matches more than 10,000 orders, then the page is still the newest matches and the counts say at least", async () => {
    // 10,200 orders of mangoes (one in 97 deleted by the seller), all placed before every order above (so neither the newest rows nor the cap find them).
    await generate(100_000, 10_200, 10_000, () => sql`'Mango 芒果'`);
    const f = { keyword: "芒果" };
    const want = await reference(f, null);
    expect(want.length).toBeGreaterThan(10_000);
    const p1 = await t.call(O.selOrderListByPage, { ...f, pageSize: 20 }, { ticket: owner });
    expect(p1.data.list.map((r) => r.id)).toEqual(want.slice(0, 20).map((r) => r.id));
    expect(p1.data.countsAtLeast).toBe(true);
    expect(p1.data.counts.all).toBe(10_000);
    const exact = countsOf(want);
    for (const [tab, n] of Object.entries(p1.data.counts)) expect(n).toBeLessThanOrEqual(exact[tab] ?? 0);
    const toShip = await t.call(O.selOrderListByPage, { ...f, tab: "toShip", pageSize: 20 }, { ticket: owner });
    const wantShip = await reference(f, TAB_STATUSES.toShip ?? null);
    expect(toShip.data.list.map((r) => r.id)).toEqual(wantShip.slice(0, 20).map((r) => r.id));
    expect(toShip.data.total).toBe(toShip.data.counts.toShip);
    // Without a keyword, the kept counts are exact and capped as before.
    expect((await t.call(O.selectOrderCount, {}, { ticket: owner })).data.all).toBe(10_000);
  }, 300_000);
});
