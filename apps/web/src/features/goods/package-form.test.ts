import * as contract from "@sbo/contract/goods";
import { describe, expect, it } from "vitest";
import { packageInputOf } from "./package-form-page";

const part = (skuId: string, quantity: number) => ({ skuId, quantity, goodsName: "Rice", specValues: ["1 kg"], price: 1000, stock: 5 });
const values = {
  name: "Breakfast box",
  subtitle: "",
  images: [{ id: "f1", url: "/files/f1", name: "box.png" }],
  descriptionHtml: "",
  logistics: ["express"],
  price: 25.5,
  marketPrice: 30,
  stockLimit: null,
  code: " BOX-1 ",
  items: [part("s1", 2), part("s2", 1)],
};

describe("the package form", () => {
  it("when saved, then the price is cents, the parts are SKU ids with quantities and the contract accepts it", () => {
    const input = packageInputOf(values);
    expect(input).toMatchObject({
      price: 2550,
      marketPrice: 3000,
      code: "BOX-1",
      images: ["f1"],
      items: [
        { skuId: "s1", quantity: 2 },
        { skuId: "s2", quantity: 1 },
      ],
    });
    expect(contract.goods.publishGoodsPackageAndStatusOn.input.safeParse(input).success).toBe(true);
  });

  it("when it has one part, a part twice or a market price below its price, then the contract names the field", () => {
    const issues = (v: typeof values) =>
      contract.goods.publishGoodsPackageAndStatusOn.input.safeParse(packageInputOf(v)).error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(issues({ ...values, items: [part("s1", 1)] })).toContain("items");
    expect(issues({ ...values, items: [part("s1", 1), part("s1", 2)] })).toContain("items.1.skuId");
    expect(issues({ ...values, marketPrice: 20 })).toContain("marketPrice");
  });
});
