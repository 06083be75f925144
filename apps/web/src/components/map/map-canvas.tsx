import "./leaflet-setup";
import "@geoman-io/leaflet-geoman-free";
import "leaflet-minimap";
import "leaflet/dist/leaflet.css";
import "@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css";
import "leaflet-minimap/dist/Control.MiniMap.min.css";
import "./map.css";
import { Button, Typography } from "antd";
import { useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MapToolbar, MapViewBar } from "./map-bars";
import { type MapTextKey, mapText } from "./map-texts";
import { EMPTY_SHAPES, type LatLng, type MapShapes, shapeProblems } from "./map-value";
import { ShapeList } from "./shape-list";
import { useLeafletMap, useLocate, useMapTiles } from "./use-leaflet-map";
import { usePointMarker } from "./use-point-marker";
import { useShapeEditor } from "./use-shape-editor";

export interface MapCanvasProps {
  /** What the map is for, e.g. "Delivery range" (names the map region and its tools). */
  label: string;
  /** The tile URL template (`{z}/{x}/{y}`, `{s}`); empty: a plain background. */
  tileUrl: string;
  /** "shapes": draw areas and circles; "point": place one point. */
  mode: "shapes" | "point";
  shapes?: MapShapes | null;
  onShapesChange?: (value: MapShapes) => void;
  point?: LatLng | null;
  onPointChange?: (value: LatLng | null) => void;
  readOnly?: boolean;
  height?: number;
  /** Given by Form.Item: the map region gets it, so the item's label points at the map. */
  id?: string;
}

/**
 * The shared map (Leaflet + geoman): scale, overview map, zoom, map type, area and circle editors, locate-me,
 * place search over the platform's areas (down to districts) and the seller's addresses. Every tool is a
 * labelled button above the map (keyboard users add shapes at the centre and change circles in the list below);
 * without tiles (none configured, or none reachable) it draws on a plain background. The map and its layers are
 * hooks (`use-leaflet-map.ts`, `use-shape-editor.ts`, `use-point-marker.ts`); the bars and the list are components.
 */
export default function MapCanvas({
  label,
  tileUrl,
  mode,
  shapes,
  onShapesChange,
  point,
  onPointChange,
  readOnly = false,
  height = 360,
  id,
}: MapCanvasProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language === "zh" ? "zh" : "en";
  const tx = (key: MapTextKey, params?: Record<string, string | number>) => mapText(lang, key, params);
  const helpId = useId();
  const container = useRef<HTMLElement>(null);
  const onPointRef = useRef(onPointChange);
  onPointRef.current = onPointChange;
  const [mapType, setMapType] = useState<"standard" | "plain">(tileUrl ? "standard" : "plain");
  const value = useMemo(() => shapes ?? EMPTY_SHAPES, [shapes]);
  const problems = shapeProblems(value);

  const leaflet = useLeafletMap(container, { mode, readOnly, lang, onPointRef });
  const tilesFailed = useMapTiles(leaflet.mapRef, tileUrl, mapType, lang);
  const editor = useShapeEditor(leaflet, { mode, value, lang, onShapesChange });
  usePointMarker(leaflet.mapRef, { mode, point, readOnly, lang, onPointRef });
  const { locating, locate } = useLocate(leaflet.mapRef, { mode, readOnly, lang, onPointRef });

  return (
    <div className="sbo-map">
      <div className="sbo-map-bar">
        {readOnly ? null : (
          <MapToolbar
            label={label}
            mode={mode}
            tx={tx}
            tool={editor.tool}
            draw={editor.draw}
            toggle={editor.toggle}
            clear={editor.clear}
            canClear={value.polygons.length + value.circles.length > 0}
            locating={locating}
            locate={locate}
          />
        )}
        <MapViewBar map={() => leaflet.mapRef.current} tx={tx} lang={lang} tileUrl={tileUrl} mapType={mapType} onMapType={setMapType} />
      </div>
      {!tileUrl || tilesFailed || mapType === "plain" ? (
        <Typography.Text type="secondary" role="status" className="sbo-map-note">
          {!tileUrl ? tx("noTiles") : tilesFailed ? tx("tilesFailed") : null}
        </Typography.Text>
      ) : null}
      <section
        ref={container}
        id={id}
        aria-label={tx("region", { label })}
        aria-describedby={helpId}
        className={`sbo-map-canvas${mapType === "plain" || tilesFailed || !tileUrl ? " sbo-map-plain" : ""}`}
        style={{ height }}
      ></section>
      <Typography.Text id={helpId} type="secondary" className="sbo-map-help">
        {mode === "point" ? tx("pointHelp") : null}
      </Typography.Text>
      {mode === "shapes" ? (
        <ShapeList value={value} readOnly={readOnly} onChange={editor.change} tx={tx} />
      ) : point && !readOnly ? (
        <Button size="small" onClick={() => onPointRef.current?.(null)}>
          {tx("clearPoint")}
        </Button>
      ) : null}
      {problems.length ? (
        <div role="alert" className="sbo-map-problems">
          {problems.map((p) => (
            <Typography.Text key={`${p.shape}-${p.index}-${p.problem}`} type="danger">
              {tx(`problem.${p.problem}`, { n: p.index + 1, limit: p.limit })}
            </Typography.Text>
          ))}
        </div>
      ) : null}
    </div>
  );
}
