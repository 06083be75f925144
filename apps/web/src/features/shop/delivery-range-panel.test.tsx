import { goods } from "@sbo/contract/goods";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rangeOfShapes, shapesOfRange } from "@/components/map/range-value";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import DeliveryRangePanel from "./delivery-range-panel";
import { Component as ShopSettingPage } from "./shop-setting-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const viewer = { memberId: "m2", boId: "b1", isOwner: false, functions: ["shop.setting", "goods.manage"] } as unknown as MemberInfo;
const circle = { type: "circle" as const, center: { lat: 30.25, lng: 120.15 }, radiusM: 5000 };
const square = {
  type: "polygon" as const,
  points: [
    { lat: 30, lng: 120 },
    { lat: 30, lng: 120.1 },
    { lat: 30.1, lng: 120.1 },
    { lat: 30.1, lng: 120 },
  ],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage("en");
});

describe("the shop's default delivery range (issue 27 §2, §4: selGoodsRangeByParam, saveShopRange, checkGoodsRangeCategory)", () => {
  it("shows the saved range on the map, saves it again as the contract's shapes, and checks a point against it", async () => {
    const { requests } = stubContractFetch((entry, body) => {
      if (entry === goods.selGoodsRangeByParam) return { goodsId: null, source: "shop", shapes: [circle] };
      if (entry === goods.saveShopRange) return { shapes: body.shapes as never };
      if (entry === goods.checkGoodsRangeCategory)
        return { inside: body.lat === 30.25, source: "shop", shapeIndex: body.lat === 30.25 ? 0 : null };
      return undefined;
    });
    renderScreen(<DeliveryRangePanel />, { member: owner });
    expect(await screen.findByRole("spinbutton", { name: "Radius of circle 1 (m)" }, { timeout: 10_000 })).toHaveProperty("value", "5000");
    expect(requests.find((r) => r.entry === goods.selGoodsRangeByParam)?.body).toEqual({ goodsId: null });
    fireEvent.click(screen.getByRole("button", { name: "Save the default range" }));
    expect(await screen.findByText("The default delivery range was saved.")).toBeTruthy();
    expect(requests.find((r) => r.entry === goods.saveShopRange)?.body).toEqual({ shapes: [circle] });

    fireEvent.change(screen.getByRole("spinbutton", { name: "Latitude" }), { target: { value: "30.25" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Longitude" }), { target: { value: "120.15" } });
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("Inside the default range (shape 1).")).toBeTruthy();
    expect(requests.find((r) => r.entry === goods.checkGoodsRangeCategory)?.body).toEqual({ goodsId: null, lat: 30.25, lng: 120.15 });
    fireEvent.change(screen.getByRole("spinbutton", { name: "Latitude" }), { target: { value: "31" } });
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("Outside the default range.")).toBeTruthy();
  }, 60_000);

  it("removing every shape and saving clears the range (null), in Chinese", async () => {
    await setLanguage("zh");
    const { requests } = stubContractFetch((entry) => {
      if (entry === goods.selGoodsRangeByParam) return { goodsId: null, source: "shop", shapes: [circle] };
      if (entry === goods.saveShopRange) return { shapes: [] };
      return undefined;
    });
    renderScreen(<DeliveryRangePanel />, { member: owner });
    fireEvent.click(await screen.findByRole("button", { name: "删除圆形 1" }, { timeout: 10_000 }));
    fireEvent.click(screen.getByRole("button", { name: "保存默认配送范围" }));
    expect(await screen.findByText("默认配送范围已清除。")).toBeTruthy();
    expect(requests.find((r) => r.entry === goods.saveShopRange)?.body).toEqual({ shapes: null });
  }, 60_000);

  it("with no range saved it says so; a member who may only read sees no save button", async () => {
    stubContractFetch((entry) => (entry === goods.selGoodsRangeByParam ? { goodsId: null, source: "none", shapes: [] } : undefined));
    renderScreen(<DeliveryRangePanel />, { member: viewer });
    expect(await screen.findByText(/No default range yet/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save the default range" })).toBeNull();
  }, 60_000);

  it("is a tab of the shop settings for a member who may read goods, and absent for one who may not", async () => {
    stubContractFetch(() => undefined);
    const first = renderScreen(<ShopSettingPage />, { member: viewer });
    expect(await screen.findByRole("tab", { name: "Delivery range" })).toBeTruthy();
    first.unmount();
    const settingsOnly = { ...viewer, functions: ["shop.setting"] } as unknown as MemberInfo;
    renderScreen(<ShopSettingPage />, { member: settingsOnly });
    await waitFor(() => expect(screen.getByRole("tab", { name: "Addresses" })).toBeTruthy());
    expect(screen.queryByRole("tab", { name: "Delivery range" })).toBeNull();
  }, 60_000);

  it("a range goes to the map and back unchanged", () => {
    expect(rangeOfShapes(shapesOfRange([square, circle]))).toEqual([square, circle]);
    expect(shapesOfRange(null)).toEqual({ polygons: [], circles: [] });
  });
});
