import { contract } from "@sbo/contract";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, meOf } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/harness";
import { expectOwnExportFunction, exportSheet, listAll } from "../../../test/sheet-kit";
import { orderInfo, orderPayment } from "../orders.tables";

/* The payment voucher queue's export (issue 27 §1): its own function, the queue's filters and order, columns, words, tenancy. */

const P = contract.orderPay;
let t: TestApp;
let owner: string;
let boId: string;
const STATUSES = ["reviewing", "passed", "rejected"] as const;

/** Offline vouchers on an organisation's newest `n` orders, in turn in review, passed and rejected. */
async function plantVouchers(bo: string, n: number) {
  const orders = await t.db.select().from(orderInfo).where(eq(orderInfo.boId, bo)).orderBy(desc(orderInfo.createdAt)).limit(n);
  await t.db.insert(orderPayment).values(
    orders.map((o, i) => {
      const status = STATUSES[i % 3] ?? "reviewing";
      return {
        orderId: o.id,
        boId: bo,
        buyerMemberId: o.buyerMemberId,
        method: "offline",
        provider: "offline",
        amount: o.payAmount,
        status,
        payerName: i === 4 ? "=1+1" : `Payer ${i}`,
        bankRef: `REF-${i}`,
        rejectReason: status === "rejected" ? "The amount differs" : null,
        settledAt: status === "reviewing" ? null : new Date(),
        createdAt: new Date(Date.now() - (i + 1) * 60_000),
      };
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  boId = (await meOf(t, owner)).boId;
  await plantVouchers(boId, 30);
  await plantVouchers((await meOf(t, await t.login("demo2"))).boId, 6);
});
afterAll(() => t.close());

/** The queue's rows (order number and bank reference) for some filters, every page. */
async function listed(filters: Record<string, unknown>, ticket = owner): Promise<string[]> {
  return (await listAll(t, P.selPayListByParam, filters, ticket)).map((r) => `${r.orderNo} ${r.bankRef}`);
}

const rowsOf = (file: Awaited<ReturnType<typeof exportSheet>>) => {
  const refs = file.column("Bank reference");
  return file.column("Order no.").map((n, i) => `${n} ${refs[i]}`);
};

describe("payment voucher export", () => {
  it("when a member reviews vouchers but lacks their export, then 403 naming order.manage.voucher.export; with it, the file", async () => {
    await expectOwnExportFunction(t, boId, P.exportPayList, ["order.manage", "order.manage.voucher"]);
  });

  it("when the queue is filtered by status and order number, then the file holds exactly the queue's rows in its order", async () => {
    for (const status of STATUSES) {
      const expected = await listed({ status });
      expect(expected.length, status).toBeGreaterThanOrEqual(10);
      const file = await exportSheet(t, P.exportPayList, { status }, owner);
      expect(rowsOf(file), status).toEqual(expected);
    }
    const reviewing = await listed({ status: "reviewing" });
    const orderNo = (reviewing[1] ?? "").split(" ")[0] ?? "";
    const one = { status: "reviewing", orderNo };
    const ofOrder = await listed(one);
    expect(ofOrder.length).toBeGreaterThanOrEqual(1);
    const file = await exportSheet(t, P.exportPayList, one, owner);
    expect(file.fileName).toMatch(/payment-vouchers-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(rowsOf(file)).toEqual(ofOrder);
  });

  it("when columns are chosen, then the file has those columns in that order; in Chinese, Chinese headers and words", async () => {
    const en = await exportSheet(t, P.exportPayList, { status: "rejected", columns: ["status", "amount", "rejectReason"] }, owner);
    expect(en.headers).toEqual(["Status", "Voucher amount (¥)", "Rejection reason"]);
    expect(new Set(en.column("Status"))).toEqual(new Set(["Rejected"]));
    expect(en.rows).toContainEqual(["Rejected", expect.any(Number), "The amount differs"]);
    const zh = await exportSheet(t, P.exportPayList, { status: "passed", columns: ["orderNo", "status", "reviewedAt"] }, owner, "zh-CN");
    expect(zh.name).toBe("付款凭证");
    expect(zh.headers).toEqual(["订单编号", "审核状态", "审核时间"]);
    expect(zh.rows[0]?.[1]).toBe("已通过");
    expect(zh.rows[0]?.[2]).toBeInstanceOf(Date);
  });

  it("when a payer's name looks like a formula, then it is written as text; phones are masked without order.manage.phone", async () => {
    const file = await exportSheet(t, P.exportPayList, { status: "passed", columns: ["payerName", "buyerPhone"] }, owner);
    expect(file.column("Payer")).toContain("'=1+1");
    const masked = await createStaff(t, boId, ["order.manage", "order.manage.voucher", "order.manage.voucher.export"]);
    const phones = (await exportSheet(t, P.exportPayList, { status: "passed", columns: ["buyerPhone"] }, masked)).column("Buyer's phone");
    expect(phones.filter(Boolean).length).toBeGreaterThan(0);
    expect(phones.filter(Boolean).every((p) => String(p).includes("*"))).toBe(true);
  });

  it("when another organisation exports, then only its own vouchers appear", async () => {
    const mine = new Set((await listed({ status: "passed" })).map((r) => r.split(" ")[0]));
    const theirs = (await exportSheet(t, P.exportPayList, { status: "passed" }, await t.login("demo2"))).column("Order no.");
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    expect(theirs.filter((n) => mine.has(n as string))).toEqual([]);
  });
});
