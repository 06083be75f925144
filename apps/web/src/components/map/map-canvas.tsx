import L from "./leaflet-setup";
import "@geoman-io/leaflet-geoman-free";
import "leaflet-minimap";
import "leaflet/dist/leaflet.css";
import "@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css";
import "leaflet-minimap/dist/Control.MiniMap.min.css";
import "./map.css";
import { AimOutlined, BorderOutlined, DeleteOutlined, EditOutlined, MinusOutlined, PlusOutlined } from "@ant-design/icons";
import { App, AutoComplete, Button, Empty, InputNumber, Popconfirm, Segmented, Space, Tooltip, Typography } from "antd";
import { type MouseEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type MapTextKey, mapText } from "./map-texts";
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
  shapeProblems,
  squareAround,
} from "./map-value";
import { type Place, usePlaces } from "./places";
import { COUNTRY_VIEW } from "./province-centres";

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

type Tool = "polygon" | "circle" | "edit" | "remove" | null;

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

const shapeStyle: L.PathOptions = { color: "#1677ff", weight: 2, fillOpacity: 0.15 };

/**
 * The shared map (Leaflet + geoman): scale, overview map, zoom, map type, area and circle editors, locate-me,
 * place search over the platform's areas (down to districts) and the seller's addresses. Every tool is a
 * labelled button above the map (keyboard users add shapes at the centre and change circles in the list below);
 * without tiles (none configured, or none reachable) it draws on a plain background.
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
  const { message } = App.useApp();
  const helpId = useId();
  const container = useRef<HTMLElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const groupRef = useRef<L.FeatureGroup | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const tilesRef = useRef<L.TileLayer | null>(null);
  const minimapRef = useRef<L.Control | null>(null);
  /** The value this editor last sent: an echo of it from the form is not redrawn. */
  const sentRef = useRef<MapShapes | null>(null);
  /** The view fits the shapes once (the first value with shapes), not on every edit. */
  const fittedRef = useRef(false);
  const onShapesRef = useRef(onShapesChange);
  onShapesRef.current = onShapesChange;
  const onPointRef = useRef(onPointChange);
  onPointRef.current = onPointChange;

  const [tool, setTool] = useState<Tool>(null);
  const [mapType, setMapType] = useState<"standard" | "plain">(tileUrl ? "standard" : "plain");
  const [tilesFailed, setTilesFailed] = useState(false);
  const [locating, setLocating] = useState(false);
  const value = useMemo(() => shapes ?? EMPTY_SHAPES, [shapes]);
  const problems = shapeProblems(value);

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

  // The map itself, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once; later props reach it through the effects below
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
    const group = L.featureGroup().addTo(map);
    groupRef.current = group;

    map.on("pm:create", (e: { layer: L.Layer }) => {
      group.addLayer(e.layer);
      watchLayer(e.layer);
      emitRef.current();
    });
    map.on("pm:remove", (e: { layer: L.Layer }) => {
      group.removeLayer(e.layer);
      emitRef.current();
    });
    map.on("click", (e: L.LeafletMouseEvent) => {
      if (mode === "point" && !readOnly) onPointRef.current?.({ lat: e.latlng.lat, lng: e.latlng.lng });
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
      markerRef.current = null;
      tilesRef.current = null;
      minimapRef.current = null;
    };
  }, []);

  // The language of geoman's hints (drawing tooltips).
  useEffect(() => {
    mapRef.current?.pm.setLang(lang === "zh" ? "zh" : "en");
  }, [lang]);

  // Tiles (map type) and the overview map.
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

  // The point (point mode).
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

  // Leaving a tool when another is chosen.
  const stopTools = () => {
    const pm = mapRef.current?.pm;
    if (!pm) return;
    pm.disableDraw();
    if (pm.globalEditModeEnabled()) pm.disableGlobalEditMode();
    if (pm.globalRemovalModeEnabled()) pm.disableGlobalRemovalMode();
    setTool(null);
  };

  /** A keyboard "click" (Enter or Space) has no pointer position: detail 0. */
  const fromKeyboard = (e: MouseEvent) => e.detail === 0;

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

  const locate = () => {
    const map = mapRef.current;
    if (!map) return;
    setLocating(true);
    map.once("locationfound", (e: L.LocationEvent) => {
      setLocating(false);
      map.off("locationerror");
      map.setView(e.latlng, Math.max(map.getZoom(), 14));
      if (mode === "point" && !readOnly) onPointRef.current?.({ lat: e.latlng.lat, lng: e.latlng.lng });
    });
    map.once("locationerror", (e: L.ErrorEvent) => {
      setLocating(false);
      map.off("locationfound");
      void message.warning(mapText(lang, "locateFailed", { reason: e.message }));
    });
    map.locate({ setView: false, timeout: 10_000, enableHighAccuracy: true });
  };

  const [searchText, setSearchText] = useState("");
  const places = usePlaces(searchText);
  const goTo = (place: Place) => mapRef.current?.setView([place.at.lat, place.at.lng], place.zoom);

  const toolbar = readOnly ? null : (
    <Space wrap size={[8, 8]} role="toolbar" aria-label={`${tx("toolbar")}: ${label}`} className="sbo-map-toolbar">
      {mode === "shapes" ? (
        <>
          <Tooltip title={tx("drawPolygonHelp")}>
            <Button
              icon={<BorderOutlined />}
              aria-pressed={tool === "polygon"}
              type={tool === "polygon" ? "primary" : "default"}
              onClick={(e) => draw("polygon", e)}
            >
              {tx("drawPolygon")}
            </Button>
          </Tooltip>
          <Tooltip title={tx("drawCircleHelp")}>
            <Button aria-pressed={tool === "circle"} type={tool === "circle" ? "primary" : "default"} onClick={(e) => draw("circle", e)}>
              ◯ {tx("drawCircle")}
            </Button>
          </Tooltip>
          <Button
            icon={<EditOutlined />}
            aria-pressed={tool === "edit"}
            type={tool === "edit" ? "primary" : "default"}
            onClick={() => toggle("edit")}
          >
            {tx("edit")}
          </Button>
          <Button
            icon={<DeleteOutlined />}
            aria-pressed={tool === "remove"}
            type={tool === "remove" ? "primary" : "default"}
            onClick={() => toggle("remove")}
          >
            {tx("remove")}
          </Button>
          <Popconfirm title={tx("confirmClear")} onConfirm={() => change(EMPTY_SHAPES)} okText={tx("clear")}>
            <Button danger disabled={value.polygons.length + value.circles.length === 0}>
              {tx("clear")}
            </Button>
          </Popconfirm>
        </>
      ) : null}
      <Button icon={<AimOutlined />} loading={locating} onClick={locate}>
        {locating ? tx("locating") : tx("locate")}
      </Button>
    </Space>
  );

  return (
    <div className="sbo-map">
      <div className="sbo-map-bar">
        {toolbar}
        <Space wrap size={[8, 8]}>
          <Button icon={<PlusOutlined />} aria-label={tx("zoomIn")} title={tx("zoomIn")} onClick={() => mapRef.current?.zoomIn()} />
          <Button icon={<MinusOutlined />} aria-label={tx("zoomOut")} title={tx("zoomOut")} onClick={() => mapRef.current?.zoomOut()} />
          <Segmented
            aria-label={tx("mapType")}
            value={mapType}
            onChange={(v) => setMapType(v as "standard" | "plain")}
            options={[
              { value: "standard", label: tx("standard"), disabled: !tileUrl },
              { value: "plain", label: tx("plain") },
            ]}
          />
          <AutoComplete
            aria-label={tx("search")}
            placeholder={tx("searchPlaceholder")}
            style={{ width: 220 }}
            onFocus={places.activate}
            options={places.options(lang, tx)}
            // The places are found as typed (areas by the server, the seller's own by their words).
            filterOption={false}
            notFoundContent={searchText.trim() ? (places.searching ? tx("searching") : tx("noPlace")) : null}
            value={searchText}
            onChange={(text) => setSearchText(String(text ?? ""))}
            onSelect={(key) => {
              const place = places.byKey(String(key), lang, tx);
              setSearchText(place?.label ?? "");
              if (place) goTo(place);
            }}
            allowClear
          />
        </Space>
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
        <ShapeList value={value} readOnly={readOnly} onChange={change} tx={tx} />
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

/** The shapes as a list: circles' centre and radius typed, any shape removed, all from the keyboard. */
function ShapeList({
  value,
  readOnly,
  onChange,
  tx,
}: {
  value: MapShapes;
  readOnly: boolean;
  onChange: (v: MapShapes) => void;
  tx: (key: MapTextKey, params?: Record<string, string | number>) => string;
}) {
  const setCircle = (i: number, patch: { lat?: number; lng?: number; radiusM?: number }) => {
    const circles = value.circles.map((c, j) =>
      j === i ? circleOf({ lat: patch.lat ?? c.centre.lat, lng: patch.lng ?? c.centre.lng }, patch.radiusM ?? c.radiusM) : c,
    );
    onChange({ ...value, circles });
  };
  if (!value.polygons.length && !value.circles.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tx("noShapes")} />;
  }
  return (
    <ul className="sbo-map-shapes" aria-label={tx("shapes")}>
      {value.polygons.map((p, i) => {
        const name = tx("polygonRow", { n: i + 1, points: cornersOfPolygon(p).length });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: shapes have no id; their order is their name
          <li key={`p${i}`}>
            <Typography.Text>{name}</Typography.Text>
            {readOnly ? null : (
              <Button
                size="small"
                type="link"
                danger
                aria-label={tx("removeShape", { shape: name })}
                onClick={() => onChange({ ...value, polygons: value.polygons.filter((_, j) => j !== i) })}
              >
                <DeleteOutlined />
              </Button>
            )}
          </li>
        );
      })}
      {value.circles.map((c, i) => {
        const name = tx("circleRow", { n: i + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: shapes have no id; their order is their name
          <li key={`c${i}`}>
            <Typography.Text>{name}</Typography.Text>
            <InputNumber
              size="small"
              aria-label={tx("centreLat", { n: i + 1 })}
              value={c.centre.lat}
              min={-90}
              max={90}
              step={0.001}
              disabled={readOnly}
              onChange={(v) => typeof v === "number" && setCircle(i, { lat: v })}
            />
            <InputNumber
              size="small"
              aria-label={tx("centreLng", { n: i + 1 })}
              value={c.centre.lng}
              min={-180}
              max={180}
              step={0.001}
              disabled={readOnly}
              onChange={(v) => typeof v === "number" && setCircle(i, { lng: v })}
            />
            <InputNumber
              size="small"
              aria-label={tx("radius", { n: i + 1 })}
              value={c.radiusM}
              min={MIN_RADIUS_M}
              max={MAX_RADIUS_M}
              step={100}
              disabled={readOnly}
              onChange={(v) => typeof v === "number" && setCircle(i, { radiusM: v })}
            />
            {readOnly ? null : (
              <Button
                size="small"
                type="link"
                danger
                aria-label={tx("removeShape", { shape: name })}
                onClick={() => onChange({ ...value, circles: value.circles.filter((_, j) => j !== i) })}
              >
                <DeleteOutlined />
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
