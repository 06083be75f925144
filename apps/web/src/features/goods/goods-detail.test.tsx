import * as freight from "@sbo/contract/freight";
import * as contract from "@sbo/contract/goods";
import type { MemberInfo } from "@sbo/contract/session";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { goodsDetail } from "@/test/goods-fixtures";
import { renderScreen } from "@/test/render";
import { Component as GoodsDetailPage } from "./goods-detail-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage("en");
});

function open(templateId: string | null) {
  stubContractFetch((entry) => {
    if (entry === contract.goods.selGoodsByIdV2) return goodsDetail({ freightTemplateId: templateId });
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
