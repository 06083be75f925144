import { contract } from "@sbo/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../test/harness";
import { demoOwnerApp, expectOwnExportFunction, exportSheet, listAll } from "../../test/sheet-kit";
import { invoiceRequest } from "./invoice.tables";

/* The invoice list's export (issue 27 §1): its own function, the list's filters, chosen columns, words, tenancy. */

const S = contract.invoice;
let t: TestApp;
let owner: string;
let boId: string;

beforeAll(async () => {
  ({ t, owner, boId } = await demoOwnerApp());
});
afterAll(() => t.close());

/** The list's rows (order number and state) for some filters, every page through its cursor. */
async function listed(filters: Record<string, unknown>, ticket = owner): Promise<string[]> {
  return (await listAll(t, S.selInvoiceListByPage, filters, ticket)).map((r) => `${r.orderNo} ${r.state}`);
}

const rowsOf = (file: Awaited<ReturnType<typeof exportSheet>>) => {
  const states = file.column("State");
  return file.column("Order no.").map((n, i) => `${n} ${states[i]}`);
};

describe("invoice export", () => {
  it("when a member sees invoices but lacks their export, then 403 naming order.invoice.export; with it, the file", async () => {
    await expectOwnExportFunction(t, boId, S.exportInvoiceList, ["order.invoice"]);
  });

  it("when the list is filtered by tab and invoice type, then the file holds exactly the list's rows in its order", async () => {
    const filters = { tab: "issued", invoiceType: "ordinary" };
    const expected = await listed(filters);
    const all = await listed({});
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(all.length);
    const file = await exportSheet(t, S.exportInvoiceList, filters, owner);
    expect(file.fileName).toMatch(/invoices-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(rowsOf(file)).toEqual(expected);
    expect(new Set(file.column("Invoice type"))).toEqual(new Set(["Ordinary VAT invoice"]));

    const [one] = await t.db.select().from(invoiceRequest).where(eq(invoiceRequest.boId, boId)).limit(1);
    const byOrder = { orderNo: one?.orderNo.slice(0, -1) ?? "" };
    const ofOrder = await listed(byOrder);
    expect(ofOrder.length).toBeGreaterThanOrEqual(1);
    expect(rowsOf(await exportSheet(t, S.exportInvoiceList, byOrder, owner))).toEqual(ofOrder);
  });

  it("when columns are chosen, then the file has those columns in that order; in Chinese, Chinese headers and words", async () => {
    const en = await exportSheet(t, S.exportInvoiceList, { tab: "refused", columns: ["state", "orderNo", "amount"] }, owner);
    expect(en.headers).toEqual(["State", "Order no.", "Amount (¥)"]);
    expect(en.rows.length).toBeGreaterThan(0);
    for (const r of en.rows) {
      expect(r[0]).toBe("refused");
      expect(typeof r[2]).toBe("number");
    }
    const zh = await exportSheet(
      t,
      S.exportInvoiceList,
      { tab: "issued", columns: ["orderNo", "state", "invoiceType", "issuedAt"] },
      owner,
      "zh-CN",
    );
    expect(zh.name).toBe("发票");
    expect(zh.headers).toEqual(["订单编号", "开票状态", "发票类型", "开票时间"]);
    expect(zh.rows[0]?.[1]).toBe("已开票");
    expect(["增值税普通发票", "增值税专用发票"]).toContain(zh.rows[0]?.[2]);
    expect(zh.rows[0]?.[3]).toBeInstanceOf(Date);
    expect((await t.post(S.exportInvoiceList.path, { columns: [] }, { ticket: owner })).status).toBe(400);
  });

  it("when a refusal reason looks like a formula, then it is written as text", async () => {
    const [r] = await t.db
      .select()
      .from(invoiceRequest)
      .where(and(eq(invoiceRequest.boId, boId), eq(invoiceRequest.state, "refused")))
      .limit(1);
    if (!r) throw new Error("no refused invoice");
    await t.db.update(invoiceRequest).set({ refuseReason: "=1+1" }).where(eq(invoiceRequest.id, r.id));
    const file = await exportSheet(t, S.exportInvoiceList, { tab: "refused", columns: ["orderNo", "refuseReason"] }, owner);
    expect(file.rows.find((row) => row[0] === r.orderNo)?.[1]).toBe("'=1+1");
  });

  it("when another organisation exports, then none of this one's requests appear", async () => {
    const mine = new Set((await t.db.select().from(invoiceRequest).where(eq(invoiceRequest.boId, boId))).map((r) => r.orderNo));
    const theirs = (await exportSheet(t, S.exportInvoiceList, {}, await t.login("demo2"))).column("Order no.");
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((n) => mine.has(n as string))).toEqual([]);
  });
});
