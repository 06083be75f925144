import type { RangeShape } from "@sbo/contract";

/* Delivery ranges without PostGIS: point in polygon (ray casting on longitude/latitude) and great-circle distance. */

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance in metres between two points (haversine). */
export function haversineM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a point lies inside a polygon (its edge counts as inside). Delivery areas are city-sized: planar is exact enough. */
export function inPolygon(p: { lat: number; lng: number }, points: readonly { lat: number; lng: number }[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i] as { lat: number; lng: number };
    const b = points[j] as { lat: number; lng: number };
    // On the edge: collinear and between the ends.
    const cross = (b.lng - a.lng) * (p.lat - a.lat) - (b.lat - a.lat) * (p.lng - a.lng);
    if (
      Math.abs(cross) < 1e-12 &&
      p.lng >= Math.min(a.lng, b.lng) &&
      p.lng <= Math.max(a.lng, b.lng) &&
      p.lat >= Math.min(a.lat, b.lat) &&
      p.lat <= Math.max(a.lat, b.lat)
    )
      return true;
    if (a.lat > p.lat !== b.lat > p.lat && p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}

/** The index of the first shape holding the point, or null. */
export function shapeHolding(p: { lat: number; lng: number }, shapes: readonly RangeShape[]): number | null {
  const i = shapes.findIndex((s) => (s.type === "circle" ? haversineM(p, s.center) <= s.radiusM : inPolygon(p, s.points)));
  return i < 0 ? null : i;
}
