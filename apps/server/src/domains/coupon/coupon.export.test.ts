import { codes, contract, type InputOf } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { expectOwnExportFunction, exportSheet, listAll } from "../../test/sheet-kit";

/*
 * The coupon rule list's export and one rule's received coupons' export (issue 27 §1): each its own function, exactly
 * the list's filtered rows, chosen columns in order, Chinese headers and words, money in yuan, a formula-looking name
 * as text, buyers' phones masked unless the member may see them, never another seller's rules or coupons.
 */

const S = contract.coupon;
let t: TestApp;
let owner: string;
let boId: string;
const DAY = 86_400_000;
let serial = 0;

const addRule = async (ticket: string, patch: Partial<InputOf<typeof S.addCoupRegular>>, activate: boolean) => {
  serial += 1;
  const res = await t.call(
    S.addCoupRegular,
    {
      regCode: `XCP${Date.now().toString(36)}${serial}`.slice(0, 32),
      name: "¥5 off",
      discountType: "amount",
      amount: 500,
      validityType: "fixed",
      validFrom: new Date(Date.now() - DAY).toISOString(),
      validTo: new Date(Date.now() + 30 * DAY).toISOString(),
      totalQuantity: 100,
      perMemberLimit: 2,
      ...patch,
    },
    { ticket },
  );
  expect(res.code, res.msg).toBe(codes.OK);
  if (activate) {
    const on = await t.call(S.updCoupRegularByRegCode, { regCode: res.data.regCode, action: "activate" }, { ticket });
    expect(on.code, on.msg).toBe(codes.OK);
  }
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  boId = (await meOf(t, owner)).boId;
  await addRule(owner, { name: "=1+1 Xcoupon five" }, true);
  await addRule(owner, { name: "Xcoupon tenth", discountType: "percent", amount: 0, percentOff: 10, maxDiscount: 2000 }, false);
  await addRule(
    owner,
    {
      name: "Xcoupon spend",
      discountType: "threshold",
      amount: 1000,
      minSpend: 9900,
      validityType: "days",
      validFrom: undefined,
      validTo: undefined,
      validDays: 7,
    },
    true,
  );
  await addRule(await t.login("demo2"), { name: "Xcoupon rival" }, true);
}, 120_000);
afterAll(() => t.close());

const asCell = (s: string) => (/^[=+\-@]/.test(s) ? `'${s}` : s);

describe("coupon rule export", () => {
  it("when a member sees coupons but lacks their export function, then 403 naming it", async () => {
    await expectOwnExportFunction(t, boId, S.exportCouponRuleList, ["marketing.coupon"]);
  });

  it("when exported with the list's tab and filters, then the file holds exactly the list's rows, and no other seller's", async () => {
    const cases = [
      { keyword: "Xcoupon" },
      { keyword: "Xcoupon", tab: "active" },
      { keyword: "xcoupon", discountType: "percent" },
      { tab: "draft" },
    ];
    for (const filters of cases) {
      const listed = await listAll(t, S.queryCoupRegListByPage, filters, owner);
      const file = await exportSheet(t, S.exportCouponRuleList, filters, owner);
      expect(file.column("Name").sort(), JSON.stringify(filters)).toEqual(listed.map((r) => asCell(r.name)).sort());
    }
    expect((await exportSheet(t, S.exportCouponRuleList, { keyword: "Xcoupon", tab: "active" }, owner)).column("Name").sort()).toEqual([
      "'=1+1 Xcoupon five",
      "Xcoupon spend",
    ]);
  });

  it("when columns are chosen, then only they come, in that order, money in yuan and each kind's own figures", async () => {
    const file = await exportSheet(
      t,
      S.exportCouponRuleList,
      { keyword: "Xcoupon", columns: ["name", "amount", "percentOff", "maxDiscount", "minSpend", "validDays"] },
      owner,
    );
    expect(file.headers).toEqual([
      "Name",
      "Amount off (¥)",
      "Percent off",
      "Largest discount (¥)",
      "Minimum spend (¥)",
      "Days valid after receipt",
    ]);
    const byName = new Map(file.rows.map((r) => [r[0], r.slice(1)]));
    expect(byName.get("'=1+1 Xcoupon five")).toEqual([5, null, null, 0, null]);
    expect(byName.get("Xcoupon tenth")).toEqual([null, 10, 20, 0, null]);
    expect(byName.get("Xcoupon spend")).toEqual([10, null, null, 99, 7]);
    expect(file.fileName).toMatch(/coupons-\d{4}-\d{2}-\d{2}\.xlsx/);
  });

  it("when a Chinese seller exports, then the headers, kinds and states are Chinese", async () => {
    const file = await exportSheet(
      t,
      S.exportCouponRuleList,
      { keyword: "tenth", columns: ["name", "discountType", "state"] },
      owner,
      "zh-CN",
    );
    expect(file.name).toBe("优惠券");
    expect(file.headers).toEqual(["名称", "优惠类型", "状态"]);
    expect(file.rows).toEqual([["Xcoupon tenth", "折扣券", "草稿"]]);
  });
});

describe("received coupons export", () => {
  // The demo rule DEMO-5OFF exists at both demo sellers, with coupons used and unused.
  const regCode = "DEMO-5OFF";

  it("when a member sees coupons but lacks the records' export function, then 403 naming it", async () => {
    const seeing = await createStaff(t, boId, ["marketing.coupon", "marketing.coupon.export"]);
    const res = await t.post(S.exportCouponList.path, { regCode }, { ticket: seeing });
    expect(res.status).toBe(403);
    expect(res.params?.func).toBe("marketing.coupon.records.export");
  });

  it("when exported with the list's state, then the file holds exactly the list's coupons of this seller's rule", async () => {
    for (const filters of [{ regCode }, { regCode, state: "used" }, { regCode, state: "unused" }]) {
      const listed = await listAll(t, S.selCouponList, filters, owner);
      const file = await exportSheet(t, S.exportCouponList, { ...filters, columns: ["orderNo", "state", "receivedAt"] }, owner);
      expect(file.rows.length, JSON.stringify(filters)).toBe(listed.length);
      expect(file.column("Order no.").sort(), JSON.stringify(filters)).toEqual(listed.map((c) => c.orderNo).sort());
    }
    const used = await exportSheet(t, S.exportCouponList, { regCode, state: "used", columns: ["state", "discountAmount"] }, owner);
    expect(used.rows.length).toBeGreaterThan(0);
    for (const row of used.rows) expect(row).toEqual(["used", 5]);
  });

  it("when the member may not see full phones, then phones are masked; the owner sees them in full", async () => {
    const full = await exportSheet(t, S.exportCouponList, { regCode, columns: ["memberPhone"] }, owner);
    const phones = full.column("Phone").filter((p): p is string => typeof p === "string");
    expect(phones.length).toBeGreaterThan(0);
    expect(phones.every((p) => /^\d{11}$/.test(p))).toBe(true);
    const clerk = await createStaff(t, boId, ["marketing.coupon", "marketing.coupon.records.export"]);
    const masked = await exportSheet(t, S.exportCouponList, { regCode, columns: ["memberPhone"] }, clerk);
    expect(
      masked
        .column("Phone")
        .filter((p) => typeof p === "string")
        .every((p) => /^\d{3}\*{4}\d{4}$/.test(String(p))),
    ).toBe(true);
    expect(masked.rows.length).toBe(full.rows.length);
  });

  it("when a Chinese seller exports another seller's rule code, then only its own rule's coupons come, with Chinese words", async () => {
    const file = await exportSheet(
      t,
      S.exportCouponList,
      { regCode, state: "used", columns: ["ruleName", "state", "source"] },
      owner,
      "zh-CN",
    );
    expect(file.name).toBe("领取记录");
    expect(file.headers).toEqual(["优惠券", "状态", "获取方式"]);
    expect(file.rows.every((r) => r[1] === "已使用")).toBe(true);
    // A rule code the organisation does not have is not found (never another organisation's coupons).
    const unknown = await t.post(S.exportCouponList.path, { regCode: "NO-SUCH-RULE" }, { ticket: owner });
    expect(unknown.code).toBe(codes.NOT_FOUND);
    expect(unknown.reason).toBe("coupon.notFound");
  });
});
