import { codes, contract, INVOICE_FILE, type InputOf } from "@sbo/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_INVOICES_PER_SELLER, demoInvoicePdf } from "../../demo/invoice.demo";
import { rowsOf } from "../../platform/db/rows";
import { buyerLogin } from "../../test/buyer-kit";
import { createStaff, meOf } from "../../test/fixtures";
import { PNG } from "../../test/goods-kit";
import { createTestApp, type TestApp } from "../../test/harness";
import { buyerCaller } from "../../test/order-kit";
import { member } from "../identity/identity.tables";
import { orderInfo } from "../orders/orders.tables";
import { invoiceRequest, invoiceTitle } from "./invoice.tables";

/*
 * Invoices: titles (a buyer's, an organisation's own), requests on paid orders, the seller's list, detail, issue and
 * refuse — success, bad input, another seller's or buyer's ids, missing functions and wrong states.
 */

const S = contract.invoice;
const B = contract.buyerInvoice;
let t: TestApp;
let owner: string;
let other: string;
let boId: string;
let otherBoId: string;
let buyer: string;
let buyerId: string;
let otherBuyer: string;

const bcall = buyerCaller(() => ({ t, ticket: buyer }));

const personal = { kind: "personal", name: "王芳", email: "wang@example.com" } as const;
const special = {
  kind: "company",
  name: "杭州文三数码科技有限公司",
  taxNo: "91330106MA2H4K7L39",
  invoiceType: "special",
  bankName: "中国工商银行",
  bankAccount: "6222020200112233",
  registeredAddress: "杭州市西湖区文三路 90 号",
  registeredPhone: "0571-88000000",
} as const;

/** A paid order of the buyer at the demo seller without an open or issued request, not refunded in full; its amount
 *  to invoice (paid less refunds). */
async function freePaidOrder(sellerBoId = boId, memberId = buyerId) {
  const [row] = await rowsOf<{ id: string; order_no: string; pay_amount: string }>(
    t.db,
    sql`select o.id, o.order_no, o.pay_amount - o.refunded_amount as pay_amount from ${orderInfo} o
        where o.bo_id = ${sellerBoId} and o.buyer_member_id = ${memberId}
        and o.status in ('paid', 'shipped', 'completed') and o.refunded_amount < o.pay_amount
        and not exists (select 1 from ${invoiceRequest} r where r.order_id = o.id)
        order by o.created_at desc limit 1`,
  );
  if (!row) throw new Error("no free paid order");
  return { id: row.id, orderNo: row.order_no, payAmount: Number(row.pay_amount) };
}

async function titleId(input: InputOf<typeof B.addInvoiceTitle> = personal, ticket = buyer) {
  const res = await bcall(B.addInvoiceTitle, input, ticket);
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.id;
}

/** The buyer's title the requests of these tests share (a buyer keeps at most MAX_INVOICE_TITLES). */
let sharedTitle: string | undefined;
async function requested() {
  const order = await freePaidOrder();
  sharedTitle ??= await titleId();
  const res = await bcall(B.applyInvoice, { orderId: order.id, titleId: sharedTitle });
  expect(res.code, res.msg).toBe(codes.OK);
  return { order, id: res.data.id, amount: order.payAmount };
}

async function upload(ticket: string, bytes: Buffer, o: { purpose?: string; name?: string; type?: string } = {}) {
  const res = await t.upload<{ id: string }>(
    contract.system.upload.path,
    [
      { name: "systemId", value: "71" },
      { name: "purpose", value: o.purpose ?? INVOICE_FILE.purpose },
      { name: "accept", value: INVOICE_FILE.accept },
      { name: "maxKb", value: String(INVOICE_FILE.maxKb) },
      { name: "file", filename: o.name ?? "invoice.pdf", contentType: o.type ?? "application/pdf", value: bytes },
    ],
    { ticket },
  );
  expect(res.code, res.msg).toBe(codes.OK);
  return res.data.id;
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
let serial = 0;
const nextNo = () => `88${String(Date.now()).slice(-8)}${String(++serial).padStart(2, "0")}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  other = await t.login("demo2");
  boId = (await meOf(t, owner)).boId as string;
  otherBoId = (await meOf(t, other)).boId as string;
  buyer = await buyerLogin(t, "13500990101");
  otherBuyer = await buyerLogin(t, "13500990102");
  const [m] = await t.db.select({ id: member.id }).from(member).where(eq(member.phone, "13500990101"));
  buyerId = m?.id as string;
}, 120_000);
afterAll(() => t.close());

describe("the demo data", () => {
  it("when the demo is built, then each demo seller has 50 invoice requests in every state, issued ones with a PDF", async () => {
    for (const bo of [boId, otherBoId]) {
      const rows = await t.db.select().from(invoiceRequest).where(eq(invoiceRequest.boId, bo));
      expect(rows).toHaveLength(DEMO_INVOICES_PER_SELLER);
      expect(new Set(rows.map((r) => r.state))).toEqual(new Set(["requested", "issued", "refused"]));
      // Green Valley issues ordinary invoices only (its settings); Harbor Seafood special ones too.
      if (bo === boId) expect(rows.every((r) => r.invoiceType === "ordinary")).toBe(true);
      for (const r of rows.filter((x) => x.state === "issued")) expect(r.invoiceNo && r.fileId && r.issuedAt).toBeTruthy();
      const orders = await t.db
        .select({ status: orderInfo.status, pay: orderInfo.payAmount, id: orderInfo.id })
        .from(orderInfo)
        .where(eq(orderInfo.boId, bo));
      const byId = new Map(orders.map((o) => [o.id, o]));
      for (const r of rows) {
        expect(["paid", "partlyShipped", "shipped", "received", "completed"]).toContain(byId.get(r.orderId)?.status);
        expect(r.amount).toBe(byId.get(r.orderId)?.pay);
      }
    }
  });
});

describe("invoice titles", () => {
  it("when a buyer saves a personal and a special VAT title, then the buyer's list has both and no one else's", async () => {
    const ticket = await buyerLogin(t, "13900000301");
    await titleId(personal, ticket);
    await titleId(special, ticket);
    const list = await bcall(B.selInvoiceTitleList, {}, ticket);
    expect(list.data.map((x) => x.kind).sort()).toEqual(["company", "personal"]);
    expect(list.data.find((x) => x.kind === "company")).toMatchObject({
      taxNo: special.taxNo,
      invoiceType: "special",
      bankName: "中国工商银行",
    });
    const companies = await bcall(B.selInvoiceTitleList, { kind: "company" }, ticket);
    expect(companies.data).toHaveLength(1);
  });

  it("when a title's input is bad (tax number, special VAT without bank, personal special), then 400 names the field and nothing is written", async () => {
    const ticket = await buyerLogin(t, "13900000302");
    for (const [patch, field] of [
      [{ ...special, taxNo: "91330106MA2H4K7L38" }, "taxNo"],
      [{ ...special, taxNo: "12345" }, "taxNo"],
      [{ ...special, taxNo: undefined, invoiceType: "ordinary" }, "taxNo"],
      [{ ...special, bankName: undefined }, "bankName"],
      [{ ...special, bankAccount: "12ab" }, "bankAccount"],
      [{ ...special, registeredPhone: undefined }, "registeredPhone"],
      [{ ...personal, invoiceType: "special" }, "invoiceType"],
      [{ ...personal, taxNo: "91330106MA2H4K7L39" }, "taxNo"],
      [{ ...personal, email: "not-mail" }, "email"],
      [{ ...personal, name: "" }, "name"],
    ] as const) {
      const res = await bcall(B.addInvoiceTitle, patch as never, ticket);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res), field).toContain(`"path":"${field}"`);
    }
    const list = await bcall(B.selInvoiceTitleList, {}, ticket);
    expect(list.data).toHaveLength(0);
  });

  it("when the organisation saves its own title, then its list has it and another seller's list does not", async () => {
    const res = await t.call(S.addBillInvoiceInfo, special, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    const mine = await t.call(S.selBillInvoiceInfoListByParam, {}, { ticket: owner });
    expect(mine.data.map((x) => x.id)).toContain(res.data.id);
    const theirs = await t.call(S.selBillInvoiceInfoListByParam, {}, { ticket: other });
    expect(theirs.data.map((x) => x.id)).not.toContain(res.data.id);
    const [row] = await t.db.select().from(invoiceTitle).where(eq(invoiceTitle.id, res.data.id));
    expect(row).toMatchObject({ boId, memberId: null });
    const bad = await t.call(S.addBillInvoiceInfo, { ...special, bankAccount: undefined } as never, { ticket: owner });
    expect(bad.status).toBe(400);
  });
});

describe("a buyer's request", () => {
  it("when a buyer asks for an invoice on a paid order, then it is requested with the title's snapshot and the paid amount", async () => {
    // Harbor Seafood issues special VAT invoices too (its settings: vat).
    const order = await freePaidOrder(otherBoId);
    const tid = await titleId(special);
    const res = await bcall(B.applyInvoice, { orderId: order.id, titleId: tid });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ state: "requested", orderNo: order.orderNo, amount: order.payAmount, requestedBy: "buyer" });
    expect(res.data.title).toMatchObject({ kind: "company", taxNo: special.taxNo, invoiceType: "special" });
    // The buyer's list and detail show it; another buyer does not see it.
    const list = await bcall(B.selInvoiceList, { state: "requested" });
    expect(list.data.list.map((x) => x.id)).toContain(res.data.id);
    const detail = await bcall(B.selInvoiceDetail, { id: res.data.id }, otherBuyer);
    expect(detail.code).toBe(codes.NOT_FOUND);
  });

  it("when an order has after-sales refunds, then the request is for what was kept; refunded in full, it is refused", async () => {
    const part = await freePaidOrder(otherBoId);
    await t.db.execute(sql`update ${orderInfo} set refunded_amount = pay_amount - 100 where id = ${part.id}`);
    const kept = await bcall(B.applyInvoice, { orderId: part.id, titleId: await titleId() });
    expect(kept.code, kept.msg).toBe(codes.OK);
    expect(kept.data.amount).toBe(100);
    const whole = await freePaidOrder(otherBoId);
    await t.db.execute(sql`update ${orderInfo} set refunded_amount = pay_amount where id = ${whole.id}`);
    const refused = await bcall(B.applyInvoice, { orderId: whole.id, titleId: await titleId() });
    expect(refused.code).toBe(codes.STATE_FORBIDS);
    expect(refused.msg).toContain(whole.orderNo);
  });

  it("when the shop issues ordinary invoices only, or none, then a special or any request is refused as its settings say", async () => {
    // Green Valley issues ordinary VAT invoices only (its settings: ordinary).
    const order = await freePaidOrder();
    const special1 = await bcall(B.applyInvoice, { orderId: order.id, titleId: await titleId(special) });
    expect(special1.code).toBe(codes.STATE_FORBIDS);
    expect(special1.reason).toBe("invoice.specialNotOffered");
    await t.db.execute(sql`update shop_setting set invoice = 'none' where bo_id = ${boId}`);
    try {
      const none = await bcall(B.applyInvoice, { orderId: order.id, titleId: await titleId() });
      expect(none.reason).toBe("invoice.notOffered");
    } finally {
      await t.db.execute(sql`update shop_setting set invoice = 'ordinary' where bo_id = ${boId}`);
    }
    expect(await t.db.select().from(invoiceRequest).where(eq(invoiceRequest.orderId, order.id))).toHaveLength(0);
  });

  it("when a second request is made for an order with an open one, then it is refused and nothing is written", async () => {
    const { order } = await requested();
    const again = await bcall(B.applyInvoice, { orderId: order.id, titleId: await titleId() });
    expect(again.code).toBe(codes.STATE_FORBIDS);
    expect(again.reason).toBe("invoice.alreadyRequested");
    const rows = await t.db.select().from(invoiceRequest).where(eq(invoiceRequest.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it("when an order is unpaid, another buyer's, or the title another buyer's, then the request is refused", async () => {
    const [unpaid] = await t.db
      .select({ id: orderInfo.id })
      .from(orderInfo)
      .where(and(eq(orderInfo.buyerMemberId, buyerId), sql`${orderInfo.status} in ('pendingPayment', 'cancelled')`))
      .limit(1);
    const tid = await titleId();
    const res = await bcall(B.applyInvoice, { orderId: unpaid?.id as string, titleId: tid });
    expect(res.code).toBe(codes.STATE_FORBIDS);
    expect(res.reason).toBe("invoice.orderUnpaid");
    const order = await freePaidOrder();
    const theirs = await bcall(B.applyInvoice, { orderId: order.id, titleId: await titleId(personal, otherBuyer) });
    expect(theirs.code).toBe(codes.NOT_FOUND);
    expect(theirs.reason).toBe("invoice.titleNotFound");
    const notTheirs = await bcall(B.applyInvoice, { orderId: order.id, titleId: await titleId(personal, otherBuyer) }, otherBuyer);
    expect(notTheirs.code).toBe(codes.NOT_FOUND);
    expect(notTheirs.reason).toBe("invoice.orderNotFound");
    expect(await t.db.select().from(invoiceRequest).where(eq(invoiceRequest.orderId, order.id))).toHaveLength(0);
  });
});

describe("the seller's list and detail", () => {
  it("when the seller lists, then tabs carry capped counts, filters narrow and the cursor walks on", async () => {
    const all = await t.call(S.selInvoiceListByPage, { pageSize: 10 }, { ticket: owner });
    expect(all.code, all.msg).toBe(codes.OK);
    const c = all.data.counts;
    expect(c.all).toBe(c.requested + c.issued + c.refused);
    expect(c.requested).toBeGreaterThan(0);
    expect(all.data.list).toHaveLength(10);
    expect(all.data.list[0]?.buyerPhone).toMatch(/\*{4}/);
    const next = await t.call(S.selInvoiceListByPage, { pageSize: 10, pageNum: 2, cursor: all.data.nextCursor ?? "" }, { ticket: owner });
    const byOffset = await t.call(S.selInvoiceListByPage, { pageSize: 10, pageNum: 2 }, { ticket: owner });
    expect(next.data.list.map((x) => x.id)).toEqual(byOffset.data.list.map((x) => x.id));
    const issued = await t.call(S.selInvoiceListByPage, { tab: "issued", invoiceType: "ordinary" }, { ticket: owner });
    expect(issued.data.list.every((x) => x.state === "issued" && x.title.invoiceType === "ordinary")).toBe(true);
    const one = all.data.list[0];
    const byNo = await t.call(S.selInvoiceListByPage, { orderNo: one?.orderNo.slice(0, 20) }, { ticket: owner });
    expect(byNo.data.list.map((x) => x.id)).toEqual([one?.id]);
    const future = await t.call(S.selInvoiceListByPage, { from: new Date(Date.now() + 86_400_000).toISOString() }, { ticket: owner });
    expect(future.data.total).toBe(0);
    const bad = await t.call(S.selInvoiceListByPage, { orderNo: "12a" } as never, { ticket: owner });
    expect(bad.status).toBe(400);
    // Another seller's list holds none of these.
    const theirs = await t.call(S.selInvoiceListByPage, { pageSize: 100 }, { ticket: other });
    expect(theirs.data.list.map((x) => x.id)).not.toContain(one?.id);
  });

  it("when the seller opens a request, then it comes with its order; another seller's id answers not found", async () => {
    const { id, order } = await requested();
    const res = await t.call(S.invoiceOrderDetail, { id }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.invoice).toMatchObject({ id, state: "requested" });
    expect(res.data.order.id).toBe(order.id);
    expect(res.data.invoice.buyerPhone).toBe("13500990101");
    const byOrder = await t.call(S.selInvoiceByOrderId, { orderId: order.id }, { ticket: owner });
    expect(byOrder.data).toEqual({ id, state: "requested" });
    const theirs = await t.call(S.invoiceOrderDetail, { id }, { ticket: other });
    expect(theirs.code).toBe(codes.NOT_FOUND);
    expect((await t.call(S.selInvoiceByOrderId, { orderId: order.id }, { ticket: other })).data).toBeNull();
  });
});

describe("issuing and refusing", () => {
  it("when the seller issues with a number, time and PDF, then it is issued, the buyer sees it and downloads the file", async () => {
    const { id, amount } = await requested();
    const fileId = await upload(owner, demoInvoicePdf());
    const invoiceNo = nextNo();
    const res = await t.call(S.issueInvoice, { id, invoiceNo, issuedAt: minutesAgo(0), fileId, amount }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ state: "issued", invoiceNo, file: { id: fileId } });
    const seen = await bcall(B.selInvoiceDetail, { id });
    expect(seen.data).toMatchObject({ state: "issued", invoiceNo });
    const file = await t.app.inject({
      method: "POST",
      url: B.downloadInvoiceFile.path,
      headers: { "content-type": "application/json", "sign-token": t.config.signToken },
      cookies: { buyer_ticket: buyer },
      payload: JSON.stringify({ systemId: 71, id }),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // Issued twice, or refused once issued: the state forbids it.
    const twice = await t.call(S.issueInvoice, { id, invoiceNo: nextNo(), issuedAt: minutesAgo(0), fileId, amount }, { ticket: owner });
    expect(twice.code).toBe(codes.STATE_FORBIDS);
    expect(twice.reason).toBe("invoice.wrongState");
    const refuse = await t.call(S.refuseInvoice, { id, reason: "late" }, { ticket: owner });
    expect(refuse.code).toBe(codes.STATE_FORBIDS);
    // A second request for an invoiced order is refused too.
    const again = await bcall(B.applyInvoice, { orderId: seen.data.orderId, titleId: await titleId() });
    expect(again.reason).toBe("invoice.alreadyRequested");
  });

  it("when the issue's input is bad (number, time, a file not an invoice upload of this seller, a number used), then 400 names the field and it stays requested", async () => {
    const { id, amount } = await requested();
    const pdf = await upload(owner, demoInvoicePdf());
    const theirs = await upload(other, demoInvoicePdf());
    const general = await upload(owner, PNG, { purpose: "general", name: "x.png", type: "image/png" });
    const [used] = await t.db
      .select({ no: invoiceRequest.invoiceNo })
      .from(invoiceRequest)
      .where(and(eq(invoiceRequest.boId, boId), eq(invoiceRequest.state, "issued")))
      .limit(1);
    const base = { id, invoiceNo: nextNo(), issuedAt: minutesAgo(1), fileId: pdf, amount };
    for (const [patch, field] of [
      [{ invoiceNo: "12AB5678" }, "invoiceNo"],
      [{ invoiceNo: "1234567" }, "invoiceNo"],
      [{ invoiceNo: used?.no as string }, "invoiceNo"],
      [{ issuedAt: new Date(Date.now() + 86_400_000).toISOString() }, "issuedAt"],
      [{ issuedAt: "2020-01-01T00:00:00.000Z" }, "issuedAt"],
      [{ issuedAt: "yesterday" }, "issuedAt"],
      [{ fileId: theirs }, "fileId"],
      [{ fileId: general }, "fileId"],
    ] as const) {
      const res = await t.call(S.issueInvoice, { ...base, ...patch }, { ticket: owner });
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.data ?? res.msg) + res.msg, field).toContain(field);
    }
    const [row] = await t.db.select().from(invoiceRequest).where(eq(invoiceRequest.id, id));
    expect(row?.state).toBe("requested");
    // Another seller cannot issue it.
    const foreign = await t.call(S.issueInvoice, { ...base, fileId: theirs }, { ticket: other });
    expect(foreign.code).toBe(codes.NOT_FOUND);
  });

  it("when a refund is made after the request, then the request shows the new amount and an issue for the old amount is refused, nothing written", async () => {
    const { id, order, amount } = await requested();
    const refunded = 6210;
    await t.db.execute(sql`update ${orderInfo} set refunded_amount = refunded_amount + ${refunded} where id = ${order.id}`);
    const detail = await t.call(S.invoiceOrderDetail, { id }, { ticket: owner });
    expect(detail.data.invoice).toMatchObject({ amount: amount - refunded, state: "requested" });
    expect(detail.data.invoice.paidAmount - detail.data.invoice.refundedAmount).toBe(amount - refunded);
    const listed = await t.call(
      S.selInvoiceListByPage,
      { pageNum: 1, pageSize: 20, tab: "requested", orderNo: order.orderNo },
      { ticket: owner },
    );
    expect(listed.data.list.find((r) => r.id === id)?.amount).toBe(amount - refunded);

    const fileId = await upload(owner, demoInvoicePdf());
    const stale = await t.call(S.issueInvoice, { id, invoiceNo: nextNo(), issuedAt: minutesAgo(0), fileId, amount }, { ticket: owner });
    expect(stale.code).toBe(codes.CONFLICT);
    expect(stale.reason).toBe("invoice.amountChanged");
    expect(stale.params).toMatchObject({ amount: ((amount - refunded) / 100).toFixed(2), shown: (amount / 100).toFixed(2) });
    const [still] = await t.db.select().from(invoiceRequest).where(eq(invoiceRequest.id, id));
    expect(still).toMatchObject({ state: "requested", invoiceNo: null });

    const res = await t.call(
      S.issueInvoice,
      { id, invoiceNo: nextNo(), issuedAt: minutesAgo(0), fileId, amount: amount - refunded },
      { ticket: owner },
    );
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ state: "issued", amount: amount - refunded });
    // Issued, the amount is fixed: a later refund does not rewrite the issued invoice.
    await t.db.execute(sql`update ${orderInfo} set refunded_amount = refunded_amount + 100 where id = ${order.id}`);
    const after = await bcall(B.selInvoiceDetail, { id });
    expect(after.data.amount).toBe(amount - refunded);
  });

  it("when the seller refuses with a reason, then the buyer reads it and may ask again", async () => {
    const { id, order } = await requested();
    const bad = await t.call(S.refuseInvoice, { id, reason: " " }, { ticket: owner });
    expect(bad.status).toBe(400);
    const foreign = await t.call(S.refuseInvoice, { id, reason: "no" }, { ticket: other });
    expect(foreign.code).toBe(codes.NOT_FOUND);
    const res = await t.call(S.refuseInvoice, { id, reason: "抬头与付款方不一致" }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ state: "refused", refuseReason: "抬头与付款方不一致" });
    const seen = await bcall(B.selInvoiceDetail, { id });
    expect(seen.data.refuseReason).toBe("抬头与付款方不一致");
    const twice = await t.call(S.refuseInvoice, { id, reason: "again" }, { ticket: owner });
    expect(twice.reason).toBe("invoice.wrongState");
    const fileId = await upload(owner, demoInvoicePdf());
    const issue = await t.call(
      S.issueInvoice,
      { id, invoiceNo: nextNo(), issuedAt: minutesAgo(0), fileId, amount: order.payAmount },
      { ticket: owner },
    );
    expect(issue.reason).toBe("invoice.wrongState");
    const noFile = await bcall(B.downloadInvoiceFile, { id });
    expect(noFile.code).toBe(codes.NOT_FOUND);
    const again = await bcall(B.applyInvoice, { orderId: order.id, titleId: await titleId() });
    expect(again.code, again.msg).toBe(codes.OK);
  });

  it("when two issues of one request race, then exactly one succeeds", async () => {
    const { id, amount } = await requested();
    const fileId = await upload(owner, demoInvoicePdf());
    const answers = await Promise.all(
      [0, 1, 2].map(() => t.call(S.issueInvoice, { id, invoiceNo: nextNo(), issuedAt: minutesAgo(0), fileId, amount }, { ticket: owner })),
    );
    expect(answers.filter((a) => a.code === codes.OK)).toHaveLength(1);
    expect(answers.filter((a) => a.reason === "invoice.wrongState")).toHaveLength(2);
  });
});

describe("invoice numbers", () => {
  it("when two requests are issued with one number at once, then one is issued and the other names the number taken", async () => {
    const a = await requested();
    const b = await requested();
    const fileId = await upload(owner, demoInvoicePdf());
    const invoiceNo = nextNo();
    const answers = await Promise.all(
      [a, b].map(({ id, amount }) => t.call(S.issueInvoice, { id, invoiceNo, issuedAt: minutesAgo(0), fileId, amount }, { ticket: owner })),
    );
    expect(answers.map((x) => x.code).sort()).toEqual([codes.OK, codes.BAD_INPUT].sort());
    expect(answers.find((x) => x.code === codes.BAD_INPUT)?.msg).toContain("invoiceNo");
  });
});

describe("functions", () => {
  it("when a staff member lacks the function, then 403 names it and nothing changes", async () => {
    const reader = await createStaff(t, boId, ["order.invoice"]);
    const nobody = await createStaff(t, boId, ["order.manage"]);
    const { id } = await requested();
    const list = await t.call(S.selInvoiceListByPage, {}, { ticket: nobody });
    expect(list.code).toBe(codes.FORBIDDEN);
    expect(list.msg).toContain("order.invoice");
    const seen = await t.call(S.invoiceOrderDetail, { id }, { ticket: reader });
    expect(seen.code).toBe(codes.OK);
    // The buyer's phone in full only to members who may see full phones (order.manage.phone).
    expect(JSON.stringify(seen.data)).not.toMatch(/"1[3-9]\d{9}"/);
    const phones = await createStaff(t, boId, ["order.invoice", "order.manage.phone"]);
    expect(JSON.stringify((await t.call(S.invoiceOrderDetail, { id }, { ticket: phones })).data)).toMatch(/"1[3-9]\d{9}"/);
    const refuse = await t.call(S.refuseInvoice, { id, reason: "no" }, { ticket: reader });
    expect(refuse.code).toBe(codes.FORBIDDEN);
    expect(refuse.msg).toContain("order.invoice.issue");
    const title = await t.call(S.addBillInvoiceInfo, personal, { ticket: reader });
    expect(title.code).toBe(codes.FORBIDDEN);
    expect(title.msg).toContain("purchase.order.title");
    const [row] = await t.db.select().from(invoiceRequest).where(eq(invoiceRequest.id, id));
    expect(row?.state).toBe("requested");
  });
});

describe("an organisation's own purchase", () => {
  it("when the organisation asks for an invoice on its own purchase with its title, then the selling shop sees the request", async () => {
    // Arrange: one of Harbor Seafood's paid orders bought by the owner of Green Valley for Green Valley (a seller can
    // also buy). Bought for themselves, it would be no purchase of Green Valley's.
    const [greenOwner] = await t.db.select({ id: member.id }).from(member).where(eq(member.loginName, "demo"));
    const order = await freePaidOrder(otherBoId);
    await t.db
      .update(orderInfo)
      .set({ buyerMemberId: greenOwner?.id as string })
      .where(eq(orderInfo.id, order.id));
    const title = await t.call(S.addBillInvoiceInfo, special, { ticket: owner });
    const ownersOwn = await t.call(S.applyBillInvoice, { orderId: order.id, titleId: title.data.id }, { ticket: owner });
    expect(ownersOwn.reason).toBe("invoice.orderNotFound");
    await t.db.update(orderInfo).set({ buyerBoId: boId }).where(eq(orderInfo.id, order.id));
    const theirs = await t.call(S.addBillInvoiceInfo, personal, { ticket: other });
    // Another organisation's title, or an order that is not this organisation's purchase: not found.
    const foreignTitle = await t.call(S.applyBillInvoice, { orderId: order.id, titleId: theirs.data.id }, { ticket: owner });
    expect(foreignTitle.reason).toBe("invoice.titleNotFound");
    const notOurs = await t.call(S.applyBillInvoice, { orderId: order.id, titleId: theirs.data.id }, { ticket: other });
    expect(notOurs.code).toBe(codes.NOT_FOUND);
    expect(notOurs.reason).toBe("invoice.orderNotFound");
    const res = await t.call(S.applyBillInvoice, { orderId: order.id, titleId: title.data.id }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data).toMatchObject({ state: "requested", requestedBy: "organization", amount: order.payAmount });
    const seller = await t.call(S.invoiceOrderDetail, { id: res.data.id }, { ticket: other });
    expect(seller.data.invoice.title.taxNo).toBe(special.taxNo);
  });
});
