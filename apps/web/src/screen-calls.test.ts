import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callCoverage, contractCalls, findScreenCalls, readUncalledList, type ScreenCalls } from "../screen-calls.ts";

/**
 * Issue 27 §2: every call of the contract is made by a screen or docs/uncalled-calls.md says why none needs it
 * (`npm run spec:coverage` shows the same as its "called by a screen" column, over the spec's seed calls).
 */
const webRoot = resolve(import.meta.dirname, "..");
const docs = resolve(webRoot, "../../docs/uncalled-calls.md");

describe("every call has a screen or a reason (docs/uncalled-calls.md)", () => {
  let found: ScreenCalls;
  beforeAll(async () => {
    found = await findScreenCalls(webRoot);
  }, 60_000);

  it("when a call is neither made by a screen nor listed with its reason, then this names it", () => {
    const listed = readUncalledList(readFileSync(docs, "utf8"));
    const coverage = callCoverage([...contractCalls().values()], found, listed);
    expect(coverage.neither.map((c) => `${c.name} ${c.path}`)).toEqual([]);
    expect(coverage.badRows).toEqual([]);
    // A whole domain handed on would hide which of its calls are made.
    expect(found.opaque).toEqual([]);
  });

  it("the web's real calls are found through their aliases: a namespace, a renamed domain, a local object of domains", () => {
    // `import * as contract from "@sbo/contract/dashboard"; contract.dashboard.selCountTradingDataView`
    expect(found.called.get(contract.dashboard.selCountTradingDataView.path)).toContain("src/features/dashboard/dashboard-page.tsx");
    // `const contract = { organization, supplier }; contract.supplier.updShopSupplierById`
    expect(found.called.get(contract.supplier.updShopSupplierById.path)).toContain("src/features/supplier/supplier.api.ts");
  });
});

describe("reading the sources", () => {
  let dir: string;
  const write = (file: string, text: string) => {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "screen-calls-"));
    write(
      "src/a.tsx",
      [
        'import * as c from "@sbo/contract/coupon";',
        'import { orderDesk as desk } from "@sbo/contract/orders-desk";',
        'import { finance } from "@sbo/contract/finance";',
        'import type { InputOf } from "@sbo/contract/define";',
        "type T = InputOf<typeof finance.toSign>;",
        "const all = { desk };",
        "const { statisticalDuringOrder } = all.desk;",
        "export const run = (call: (x: unknown) => void, other: { selCouponRegNum: string }) => {",
        "  call(c.coupon.selCouponRegNum);",
        "  call(desk.statisticalOrder.path);",
        "  call(statisticalDuringOrder);",
        "  call(other.selCouponRegNum);",
        '  const viaObject = { entry: c.coupon["getCouponParentOrderId"] };',
        "  call(viaObject);",
        "};",
      ].join("\n"),
    );
    write("src/a.test.tsx", 'import { finance } from "@sbo/contract/finance";\nfinance.unSign;');
    write("src/b.ts", 'import { advert } from "@sbo/contract/advert";\nexport const handOn = (f: (d: unknown) => void) => f(advert);');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("counts calls read through any alias, not types, tests or look-alike names; flags a domain handed on whole", async () => {
    const r = await findScreenCalls(dir);
    expect([...r.called.keys()].sort()).toEqual(
      [
        contract.coupon.selCouponRegNum.path,
        contract.coupon.getCouponParentOrderId.path,
        contract.orderDesk.statisticalOrder.path,
        contract.orderDesk.statisticalDuringOrder.path,
      ].sort(),
    );
    expect(r.opaque).toEqual(["src/b.ts:2"]);
  });

  it("a row naming no call, the wrong call or no reason is refused; a listed call a screen makes is named", async () => {
    const rows = readUncalledList(
      [
        "| call | path | why |",
        "|---|---|---|",
        `| \`finance.toSign\` | \`${contract.finance.toSign.path}\` | the bank's signing page |`,
        `| \`finance.unSign\` | \`${contract.finance.toSign.path}\` | wrong name |`,
        "| `x.y` | `/api/nothing` | none |",
        `| \`coupon.selCouponRegNum\` | \`${contract.coupon.selCouponRegNum.path}\` |  |`,
      ].join("\n"),
    );
    expect(rows.map((r) => r.name)).toEqual(["finance.toSign", "finance.unSign", "x.y", "coupon.selCouponRegNum"]);
    const r = await findScreenCalls(dir);
    const calls = [contract.finance.toSign, contract.finance.removeSign, contract.coupon.selCouponRegNum].map((c) => ({
      name: contractCalls().get(c.path)?.name ?? "",
      path: c.path,
    }));
    const coverage = callCoverage(calls, r, rows);
    expect(coverage.neither.map((c) => c.name)).toEqual(["finance.removeSign"]);
    expect(coverage.badRows).toEqual([
      `line 4: ${contract.finance.toSign.path} is finance.toSign, the row says finance.unSign`,
      "line 5: /api/nothing is no call of the contract",
      `line 6: ${contract.coupon.selCouponRegNum.path} gives no reason`,
    ]);
    expect(coverage.listedButCalled.map((c) => c.name)).toEqual(["coupon.selCouponRegNum"]);
  });
});
