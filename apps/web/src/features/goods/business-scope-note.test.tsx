import { basicShop } from "@sbo/contract/basic";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { BusinessScopeNote } from "./business-scope-note";

const fruit = { id: "01CAT000000000000000000001", name: "水果", nameEn: "Fruit" };
const veg = { id: "01CAT000000000000000000002", name: "蔬菜", nameEn: "Vegetables" };
const tools = "01CAT000000000000000000009";

afterEach(() => vi.unstubAllGlobals());

describe("goods form: business scope (issue 27 §2)", () => {
  it("warns when the category is outside the scope, naming the scope", async () => {
    stubContractFetch((entry, body) =>
      entry === basicShop.isInBusiScopeCode
        ? { categoryId: String(body.categoryId), inScope: false, via: null, mainCategory: fruit, related: [veg] }
        : undefined,
    );
    renderScreen(<BusinessScopeNote categoryId={tools} />);
    expect(await screen.findByText("This category is outside your shop's business scope")).toBeTruthy();
    expect(screen.getByText(/Your scope: Fruit, Vegetables and the categories under them/)).toBeTruthy();
  });

  it("says nothing for a category inside it", async () => {
    const { requests } = stubContractFetch((entry, body) =>
      entry === basicShop.isInBusiScopeCode
        ? { categoryId: String(body.categoryId), inScope: true, via: "mainCategory", mainCategory: fruit, related: [] }
        : undefined,
    );
    renderScreen(<BusinessScopeNote categoryId={fruit.id} />);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("tells a Chinese seller without a main category what to do", async () => {
    await setLanguage("zh");
    try {
      stubContractFetch((entry, body) =>
        entry === basicShop.isInBusiScopeCode
          ? { categoryId: String(body.categoryId), inScope: false, via: null, mainCategory: null, related: [] }
          : undefined,
      );
      renderScreen(<BusinessScopeNote categoryId={tools} />);
      expect(await screen.findByText("该类目不在本店经营范围内")).toBeTruthy();
      expect(screen.getByText(/请在店铺设置中设置主营类目/)).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  });
});
