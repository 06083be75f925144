import { lazy, Suspense } from "react";
import { MapLoading, mapTileUrl } from "./map-loading";
import { EMPTY_SHAPES, type MapShapes, normaliseShapes } from "./map-value";

export { mapTileUrl } from "./map-loading";
export type { GeoPolygon, LatLng, MapCircle, MapShapes } from "./map-value";
export { EMPTY_SHAPES, isEmptyShapes, MAX_POLYGON_POINTS, normaliseShapes, shapeProblems } from "./map-value";

/**
 * The map's code (Leaflet, geoman, the overview map: about 130 KB gzipped) loads in its own
 * chunk the first time a map is shown, never with a screen's first load.
 */
const MapCanvas = lazy(() => import("./map-canvas"));

interface Common {
  /** What the map is for (names the map region and its tools). */
  label: string;
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
    <Suspense fallback={<MapLoading height={height} />}>
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

export { PointMapField } from "./point-field";
