import * as contract from "@sbo/contract/goods";
import { describe, expect, it } from "vitest";
import {
  combinations,
  emptyGoods,
  emptySku,
  type GoodsFormValues,
  goodsInputOf,
  goodsValuesOf,
  gridMatches,
  rangeOf,
  shapesOf,
  skuRowsFor,
  usableSpecs,
} from "./goods-values";

const weight = { name: "Weight", values: ["500 g", "1 kg"] };
const pack = { name: "Packaging", values: ["Bag", "Box", "Gift box"] };

const valid = (over: Partial<GoodsFormValues> = {}): GoodsFormValues => ({
  ...emptyGoods(),
  name: "Hangzhou tea",
  categoryId: ["c1", "c2"],
  unitId: "u1",
  images: [{ id: "f1", url: "/files/f1", name: "tea.jpg" }],
  logistics: ["express"],
  skus: [{ ...emptySku(), price: 12.5 }],
  ...over,
});

describe("the SKU grid follows the specs", () => {
  it("when specs are given, then there is one row per combination, the first spec varying slowest", () => {
    expect(combinations([weight, pack])).toEqual([
      ["500 g", "Bag"],
      ["500 g", "Box"],
      ["500 g", "Gift box"],
      ["1 kg", "Bag"],
      ["1 kg", "Box"],
      ["1 kg", "Gift box"],
    ]);
    expect(combinations([])).toEqual([[]]);
  });

  it("when a spec is still being typed (no name or no value), then it does not count yet; repeated values count once", () => {
    expect(usableSpecs([weight, { name: "", values: ["x"] }, { name: "Colour", values: [] }])).toEqual([weight]);
    expect(usableSpecs([{ name: " Size ", values: ["S", "S ", "M"] }])).toEqual([{ name: "Size", values: ["S", "M"] }]);
  });

  it("when a value is added, then rows already typed keep their prices and the new combinations start empty", () => {
    const before = skuRowsFor([weight], [emptySku()]).map((r, i) => ({ ...r, price: 10 + i, stock: 5 }));
    const after = skuRowsFor([{ ...weight, values: [...weight.values, "2 kg"] }], before);
    expect(after.map((r) => [r.specValues, r.price])).toEqual([
      [["500 g"], 10],
      [["1 kg"], 11],
      [["2 kg"], null],
    ]);
    // A second spec makes new combinations: they start empty (only an item without specs copies its one row).
    const more = skuRowsFor([weight, { name: "Packaging", values: ["Bag"] }], after);
    expect(more.every((r) => r.price === null)).toBe(true);
    expect(gridMatches([weight], before)).toBe(true);
    expect(gridMatches([weight, pack], before)).toBe(false);
  });

  it("when the first spec is added to an item without specs, then its one row's values carry to every combination (not its code)", () => {
    const single = [{ ...emptySku(), price: 9.9, stock: 7, code: "TEA-1" }];
    const rows = skuRowsFor([weight], single);
    expect(rows.map((r) => [r.specValues, r.price, r.stock, r.code])).toEqual([
      [["500 g"], 9.9, 7, null],
      [["1 kg"], 9.9, 7, null],
    ]);
  });

  it("when the specs would make more than 600 SKUs, then the grid is left as it was", () => {
    const many = Array.from({ length: 3 }, (_, i) => ({ name: `S${i}`, values: Array.from({ length: 9 }, (_, j) => `v${j}`) }));
    const rows = [emptySku()];
    expect(skuRowsFor(many, rows)).toEqual(rows);
  });
});

describe("the form's values and the contract", () => {
  it("when an item with two specs is published, then the input passes the contract: cents, ids, one SKU per combination", () => {
    const specs = [weight, { name: "Packaging", values: ["Bag", "Box"] }];
    const skus = skuRowsFor(specs, [emptySku()]).map((r, i) => ({ ...r, price: 12.34 + i, marketPrice: 20, stock: 3 }));
    const input = goodsInputOf(valid({ specs, skus }));
    expect(input.categoryId).toBe("c2");
    expect(input.images).toEqual(["f1"]);
    expect(input.skus.map((s) => s.price)).toEqual([1234, 1334, 1434, 1534]);
    expect(input.skus[0]?.marketPrice).toBe(2000);
    expect(input.deliveryRange).toBeNull();
    const parsed = contract.goods.publishGoodsAndStatusOn.input.safeParse(input);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it("when the grid misses a combination or a price is missing, then the contract's own rules name the field", () => {
    const specs = [weight];
    const input = goodsInputOf(valid({ specs, skus: [{ ...emptySku(["500 g"]), price: 10 }] }));
    const parsed = contract.goods.publishGoodsAndStatusOn.input.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toContain("skus");
    const noPrice = contract.goods.publishGoodsAndStatusOn.input.safeParse(goodsInputOf(valid({ skus: [emptySku()] })));
    expect(noPrice.error?.issues.map((i) => i.path.join("."))).toContain("skus.0.price");
  });

  it("when publishing without category, unit, image or delivery, then each is named; a draft needs none of them", () => {
    const bare = goodsInputOf({ ...emptyGoods(), name: "Draft tea", skus: [{ ...emptySku(), price: 1 }] });
    const publish = contract.goods.publishGoods.input.safeParse({ ...bare, draft: false });
    expect(publish.error?.issues.map((i) => i.path.join(".")).sort()).toEqual(["categoryId", "images", "logistics", "unitId"]);
    expect(contract.goods.publishGoods.input.safeParse({ ...bare, draft: true }).success).toBe(true);
  });

  it("when fresh goods have new SKUs, then their first batches travel with them and typed stock does not", () => {
    const row = {
      ...emptySku(),
      price: 5,
      stock: 99,
      batches: [{ batchNo: "B1", quantity: 10, productionDate: "2026-01-01", expiresOn: "2026-01-09" }],
    };
    const input = goodsInputOf(valid({ fresh: true, skus: [row] }));
    expect(input.skus[0]?.stock).toBe(0);
    expect(input.skus[0]?.batches).toEqual([
      { batchNo: "B1", quantity: 10, productionDate: "2026-01-01", expiresOn: "2026-01-09", traceId: null },
    ]);
    expect(goodsInputOf(valid({ fresh: true, skus: [{ ...row, id: "sku1" }] })).skus[0]?.batches).toEqual([]);
  });

  it("when an own delivery range is drawn, then it is sent as polygons' points and circles' centres, and read back the same", () => {
    const shapes = {
      polygons: [
        {
          type: "Polygon" as const,
          coordinates: [
            [
              [120, 30],
              [121, 30],
              [121, 31],
              [120, 30],
            ] as [number, number][],
          ],
        },
      ],
      circles: [{ centre: { lat: 30.2, lng: 120.1 }, radiusM: 3000 }],
    };
    const range = rangeOf(shapes);
    expect(range).toEqual([
      {
        type: "polygon",
        points: [
          { lat: 30, lng: 120 },
          { lat: 30, lng: 121 },
          { lat: 31, lng: 121 },
        ],
      },
      { type: "circle", center: { lat: 30.2, lng: 120.1 }, radiusM: 3000 },
    ]);
    expect(shapesOf(range)).toEqual(shapes);
    expect(goodsInputOf(valid({ ownRange: true, deliveryRange: shapes })).deliveryRange).toEqual(range);
    expect(goodsInputOf(valid({ ownRange: false, deliveryRange: shapes })).deliveryRange).toBeNull();
  });

  it("when a saved item is edited, then its values come back into the form in yuan with the category's path", () => {
    const values = goodsValuesOf({
      id: "g1",
      kind: "goods",
      listingType: "goods",
      name: "Tea",
      subtitle: "",
      mainImage: null,
      category: { id: "c2", name: "茶", nameEn: "Tea" },
      categoryPath: [
        { id: "c1", name: "饮品", nameEn: "Drinks" },
        { id: "c2", name: "茶", nameEn: "Tea" },
      ],
      status: "off",
      fresh: false,
      priceMin: 1250,
      priceMax: 1250,
      stock: 3,
      skuCount: 1,
      code: null,
      sales: 0,
      nearExpiry: false,
      earliestExpiry: null,
      logistics: ["express"],
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      onShelfAt: null,
      unit: { id: "u1", name: "盒", nameEn: "box" },
      attrs: {},
      images: [],
      video: null,
      descriptionHtml: "",
      specs: [],
      skus: [
        {
          id: "s1",
          specValues: [],
          price: 1250,
          marketPrice: null,
          costPrice: 800,
          stock: 3,
          code: "T1",
          barcode: null,
          weightG: null,
          volumeCm3: null,
          nearExpiry: false,
          earliestExpiry: null,
        },
      ],
      deliveryRange: null,
      package: null,
      freightTemplateId: "f1",
      storageLocation: "A-03-2",
      serviceAreas: [],
      rebateBp: 1250,
    });
    expect(values.categoryId).toEqual(["c1", "c2"]);
    expect(values.freightTemplateId).toBe("f1");
    expect(values.storageLocation).toBe("A-03-2");
    expect(values).toMatchObject({ listingType: "goods", rebateBp: 1250, serviceAreas: [] });
    expect(values.skus[0]).toMatchObject({ id: "s1", price: 12.5, costPrice: 8, code: "T1" });
    expect(values.ownRange).toBe(false);
  });
});

describe("listing types and rebates", () => {
  it("when the item is a service, then nothing only goods have is sent, whatever the hidden fields still hold", () => {
    const input = goodsInputOf(
      valid({
        listingType: "serviceOffer",
        fresh: true,
        freightTemplateId: "f1",
        ownRange: true,
        rebateBp: 500,
        serviceAreas: ["330100"],
        skus: [{ ...emptySku(), price: 80, stock: 9, weightG: 500, marketPrice: 100 }],
      }),
    );
    expect(input).toMatchObject({
      listingType: "serviceOffer",
      fresh: false,
      logistics: [],
      freightTemplateId: null,
      deliveryRange: null,
      rebateBp: null,
      serviceAreas: ["330100"],
    });
    expect(input.skus[0]).toMatchObject({ price: 8000, stock: 0, weightG: null, marketPrice: 10_000, batches: [] });
    // A service wanted states a budget: no market or cost price.
    const wanted = goodsInputOf(
      valid({ listingType: "serviceWant", serviceAreas: ["330000"], skus: [{ ...emptySku(), price: 300, marketPrice: 400 }] }),
    );
    expect(wanted.skus[0]).toMatchObject({ price: 30_000, marketPrice: null, costPrice: null });
    // The contract's rules agree: a service from the form passes them.
    expect(contract.goods.publishGoods.input.safeParse(input).success).toBe(true);
  });

  it("when the item is goods, then its rebate goes as basis points and no service areas are sent", () => {
    const input = goodsInputOf(valid({ rebateBp: 1250, serviceAreas: ["330100"] }));
    expect(input).toMatchObject({ listingType: "goods", rebateBp: 1250, serviceAreas: [] });
    expect(goodsInputOf(valid()).rebateBp).toBeNull();
  });
});
