import { contract } from "@sbo/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "../../test/fixtures";
import type { TestApp } from "../../test/harness";
import { demoOwnerApp, expectOwnExportFunction, exportSheet, listAll } from "../../test/sheet-kit";
import { orderLine } from "../orders/orders.tables";
import { afterSaleApply } from "./aftersale.tables";

/* The after-sale list's export (issue 27 §1): its own function, the list's filters, chosen columns, words, tenancy. */

const S = contract.afterSale;
let t: TestApp;
let owner: string;
let boId: string;

beforeAll(async () => {
  ({ t, owner, boId } = await demoOwnerApp());
});
afterAll(() => t.close());

/** The list's after-sale numbers for some filters, every page. */
async function listed(filters: Record<string, unknown>, ticket = owner): Promise<string[]> {
  return (await listAll(t, S.selOrderGoodsAfterSaleService, filters, ticket)).map((r) => r.afterSaleNo);
}

describe("after-sale export", () => {
  it("when a member sees after-sales but lacks their export, then 403 naming order.afterSale.export; with it, the file", async () => {
    await expectOwnExportFunction(t, boId, S.exportAfterSaleList, ["order.afterSale"]);
  });

  it("when the list is filtered by type, state and order number, then the file holds exactly the list's rows in its order", async () => {
    const filters = { type: "returnRefund", state: "closed" };
    const expected = await listed(filters);
    const all = await listed({});
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(all.length);
    const file = await exportSheet(t, S.exportAfterSaleList, filters, owner);
    expect(file.fileName).toMatch(/after-sales-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(file.column("After-sale no.")).toEqual(expected);
    expect(new Set(file.column("Type"))).toEqual(new Set(["return and refund"]));

    const [one] = await t.db
      .select({ orderNo: sql<string>`(select order_no from order_info o where o.id = ${afterSaleApply.orderId})` })
      .from(afterSaleApply)
      .where(and(eq(afterSaleApply.boId, boId), eq(afterSaleApply.type, "exchange")))
      .limit(1);
    const byOrder = { type: "exchange", orderNo: one?.orderNo ?? "" };
    const ofOrder = await listed(byOrder);
    expect(ofOrder.length).toBeGreaterThanOrEqual(1);
    expect((await exportSheet(t, S.exportAfterSaleList, byOrder, owner)).column("After-sale no.")).toEqual(ofOrder);
  });

  it("when columns are chosen, then the file has those columns in that order; in Chinese, Chinese headers and words", async () => {
    const filters = { type: "refundOnly", state: "refunded" };
    const en = await exportSheet(t, S.exportAfterSaleList, { ...filters, columns: ["state", "afterSaleNo", "amount"] }, owner);
    expect(en.headers).toEqual(["State", "After-sale no.", "Amount (¥)"]);
    expect(en.rows.length).toBeGreaterThan(0);
    for (const r of en.rows) {
      expect(r[0]).toBe("refunded");
      expect(typeof r[2]).toBe("number");
    }
    const zh = await exportSheet(
      t,
      S.exportAfterSaleList,
      { ...filters, columns: ["afterSaleNo", "type", "state", "appliedAt"] },
      owner,
      "zh-CN",
    );
    expect(zh.name).toBe("售后");
    expect(zh.fileName).toMatch(/售后-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(zh.headers).toEqual(["售后单号", "售后类型", "状态", "申请时间"]);
    expect(zh.rows[0]?.slice(1, 3)).toEqual(["仅退款", "已退款"]);
    expect(zh.rows[0]?.[3]).toBeInstanceOf(Date);
    const bad = await t.post(S.exportAfterSaleList.path, { columns: ["password"] }, { ticket: owner });
    expect(bad.status).toBe(400);
  });

  it("when a goods name looks like a formula, then it is written as text", async () => {
    const [a] = await t.db.select().from(afterSaleApply).where(eq(afterSaleApply.boId, boId)).limit(1);
    if (!a) throw new Error("no after-sale");
    await t.db.update(orderLine).set({ goodsName: "=1+1" }).where(eq(orderLine.id, a.lineId));
    const file = await exportSheet(t, S.exportAfterSaleList, { columns: ["afterSaleNo", "goodsName"] }, owner);
    const row = file.rows.find((r) => r[0] === a.afterSaleNo);
    expect(row?.[1]).toBe("'=1+1");
  });

  it("when buyers' phones are exported, then they are masked unless the member may see full phones", async () => {
    const masked = await createStaff(t, boId, ["order.afterSale", "order.afterSale.export"]);
    const full = await createStaff(t, boId, ["order.afterSale", "order.afterSale.export", "order.manage", "order.manage.phone"]);
    const phones = async (ticket: string) =>
      (await exportSheet(t, S.exportAfterSaleList, { columns: ["buyerPhone"] }, ticket))
        .column("Buyer's phone")
        .filter(Boolean) as string[];
    const hidden = await phones(masked);
    const shown = await phones(full);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((p) => p.includes("*"))).toBe(true);
    expect(shown.some((p) => /^\d{11}$/.test(p))).toBe(true);
  });

  it("when another organisation exports, then none of this one's applications appear", async () => {
    const mine = new Set(await listed({}));
    const theirs = (await exportSheet(t, S.exportAfterSaleList, {}, await t.login("demo2"))).column("After-sale no.");
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((n) => mine.has(n as string))).toEqual([]);
  });
});
