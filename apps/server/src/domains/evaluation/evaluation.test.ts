import { codes, contract } from "@sbo/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../platform/db/rows";
import { buyerAddress, buyerLogin, buyerPost } from "../../test/buyer-kit";
import { createSeller, createStaff } from "../../test/fixtures";
import { PNG, publish, simpleGoods, uploadImage } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { buyerCaller, onShelfSku } from "../../test/order-kit";
import { goodsSku } from "../goods/goods.tables";
import { orderInfo } from "../orders/orders.tables";
import { storedFile } from "../system/system.tables";
import { goodsScore, orderEvaluation, orderEvaluationContent, shopScore } from "./evaluation.tables";

/*
 * Evaluations: the buyer evaluates a received order once (lines, images, shop scores), follows up once; the seller
 * replies once; the shop's and goods' aggregates stay equal to the rows, also under concurrent evaluations; tenancy,
 * functions, bad input and wrong states for every call.
 */

const E = contract.evaluation;
const BE = contract.buyerEvaluate;
const B = contract.buyer;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let buyer: string;
let addressId: string;
let skuA: string;
let skuB: string;
let goodsA: string;

const bcall = buyerCaller(() => ({ t, ticket: buyer }));

async function buyerImage(ticket = buyer) {
  const res = await t.upload<{ id: string }>(
    contract.buyerPay.uploadVoucherImage.path,
    [
      { name: "systemId", value: "71" },
      { name: "file", filename: "apples.png", contentType: "image/png", value: PNG },
    ],
    { headers: { cookie: `buyer_ticket=${ticket}` } },
  );
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.id;
}

/** An order of the two SKUs, placed by `ticket` and moved to `status` (arranged in the table). */
async function order(status = "received", ticket = buyer, address = addressId, buyerBoId?: string) {
  const res = await bcall(
    B.submitOrder,
    {
      addressId: address,
      items: [
        { skuId: skuA, quantity: 1 },
        { skuId: skuB, quantity: 2 },
      ],
      ...(buyerBoId ? { buyerBoId } : {}),
    },
    ticket,
  );
  expect(res.code, res.msg).toBe(codes.OK);
  const o = res.data.orders[0];
  if (!o) throw new Error("no order");
  if (status !== "pendingPayment") await t.db.update(orderInfo).set({ status, paidAt: new Date() }).where(eq(orderInfo.id, o.id));
  const lines = await rowsOf<{ id: string; sku_id: string }>(
    t.db,
    sql`select id, sku_id from order_line where order_id = ${o.id} order by sort`,
  );
  return { id: o.id, orderNo: o.orderNo, lines: lines.map((l) => l.id) };
}

const evalInput = (o: { id: string; lines: string[] }, scores: number[] = [5, 4], images: string[][] = []) => ({
  orderId: o.id,
  descriptionScore: 5,
  serviceScore: 4,
  logisticsScore: 3,
  lines: o.lines.map((lineId, i) => ({ lineId, score: scores[i] ?? 5, content: `Line ${i} was fine`, imageIds: images[i] ?? [] })),
});

const aggregate = async () => (await t.db.select().from(shopScore).where(eq(shopScore.boId, boId)))[0];

/** The shop's aggregate recomputed from the rows: what it must always equal. */
async function recomputed() {
  const [e] = await rowsOf<Record<string, number>>(
    t.db,
    sql`select count(*)::int as evaluations, coalesce(sum(description_score), 0)::int as description_sum,
          coalesce(sum(service_score), 0)::int as service_sum, coalesce(sum(logistics_score), 0)::int as logistics_sum,
          count(*) filter (where replied_at is not null)::int as replied, count(*) filter (where image_count > 0)::int as with_images,
          count(*) filter (where score <= 2)::int as low_score
        from order_evaluation where bo_id = ${boId}`,
  );
  const [l] = await rowsOf<Record<string, number>>(
    t.db,
    sql`select count(*)::int as lines, coalesce(sum(score), 0)::int as line_sum,
          count(*) filter (where score = 1)::int as s1, count(*) filter (where score = 5)::int as s5
        from order_evaluation_line where bo_id = ${boId}`,
  );
  return { ...e, ...l };
}

async function expectAggregateCurrent() {
  const a = await aggregate();
  const r = await recomputed();
  expect({
    evaluations: a?.evaluations,
    description_sum: Number(a?.descriptionSum),
    service_sum: Number(a?.serviceSum),
    logistics_sum: Number(a?.logisticsSum),
    replied: a?.replied,
    with_images: a?.withImages,
    low_score: a?.lowScore,
    lines: a?.lines,
    line_sum: Number(a?.lineSum),
    s1: a?.score1,
    s5: a?.score5,
  }).toEqual(r);
}

beforeAll(async () => {
  t = await createTestApp();
  const s = await createSeller(t);
  boId = s.boId;
  owner = await t.login(s.loginName, s.password);
  other = await t.login("demo2");
  const image = await uploadImage(t, owner);
  goodsA = await publish(t, owner, simpleGoods(image, "Eval apples", { skus: [{ specValues: [], price: 1000, stock: 5000 }] }), true);
  skuA = (await t.db.select().from(goodsSku).where(eq(goodsSku.goodsId, goodsA)))[0]?.id as string;
  skuB = await onShelfSku(t, owner, image, "Eval pears", 700, 5000);
  buyer = await buyerLogin(t, "13900000301");
  addressId = await buyerAddress(t, buyer, "13900000301", "Wang Fang");
}, 90_000);
afterAll(() => t.close());

describe("the buyer evaluates", () => {
  it("when a buyer evaluates a received order with images, then the lines, the seller's copies and the aggregates are written", async () => {
    const o = await order("received");
    const img = await buyerImage();
    const res = await bcall(BE.addEvalOrder, evalInput(o, [5, 2], [[img], []]));
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({
      orderId: o.id,
      orderNo: o.orderNo,
      score: 4,
      descriptionScore: 5,
      serviceScore: 4,
      logisticsScore: 3,
    });
    expect(res.data.lines.map((l) => [l.goodsName, l.score])).toEqual([
      ["Eval apples", 5],
      ["Eval pears", 2],
    ]);
    // The image is filed again under the selling organisation: the seller's session opens it.
    const copyId = res.data.lines[0]?.images[0]?.id as string;
    expect(copyId).not.toBe(img);
    const [copy] = await t.db.select().from(storedFile).where(eq(storedFile.id, copyId));
    expect(copy).toMatchObject({ boId, purpose: "evaluation", contentType: "image/png" });
    expect((await t.app.inject({ method: "GET", url: `/files/${copyId}`, cookies: { ticket: owner } })).statusCode).toBe(200);
    const g = (await t.db.select().from(goodsScore).where(eq(goodsScore.goodsId, goodsA)))[0];
    expect(g).toMatchObject({ lines: 1, lineSum: 5, score5: 1 });
    await expectAggregateCurrent();
  });

  it("when the buyer evaluates an order twice, or one not received, then it is refused and nothing more is written", async () => {
    const o = await order("completed");
    expect((await bcall(BE.addEvalOrder, evalInput(o))).code).toBe(codes.OK);
    const again = await bcall(BE.addEvalOrder, evalInput(o));
    expect([again.code, again.reason]).toEqual([codes.CONFLICT, "evaluation.alreadyEvaluated"]);
    for (const status of ["pendingPayment", "paid", "shipped", "cancelled"]) {
      const u = await order(status);
      const res = await bcall(BE.addEvalOrder, evalInput(u));
      expect([res.code, res.reason], status).toEqual([codes.STATE_FORBIDS, "evaluation.notReceived"]);
    }
    expect((await rowsOf(t.db, sql`select 1 from order_evaluation where order_id = ${o.id}`)).length).toBe(1);
    await expectAggregateCurrent();
  });

  it("when the input is bad, then 400 names the field and nothing is written", async () => {
    const o = await order("received");
    const someone = await buyerLogin(t, "13900000302");
    const theirs = await buyerImage(someone);
    const before = (await aggregate())?.evaluations;
    const base = evalInput(o);
    const cases: [unknown, string][] = [
      [{ ...base, descriptionScore: 0 }, "descriptionScore"],
      [{ ...base, logisticsScore: 6 }, "logisticsScore"],
      [{ ...base, serviceScore: 4.5 }, "serviceScore"],
      [{ ...base, lines: [] }, "lines"],
      [{ ...base, lines: base.lines.slice(0, 1) }, "lines"],
      [{ ...base, lines: [base.lines[0], base.lines[0]] }, "lines"],
      [{ ...base, lines: base.lines.map((l) => ({ ...l, content: "x".repeat(501) })) }, "lines.0.content"],
      [{ ...base, lines: base.lines.map((l) => ({ ...l, imageIds: [theirs] })) }, "lines.0.imageIds.0"],
      [{ ...base, lines: base.lines.map((l) => ({ ...l, imageIds: Array(7).fill(theirs) })) }, "lines.0.imageIds"],
      [{ ...base, extra: 1 }, ""],
    ];
    for (const [input, field] of cases) {
      const res = await bcall(BE.addEvalOrder, input as never);
      expect(res.status, field).toBe(400);
      if (field) expect(JSON.stringify(res), field).toContain(`"path":"${field}"`);
    }
    expect((await aggregate())?.evaluations).toBe(before);
    expect((await rowsOf(t.db, sql`select 1 from order_evaluation where order_id = ${o.id}`)).length).toBe(0);
  });

  it("when another buyer evaluates the order, or nobody is logged in, then it is not found / not logged in", async () => {
    const o = await order("received");
    const someone = await buyerLogin(t, "13900000303");
    expect((await bcall(BE.addEvalOrder, evalInput(o), someone)).code).toBe(codes.NOT_FOUND);
    expect((await buyerPost(t, BE.addEvalOrder.path, evalInput(o))).code).toBe(codes.NOT_LOGGED_IN);
  });

  it("when the buyer follows up, then once only, with images of their own, and it shows in their list", async () => {
    const o = await order("received");
    const ev = await bcall(BE.addEvalOrder, evalInput(o));
    const img = await buyerImage();
    const bad = await bcall(BE.addEvalContent, { id: ev.data.id, content: "", imageIds: [] });
    expect(bad.status).toBe(400);
    const someone = await buyerLogin(t, "13900000304");
    expect((await bcall(BE.addEvalContent, { id: ev.data.id, content: "Still good" }, someone)).code).toBe(codes.NOT_FOUND);
    const res = await bcall(BE.addEvalContent, { id: ev.data.id, content: "Still good after a week", imageIds: [img] });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.followUp?.content).toBe("Still good after a week");
    expect(res.data.followUp?.images).toHaveLength(1);
    const twice = await bcall(BE.addEvalContent, { id: ev.data.id, content: "Again" });
    expect([twice.code, twice.reason]).toEqual([codes.STATE_FORBIDS, "evaluation.alreadyFollowedUp"]);
    const mine = await bcall(BE.selEvalOrderByPage, { pageNum: 1, pageSize: 50 });
    expect(mine.code, mine.msg).toBe(codes.OK);
    expect(mine.data.list.find((e) => e.id === ev.data.id)?.followUp?.content).toBe("Still good after a week");
    // The buyer's account is named by its masked phone.
    expect(mine.data.list[0]?.buyerName).toBe("139****0301");
    expect((await bcall(BE.selEvalOrderByPage, { pageNum: 1, pageSize: 51 })).status).toBe(400);
  });
});

describe("the seller reads and replies", () => {
  it("when the seller opens an order's evaluation, then it is whole with the buyer's name masked; an order without one answers null", async () => {
    const o = await order("received");
    expect((await t.call(E.selEvalByOrderId, { id: o.id }, { ticket: owner })).data).toBeNull();
    await bcall(BE.addEvalOrder, evalInput(o, [1, 2]));
    const res = await t.call(E.selEvalByOrderId, { id: o.id }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ orderNo: o.orderNo, score: 2, buyerName: "139****0301", reply: null, followUp: null });
    expect(res.data?.lines).toHaveLength(2);
    // Another seller's order is not found; a bad id is bad input.
    expect((await t.call(E.selEvalByOrderId, { id: o.id }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(E.selEvalByOrderId, { id: "" }, { ticket: owner })).status).toBe(400);
  });

  it("when the seller replies, then once only: the reply shows, the aggregate counts it, a second is refused", async () => {
    const o = await order("received");
    const ev = await bcall(BE.addEvalOrder, evalInput(o));
    const id = ev.data.id;
    expect((await t.call(E.addEvalContent, { id, content: "" }, { ticket: owner })).status).toBe(400);
    expect((await t.call(E.addEvalContent, { id, content: "x".repeat(301) }, { ticket: owner })).status).toBe(400);
    expect((await t.call(E.addEvalContent, { id, content: "Thanks" }, { ticket: other })).code).toBe(codes.NOT_FOUND);
    const res = await t.call(E.addEvalContent, { id, content: "Thank you for buying" }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.reply?.content).toBe("Thank you for buying");
    const twice = await t.call(E.addEvalContent, { id, content: "Again" }, { ticket: owner });
    expect([twice.code, twice.reason]).toEqual([codes.STATE_FORBIDS, "evaluation.alreadyReplied"]);
    const rows = await t.db.select().from(orderEvaluationContent).where(eq(orderEvaluationContent.evaluationId, id));
    expect(rows.map((r) => r.kind)).toEqual(["reply"]);
    // The unique index refuses a second reply even past the service.
    await expect(
      t.db
        .insert(orderEvaluationContent)
        .values({ evaluationId: id, orderId: o.id, boId, kind: "reply", content: "x", authorMemberId: "m" }),
    ).rejects.toThrow();
    // The audit log records the reply on the evaluation, named by its order number and linked by the order's id.
    const audit = await rowsOf<{ record_table: string; record_id: string; label: string; call: string }>(
      t.db,
      sql`select record_table, record_id, label, call from audit_log where table_name = 'order_evaluation_content' and record_id = ${o.id}`,
    );
    expect(audit).toEqual([{ record_table: "order_evaluation", record_id: o.id, label: o.orderNo, call: E.addEvalContent.path }]);
    const bought = await bcall(B.selOrderDetail, { id: o.id });
    expect(bought.code).toBe(codes.OK);
    const mine = await bcall(BE.selEvalOrderByPage, {});
    expect(mine.data.list.find((e) => e.id === id)?.reply?.content).toBe("Thank you for buying");
    await expectAggregateCurrent();
  });

  it("when the seller lists evaluations, then tabs and filters select, rows carry the first line and reply, counts match the score card", async () => {
    const all = await t.call(E.selEvalOrderByPage, { pageSize: 100 }, { ticket: owner });
    expect(all.code, all.msg).toBe(codes.OK);
    const shop = await t.call(E.selEvalShop, {}, { ticket: owner });
    expect(shop.code, shop.msg).toBe(codes.OK);
    expect(all.data.total).toBe(shop.data.tabs.all);
    const byTab = async (tab: "toReply" | "withImages" | "lowScore") =>
      (await t.call(E.selEvalOrderByPage, { tab, pageSize: 100 }, { ticket: owner })).data;
    expect((await byTab("toReply")).total).toBe(shop.data.tabs.toReply);
    expect((await byTab("withImages")).total).toBe(shop.data.tabs.withImages);
    const low = await byTab("lowScore");
    expect(low.total).toBe(shop.data.tabs.lowScore);
    expect(low.list.every((e) => e.score <= 2)).toBe(true);
    const replied = (await t.call(E.selEvalOrderByPage, { replied: true }, { ticket: owner })).data.list;
    expect(replied.length).toBeGreaterThan(0);
    expect(replied.every((e) => e.reply !== null && e.repliedAt !== null)).toBe(true);
    const fives = (await t.call(E.selEvalOrderByPage, { score: 5 }, { ticket: owner })).data.list;
    expect(fives.every((e) => e.score === 5)).toBe(true);
    const first = all.data.list[0];
    expect(first?.firstLine.goodsName).toMatch(/Eval/);
    expect(first?.buyerName).toBe("139****0301");
    const one = await t.call(E.selEvalOrderByPage, { orderNo: first?.orderNo }, { ticket: owner });
    expect(one.data.list.map((e) => e.id)).toEqual([first?.id]);
    // Newest first; another seller sees none of them.
    const times = all.data.list.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.call(E.selEvalOrderByPage, {}, { ticket: other })).data.list.some((e) => e.id === first?.id)).toBe(false);
    // Bad filters.
    for (const input of [{ score: 0 }, { tab: "nope" }, { pageSize: 101 }, { from: "yesterday" }])
      expect((await t.call(E.selEvalOrderByPage, input as never, { ticket: owner })).status).toBe(400);
    const reversed = await t.call(E.selEvalOrderByPage, { from: "2026-02-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }, { ticket: owner });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed)).toContain("evaluation.windowReversed");
    // Any span of days lists (paged by the index); evaluations from the future are none.
    const wide = await t.call(E.selEvalOrderByPage, { from: "2020-01-01T00:00:00Z" }, { ticket: owner });
    expect(wide.data.total).toBe(all.data.total);
    expect((await t.call(E.selEvalOrderByPage, { from: "2099-01-01T00:00:00Z" }, { ticket: owner })).data.total).toBe(0);
    // The shop's averages are the sums over the counts.
    const a = await aggregate();
    expect(shop.data.description).toBe(Math.round((100 * Number(a?.descriptionSum)) / Number(a?.evaluations)));
    expect(shop.data.goodRateBp).toBe(Math.round((10_000 * ((a?.score4 ?? 0) + (a?.score5 ?? 0))) / (a?.lines ?? 1)));
  });

  it("when the seller reads the lines, the goods' scores and the score distribution, then they agree with the rows", async () => {
    const lines = await t.call(E.selEvalList, { goodsId: goodsA, pageSize: 100 }, { ticket: owner });
    expect(lines.code, lines.msg).toBe(codes.OK);
    expect(lines.data.list.every((l) => l.goodsId === goodsA)).toBe(true);
    const [n] = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from order_evaluation_line where goods_id = ${goodsA}`);
    expect(lines.data.total).toBe(n?.n);
    const ones = await t.call(E.selEvalList, { score: 1 }, { ticket: owner });
    expect(ones.data.list.every((l) => l.score === 1)).toBe(true);
    const goods = await t.call(E.selEvaByPage, {}, { ticket: owner });
    expect(goods.code, goods.msg).toBe(codes.OK);
    expect(goods.data.list.map((g) => g.goodsName).sort()).toEqual(["Eval apples", "Eval pears"]);
    expect(goods.data.list.find((g) => g.goodsId === goodsA)?.lines).toBe(n?.n);
    const dist = await t.call(E.selEvalScoreByParam, {}, { ticket: owner });
    expect(dist.code, dist.msg).toBe(codes.OK);
    const r = await recomputed();
    expect(dist.data.total).toBe(r.lines);
    expect(dist.data.counts[0]).toBe(r.s1);
    expect(dist.data.counts[4]).toBe(r.s5);
    const windowed = await t.call(
      E.selEvalScoreByParam,
      { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() },
      { ticket: owner },
    );
    expect(windowed.data.counts).toEqual(dist.data.counts);
    const ofGoods = await t.call(E.selEvalScoreByParam, { goodsId: goodsA }, { ticket: owner });
    expect(ofGoods.data.total).toBe(n?.n);
    const long = await t.call(E.selEvalScoreByParam, { from: "2024-01-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }, { ticket: owner });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long)).toContain("evaluation.windowTooLong");
    expect((await t.call(E.selEvalShop, { x: 1 } as never, { ticket: owner })).status).toBe(400);
    expect((await t.call(E.selEvaByPage, { pageNum: 0 }, { ticket: owner })).status).toBe(400);
    expect((await t.call(E.selEvalList, { score: 9 }, { ticket: owner })).status).toBe(400);
    // Another seller's goods: nothing of this shop.
    expect((await t.call(E.selEvalList, { goodsId: goodsA }, { ticket: other })).data.total).toBe(0);
    expect((await t.call(E.selEvalScoreByParam, { goodsId: goodsA }, { ticket: other })).data.total).toBe(0);
  });

  it("when a staff member lacks the reviews function, then every seller call is refused", async () => {
    const staff = await createStaff(t, boId, ["goods.manage"]);
    const [e] = await t.db.select().from(orderEvaluation).where(eq(orderEvaluation.boId, boId)).limit(1);
    const calls: [import("@sbo/contract").Call, Record<string, unknown>][] = [
      [E.selEvalByOrderId, { id: e?.orderId }],
      [E.selEvalOrderByPage, {}],
      [E.selEvalList, {}],
      [E.addEvalContent, { id: e?.id, content: "Hi" }],
      [E.selEvalShop, {}],
      [E.selEvaByPage, {}],
      [E.selEvalScoreByParam, {}],
      [E.addEvalOrder, evalInput({ id: e?.orderId as string, lines: ["x"] })],
    ];
    for (const [call, input] of calls)
      expect((await t.call(call, input as never, { ticket: staff })).code, call.path).toBe(codes.FORBIDDEN);
    const reviewer = await createStaff(t, boId, ["order.evaluation"]);
    expect((await t.call(E.selEvalShop, {}, { ticket: reviewer })).code).toBe(codes.OK);
  });
});

describe("the organisation evaluates what it bought", () => {
  it("when a member of a seller buys from this shop for the organisation, then the organisation evaluates that order on the seller path, once", async () => {
    const s = await createSeller(t, { phone: "13900000377" });
    const purchaser = await t.login(s.loginName, s.password);
    const ticket = await buyerLogin(t, "13900000377");
    const a = await bcall(B.addAddress, { name: "Own", phone: "13900000377", areaCode: "330106", detail: "3 Rd", isDefault: true }, ticket);
    // Bought for the member themselves, the order is no purchase of the organisation's.
    const own = await order("received", ticket, a.data.id);
    expect((await t.call(E.addEvalOrder, evalInput(own), { ticket: purchaser })).code).toBe(codes.NOT_FOUND);
    const o = await order("received", ticket, a.data.id, s.boId);
    const image = await uploadImage(t, purchaser, "crate.png");
    const foreign = await uploadImage(t, owner, "not-theirs.png");
    // The selling shop does not evaluate its own sale; the organisation's images only.
    expect((await t.call(E.addEvalOrder, evalInput(o), { ticket: owner })).code).toBe(codes.NOT_FOUND);
    const notTheirs = await t.call(E.addEvalOrder, evalInput(o, [5, 5], [[foreign]]), { ticket: purchaser });
    expect(notTheirs.status).toBe(400);
    expect(JSON.stringify(notTheirs)).toContain("evaluation.imageNotYours");
    const res = await t.call(E.addEvalOrder, evalInput(o, [5, 5], [[image]]), { ticket: purchaser });
    expect(res.code, res.msg).toBe(codes.OK);
    const [row] = await t.db.select().from(orderEvaluation).where(eq(orderEvaluation.orderId, o.id));
    expect(row).toMatchObject({ boId, evaluatorBoId: s.boId, imageCount: 1 });
    expect((await t.call(E.addEvalOrder, evalInput(o), { ticket: purchaser })).code).toBe(codes.CONFLICT);
    // The selling shop sees it among its evaluations.
    expect((await t.call(E.selEvalByOrderId, { id: o.id }, { ticket: owner })).data?.id).toBe(res.data.id);
    await expectAggregateCurrent();
  });
});

// Last: many evaluations at once (PostgreSQL runs them truly in parallel; PGlite one after another).
describe("the aggregates under concurrency", () => {
  it("when 12 orders are evaluated and 6 replied to at once, then the shop's aggregate equals the rows", async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => order("received")));
    const results = await Promise.all(orders.map((o, i) => bcall(BE.addEvalOrder, evalInput(o, [1 + (i % 5), 5 - (i % 5)]))));
    expect(results.map((r) => r.code)).toEqual(orders.map(() => codes.OK));
    // The same order evaluated twice at once: exactly one wins.
    const o = await order("received");
    const racing = await Promise.all([bcall(BE.addEvalOrder, evalInput(o)), bcall(BE.addEvalOrder, evalInput(o))]);
    expect(racing.map((r) => r.code).sort()).toEqual([codes.OK, codes.CONFLICT].sort());
    const replies = await Promise.all(
      results
        .slice(0, 6)
        .flatMap((r) => [
          t.call(E.addEvalContent, { id: r.data.id, content: "Thanks" }, { ticket: owner }),
          t.call(E.addEvalContent, { id: r.data.id, content: "Thanks again" }, { ticket: owner }),
        ]),
    );
    expect(replies.filter((r) => r.code === codes.OK)).toHaveLength(6);
    await expectAggregateCurrent();
  });
});
