import { App } from "antd";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import L from "./leaflet-setup";
import { mapText } from "./map-texts";
import {
  boundsOfShapes,
  circleOf,
  cornersOfPolygon,
  EMPTY_SHAPES,
  type LatLng,
  limitCorners,
  MAX_POLYGON_POINTS,
  MAX_RADIUS_M,
  type MapShapes,
  MIN_RADIUS_M,
  polygonOf,
  sameShapes,
  squareAround,
} from "./map-value";
import { COUNTRY_VIEW } from "./province-centres";
import { type LeafletMap, shapeStyle } from "./use-leaflet-map";

export type Tool = "polygon" | "circle" | "edit" | "remove" | null;

/** The shapes a feature group holds, as the value (areas with too many corners thinned to the limit). */
function shapesOfLayers(group: L.FeatureGroup): { value: MapShapes; thinned: { from: number; to: number }[] } {
  const value: MapShapes = { polygons: [], circles: [] };
  const thinned: { from: number; to: number }[] = [];
  group.eachLayer((layer) => {
    if (layer instanceof L.Circle) {
      const c = layer.getLatLng();
      value.circles.push(circleOf({ lat: c.lat, lng: c.lng }, layer.getRadius()));
    } else if (layer instanceof L.Polygon) {
      const rings = layer.getLatLngs() as L.LatLng[][] | L.LatLng[];
      const outer = (Array.isArray(rings[0]) ? rings[0] : rings) as L.LatLng[];
      const corners = outer.map((p) => ({ lat: p.lat, lng: p.lng }));
      const limited = limitCorners(corners, MAX_POLYGON_POINTS);
      if (limited.length < corners.length && corners.length > MAX_POLYGON_POINTS)
        thinned.push({ from: corners.length, to: limited.length });
      if (limited.length >= 3) value.polygons.push(polygonOf(limited));
    }
  });
  return { value, thinned };
}

/** A keyboard "click" (Enter or Space) has no pointer position: detail 0. */
const fromKeyboard = (e: MouseEvent) => e.detail === 0;

/**
 * The area and circle editors (shapes mode): the form's value drawn on the map (unless it is the echo of what this
 * editor last sent), every drawn, edited, dragged or removed shape sent back, the tools (draw, edit, remove; from
 * the keyboard a shape is added at the centre) and `change` for the list below the map.
 */
export function useShapeEditor(
  { mapRef, groupRef }: LeafletMap,
  o: { mode: "shapes" | "point"; value: MapShapes; lang: string; onShapesChange?: (value: MapShapes) => void },
) {
  const { message } = App.useApp();
  const { mode, value, lang } = o;
  /** The value this editor last sent: an echo of it from the form is not redrawn. */
  const sentRef = useRef<MapShapes | null>(null);
  /** The view fits the shapes once (the first value with shapes), not on every edit. */
  const fittedRef = useRef(false);
  const onShapesRef = useRef(o.onShapesChange);
  onShapesRef.current = o.onShapesChange;
  const [tool, setTool] = useState<Tool>(null);

  const emit = () => {
    const group = groupRef.current;
    if (!group) return;
    const { value: next, thinned } = shapesOfLayers(group);
    for (const t of thinned) void message.info(mapText(lang, "thinned", { ...t, limit: MAX_POLYGON_POINTS }));
    sentRef.current = next;
    if (thinned.length) drawShapes(next);
    onShapesRef.current?.(next);
  };
  const emitRef = useRef(emit);
  emitRef.current = emit;

  const watchLayer = (layer: L.Layer) => {
    layer.on("pm:edit", () => emitRef.current());
    layer.on("pm:dragend", () => emitRef.current());
  };

  /** Redraws the shape layers from a value. */
  const drawShapes = (next: MapShapes) => {
    const group = groupRef.current;
    if (!group) return;
    group.clearLayers();
    for (const p of next.polygons) {
      const layer = L.polygon(
        cornersOfPolygon(p).map((c) => [c.lat, c.lng] as L.LatLngTuple),
        shapeStyle,
      );
      group.addLayer(layer);
      watchLayer(layer);
    }
    for (const c of next.circles) {
      const layer = L.circle([c.centre.lat, c.centre.lng], { ...shapeStyle, radius: c.radiusM });
      group.addLayer(layer);
      watchLayer(layer);
    }
  };

  // Shapes drawn or removed with geoman's tools join or leave the group, and the value.
  // biome-ignore lint/correctness/useExhaustiveDependencies: registered once on the map made just before; reads refs only
  useEffect(() => {
    const map = mapRef.current;
    const group = groupRef.current;
    if (!map || !group) return;
    map.on("pm:create", (e: { layer: L.Layer }) => {
      group.addLayer(e.layer);
      watchLayer(e.layer);
      emitRef.current();
    });
    map.on("pm:remove", (e: { layer: L.Layer }) => {
      group.removeLayer(e.layer);
      emitRef.current();
    });
  }, []);

  // The shapes, when the form's value is not what this editor last sent (a draft restored, a record loaded).
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawShapes reads refs only
  useEffect(() => {
    if (mode !== "shapes" || !groupRef.current) return;
    if (sentRef.current && sameShapes(sentRef.current, value)) return;
    sentRef.current = value;
    drawShapes(value);
    const bounds = fittedRef.current ? null : boundsOfShapes(value);
    if (bounds) {
      fittedRef.current = true;
      mapRef.current?.fitBounds(
        [
          [bounds[0].lat, bounds[0].lng],
          [bounds[1].lat, bounds[1].lng],
        ],
        { padding: [20, 20], maxZoom: 15 },
      );
    }
  }, [value, mode]);

  // Leaving a tool when another is chosen.
  const stopTools = () => {
    const pm = mapRef.current?.pm;
    if (!pm) return;
    pm.disableDraw();
    if (pm.globalEditModeEnabled()) pm.disableGlobalEditMode();
    if (pm.globalRemovalModeEnabled()) pm.disableGlobalRemovalMode();
    setTool(null);
  };

  /** A quarter of the visible height in metres: a shape a keyboard user can see and then resize. */
  const viewSizeM = () => {
    const map = mapRef.current;
    if (!map) return 1000;
    const b = map.getBounds();
    return Math.max(MIN_RADIUS_M, Math.min(MAX_RADIUS_M, b.getNorthWest().distanceTo(b.getSouthWest()) / 4));
  };
  const centre = (): LatLng => {
    const c = mapRef.current?.getCenter();
    return c ? { lat: c.lat, lng: c.lng } : COUNTRY_VIEW.centre;
  };
  const change = (next: MapShapes) => {
    sentRef.current = null;
    onShapesRef.current?.(next);
  };

  const draw = (shape: "polygon" | "circle", e: MouseEvent) => {
    const map = mapRef.current;
    if (!map) return;
    const wasOn = tool === shape;
    stopTools();
    if (wasOn) return;
    if (fromKeyboard(e)) {
      change(
        shape === "polygon"
          ? { ...value, polygons: [...value.polygons, squareAround(centre(), viewSizeM())] }
          : { ...value, circles: [...value.circles, circleOf(centre(), viewSizeM())] },
      );
      return;
    }
    map.pm.enableDraw(shape === "polygon" ? "Polygon" : "Circle", { continueDrawing: false });
    map.once("pm:drawend", () => setTool((t) => (t === shape ? null : t)));
    setTool(shape);
  };
  const toggle = (which: "edit" | "remove") => {
    const map = mapRef.current;
    if (!map) return;
    const wasOn = tool === which;
    stopTools();
    if (wasOn) return;
    if (which === "edit") map.pm.enableGlobalEditMode();
    else map.pm.enableGlobalRemovalMode();
    setTool(which);
  };
  const clear = () => change(EMPTY_SHAPES);

  return { tool, draw, toggle, change, clear };
}
