import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { EMPTY_SHAPES, type HeatPoint, type LatLng, type MapShapes, normaliseShapes } from "./map-value";

export type { GeoPolygon, HeatPoint, LatLng, MapCircle, MapShapes } from "./map-value";
export { EMPTY_SHAPES, isEmptyShapes, MAX_POLYGON_POINTS, normaliseShapes, shapeProblems } from "./map-value";

/**
 * The map's code (Leaflet, geoman, the heat layer, the overview map: about 130 KB gzipped) loads in its own
 * chunk the first time a map is shown, never with a screen's first load.
 */
const MapCanvas = lazy(() => import("./map-canvas"));

/**
 * The map tiles' URL template the server hands out (`MAP_TILE_URL`, in `<meta name="map-tile-url">` of the
 * index.html it serves, like the sign-token); empty (none configured, or the dev server): a plain background.
 */
export function mapTileUrl(): string {
  return document.querySelector('meta[name="map-tile-url"]')?.getAttribute("content") ?? "";
}

function Loading({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <div className="map-loading" style={{ height }} aria-busy="true">
      {t("common.loading")}
    </div>
  );
}

interface Common {
  /** What the map is for (names the map region and its tools). */
  label: string;
  heat?: readonly HeatPoint[];
  readOnly?: boolean;
  height?: number;
  /** Set by Form.Item. */
  id?: string;
}

/** A form field of areas and circles on a map (value: `MapShapes`); bind it to a Form.Item. */
export function ShapesMapField({
  value,
  onChange,
  height = 360,
  ...rest
}: Common & { value?: MapShapes | null; onChange?: (value: MapShapes) => void }) {
  return (
    <Suspense fallback={<Loading height={height} />}>
      <MapCanvas
        {...rest}
        height={height}
        mode="shapes"
        tileUrl={mapTileUrl()}
        shapes={value ? normaliseShapes(value) : EMPTY_SHAPES}
        onShapesChange={onChange}
      />
    </Suspense>
  );
}

/** One point on a map (value: `{ lat, lng }` or null): click, drag, locate-me or search to place it. */
export function PointMapField({
  value,
  onChange,
  height = 280,
  ...rest
}: Common & { value?: LatLng | null; onChange?: (value: LatLng | null) => void }) {
  return (
    <Suspense fallback={<Loading height={height} />}>
      <MapCanvas {...rest} height={height} mode="point" tileUrl={mapTileUrl()} point={value ?? null} onPointChange={onChange} />
    </Suspense>
  );
}
