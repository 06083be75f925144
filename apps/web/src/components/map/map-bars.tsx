import { AimOutlined, BorderOutlined, DeleteOutlined, EditOutlined, MinusOutlined, PlusOutlined } from "@ant-design/icons";
import { AutoComplete, Button, Popconfirm, Segmented, Space, Tooltip } from "antd";
import { type MouseEvent, useState } from "react";
import type L from "./leaflet-setup";
import type { MapTextKey } from "./map-texts";
import { type Place, usePlaces } from "./places";
import type { Tool } from "./use-shape-editor";

type Tx = (key: MapTextKey, params?: Record<string, string | number>) => string;

/** The editing tools above the map: draw an area or a circle, edit, remove, clear (shapes mode), and locate me. */
export function MapToolbar({
  label,
  mode,
  tx,
  tool,
  draw,
  toggle,
  clear,
  canClear,
  locating,
  locate,
}: {
  label: string;
  mode: "shapes" | "point";
  tx: Tx;
  tool: Tool;
  draw: (shape: "polygon" | "circle", e: MouseEvent) => void;
  toggle: (which: "edit" | "remove") => void;
  clear: () => void;
  canClear: boolean;
  locating: boolean;
  locate: () => void;
}) {
  return (
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
          <Popconfirm title={tx("confirmClear")} onConfirm={clear} okText={tx("clear")}>
            <Button danger disabled={!canClear}>
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
}

/** The view's controls: zoom, the map type and the place search. */
export function MapViewBar({
  map,
  tx,
  lang,
  tileUrl,
  mapType,
  onMapType,
}: {
  map: () => L.Map | null;
  tx: Tx;
  lang: "en" | "zh";
  tileUrl: string;
  mapType: "standard" | "plain";
  onMapType: (type: "standard" | "plain") => void;
}) {
  const [searchText, setSearchText] = useState("");
  const places = usePlaces(searchText);
  const goTo = (place: Place) => map()?.setView([place.at.lat, place.at.lng], place.zoom);
  return (
    <Space wrap size={[8, 8]}>
      <Button icon={<PlusOutlined />} aria-label={tx("zoomIn")} title={tx("zoomIn")} onClick={() => map()?.zoomIn()} />
      <Button icon={<MinusOutlined />} aria-label={tx("zoomOut")} title={tx("zoomOut")} onClick={() => map()?.zoomOut()} />
      <Segmented
        aria-label={tx("mapType")}
        value={mapType}
        onChange={(v) => onMapType(v as "standard" | "plain")}
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
  );
}
