import type { AddressItem } from "@sbo/contract/address";
import { address } from "@sbo/contract/address";
import { reference } from "@sbo/contract/reference";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { type MapShapes, PointMapField, ShapesMapField } from ".";
import { placeOfArea } from "./places";
import { provinceCentres } from "./province-centres";

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage("en");
  document.head.querySelector('meta[name="map-tile-url"]')?.remove();
});

/** A form field's life: the value the field sends comes back to it, as Form.Item does. */
function Field({ initial, seen }: { initial: MapShapes; seen: (v: MapShapes) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ShapesMapField
      label="Delivery range"
      value={value}
      onChange={(v) => {
        seen(v);
        setValue(v);
      }}
    />
  );
}

describe("the map field (in the browser's stand-in, without tiles)", () => {
  it("when it holds a circle, then the circle is listed with its radius, and typing a radius changes the value", async () => {
    stubContractFetch(() => undefined);
    const seen = vi.fn();
    renderScreen(<Field initial={{ polygons: [], circles: [{ centre: { lat: 30, lng: 120 }, radiusM: 1000 }] }} seen={seen} />);
    const radius = await screen.findByRole("spinbutton", { name: "Radius of circle 1 (m)" }, { timeout: 10_000 });
    expect(radius).toHaveProperty("value", "1000");
    fireEvent.change(radius, { target: { value: "2500" } });
    await waitFor(() =>
      expect(seen).toHaveBeenLastCalledWith({ polygons: [], circles: [{ centre: { lat: 30, lng: 120 }, radiusM: 2500 }] }),
    );
    expect(screen.getByRole("region", { name: "Map: Delivery range" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("No map tiles are configured");
  });

  it("when a keyboard user presses Draw area and Draw circle, then a square and a circle are added at the map's centre", async () => {
    stubContractFetch(() => undefined);
    const seen = vi.fn();
    renderScreen(<Field initial={{ polygons: [], circles: [] }} seen={seen} />);
    const drawArea = await screen.findByRole("button", { name: /Draw area/ }, { timeout: 10_000 });
    fireEvent.click(drawArea, { detail: 0 });
    fireEvent.click(screen.getByRole("button", { name: /Draw circle/ }), { detail: 0 });
    await waitFor(() => expect(seen).toHaveBeenCalledTimes(2));
    const last = seen.mock.lastCall?.[0] as MapShapes;
    expect(last.polygons).toHaveLength(1);
    expect(last.polygons[0]?.coordinates[0]).toHaveLength(5);
    expect(last.circles).toHaveLength(1);
    expect(screen.getByText("Area 1: 4 corners")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove Area 1: 4 corners" }));
    await waitFor(() => expect((seen.mock.lastCall as [MapShapes])[0].polygons).toHaveLength(0));
  });

  it("when a point field is cleared, then its value becomes null", async () => {
    stubContractFetch(() => undefined);
    const meta = document.createElement("meta");
    meta.name = "map-tile-url";
    meta.content = "";
    document.head.append(meta);
    const onChange = vi.fn();
    renderScreen(<PointMapField label="Pickup point" value={{ lat: 30, lng: 120 }} onChange={onChange} />);
    fireEvent.click(await screen.findByRole("button", { name: "Clear the point" }, { timeout: 10_000 }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

/** A pickup point of the seller's in Hangzhou's Xihu district, with its coordinates. */
const pickup: AddressItem = {
  id: "9001",
  type: "pickup",
  contactName: "Wang Fang",
  phone: "13800000000",
  provinceCode: "330000",
  cityCode: "330100",
  districtCode: "330106",
  areaPath: [
    { code: "330000", name: "浙江省", nameEn: "Zhejiang" },
    { code: "330100", name: "杭州市", nameEn: "Hangzhou" },
    { code: "330106", name: "西湖区", nameEn: "Xihu District" },
  ],
  detail: "Wensan Road 90",
  postcode: null,
  latitude: 30.28,
  longitude: 120.13,
  openTime: "08:00",
  closeTime: "20:00",
  isDefault: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const xihu = {
  code: "330106",
  codes: ["330000", "330100", "330106"],
  name: "浙江省 杭州市 西湖区",
  nameEn: "Zhejiang, Hangzhou, Xihu District",
  level: 3,
};
const yuhang = {
  code: "330110",
  codes: ["330000", "330100", "330110"],
  name: "浙江省 杭州市 余杭区",
  nameEn: "Zhejiang, Hangzhou, Yuhang District",
  level: 3,
};

describe("the map's place search (issue 27 §4)", () => {
  const stub = () =>
    stubContractFetch((entry, body) => {
      if (entry === reference.selAreaListByParam)
        return String(body.keyword).toLowerCase().startsWith("x") || body.keyword === "西湖" ? [xihu] : [yuhang];
      if (entry === address.selAddrListPage) return { list: [pickup], total: 1, pageNum: 1, pageSize: 500 };
      return undefined;
    });

  it("when an English seller types a district's name, then the district is found by the server and offered with its path, beside their own places", async () => {
    const { requests } = stub();
    renderScreen(<ShapesMapField label="Delivery range" value={{ polygons: [], circles: [] }} />);
    const box = await screen.findByRole("combobox", { name: "Find a place" }, { timeout: 10_000 });
    await userEvent.click(box);
    await userEvent.type(box, "Xihu");
    expect(await screen.findByText("Zhejiang, Hangzhou, Xihu District")).toBeTruthy();
    expect(screen.getByText("Provinces, cities and districts")).toBeTruthy();
    const asked = requests.filter((r) => r.entry === reference.selAreaListByParam);
    // Asked once typing settled, not once a letter.
    expect(asked.map((r) => r.body.keyword)).toEqual(["Xihu"]);
    await userEvent.clear(box);
    await userEvent.type(box, "wensan");
    expect(await screen.findByText("Pickup point · Wang Fang · Zhejiang Hangzhou Xihu District Wensan Road 90")).toBeTruthy();
    expect(screen.getByText("Your places")).toBeTruthy();
    await userEvent.click(screen.getByText("Pickup point · Wang Fang · Zhejiang Hangzhou Xihu District Wensan Road 90"));
    expect(box).toHaveProperty("value", "Pickup point · Wang Fang · Zhejiang Hangzhou Xihu District Wensan Road 90");
  });

  it("when a Chinese seller types a district's name, then it is offered in Chinese", async () => {
    await setLanguage("zh");
    stub();
    renderScreen(<ShapesMapField label="配送范围" value={{ polygons: [], circles: [] }} />);
    const box = await screen.findByRole("combobox", { name: "查找地点" }, { timeout: 10_000 });
    await userEvent.click(box);
    await userEvent.type(box, "西湖");
    expect(await screen.findByText("浙江省 杭州市 西湖区")).toBeTruthy();
    expect(screen.getByText("省、市、区县")).toBeTruthy();
    await userEvent.click(screen.getByText("浙江省 杭州市 西湖区"));
    expect(box).toHaveProperty("value", "浙江省 杭州市 西湖区");
  });

  it("an area holding the seller's places goes to them; one without goes to its province's capital", () => {
    expect(placeOfArea(xihu, "en", [pickup])).toEqual({
      key: "area:330106",
      kind: "area",
      label: "Zhejiang, Hangzhou, Xihu District",
      at: { lat: 30.28, lng: 120.13 },
      zoom: 12,
    });
    expect(placeOfArea(yuhang, "zh", [pickup])).toEqual({
      key: "area:330110",
      kind: "area",
      label: "浙江省 杭州市 余杭区",
      at: provinceCentres["330000"],
      zoom: 7,
    });
  });
});
