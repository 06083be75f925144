import { lazy, Suspense } from "react";
import { MapLoading, mapTileUrl } from "./map-loading";
import type { LatLng } from "./map-value";

/** The map's code loads in its own chunk the first time a map is shown (see index.tsx). */
const MapCanvas = lazy(() => import("./map-canvas"));

interface Common {
  label: string;
  readOnly?: boolean;
  height?: number;
  id?: string;
}

/** One point on a map (value: `{ lat, lng }` or null): click, drag, locate-me or search to place it. */
export function PointMapField({
  value,
  onChange,
  height = 280,
  ...rest
}: Common & { value?: LatLng | null; onChange?: (value: LatLng | null) => void }) {
  return (
    <Suspense fallback={<MapLoading height={height} />}>
      <MapCanvas {...rest} height={height} mode="point" tileUrl={mapTileUrl()} point={value ?? null} onPointChange={onChange} />
    </Suspense>
  );
}
