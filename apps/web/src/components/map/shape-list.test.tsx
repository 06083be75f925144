import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mapText } from "./map-texts";
import type { MapShapes } from "./map-value";
import { ShapeList } from "./shape-list";

const tx = (key: Parameters<typeof mapText>[1], params?: Record<string, string | number>) => mapText("en", key, params);
const shapes: MapShapes = { polygons: [], circles: [{ centre: { lat: 30.25, lng: 120.15 }, radiusM: 2000 }] };

describe("the shapes as a list", () => {
  it("when a circle's latitude, longitude or radius is typed, then only that part changes", () => {
    const onChange = vi.fn();
    render(<ShapeList value={shapes} readOnly={false} onChange={onChange} tx={tx} />);
    const type = (label: string, v: string) => {
      const input = screen.getByLabelText(label);
      fireEvent.change(input, { target: { value: v } });
      fireEvent.blur(input);
    };
    type("Latitude of circle 1", "31.5");
    expect(onChange).toHaveBeenLastCalledWith({ polygons: [], circles: [{ centre: { lat: 31.5, lng: 120.15 }, radiusM: 2000 }] });
    type("Longitude of circle 1", "121");
    expect(onChange).toHaveBeenLastCalledWith({ polygons: [], circles: [{ centre: { lat: 30.25, lng: 121 }, radiusM: 2000 }] });
    type("Radius of circle 1 (m)", "500");
    expect(onChange).toHaveBeenLastCalledWith({ polygons: [], circles: [{ centre: { lat: 30.25, lng: 120.15 }, radiusM: 500 }] });
  });

  it("when the list is read-only, then its numbers cannot be typed", () => {
    render(<ShapeList value={shapes} readOnly onChange={() => {}} tx={tx} />);
    for (const label of ["Latitude of circle 1", "Longitude of circle 1", "Radius of circle 1 (m)"]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(true);
    }
  });
});
