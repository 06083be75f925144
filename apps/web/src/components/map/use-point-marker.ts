import { type RefObject, useEffect, useRef } from "react";
import L from "./leaflet-setup";
import { mapText } from "./map-texts";
import type { LatLng } from "./map-value";

/** The point's marker (point mode): placed, moved or removed with the value, dragged to change it. */
export function usePointMarker(
  mapRef: RefObject<L.Map | null>,
  o: {
    mode: "shapes" | "point";
    point: LatLng | null | undefined;
    readOnly: boolean;
    lang: string;
    onPointRef: RefObject<((v: LatLng | null) => void) | undefined>;
  },
) {
  const markerRef = useRef<L.Marker | null>(null);
  const { mode, point, readOnly, lang, onPointRef } = o;
  // The map is made anew after an unmount (strict mode): its old marker is gone with it.
  useEffect(
    () => () => {
      markerRef.current = null;
    },
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map and the callback are refs
  useEffect(() => {
    const map = mapRef.current;
    if (mode !== "point" || !map) return;
    if (!point) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const at: L.LatLngTuple = [point.lat, point.lng];
    if (!markerRef.current) {
      const marker = L.marker(at, {
        draggable: !readOnly,
        keyboard: true,
        title: mapText(lang, "pointMarker"),
        alt: mapText(lang, "pointMarker"),
        pmIgnore: true,
        icon: L.divIcon({ className: "sbo-map-pin", iconSize: [18, 18], iconAnchor: [9, 9] }),
      } as L.MarkerOptions);
      marker.on("dragend", () => {
        const p = marker.getLatLng();
        onPointRef.current?.({ lat: p.lat, lng: p.lng });
      });
      marker.addTo(map);
      markerRef.current = marker;
      map.setView(at, Math.max(map.getZoom(), 13));
    } else {
      markerRef.current.setLatLng(at);
    }
  }, [point, mode, readOnly, lang]);
}
