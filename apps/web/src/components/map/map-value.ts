/**
 * The map editor's value, free of Leaflet (so forms and tests use it without loading the map):
 * GeoJSON polygons (one outer ring, [longitude, latitude], closed, at most MAX_POLYGON_POINTS corners)
 * and circles (centre + radius in whole metres). Coordinates are kept to 6 decimals (about 0.1 m).
 */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A GeoJSON polygon with its outer ring only: `coordinates[0]` is `[lng, lat]` pairs, first = last. */
export interface GeoPolygon {
  type: "Polygon";
  coordinates: [number, number][][];
}

export interface MapCircle {
  centre: LatLng;
  radiusM: number;
}

export interface MapShapes {
  polygons: GeoPolygon[];
  circles: MapCircle[];
}

export const MAX_POLYGON_POINTS = 200;
export const MIN_RADIUS_M = 10;
export const MAX_RADIUS_M = 100_000;
export const EMPTY_SHAPES: MapShapes = { polygons: [], circles: [] };

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const finite = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);
export const isLatLng = (p: unknown): p is LatLng =>
  typeof p === "object" &&
  p !== null &&
  finite((p as LatLng).lat) &&
  finite((p as LatLng).lng) &&
  Math.abs((p as LatLng).lat) <= 90 &&
  Math.abs((p as LatLng).lng) <= 180;

export const roundLatLng = (p: LatLng): LatLng => ({ lat: round6(p.lat), lng: round6(p.lng) });

/** The corners of a drawn outline, rounded, without repeated neighbours and without the closing point. */
export function cornersOf(points: readonly LatLng[]): LatLng[] {
  const out: LatLng[] = [];
  for (const p of points.map(roundLatLng)) {
    const last = out[out.length - 1];
    if (!last || last.lat !== p.lat || last.lng !== p.lng) out.push(p);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first && last && first.lat === last.lat && first.lng === last.lng) out.pop();
  return out;
}

/** Perpendicular distance of `p` from the segment a–b, in degrees (planar: fine for thinning an outline). */
function offset(p: LatLng, a: LatLng, b: LatLng): number {
  const dx = b.lng - a.lng;
  const dy = b.lat - a.lat;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.lng - a.lng) * dx + (p.lat - a.lat) * dy) / len2));
  const x = a.lng + t * dx - p.lng;
  const y = a.lat + t * dy - p.lat;
  return Math.sqrt(x * x + y * y);
}

/** Douglas–Peucker over an open run of points, keeping both ends. */
function thin(points: LatLng[], tolerance: number): LatLng[] {
  if (points.length < 3) return points;
  const keep = new Array<boolean>(points.length).fill(false);
  keep[0] = true;
  keep[points.length - 1] = true;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [from, to] = stack.pop() as [number, number];
    let worst = -1;
    let at = -1;
    for (let i = from + 1; i < to; i++) {
      const d = offset(points[i] as LatLng, points[from] as LatLng, points[to] as LatLng);
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (at > 0 && worst > tolerance) {
      keep[at] = true;
      stack.push([from, at], [at, to]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/**
 * An outline with at most `max` corners: unchanged when it has no more, else thinned (Douglas–Peucker,
 * the tolerance doubled until it fits) so its shape stays as close as the limit allows.
 */
export function limitCorners(points: readonly LatLng[], max = MAX_POLYGON_POINTS): LatLng[] {
  const corners = cornersOf(points);
  if (corners.length <= max) return corners;
  let tolerance = 1e-6;
  let out = corners;
  while (out.length > max) {
    // Closed: thin the run from the first corner round to itself.
    out = thin([...corners, corners[0] as LatLng], tolerance).slice(0, -1);
    tolerance *= 2;
  }
  return out;
}

/** A polygon value from the corners of a drawn outline (closed, [lng, lat]). */
export function polygonOf(points: readonly LatLng[]): GeoPolygon {
  const corners = cornersOf(points);
  const ring = corners.map((p) => [p.lng, p.lat] as [number, number]);
  if (ring.length) ring.push([...(ring[0] as [number, number])]);
  return { type: "Polygon", coordinates: [ring] };
}

/** The corners of a polygon value (open ring, as Leaflet draws them). */
export function cornersOfPolygon(polygon: GeoPolygon): LatLng[] {
  return cornersOf((polygon.coordinates[0] ?? []).map(([lng, lat]) => ({ lat, lng })));
}

export const circleOf = (centre: LatLng, radiusM: number): MapCircle => ({
  centre: roundLatLng(centre),
  radiusM: Math.min(MAX_RADIUS_M, Math.max(MIN_RADIUS_M, Math.round(radiusM))),
});

/** Whatever a form holds (a draft from an older version, null) as a value the editor can draw. */
export function normaliseShapes(raw: unknown): MapShapes {
  if (typeof raw !== "object" || raw === null) return EMPTY_SHAPES;
  const r = raw as Partial<MapShapes>;
  const polygons = (Array.isArray(r.polygons) ? r.polygons : [])
    .filter((p): p is GeoPolygon => p?.type === "Polygon" && Array.isArray(p.coordinates) && Array.isArray(p.coordinates[0]))
    .map((p) => cornersOfPolygon(p))
    .filter((corners) => corners.length >= 3 && corners.every(isLatLng))
    .map((corners) => polygonOf(corners));
  const circles = (Array.isArray(r.circles) ? r.circles : [])
    .filter((c): c is MapCircle => isLatLng(c?.centre) && finite(c?.radiusM) && c.radiusM > 0)
    .map((c) => circleOf(c.centre, c.radiusM));
  return { polygons, circles };
}

export type ShapeProblem =
  | { shape: "polygon"; index: number; problem: "tooFewPoints" | "tooManyPoints"; limit: number }
  | { shape: "circle"; index: number; problem: "radiusOutOfRange"; limit: number };

/** What stops a value from being saved, shape by shape (none for a valid value). */
export function shapeProblems(value: MapShapes): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  value.polygons.forEach((p, index) => {
    const n = cornersOfPolygon(p).length;
    if (n < 3) problems.push({ shape: "polygon", index, problem: "tooFewPoints", limit: 3 });
    if (n > MAX_POLYGON_POINTS) problems.push({ shape: "polygon", index, problem: "tooManyPoints", limit: MAX_POLYGON_POINTS });
  });
  value.circles.forEach((c, index) => {
    if (c.radiusM < MIN_RADIUS_M || c.radiusM > MAX_RADIUS_M) {
      problems.push({ shape: "circle", index, problem: "radiusOutOfRange", limit: c.radiusM < MIN_RADIUS_M ? MIN_RADIUS_M : MAX_RADIUS_M });
    }
  });
  return problems;
}

export const isEmptyShapes = (value: MapShapes | null | undefined) => !value || (value.polygons.length === 0 && value.circles.length === 0);

const METRES_PER_DEGREE = 111_320;

/** The south-west and north-east corners around every shape, or null for none. */
export function boundsOfShapes(value: MapShapes): [LatLng, LatLng] | null {
  const points: LatLng[] = value.polygons.flatMap(cornersOfPolygon);
  for (const c of value.circles) {
    const dLat = c.radiusM / METRES_PER_DEGREE;
    const dLng = c.radiusM / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((c.centre.lat * Math.PI) / 180)));
    points.push({ lat: c.centre.lat - dLat, lng: c.centre.lng - dLng }, { lat: c.centre.lat + dLat, lng: c.centre.lng + dLng });
  }
  if (!points.length) return null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  return [
    { lat: Math.min(...lats), lng: Math.min(...lngs) },
    { lat: Math.max(...lats), lng: Math.max(...lngs) },
  ];
}

/** A square of `halfSideM` around `centre`: the polygon a keyboard user starts from (then edits its corners). */
export function squareAround(centre: LatLng, halfSideM: number): GeoPolygon {
  const dLat = halfSideM / METRES_PER_DEGREE;
  const dLng = halfSideM / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((centre.lat * Math.PI) / 180)));
  return polygonOf([
    { lat: centre.lat + dLat, lng: centre.lng - dLng },
    { lat: centre.lat + dLat, lng: centre.lng + dLng },
    { lat: centre.lat - dLat, lng: centre.lng + dLng },
    { lat: centre.lat - dLat, lng: centre.lng - dLng },
  ]);
}

/** Same shapes, same order (the editor compares what it drew with what the form now holds). */
export const sameShapes = (a: MapShapes, b: MapShapes) => JSON.stringify(a) === JSON.stringify(b);
