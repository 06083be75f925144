import type { RangeShape } from "@sbo/contract/goods";
import { EMPTY_SHAPES, type MapShapes } from "./map-value";

/** The map's shapes as the contract's delivery range (polygons as their corners, circles by centre). */
export function rangeOfShapes(shapes: MapShapes): RangeShape[] {
  return [
    ...shapes.polygons.map((p) => ({
      type: "polygon" as const,
      points: (p.coordinates[0] ?? []).slice(0, -1).map(([lng, lat]) => ({ lat, lng })),
    })),
    ...shapes.circles.map((c) => ({ type: "circle" as const, center: c.centre, radiusM: c.radiusM })),
  ];
}

/** The contract's delivery range as the map's shapes (a polygon's ring closed again). */
export function shapesOfRange(range: readonly RangeShape[] | null | undefined): MapShapes {
  if (!range) return EMPTY_SHAPES;
  return {
    polygons: range.flatMap((s) =>
      s.type === "polygon" && s.points[0]
        ? [{ type: "Polygon" as const, coordinates: [[...s.points, s.points[0]].map((p) => [p.lng, p.lat] as [number, number])] }]
        : [],
    ),
    circles: range.flatMap((s) => (s.type === "circle" ? [{ centre: s.center, radiusM: s.radiusM }] : [])),
  };
}
