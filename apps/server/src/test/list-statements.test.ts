import { type Call, codes, contract, type OrderDetail } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employee, member, organization } from "../domains/identity/identity.tables";
import { meOf } from "./fixtures";
import { createTestApp, type TestApp } from "./harness";

/**
 * Per-call cost (issue 7 §3): a list's SQL statement count must not grow with its page size (no query per
 * row). Every paged call of the contract (an input with pageNum/pageSize) is called with page sizes 20 and
 * 100 over more than 100 rows, counting the statements that reach the database client.
 */
let t: TestApp;
let owner: string;
let statements = 0;

/** Counts every statement sent through the test database's client (PGlite or the node-postgres pool). */
function countStatements(db: unknown) {
  const client = (db as { $client: Record<string, unknown> }).$client;
  for (const method of ["query", "exec"]) {
    const original = client[method];
    if (typeof original !== "function") continue;
    client[method] = function (this: unknown, ...args: unknown[]) {
      statements += 1;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
}

const shapeOf = (call: Call) => (call.input as unknown as { shape?: Record<string, unknown> }).shape;
/** The paged calls (pageNum and pageSize, or keyset: pageSize and a cursor), with what each needs besides the page. */
const paged: Array<[string, Call]> = Object.entries(contract).flatMap(([domain, calls]) =>
  Object.entries(calls as Record<string, Call>)
    // The buyer API's one list (a buyer's own orders, ≤ 50 a page) answers a buyer ticket: orders.test.ts covers it.
    .filter(([, call]) => call.access !== "buyer")
    .filter(([, call]) => {
      const shape = shapeOf(call);
      return !!shape && "pageSize" in shape && ("pageNum" in shape || "cursor" in shape);
    })
    .map(([name, call]) => [`${domain}.${name}`, call] as [string, Call]),
);
const extraInput: Record<string, Record<string, unknown>> = {
  "supplier.selShopSupplierPage": { kind: "purchase" },
  "supplier.selOrgShortByNamePage": { name: "Listed" },
  // Newest first, so both pages hold packages (whose parts are one more query for the page, not one per row).
  "search.goodsListV3": { sort: "newest" },
  "goodsPublic.selBoListByParam": { keyword: "Listed" },
  // Keyset (pageSize and cursor): the listed organisations' open shops, each with an area and a main category.
  "basicShop.selShopByParam": { name: "Listed shop" },
  "freight.selPageByRefId": { refId: `LF${"1".padStart(24, "0")}` },
  "shopCategory.selShopClassifyGoodsByPage": { classifyId: "LISTED-CATEGORY" },
  "recommend.selExistRecommendByPage": { classifyId: "LISTED-GROUP" },
  "advertDetail.selAdvertDetailByAdId": { adId: "LISTED-ADVERT" },
  ...Object.fromEntries(
    ["selSellerStatementByPC", "selSellerDateNumByPC", "selBuyerStatementByPC", "selBuyerDateNumByPC"].map((n) => [
      `statement.${n}`,
      { from: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) },
    ]),
  ),
  "coupon.selCouponList": { regCode: "LISTED-RULE" },
  "coupon.selCouponUsageDetails": { regCode: "LISTED-RULE" },
  "cardPool.selCouponInfoAndCardPoolRecordsByPage": { poolId: `LCP${"1".padStart(24, "0")}` },
};

const ROWS = 110;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  const { boId } = await meOf(t, owner);
  const n = sql`generate_series(1, ${ROWS}) g`;
  // Staff, organisations, audit entries and releases straight into their tables.
  await t.db.execute(sql`
    with m as (
      insert into ${member} (id, login_name, name, password_hash)
      select 'LS' || lpad(g::text, 24, '0'), 'list-staff-' || g, 'Listed staff ' || g, 'x' from ${n}
      returning id
    )
    insert into ${employee} (id, bo_id, member_id) select 'LE' || substr(id, 3), ${boId}, id from m`);
  await t.db.execute(sql`insert into ${organization} (id, name) select 'LO' || lpad(g::text, 24, '0'), 'Listed org ' || g from ${n}`);
  // Each listed organisation with an open shop and an item on shelf (the sellers' directory).
  await t.db.execute(
    sql`insert into shop (id, bo_id, name, brand, area_code, main_category_id)
        select 'LS' || lpad(g::text, 24, '0'), 'LO' || lpad(g::text, 24, '0'), 'Listed shop ' || g, 'L', '330106', 'C0' || (1 + g % 6) from ${n}`,
  );
  await t.db.execute(sql`
    insert into goods (id, bo_id, shop_id, kind, name, status)
    select 'LQ' || lpad(g::text, 24, '0'), 'LO' || lpad(g::text, 24, '0'), 'LS' || lpad(g::text, 24, '0'), 'goods', 'Listed item ' || g, 'on' from ${n}`);
  // Each listed organisation also offers a service and wants one (the service boards, every seller's), in its city.
  for (const [prefix, type] of [
    ["LW", "serviceOffer"],
    ["LX", "serviceWant"],
  ] as const) {
    await t.db.execute(sql`
      insert into goods (id, bo_id, shop_id, kind, listing_type, name, status, category_id, unit_id, service_areas, price_min, price_max, on_shelf_at)
      select ${prefix} || lpad(g::text, 24, '0'), 'LO' || lpad(g::text, 24, '0'), 'LS' || lpad(g::text, 24, '0'), 'goods', ${type},
        'Listed service ' || g, 'on', 'C0801', 'tonne', '["330100"]'::jsonb, 100 * g, 100 * g, now() - (g || ' minutes')::interval
      from ${n}`);
    await t.db.execute(sql`
      insert into goods_sku (id, bo_id, goods_id, price) select ${prefix} || 'K' || lpad(g::text, 23, '0'), 'LO' || lpad(g::text, 24, '0'),
        ${prefix} || lpad(g::text, 24, '0'), 100 * g from ${n}`);
  }
  // Invitations to other accounts, and authorisation requests from the listed organisations to this one.
  await t.db.execute(sql`
    with m as (
      insert into ${member} (id, login_name, name, password_hash)
      select 'LI' || lpad(g::text, 24, '0'), 'list-invitee-' || g, 'Invitee ' || g, 'x' from ${n}
      returning id
    )
    insert into staff_invitation (id, bo_id, member_id, invited_by) select 'LN' || substr(id, 3), ${boId}, id, 'x' from m`);
  await t.db.execute(sql`
    insert into shop_supplier (id, bo_id, shop_id, kind, name, supplier_bo_id, consent)
    select 'LR' || lpad(g::text, 24, '0'), 'LO' || lpad(g::text, 24, '0'), 'LSHOP', 'authorised', 'Requester ' || g, ${boId}, 'pending'
    from ${n}`);
  await t.db.execute(sql`
    insert into audit_log (bo_id, member_id, call, table_name, target_id, action, diff, request_id, at)
    select ${boId}, null, '/api/seller/list/call', 'goods', 'T' || g, 'update', '{}'::jsonb, null, now() - (g || ' seconds')::interval
    from ${n}`);
  await t.db.execute(sql`
    insert into sys_version (id, version, title, notes, released_at)
    select 'LV' || lpad(g::text, 24, '0'), '0.0.' || g, 'Release ' || g, 'Notes', now() - (g || ' days')::interval from ${n}`);
  // Goods on shelf, each with a SKU, a member price, a ladder and a trace record; packages of two of them.
  const id = (prefix: string, g = sql`g`) => sql`${prefix} || lpad((${g})::text, 24, '0')`;
  await t.db.execute(sql`
    insert into goods (id, bo_id, shop_id, kind, name, status, price_min, price_max, stock_total, logistics)
    select ${id("LG")}, ${boId}, 'LSHOP', 'goods', 'Listed goods ' || g, 'on', 100, 100, 5, '["express"]'::jsonb from ${n}`);
  // Half of them pay a rebate (the rebate list, every seller's: the demo's own come on top).
  await t.db.execute(
    sql`update goods set rebate_bp = 100 * (substr(id, 3)::int % 50), on_shelf_at = now() where bo_id = ${boId} and id like 'LG%'`,
  );
  await t.db.execute(sql`
    insert into goods_sku (id, bo_id, goods_id, price, stock) select ${id("LK")}, ${boId}, ${id("LG")}, 100, 5 from ${n}`);
  await t.db.execute(sql`
    insert into goods_member_price (bo_id, goods_id, sku_id, rank_id, price)
    select ${boId}, ${id("LG")}, ${id("LK")}, (select r.id from member_rank r where r.bo_id = ${boId} order by r.level limit 1), 50 from ${n}`);
  await t.db.execute(sql`
    insert into goods_ladder_price (bo_id, goods_id, sku_id, tiers)
    select ${boId}, ${id("LG")}, ${id("LK")}, '[{"minQuantity":5,"price":90}]'::jsonb from ${n}`);
  await t.db.execute(
    sql`insert into goods_trace (id, bo_id, goods_id, origin) select ${id("LT")}, ${boId}, ${id("LG")}, 'Origin ' || g from ${n}`,
  );
  await t.db.execute(sql`
    insert into goods (id, bo_id, shop_id, kind, name, status, price_min, price_max, logistics)
    select ${id("LP")}, ${boId}, 'LSHOP', 'package', 'Listed package ' || g, 'on', 150, 150, '["express"]'::jsonb from ${n}`);
  await t.db.execute(sql`insert into goods_sku (id, bo_id, goods_id, price) select ${id("LQ")}, ${boId}, ${id("LP")}, 150 from ${n}`);
  await t.db.execute(sql`
    insert into goods_package_item (bo_id, package_id, goods_id, sku_id, quantity, sort)
    select ${boId}, ${id("LP")}, ${id("LG")}, ${id("LK")}, 1, 0 from ${n}
    union all
    select ${boId}, ${id("LP")}, ${id("LG", sql`(g % ${ROWS}) + 1`)}, ${id("LK", sql`(g % ${ROWS}) + 1`)}, 2, 1 from ${n}`);
  // Freight templates (past the shop's limit of 100: straight into the table) and the rows of the first, half used by goods.
  await t.db.execute(sql`
    insert into freight_template (id, bo_id, shop_id, name, charge_type, first_unit, first_fee, additional_unit, additional_fee)
    select ${id("LF")}, ${boId}, 'LSHOP', 'Listed freight ' || g, 'piece', 1, 100, 1, 50 from ${n}`);
  await t.db.execute(sql`
    insert into freight_template_info (id, bo_id, template_id, kind, areas, free_by, threshold, sort)
    select ${id("LJ")}, ${boId}, ${id("LF", sql`1`)}, 'free', '["330000"]'::jsonb, 'amount', 100 * g, g from ${n}`);
  await t.db.execute(sql`update goods set freight_template_id = 'LF' || lpad(((substr(id, 3)::int % ${ROWS}) + 1)::text, 24, '0')
    where bo_id = ${boId} and id like 'LG%' and substr(id, 3)::int % 2 = 0`);
  // A shop category holding every listed item, and a recommendation group holding 100 (its most).
  await t.db.execute(sql`
    insert into shop_classify (id, bo_id, shop_id, parent_id, name, sort) values ('LISTED-CATEGORY', ${boId}, 'LSHOP', null, 'Listed', 999)`);
  await t.db.execute(
    sql`insert into shop_classify_goods (id, bo_id, classify_id, goods_id) select ${id("LC")}, ${boId}, 'LISTED-CATEGORY', ${id("LG")} from ${n}`,
  );
  await t.db.execute(sql`
    insert into recommend_classify (id, bo_id, shop_id, name, sort) values ('LISTED-GROUP', ${boId}, 'LSHOP', 'Listed', 999)`);
  await t.db.execute(sql`
    insert into recommend_info (id, bo_id, classify_id, goods_id, sort)
    select ${id("LI")}, ${boId}, 'LISTED-GROUP', ${id("LG")}, g from generate_series(1, 100) g`);
  // Adverts past the shop's limit, one holding an item per listed goods (straight into the tables), and content pages.
  await t.db.execute(sql`
    insert into shop_advert (id, bo_id, shop_id, name, position, sort) select ${id("AD")}, ${boId}, 'LSHOP', 'Listed advert ' || g, 'homeBanner', 100 + g
    from ${n}`);
  await t.db.execute(sql`
    insert into shop_advert (id, bo_id, shop_id, name, position, sort) values ('LISTED-ADVERT', ${boId}, 'LSHOP', 'Listed advert', 'homeBanner', 999)`);
  await t.db.execute(sql`
    insert into shop_advert_item (id, bo_id, ad_id, title, image_file_id, link_kind, link_target, sort)
    select ${id("AI")}, ${boId}, 'LISTED-ADVERT', 'Item ' || g, 'LISTED-FILE', 'goods', ${id("LG")}, g from ${n}`);
  // Shops of authorised suppliers that accepted (the advert link picker's shops).
  await t.db.execute(sql`
    insert into shop (id, bo_id, name, brand) select ${id("SH")}, ${id("SB")}, 'Linked shop ' || g, 'Linked' from ${n}`);
  await t.db.execute(sql`
    insert into shop_supplier (id, bo_id, shop_id, kind, name, supplier_bo_id, consent)
    select ${id("SS")}, ${boId}, 'LSHOP', 'authorised', 'Linked supplier ' || g, ${id("SB")}, 'accepted' from ${n}`);
  await t.db.execute(sql`
    insert into shop_content (id, bo_id, shop_id, code, title, content, text_length)
    select ${id("CT")}, ${boId}, 'LSHOP', 'listed-' || g, 'Listed page ' || g, '<p>Text</p>', 4 from ${n}`);
  // Orders from the listed staff accounts placed for the organisation, each with two lines (straight into the tables).
  await t.db.execute(sql`
    insert into order_info (id, order_no, bo_id, shop_id, buyer_member_id, buyer_bo_id, status, goods_amount, freight_amount, pay_amount, address, created_at)
    select ${id("LO")}, 'LNO' || lpad(g::text, 10, '0'), ${boId}, 'LSHOP', ${id("LS")}, ${boId}, 'paid', 200, 0, 200,
           '{"name":"A","phone":"13800000000","areaCode":"330106","areaName":"x","detail":"x"}'::jsonb, now() - (g || ' minutes')::interval
    from ${n}`);
  // Each paid on its own day (statements: the shop's days and orders; the organisation's own purchases, placed for it).
  await t.db.execute(sql`update order_info set paid_at = now() - (substr(id, 3)::int || ' days')::interval where id like 'LO%'`);
  await t.db.execute(sql`
    insert into order_line (id, order_id, bo_id, goods_id, sku_id, goods_name, unit_price, price_source, quantity, amount, sort)
    select ${id("LL")} || k, ${id("LO")}, ${boId}, ${id("LG")}, ${id("LK")}, 'Listed goods ' || g, 100, 'price', 1, 100, k
    from ${n}, generate_series(1, 2) k`);
  // An offline payment voucher in review for each listed order (the review queue).
  await t.db.execute(sql`
    insert into order_payment (id, order_id, bo_id, buyer_member_id, method, provider, amount, status, payer_name, bank_ref, created_at)
    select ${id("LV")}, ${id("LO")}, ${boId}, ${id("LS")}, 'offline', 'offline', 200, 'reviewing', 'Payer ' || g, 'REF' || g,
           now() - (g || ' minutes')::interval
    from ${n}`);
  // A second online payment of each listed order, given back to the buyer (payments given back, finance).
  await t.db.execute(sql`
    insert into order_payment (id, order_id, bo_id, buyer_member_id, method, provider, amount, status, provider_ref, settled_at, created_at)
    select ${id("LW")}, ${id("LO")}, ${boId}, ${id("LS")}, 'online', 'sandbox', 200, 'succeeded', 'LREF' || g,
           now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from ${n}`);
  await t.db.execute(sql`
    insert into payment_refund (id, payment_id, order_id, bo_id, reason, status, amount, provider, provider_ref, refunded_at, created_at)
    select ${id("LX")}, ${id("LW")}, ${id("LO")}, ${boId}, 'alreadyPaid', 'refunded', 200, 'sandbox', 'LSBR' || g,
           now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from ${n}`);
  // Pickup points, and the listed orders as pickup orders awaiting pickup (straight into the tables).
  await t.db.execute(sql`
    insert into seller_address (id, bo_id, type, contact_name, phone, province_code, city_code, district_code, detail, open_time, close_time)
    select ${id("LA")}, ${boId}, 'pickup', 'Ada', '13812345678', '330000', '330100', '330106', g || ' Pickup Road', '08:00', '20:00' from ${n}`);
  await t.db.execute(sql`
    insert into order_fulfil (id, order_id, bo_id, mode, pickup_point, pickup_code)
    select ${id("LU")}, ${id("LO")}, ${boId}, 'pickup', jsonb_build_object('id', ${id("LA")}, 'detail', g || ' Pickup Road'), lpad(g::text, 8, '0')
    from ${n}`);
  // Each of those orders pushed to the ERP (orders-live: the push list).
  await t.db.execute(sql`
    insert into order_push (id, bo_id, order_id, order_no, status, attempts)
    select ${id("LP")}, ${boId}, ${id("LO")}, 'LNO' || lpad(g::text, 10, '0'), 'succeeded', 1 from ${n}`);
  // An invoice request for each of those orders (the invoice list).
  await t.db.execute(sql`
    insert into invoice_request (id, bo_id, shop_id, order_id, order_no, buyer_member_id, title, invoice_type, amount, created_at)
    select ${id("LB")}, ${boId}, 'LSHOP', ${id("LO")}, 'LNO' || lpad(g::text, 10, '0'), ${id("LS")},
           '{"kind":"personal","name":"A","taxNo":"","invoiceType":"ordinary","bankName":"","bankAccount":"","registeredAddress":"","registeredPhone":"","email":""}'::jsonb,
           'ordinary', 200, now() - (g || ' minutes')::interval
    from ${n}`);
  // Promotions (the promotion list), each on none of the goods: the list's counts are subqueries of its page.
  await t.db.execute(sql`
    insert into promotion (id, bo_id, shop_id, name, kind, percent_off, starts_at, ends_at, created_at)
    select ${id("PM")}, ${boId}, 'LSHOP', 'Listed promotion ' || g, 'percent', 10, now() - interval '1 day', now() + (g || ' days')::interval,
           now() - (g || ' minutes')::interval
    from ${n}`);
  // Videos (the video library), all of one stored file.
  await t.db.execute(sql`
    insert into stored_file (id, bo_id, member_id, name, content_type, size, sha256, purpose)
    values ('LVFILE', ${boId}, ${id("LS", sql`1`)}, 'listed.mp4', 'video/mp4', 100, 'listed', 'video')`);
  await t.db.execute(sql`
    insert into media_video (id, bo_id, shop_id, title, video_file_id, goods_ids, created_at)
    select ${id("MV")}, ${boId}, 'LSHOP', 'Listed video ' || g, 'LVFILE', '[]'::jsonb, now() - (g || ' minutes')::interval from ${n}`);
  // Coupon rules and exchange vouchers, and one rule's coupons, each used on one of those orders (the coupon lists).
  await t.db.execute(sql`
    insert into coupon_rule (id, bo_id, shop_id, reg_code, kind, name, discount_type, amount, validity_type, valid_days, total_quantity,
                             exchange_code, created_at)
    select 'LCR' || k || lpad(g::text, 20, '0'), ${boId}, 'LSHOP', 'LISTED-' || k || g, k, 'Listed rule ' || g, 'amount', 100, 'days', 7,
           1000, case when k = 'exchange' then 'LISTEX' || g end, now() - (g || ' minutes')::interval
    from ${n}, unnest(array['coupon', 'exchange']) k`);
  await t.db.execute(sql`
    insert into coupon_rule (id, bo_id, shop_id, reg_code, name, discount_type, amount, validity_type, valid_days, total_quantity,
                             issued_quantity, used_quantity, state)
    values ('LCRULE', ${boId}, 'LSHOP', 'LISTED-RULE', 'Listed rule', 'amount', 100, 'days', 7, 1000, ${ROWS}, ${ROWS}, 'active')`);
  await t.db.execute(sql`
    insert into coupon (id, bo_id, rule_id, member_id, state, valid_from, valid_to, order_id, order_no, discount_amount, used_at, created_at)
    select ${id("LC")}, ${boId}, 'LCRULE', ${id("LS")}, 'used', now() - interval '1 day', now() + interval '6 days', ${id("LO")},
           'LNO' || lpad(g::text, 10, '0'), 100, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from ${n}`);
  // Card pools, and one pool's cards (the card pool lists).
  await t.db.execute(sql`
    insert into coupon_card_pool (id, bo_id, shop_id, rule_id, name, quantity, created_at)
    select ${id("LCP")}, ${boId}, 'LSHOP', 'LCRULE', 'Listed pool ' || g, 1, now() - (g || ' minutes')::interval from ${n}`);
  await t.db.execute(sql`
    insert into coupon_card (id, bo_id, pool_id, card_no, password_hash)
    select ${id("LCC")}, ${boId}, ${id("LCP", sql`1`)}, 'LC' || lpad(g::text, 10, '0'), 'x' from ${n}`);
  // Each of those orders evaluated, both lines, and each listed goods with its score (evaluation: the lists).
  await t.db.execute(sql`
    insert into order_evaluation (id, order_id, bo_id, shop_id, buyer_member_id, score, description_score, service_score, logistics_score,
                                  line_count, created_at)
    select ${id("EV")}, ${id("LO")}, ${boId}, 'LSHOP', ${id("LS")}, 1 + g % 5, 5, 4, 3, 2, now() - (g || ' minutes')::interval from ${n}`);
  await t.db.execute(sql`
    insert into order_evaluation_line (id, evaluation_id, order_id, bo_id, order_line_id, goods_id, sku_id, goods_name, score, content, sort,
                                       created_at)
    select ${id("EL")} || k, ${id("EV")}, ${id("LO")}, ${boId}, ${id("LL")} || k, ${id("LG")}, ${id("LK")}, 'Listed goods ' || g, 1 + g % 5,
           'Fine', k, now() - (g || ' minutes')::interval
    from ${n}, generate_series(1, 2) k`);
  await t.db.execute(sql`
    insert into goods_score (bo_id, goods_id, goods_name, lines, line_sum, score5) select ${boId}, ${id("LG")}, 'Listed goods ' || g, 2, 10, 2
    from ${n}`);
  // Addresses, suppliers and recharge offers through their calls.
  for (let i = 1; i <= ROWS; i++) {
    const results = await Promise.all([
      t.call(
        contract.address.addAddr,
        {
          type: "shipping",
          contactName: "Ada",
          phone: "13812345678",
          provinceCode: "330000",
          cityCode: "330100",
          districtCode: "330106",
          detail: `${i} List Road`,
        },
        { ticket: owner },
      ),
      t.call(contract.supplier.addShopSupplier, { kind: "purchase", name: `Listed farm ${i}` }, { ticket: owner }),
      t.call(
        contract.member.addOrUpdRechargePromotion,
        {
          name: `Offer ${i}`,
          payAmount: 10_000 + i,
          bonusAmount: 100,
          validFrom: "2026-01-01T00:00:00.000Z",
          validTo: "2099-01-01T00:00:00.000Z",
        },
        { ticket: owner },
      ),
    ]);
    for (const r of results) if (r.code !== codes.OK) throw new Error(`seeding failed: ${r.code} ${r.msg}`);
  }
  countStatements(t.db);
}, 600_000);
afterAll(() => t.close());

describe("a list's statement count does not depend on its page size", () => {
  it("covers every paged call of the contract", () => {
    expect(paged.map(([name]) => name).length).toBeGreaterThanOrEqual(8);
  });

  it.each(paged)("%s: as many statements for 100 rows as for 20", async (name, call) => {
    const run = async (pageSize: number) => {
      statements = 0;
      const page = "pageNum" in (shapeOf(call) ?? {}) ? { pageNum: 1, pageSize } : { pageSize };
      const res = await t.post<{ list: unknown[] }>(call.path, { ...extraInput[name], ...page }, { ticket: owner });
      expect(res.code, `${name} ${res.msg}`).toBe(codes.OK);
      return { statements, rows: res.data.list.length };
    };
    const small = await run(20);
    const large = await run(100);
    expect(small.rows).toBe(20);
    expect(large.rows).toBe(100);
    expect(small.statements).toBeGreaterThan(0);
    expect(large.statements).toBe(small.statements);
  });
});

describe("an order's detail", () => {
  it("is three statements (the session, the order, its parts), with every part there", async () => {
    const id = `LO${"1".padStart(24, "0")}`;
    // The listed orders' pickup point is a stub: the detail answers the whole point, as checkout snapshots it.
    const point = {
      id: "LA1",
      contactName: "Ada",
      phone: "13812345678",
      provinceCode: "330000",
      cityCode: "330100",
      districtCode: "330106",
      areaName: "Hangzhou",
      areaNameEn: "Hangzhou",
      detail: "1 Pickup Road",
      openTime: "08:00",
      closeTime: "20:00",
      isDefault: false,
    };
    await t.db.execute(sql`update order_fulfil set pickup_point = ${JSON.stringify(point)}::jsonb where order_id = ${id}`);
    statements = 0;
    const res = await t.post<OrderDetail>(
      contract.orders.selSellerOrderDetailById.path,
      { id: `LO${"1".padStart(24, "0")}` },
      { ticket: owner },
    );
    expect(res.code, res.msg).toBe(codes.OK);
    expect(statements).toBeLessThanOrEqual(3);
    const d = res.data;
    expect(d.lines.map((l) => l.quantity)).toEqual([1, 1]);
    expect(d.payments).toHaveLength(2);
    expect(d.payments.find((p) => p.method === "online")?.refund).toMatchObject({ status: "refunded", amount: 200 });
    expect(d.delivery).toMatchObject({ mode: "pickup", pickupCode: null });
    expect(new Date(d.createdAt).getTime()).toBeLessThan(Date.now());
  });
});
