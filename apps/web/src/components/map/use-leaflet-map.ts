import { App } from "antd";
import { type MutableRefObject, type RefObject, useEffect, useRef, useState } from "react";
import L from "./leaflet-setup";
import { mapText } from "./map-texts";
import type { LatLng } from "./map-value";
import { COUNTRY_VIEW } from "./province-centres";

export const shapeStyle: L.PathOptions = { color: "#1677ff", weight: 2, fillOpacity: 0.15 };

export interface LeafletMap {
  mapRef: MutableRefObject<L.Map | null>;
  groupRef: MutableRefObject<L.FeatureGroup | null>;
}

/**
 * The Leaflet map in `container`, created once (scale, the shapes' feature group, geoman's styles, a click placing
 * the point in point mode), resized with its box, its geoman hints in the reader's language.
 */
export function useLeafletMap(
  container: RefObject<HTMLElement | null>,
  o: { mode: "shapes" | "point"; readOnly: boolean; lang: string; onPointRef: RefObject<((v: LatLng | null) => void) | undefined> },
): LeafletMap {
  const mapRef = useRef<L.Map | null>(null);
  const groupRef = useRef<L.FeatureGroup | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later props reach it through the other effects
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const map = L.map(el, {
      center: [COUNTRY_VIEW.centre.lat, COUNTRY_VIEW.centre.lng],
      zoom: COUNTRY_VIEW.zoom,
      zoomControl: false,
      keyboard: true,
      attributionControl: true,
    });
    mapRef.current = map;
    L.control.scale({ imperial: false, position: "bottomleft" }).addTo(map);
    groupRef.current = L.featureGroup().addTo(map);
    map.on("click", (e: L.LeafletMouseEvent) => {
      if (o.mode === "point" && !o.readOnly) o.onPointRef.current?.({ lat: e.latlng.lat, lng: e.latlng.lng });
    });
    map.pm.setGlobalOptions({ pathOptions: shapeStyle, templineStyle: shapeStyle, hintlineStyle: { ...shapeStyle, dashArray: "5,5" } });
    // Leaflet measures its box when created; in a drawer or a tab it may have grown since.
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      map.remove();
      mapRef.current = null;
      groupRef.current = null;
    };
  }, []);

  // The language of geoman's hints (drawing tooltips).
  useEffect(() => {
    mapRef.current?.pm.setLang(o.lang === "zh" ? "zh" : "en");
  }, [o.lang]);

  return { mapRef, groupRef };
}

/** The tiles of the chosen map type and the overview map; answers whether no tile could be loaded. */
export function useMapTiles(mapRef: RefObject<L.Map | null>, tileUrl: string, mapType: "standard" | "plain", lang: string): boolean {
  const [tilesFailed, setTilesFailed] = useState(false);
  const tilesRef = useRef<L.TileLayer | null>(null);
  const minimapRef = useRef<L.Control | null>(null);
  // The map is made anew after an unmount (strict mode): its old layers are gone with it.
  useEffect(
    () => () => {
      tilesRef.current = null;
      minimapRef.current = null;
    },
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is a ref, set once before this runs
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    tilesRef.current?.remove();
    tilesRef.current = null;
    minimapRef.current?.remove();
    minimapRef.current = null;
    setTilesFailed(false);
    const useTiles = mapType === "standard" && Boolean(tileUrl);
    if (useTiles) {
      let loaded = 0;
      const tiles = L.tileLayer(tileUrl, {
        maxZoom: 19,
        attribution: /openstreetmap/i.test(tileUrl) ? "© OpenStreetMap" : undefined,
      });
      tiles.on("tileload", () => {
        loaded += 1;
        setTilesFailed(false);
      });
      tiles.on("tileerror", () => {
        if (loaded === 0) setTilesFailed(true);
      });
      tiles.addTo(map);
      tilesRef.current = tiles;
    }
    const overviewLayer = useTiles ? L.tileLayer(tileUrl, { maxZoom: 19 }) : L.layerGroup();
    const MiniMap = (L.Control as unknown as { MiniMap: new (layer: L.Layer, options: object) => L.Control }).MiniMap;
    const minimap = new MiniMap(overviewLayer, {
      position: "bottomright",
      toggleDisplay: true,
      width: 120,
      height: 120,
      zoomLevelOffset: -5,
      strings: { hideText: mapText(lang, "overviewHide"), showText: mapText(lang, "overviewShow") },
      mapOptions: { keyboard: false },
    });
    minimap.addTo(map);
    minimapRef.current = minimap;
  }, [mapType, tileUrl, lang]);
  return tilesFailed;
}

/** "Locate me": centres the map on the reader (and places the point there in point mode). */
export function useLocate(
  mapRef: RefObject<L.Map | null>,
  o: { mode: "shapes" | "point"; readOnly: boolean; lang: string; onPointRef: RefObject<((v: LatLng | null) => void) | undefined> },
) {
  const { message } = App.useApp();
  const [locating, setLocating] = useState(false);
  const locate = () => {
    const map = mapRef.current;
    if (!map) return;
    setLocating(true);
    map.once("locationfound", (e: L.LocationEvent) => {
      setLocating(false);
      map.off("locationerror");
      map.setView(e.latlng, Math.max(map.getZoom(), 14));
      if (o.mode === "point" && !o.readOnly) o.onPointRef.current?.({ lat: e.latlng.lat, lng: e.latlng.lng });
    });
    map.once("locationerror", (e: L.ErrorEvent) => {
      setLocating(false);
      map.off("locationfound");
      void message.warning(mapText(o.lang, "locateFailed", { reason: e.message }));
    });
    map.locate({ setView: false, timeout: 10_000, enableHighAccuracy: true });
  };
  return { locating, locate };
}
