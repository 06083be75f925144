import { describe, expect, it } from "vitest";
import { type MapTextKey, mapText, mapTextsEn, mapTextsZh } from "./map-texts";
import {
  boundsOfShapes,
  circleOf,
  cornersOf,
  cornersOfPolygon,
  limitCorners,
  MAX_POLYGON_POINTS,
  normaliseShapes,
  polygonOf,
  sameShapes,
  shapeProblems,
  squareAround,
} from "./map-value";
import { placeOfAddress } from "./places";

const square = [
  { lat: 30, lng: 120 },
  { lat: 30, lng: 121 },
  { lat: 31, lng: 121 },
  { lat: 31, lng: 120 },
];

/** A circle-ish outline of n corners around (30, 120). */
const ring = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ lat: 30 + Math.sin((2 * Math.PI * i) / n), lng: 120 + Math.cos((2 * Math.PI * i) / n) }));

describe("the map's value", () => {
  it("when an outline is drawn, then the polygon is GeoJSON: [lng, lat] pairs, closed, rounded to 6 decimals", () => {
    const p = polygonOf([{ lat: 30.123456789, lng: 120.987654321 }, ...square.slice(1)]);
    expect(p.type).toBe("Polygon");
    expect(p.coordinates[0]?.[0]).toEqual([120.987654, 30.123457]);
    expect(p.coordinates[0]?.[0]).toEqual(p.coordinates[0]?.at(-1));
    expect(p.coordinates[0]).toHaveLength(5);
    expect(cornersOfPolygon(p)).toHaveLength(4);
  });

  it("when corners repeat or the outline is already closed, then each corner is kept once", () => {
    expect(cornersOf([...square, square[0] as (typeof square)[0]])).toEqual(square);
    expect(cornersOf([square[0], square[0], square[1], square[2]] as typeof square)).toHaveLength(3);
  });

  it("when an outline has more corners than the limit, then it is thinned to at most the limit and keeps its extent", () => {
    const limited = limitCorners(ring(1000));
    expect(limited.length).toBeLessThanOrEqual(MAX_POLYGON_POINTS);
    expect(limited.length).toBeGreaterThan(20);
    const lats = limited.map((p) => p.lat);
    expect(Math.max(...lats)).toBeGreaterThan(30.99);
    expect(Math.min(...lats)).toBeLessThan(29.01);
    expect(limitCorners(ring(150))).toHaveLength(150);
    expect(limitCorners(ring(300), 10).length).toBeLessThanOrEqual(10);
  });

  it("when a circle is drawn, then its radius is whole metres within 10 m … 100 km", () => {
    expect(circleOf({ lat: 30.1234567, lng: 120 }, 1234.6)).toEqual({ centre: { lat: 30.123457, lng: 120 }, radiusM: 1235 });
    expect(circleOf({ lat: 0, lng: 0 }, 2).radiusM).toBe(10);
    expect(circleOf({ lat: 0, lng: 0 }, 9e9).radiusM).toBe(100_000);
  });

  it("when a form holds nothing or junk, then the editor gets an empty value and drops what it cannot draw", () => {
    expect(normaliseShapes(null)).toEqual({ polygons: [], circles: [] });
    expect(normaliseShapes({ polygons: "x" })).toEqual({ polygons: [], circles: [] });
    const mixed = normaliseShapes({
      polygons: [polygonOf(square), { type: "Polygon", coordinates: [[[0, 0]]] }, { type: "Point", coordinates: [1, 2] }],
      circles: [{ centre: { lat: 30, lng: 120 }, radiusM: 500 }, { centre: { lat: 200, lng: 0 }, radiusM: 5 }, { radiusM: 3 }],
    });
    expect(mixed.polygons).toEqual([polygonOf(square)]);
    expect(mixed.circles).toEqual([{ centre: { lat: 30, lng: 120 }, radiusM: 500 }]);
  });

  it("when a value is normalised twice, then nothing changes (the editor does not redraw its own echo)", () => {
    const v = normaliseShapes({ polygons: [polygonOf(ring(12))], circles: [circleOf({ lat: 1.23456789, lng: 2 }, 99.5)] });
    expect(sameShapes(normaliseShapes(v), v)).toBe(true);
  });

  it("when a shape breaks a limit, then the problem names the shape and the limit", () => {
    const tooMany = { type: "Polygon" as const, coordinates: [[...ring(201).map((p) => [p.lng, p.lat] as [number, number])]] };
    expect(
      shapeProblems({
        polygons: [polygonOf(square), tooMany, polygonOf(square.slice(0, 2))],
        circles: [{ centre: { lat: 0, lng: 0 }, radiusM: 5 }],
      }),
    ).toEqual([
      { shape: "polygon", index: 1, problem: "tooManyPoints", limit: 200 },
      { shape: "polygon", index: 2, problem: "tooFewPoints", limit: 3 },
      { shape: "circle", index: 0, problem: "radiusOutOfRange", limit: 10 },
    ]);
    expect(shapeProblems({ polygons: [polygonOf(square)], circles: [circleOf({ lat: 0, lng: 0 }, 100)] })).toEqual([]);
  });

  it("when shapes are shown, then the view's bounds hold every polygon corner and every circle's extent", () => {
    expect(boundsOfShapes({ polygons: [], circles: [] })).toBeNull();
    const b = boundsOfShapes({ polygons: [polygonOf(square)], circles: [{ centre: { lat: 0, lng: 0 }, radiusM: 111_320 }] });
    expect(b?.[0].lat).toBeCloseTo(-1, 3);
    expect(b?.[0].lng).toBeCloseTo(-1, 3);
    expect(b?.[1]).toEqual({ lat: 31, lng: 121 });
  });

  it("when a keyboard user adds an area, then it is a square of the asked size around the centre", () => {
    const corners = cornersOfPolygon(squareAround({ lat: 0, lng: 0 }, 111_320));
    expect(corners).toHaveLength(4);
    expect(Math.max(...corners.map((c) => c.lat))).toBeCloseTo(1, 4);
    expect(Math.min(...corners.map((c) => c.lng))).toBeCloseTo(-1, 4);
  });
});

describe("the map's places and words", () => {
  const address = {
    id: "a1",
    type: "pickup" as const,
    contactName: "Pat",
    phone: "13800000000",
    provinceCode: "330000",
    cityCode: "330100",
    districtCode: null,
    areaPath: [{ code: "330000", name: "浙江省", nameEn: "Zhejiang" }],
    detail: "1 Road",
    postcode: null,
    latitude: null,
    longitude: null,
    openTime: null,
    closeTime: null,
    isDefault: true,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };

  it("when an address has coordinates, then the search goes there; else to its province's capital; else nowhere", () => {
    const en = (key: MapTextKey) => mapText("en", key);
    const zh = (key: MapTextKey) => mapText("zh", key);
    expect(placeOfAddress({ ...address, latitude: 30.5, longitude: 120.5 }, "en", en)).toMatchObject({
      at: { lat: 30.5, lng: 120.5 },
      zoom: 15,
    });
    expect(placeOfAddress(address, "zh", zh)).toMatchObject({ at: { lat: 30.274, lng: 120.155 }, zoom: 7 });
    // The place says what it is: a pickup point, a shipping or a return address.
    expect(placeOfAddress(address, "zh", zh)?.label).toBe("自提点 · Pat · 浙江省 1 Road");
    expect(placeOfAddress({ ...address, type: "shipping" }, "en", en)?.label).toBe("Shipping address · Pat · Zhejiang 1 Road");
    expect(placeOfAddress({ ...address, provinceCode: "999999" }, "en", en)).toBeNull();
  });

  it("when the map speaks, then both languages have every text and fill their parameters", () => {
    const keys = (o: object, p = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === "string" ? [`${p}${k}`] : keys(v as object, `${p}${k}.`)));
    expect(keys(mapTextsZh)).toEqual(keys(mapTextsEn));
    expect(mapText("en", "polygonRow", { n: 2, points: 5 })).toBe("Area 2: 5 corners");
    expect(mapText("zh", "problem.tooManyPoints", { n: 1, limit: 200 })).toBe("区域 1 的顶点超过 200 个");
  });
});
