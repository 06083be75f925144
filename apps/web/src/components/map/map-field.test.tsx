import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { type MapShapes, PointMapField, ShapesMapField } from ".";

afterEach(() => {
  vi.unstubAllGlobals();
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
