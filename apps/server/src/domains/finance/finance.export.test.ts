import { contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../test/harness";
import { demoOwnerApp, expectOwnExportFunction, exportSheet, listAll } from "../../test/sheet-kit";
import { orderInfo } from "../orders/orders.tables";

/* The cash flow list's export (issue 27 §1): its own function, the list's filters, chosen columns, words, tenancy. */

const F = contract.finance;
let t: TestApp;
let owner: string;
let boId: string;

beforeAll(async () => {
  ({ t, owner, boId } = await demoOwnerApp());
});
afterAll(() => t.close());

/** The list's flows (source, order number, gross in yuan) for some filters, every page. */
async function listed(filters: Record<string, unknown>, ticket = owner): Promise<string[]> {
  return (await listAll(t, F.selFlowListByPage, filters, ticket)).map((r) => `${r.source} ${r.orderNo} ${r.gross / 100}`);
}

const COLUMNS = ["source", "orderNo", "gross"];
const SOURCE_OF: Record<string, string> = {
  "Order paid": "order",
  "After-sale refund": "refund",
  "Payment not taken": "payment",
  "Payment given back": "paymentRefund",
};
/** The file's rows as the list's: source code, order number, gross in yuan (the columns COLUMNS, in English). */
const rowsOf = (file: Awaited<ReturnType<typeof exportSheet>>) =>
  file.rows.map(([source, orderNo, gross]) => `${SOURCE_OF[String(source)]} ${orderNo ?? ""} ${gross}`);

describe("cash flow export", () => {
  it("when a member sees the account but lacks the flows' export, then 403 naming finance.account.export; with it, the file", async () => {
    await expectOwnExportFunction(t, boId, F.exportFlowList, ["finance.account"]);
  });

  it("when the list is filtered by kind and days, then the file holds exactly the list's flows in its order", async () => {
    const all = await listed({});
    expect(all.length).toBeGreaterThan(10);
    const debits = await listed({ kind: "debit" });
    expect(debits.length).toBeGreaterThan(0);
    expect(debits.length).toBeLessThan(all.length);
    const debitFile = await exportSheet(t, F.exportFlowList, { kind: "debit", columns: COLUMNS }, owner);
    expect(rowsOf(debitFile)).toEqual(debits);

    const days = await t.call(F.selFlowListByPage, { pageNum: 1, pageSize: 1 }, { ticket: owner });
    const newest = days.data.list[0]?.at.slice(0, 10) ?? "";
    const span = { kind: "credit", from: "2000-01-01", to: newest };
    const credits = await listed(span);
    expect(credits.length).toBeGreaterThan(0);
    const file = await exportSheet(t, F.exportFlowList, { ...span, columns: COLUMNS }, owner);
    expect(file.fileName).toMatch(/cash-flows-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(rowsOf(file)).toEqual(credits);
  });

  it("when the days are reversed, then 400 naming `to`", async () => {
    const res = await t.post(F.exportFlowList.path, { from: "2026-03-02", to: "2026-03-01" }, { ticket: owner });
    expect(res.status).toBe(400);
  });

  it("when columns are chosen, then the file has those columns in that order; in Chinese, Chinese headers and words", async () => {
    const en = await exportSheet(t, F.exportFlowList, { kind: "credit", columns: ["amount", "kind", "at"] }, owner);
    expect(en.headers).toEqual(["Amount (¥)", "In or out", "Time"]);
    expect(en.rows[0]?.[1]).toBe("In");
    expect(typeof en.rows[0]?.[0]).toBe("number");
    expect(en.rows[0]?.[2]).toBeInstanceOf(Date);
    const zh = await exportSheet(t, F.exportFlowList, { kind: "credit", columns: ["kind", "source"] }, owner, "zh-CN");
    expect(zh.name).toBe("资金流水");
    expect(zh.headers).toEqual(["收支", "来源"]);
    expect(zh.rows[0]).toEqual(["收入", expect.stringMatching(/订单收款|未入账付款/)]);
  });

  it("when an order number looks like a formula, then it is written as text", async () => {
    const credits = await t.call(F.selFlowListByPage, { kind: "credit", pageNum: 1, pageSize: 1 }, { ticket: owner });
    const orderId = credits.data.list[0]?.orderId ?? "";
    await t.db.update(orderInfo).set({ orderNo: "=1+1" }).where(eq(orderInfo.id, orderId));
    const file = await exportSheet(t, F.exportFlowList, { kind: "credit", columns: ["orderNo"] }, owner);
    expect(file.column("Order no.")).toContain("'=1+1");
  });

  it("when another organisation exports, then none of this one's flows appear", async () => {
    const mine = new Set((await listed({ kind: "credit" })).map((r) => r.split(" ")[1]));
    const theirs = (await exportSheet(t, F.exportFlowList, { kind: "credit" }, await t.login("demo2"))).column("Order no.");
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((n) => n && mine.has(n as string))).toEqual([]);
  });
});
