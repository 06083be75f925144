import { contract } from "@sbo/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../test/harness";
import { demoOwnerApp, expectOwnExportFunction, exportSheet, listAll } from "../../test/sheet-kit";
import { orderInfo } from "../orders/orders.tables";
import { orderEvaluation, orderEvaluationContent } from "./evaluation.tables";

/* The review list's export (issue 27 §1): its own function, the list's filters, chosen columns, words, tenancy. */

const S = contract.evaluation;
let t: TestApp;
let owner: string;
let boId: string;

beforeAll(async () => {
  ({ t, owner, boId } = await demoOwnerApp());
});
afterAll(() => t.close());

/** The list's order numbers for some filters, every page. */
async function listed(filters: Record<string, unknown>, ticket = owner): Promise<string[]> {
  return (await listAll(t, S.selEvalOrderByPage, filters, ticket)).map((r) => r.orderNo);
}

describe("review export", () => {
  it("when a member sees reviews but lacks their export, then 403 naming order.evaluation.export; with it, the file", async () => {
    await expectOwnExportFunction(t, boId, S.exportEvalOrderList, ["order.evaluation"]);
  });

  it("when the list is filtered by score and replied, then the file holds exactly the list's rows in its order", async () => {
    const filters = { score: 4, replied: false };
    const expected = await listed(filters);
    const all = await listed({});
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(all.length);
    const file = await exportSheet(t, S.exportEvalOrderList, filters, owner);
    expect(file.fileName).toMatch(/reviews-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(file.column("Order no.")).toEqual(expected);
    expect(new Set(file.column("Score"))).toEqual(new Set([4]));
    expect(file.column("Reply").every((r) => r === null)).toBe(true);

    const low = { tab: "lowScore", hasImages: true };
    expect((await exportSheet(t, S.exportEvalOrderList, low, owner)).column("Order no.")).toEqual(await listed(low));
  });

  it("when the days are reversed, then 400 naming `to`, as the list", async () => {
    const res = await t.post(S.exportEvalOrderList.path, { from: "2026-03-02T00:00:00Z", to: "2026-03-01T00:00:00Z" }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.params ?? {}) + String(res.msg)).toContain("to");
  });

  it("when columns are chosen, then the file has those columns in that order; in Chinese, Chinese headers and words", async () => {
    const en = await exportSheet(t, S.exportEvalOrderList, { replied: true, columns: ["score", "orderNo", "followedUp"] }, owner);
    expect(en.headers).toEqual(["Score", "Order no.", "Followed up"]);
    expect(en.rows.length).toBeGreaterThan(0);
    expect(new Set(en.column("Followed up"))).toEqual(new Set(["Yes", "No"]));
    const zh = await exportSheet(t, S.exportEvalOrderList, { columns: ["orderNo", "followedUp", "createdAt"] }, owner, "zh-CN");
    expect(zh.name).toBe("评价");
    expect(zh.headers).toEqual(["订单编号", "已追评", "评价时间"]);
    expect(new Set(zh.column("已追评"))).toEqual(new Set(["是", "否"]));
    expect(zh.rows[0]?.[2]).toBeInstanceOf(Date);
  });

  it("when a reply looks like a formula, then it is written as text", async () => {
    const [c] = await t.db
      .select()
      .from(orderEvaluationContent)
      .where(and(eq(orderEvaluationContent.boId, boId), eq(orderEvaluationContent.kind, "reply")))
      .limit(1);
    if (!c) throw new Error("no reply");
    await t.db.update(orderEvaluationContent).set({ content: "=1+1" }).where(eq(orderEvaluationContent.id, c.id));
    const [o] = await t.db.select({ orderNo: orderInfo.orderNo }).from(orderInfo).where(eq(orderInfo.id, c.orderId));
    const file = await exportSheet(t, S.exportEvalOrderList, { orderNo: o?.orderNo, columns: ["orderNo", "reply"] }, owner);
    expect(file.rows).toEqual([[o?.orderNo, "'=1+1"]]);
  });

  it("when another organisation exports, then none of this one's reviews appear", async () => {
    const mine = new Set(
      (
        await t.db
          .select({ orderNo: orderInfo.orderNo })
          .from(orderEvaluation)
          .innerJoin(orderInfo, eq(orderInfo.id, orderEvaluation.orderId))
          .where(eq(orderEvaluation.boId, boId))
      ).map((r) => r.orderNo),
    );
    const theirs = (await exportSheet(t, S.exportEvalOrderList, {}, await t.login("demo2"))).column("Order no.");
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((n) => mine.has(n as string))).toEqual([]);
  });
});
