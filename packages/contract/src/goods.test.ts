import { describe, expect, it } from "vitest";
import { fieldIssues } from "./field-issues";
import { goods } from "./goods";

const sku = (specValues: string[], price = 1000, more: Record<string, unknown> = {}) => ({ specValues, price, ...more });
const ready = {
  name: "Navel oranges",
  categoryId: "C0101",
  unitId: "kg",
  images: ["F1"],
  logistics: ["express"],
  specs: [
    { name: "Weight", values: ["500 g", "1 kg"] },
    { name: "Pack", values: ["bag", "box"] },
  ],
  skus: [sku(["500 g", "bag"]), sku(["500 g", "box"]), sku(["1 kg", "bag"]), sku(["1 kg", "box"])],
};
const problems = (input: unknown) => {
  const r = goods.publishGoods.input.safeParse(input);
  return r.success ? [] : fieldIssues(r.error).map((i) => `${i.path} ${i.reason}`);
};

describe("the goods form's rules", () => {
  it("when the specs and the SKU grid agree and the shelf needs are met, then it passes", () => {
    expect(problems(ready)).toEqual([]);
  });

  it.each([
    ["a SKU missing from the grid", { skus: ready.skus.slice(1) }, ["skus goods.skusIncomplete"]],
    [
      "a value that is not a spec value",
      { skus: [...ready.skus.slice(1), sku(["2 kg", "bag"])] },
      ["skus.3.specValues goods.specsMismatch"],
    ],
    [
      "a combination twice",
      { skus: [...ready.skus.slice(0, 3), sku(["500 g", "bag"])] },
      ["skus.3.specValues field.listedTwice", "skus goods.skusIncomplete"],
    ],
    [
      "a spec value twice",
      { specs: [{ name: "Weight", values: ["1 kg", "1 kg"] }], skus: [sku(["1 kg"])] },
      ["specs.0.values.1 field.listedTwice"],
    ],
    [
      "a market price below the price",
      { skus: [sku(["500 g", "bag"], 1000, { marketPrice: 900 }), ...ready.skus.slice(1)] },
      ["skus.0.marketPrice goods.marketBelowPrice"],
    ],
    ["a SKU code twice", { skus: ready.skus.map((s, i) => ({ ...s, code: i < 2 ? "A-1" : null })) }, ["skus.1.code field.listedTwice"]],
    [
      "batches on goods that are not fresh",
      {
        skus: [
          sku(["500 g", "bag"], 1000, { batches: [{ batchNo: "B1", quantity: 5, productionDate: "2026-01-01", expiresOn: "2026-01-09" }] }),
          ...ready.skus.slice(1),
        ],
      },
      ["skus.0.batches goods.notFresh"],
    ],
    [
      "no category, unit, image or delivery",
      { categoryId: null, unitId: null, images: [], logistics: [] },
      [
        "categoryId goods.requiredToPublish",
        "unitId goods.requiredToPublish",
        "images goods.requiredToPublish",
        "logistics goods.requiredToPublish",
      ],
    ],
    ["a price of 0", { specs: [], skus: [sku([], 0)] }, ["skus.0.price goods.priceToPublish"]],
  ])("when %s, then the field is named", (_, patch, expected) => {
    expect(problems({ ...ready, ...patch })).toEqual(expected);
  });

  it("when saved as a draft, then the shelf's needs wait but the grid must still agree", () => {
    expect(problems({ name: "Draft", draft: true, skus: [sku([], 0)] })).toEqual([]);
    expect(problems({ ...ready, draft: true, skus: ready.skus.slice(1) })).toEqual(["skus goods.skusIncomplete"]);
  });

  it("when a fresh batch expires before it was made, then expiresOn is named", () => {
    const batch = { batchNo: "B1", quantity: 5, productionDate: "2026-01-09", expiresOn: "2026-01-01" };
    expect(problems({ ...ready, fresh: true, specs: [], skus: [sku([], 100, { batches: [batch] })] })).toEqual([
      "skus.0.batches.0.expiresOn goods.expiryBeforeProduction",
    ]);
  });

  it("when specs would make more than 600 SKUs, then specs is named", () => {
    const values = Array.from({ length: 20 }, (_, i) => `v${i}`);
    const specs = [0, 1].map((d) => ({ name: `d${d}`, values }));
    expect(problems({ ...ready, specs, skus: [sku(["v0", "v0"])] })).toEqual(["skus goods.skusIncomplete"]);
    expect(problems({ ...ready, specs: [...specs, { name: "d2", values: ["a", "b"] }], skus: [sku(["v0", "v0", "a"])] })).toEqual([
      "specs goods.tooManySkus",
    ]);
  });

  it("when a package lists a SKU twice, then that item is named", () => {
    const r = goods.publishGoodsPackage.input.safeParse({
      name: "Breakfast set",
      images: ["F1"],
      logistics: ["express"],
      price: 2000,
      items: [
        { skuId: "S1", quantity: 1 },
        { skuId: "S1", quantity: 2 },
      ],
    });
    expect(r.success ? [] : fieldIssues(r.error).map((i) => i.path)).toEqual(["items.1.skuId"]);
  });
});
