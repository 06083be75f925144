import * as freight from "@sbo/contract/freight";
import * as contract from "@sbo/contract/goods";
import type { MemberInfo } from "@sbo/contract/session";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as GoodsDetailPage } from "./goods-detail-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage("en");
});

const item = (freightTemplateId: string | null) => ({
  id: "g1",
  kind: "goods",
  listingType: "goods",
  name: "West Lake tea",
  subtitle: "",
  mainImage: null,
  category: null,
  categoryPath: [],
  status: "on",
  fresh: false,
  priceMin: 3000,
  priceMax: 3000,
  stock: 12,
  skuCount: 1,
  code: null,
  sales: 3,
  nearExpiry: false,
  earliestExpiry: null,
  logistics: ["express"],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  onShelfAt: "2026-01-01T00:00:00.000Z",
  unit: null,
  attrs: {},
  images: [],
  video: null,
  descriptionHtml: "",
  specs: [],
  skus: [
    {
      id: "k1",
      specValues: [],
      price: 3000,
      marketPrice: null,
      costPrice: null,
      stock: 12,
      code: null,
      barcode: null,
      weightG: null,
      volumeCm3: null,
      nearExpiry: false,
      earliestExpiry: null,
    },
  ],
  deliveryRange: null,
  package: null,
  freightTemplateId,
  serviceAreas: [],
  rebateBp: null,
  memberPrices: [],
  ladders: [],
  batches: [],
});

function open(templateId: string | null) {
  stubContractFetch((entry) => {
    if (entry === contract.goods.selGoodsByIdV2) return item(templateId);
    if (entry === freight.freight.selListByShopId) return [{ id: "f1", name: "Cold chain by weight", chargeType: "weight" }];
    return undefined;
  });
  return renderScreen(<GoodsDetailPage />, { member: owner, url: "/d?id=g1", path: "/d" });
}

describe("the goods detail", () => {
  it("when an item charges by a freight template, then the detail names it; without one it says free shipping, in both languages", async () => {
    const first = open("f1");
    expect(await screen.findByText("Cold chain by weight")).toBeTruthy();
    expect(screen.getByText("Freight template")).toBeTruthy();
    first.unmount();
    vi.unstubAllGlobals();

    setLanguage("zh");
    open(null);
    expect(await screen.findByText("运费模板")).toBeTruthy();
    expect(screen.getByText("不使用（包邮）")).toBeTruthy();
  }, 60_000);
});
