import { describe, expect, it } from "vitest";
import {
  type Batch,
  freshStock,
  type LadderTier,
  ladderProblem,
  packageAvailable,
  reconcileSkus,
  skuCombinations,
  takeFefo,
  unitPrice,
} from "./goods.rules";

describe("skuCombinations", () => {
  it.each([
    ["no specs: one SKU without values", [], [[]]],
    ["one dimension", [{ name: "weight", values: ["500 g", "1 kg"] }], [["500 g"], ["1 kg"]]],
    [
      "two dimensions: the first varies slowest",
      [
        { name: "weight", values: ["500 g", "1 kg"] },
        { name: "pack", values: ["bag", "box", "crate"] },
      ],
      [
        ["500 g", "bag"],
        ["500 g", "box"],
        ["500 g", "crate"],
        ["1 kg", "bag"],
        ["1 kg", "box"],
        ["1 kg", "crate"],
      ],
    ],
    ["a dimension without values makes none", [{ name: "weight", values: [] }], []],
  ])("when %s, then the SKUs are the product of the values", (_, specs, expected) => {
    expect(skuCombinations(specs)).toEqual(expected);
  });

  it("when three dimensions of 20 values are given, then 8,000 SKUs are made", () => {
    const values = Array.from({ length: 20 }, (_, i) => `v${i}`);
    expect(skuCombinations([0, 1, 2].map((d) => ({ name: `d${d}`, values })))).toHaveLength(8000);
  });
});

describe("reconcileSkus", () => {
  const sku = (id: string, ...specValues: string[]) => ({ id, specValues });
  it("when a value is added and another removed, then matching SKUs are kept, new ones added and the rest retired", () => {
    const existing = [sku("a", "500 g", "bag"), sku("b", "500 g", "box"), sku("c", "1 kg", "bag"), sku("d", "1 kg", "box")];
    const result = reconcileSkus(existing, [
      { name: "weight", values: ["500 g", "2 kg"] },
      { name: "pack", values: ["bag", "box"] },
    ]);
    expect(result.kept.map((s) => s.id)).toEqual(["a", "b"]);
    expect(result.added).toEqual([
      ["2 kg", "bag"],
      ["2 kg", "box"],
    ]);
    expect(result.retired.map((s) => s.id)).toEqual(["c", "d"]);
  });

  it("when values contain what a naive join would confuse, then they stay distinct", () => {
    const result = reconcileSkus(
      [sku("a", "a b", "c")],
      [
        { name: "x", values: ["a"] },
        { name: "y", values: ["b c"] },
      ],
    );
    expect(result.kept).toEqual([]);
    expect(result.retired.map((s) => s.id)).toEqual(["a"]);
  });
});

describe("ladderProblem", () => {
  const t = (minQuantity: number, price: number): LadderTier => ({ minQuantity, price });
  it.each<[string, LadderTier[], ReturnType<typeof ladderProblem>]>([
    ["no tiers", [], null],
    ["sound tiers", [t(2, 950), t(10, 900), t(50, 800)], null],
    ["a first tier from 1 piece", [t(1, 950)], { index: 0, problem: "minQuantityNotAscending" }],
    ["quantities not ascending", [t(10, 950), t(10, 900)], { index: 1, problem: "minQuantityNotAscending" }],
    ["a price not below the SKU price", [t(2, 1000)], { index: 0, problem: "notBelowPrice" }],
    ["prices not descending", [t(2, 900), t(5, 900)], { index: 1, problem: "priceNotDescending" }],
    ["six tiers", [t(2, 990), t(3, 980), t(4, 970), t(5, 960), t(6, 950), t(7, 940)], { index: 5, problem: "tooMany" }],
  ])("when the ladder has %s, then it is judged so", (_, tiers, expected) => {
    expect(ladderProblem(tiers, 1000)).toEqual(expected);
  });
});

describe("unitPrice", () => {
  const base = { price: 1000, memberPrices: new Map<string, number>(), ladder: [] as LadderTier[], rank: null, quantity: 1 };
  const gold = { id: "gold", discountBp: 9000 };
  it.each<[string, Partial<Parameters<typeof unitPrice>[0]>, number, string]>([
    ["a guest buying one", {}, 1000, "price"],
    ["a ranked buyer without member prices: the rank discount", { rank: gold }, 900, "rankDiscount"],
    ["a rank without discount (10000 bp)", { rank: { id: "gold", discountBp: 10_000 } }, 1000, "price"],
    ["a member price for the rank replaces the rank discount", { rank: gold, memberPrices: new Map([["gold", 950]]) }, 950, "memberPrice"],
    ["a member price for another rank only", { rank: gold, memberPrices: new Map([["silver", 800]]) }, 900, "rankDiscount"],
    ["a quantity below the first tier", { ladder: [{ minQuantity: 10, price: 850 }], quantity: 9 }, 1000, "price"],
    ["a quantity reaching the first tier", { ladder: [{ minQuantity: 10, price: 850 }], quantity: 10 }, 850, "ladder"],
    [
      "a quantity past the last tier takes the last",
      {
        ladder: [
          { minQuantity: 10, price: 850 },
          { minQuantity: 50, price: 700 },
        ],
        quantity: 500,
      },
      700,
      "ladder",
    ],
    [
      "member price lower than the ladder wins",
      { rank: gold, memberPrices: new Map([["gold", 600]]), ladder: [{ minQuantity: 2, price: 700 }], quantity: 3 },
      600,
      "memberPrice",
    ],
    [
      "a tie keeps the member price",
      { rank: gold, memberPrices: new Map([["gold", 700]]), ladder: [{ minQuantity: 2, price: 700 }], quantity: 3 },
      700,
      "memberPrice",
    ],
    ["a discount rounds half up to a cent", { price: 1001, rank: { id: "gold", discountBp: 5000 } }, 501, "rankDiscount"],
  ])("when %s, then that price applies", (_, over, price, source) => {
    expect(unitPrice({ ...base, ...over })).toEqual({ price, source });
  });

  it("when the quantity is not a positive integer, then it throws rather than price nonsense", () => {
    expect(() => unitPrice({ ...base, quantity: 0 })).toThrow(RangeError);
    expect(() => unitPrice({ ...base, quantity: 1.5 })).toThrow(RangeError);
  });
});

describe("fresh batches", () => {
  const b = (id: string, left: number, expiresOn: string): Batch => ({ id, left, expiresOn });
  const batches = [b("late", 10, "2026-12-10"), b("expired", 50, "2026-11-22"), b("soon", 3, "2026-11-24"), b("today", 2, "2026-11-23")];
  const today = "2026-11-23";

  it("when a batch has expired, then it is not stock; expiring today still is", () => {
    expect(freshStock(batches, today)).toBe(15);
  });

  it.each<[number, { batchId: string; quantity: number }[] | null]>([
    [1, [{ batchId: "today", quantity: 1 }]],
    [
      4,
      [
        { batchId: "today", quantity: 2 },
        { batchId: "soon", quantity: 2 },
      ],
    ],
    [
      15,
      [
        { batchId: "today", quantity: 2 },
        { batchId: "soon", quantity: 3 },
        { batchId: "late", quantity: 10 },
      ],
    ],
    [16, null],
  ])("when %i are taken, then the earliest-expiring batches give them (none when short)", (quantity, expected) => {
    expect(takeFefo(batches, quantity, today)).toEqual(expected);
  });

  it("when two batches expire the same day, then the one listed first gives first", () => {
    expect(takeFefo([b("x", 1, "2026-12-01"), b("y", 1, "2026-12-01")], 1, today)).toEqual([{ batchId: "x", quantity: 1 }]);
  });
});

describe("packageAvailable", () => {
  it.each<[string, number | null, { stock: number; quantity: number; onShelf: boolean }[], number]>([
    [
      "parts allow fewer than the limit",
      100,
      [
        { stock: 7, quantity: 2, onShelf: true },
        { stock: 100, quantity: 1, onShelf: true },
      ],
      3,
    ],
    ["the limit is lower", 2, [{ stock: 70, quantity: 2, onShelf: true }], 2],
    ["no limit", null, [{ stock: 9, quantity: 3, onShelf: true }], 3],
    ["a part off shelf", null, [{ stock: 9, quantity: 3, onShelf: false }], 0],
    ["no parts", 5, [], 0],
  ])("when %s, then that many packages can be sold", (_, limit, parts, expected) => {
    expect(packageAvailable(limit, parts)).toBe(expected);
  });
});
