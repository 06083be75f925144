import { contract } from "@sbo/contract";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meOf } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/harness";
import { expectOwnExportFunction, exportSheet, listAll } from "../../../test/sheet-kit";
import { orderPush } from "../live/live.tables";
import { orderInfo } from "../orders.tables";

/* The pushed sales order list's export (issue 27 §1): its own function, the list's filters, columns, words, tenancy. */

const L = contract.ordersLive;
let t: TestApp;
let owner: string;
let boId: string;
let otherBoId: string;
const STATUSES = ["pending", "succeeded", "failed"] as const;

/** Pushes of an organisation's newest `n` orders, in turn pending, succeeded and failed (a failed one with the ERP's answer). */
async function plantPushes(bo: string, n: number) {
  const orders = await t.db.select().from(orderInfo).where(eq(orderInfo.boId, bo)).orderBy(desc(orderInfo.createdAt)).limit(n);
  await t.db.insert(orderPush).values(
    orders.map((o, i) => {
      const status = STATUSES[i % 3] ?? "pending";
      return {
        boId: bo,
        orderId: o.id,
        orderNo: o.orderNo,
        status,
        attempts: status === "pending" ? 0 : 1 + (i % 4),
        lastErrorKind: status === "failed" ? "http" : null,
        lastStatusCode: status === "failed" ? 500 : status === "succeeded" ? 200 : null,
        lastError: status === "failed" ? (i === 2 ? "=1+1" : "Internal error") : null,
        pushedAt: status === "succeeded" ? new Date() : null,
        url: "https://erp.example/hook",
        createdAt: new Date(Date.now() - i * 60_000),
      };
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  boId = (await meOf(t, owner)).boId;
  otherBoId = (await meOf(t, await t.login("demo2"))).boId;
  await plantPushes(boId, 30);
  await plantPushes(otherBoId, 6);
});
afterAll(() => t.close());

/** The list's order numbers for some filters, every page. */
async function listed(filters: Record<string, unknown>, ticket = owner): Promise<string[]> {
  return (await listAll(t, L.selPushListByPage, filters, ticket)).map((r) => r.orderNo);
}

describe("pushed sales order export", () => {
  it("when a member sees pushes but lacks their export, then 403 naming order.push.export; with it, the file", async () => {
    await expectOwnExportFunction(t, boId, L.exportPushList, ["order.push"]);
  });

  it("when the list is filtered by status and order number, then the file holds exactly the list's rows in its order", async () => {
    const failed = await listed({ status: "failed" });
    expect(failed.length).toBe(10);
    const file = await exportSheet(t, L.exportPushList, { status: "failed" }, owner);
    expect(file.fileName).toMatch(/pushed-sales-orders-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(file.column("Order no.")).toEqual(failed);
    expect(new Set(file.column("Status"))).toEqual(new Set(["Failed"]));
    const prefix = { status: "failed", orderNo: (failed[0] ?? "").slice(0, 10) };
    const byPrefix = await listed(prefix);
    expect(byPrefix.length).toBeGreaterThanOrEqual(1);
    expect((await exportSheet(t, L.exportPushList, prefix, owner)).column("Order no.")).toEqual(byPrefix);
    expect((await exportSheet(t, L.exportPushList, {}, owner)).column("Order no.")).toEqual(await listed({}));
  });

  it("when columns are chosen, then the file has those columns in that order; in Chinese, Chinese headers and words", async () => {
    const en = await exportSheet(t, L.exportPushList, { status: "failed", columns: ["lastErrorKind", "orderNo", "lastStatusCode"] }, owner);
    expect(en.headers).toEqual(["Last error", "Order no.", "HTTP status"]);
    expect(en.rows[0]).toEqual(["The ERP answered an error", expect.any(String), 500]);
    const zh = await exportSheet(t, L.exportPushList, { status: "succeeded", columns: ["orderNo", "status", "pushedAt"] }, owner, "zh-CN");
    expect(zh.name).toBe("推送销售单");
    expect(zh.headers).toEqual(["订单编号", "推送状态", "推送成功时间"]);
    expect(zh.rows[0]?.[1]).toBe("推送成功");
    expect(zh.rows[0]?.[2]).toBeInstanceOf(Date);
  });

  it("when the ERP's answer looks like a formula, then it is written as text", async () => {
    const file = await exportSheet(t, L.exportPushList, { status: "failed", columns: ["lastError"] }, owner);
    expect(file.column("Answer")).toContain("'=1+1");
    expect(file.column("Answer")).not.toContain("=1+1");
  });

  it("when another organisation exports, then only its own pushes appear", async () => {
    const mine = new Set(await listed({}));
    const theirs = (await exportSheet(t, L.exportPushList, {}, await t.login("demo2"))).column("Order no.");
    expect(theirs.length).toBe(6);
    expect(theirs.filter((n) => mine.has(n as string))).toEqual([]);
  });
});
