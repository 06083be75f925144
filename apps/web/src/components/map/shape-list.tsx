import { DeleteOutlined } from "@ant-design/icons";
import { Button, Empty, InputNumber, Typography } from "antd";
import type { MapTextKey } from "./map-texts";
import { circleOf, cornersOfPolygon, MAX_RADIUS_M, type MapShapes, MIN_RADIUS_M } from "./map-value";

/** The shapes as a list: circles' centre and radius typed, any shape removed, all from the keyboard. */
export function ShapeList({
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
            {/* Each is typed and checked in place: a number within its bounds, or nothing changes. */}
            {(
              [
                ["centreLat", c.centre.lat, -90, 90, 0.001, "lat"],
                ["centreLng", c.centre.lng, -180, 180, 0.001, "lng"],
                ["radius", c.radiusM, MIN_RADIUS_M, MAX_RADIUS_M, 100, "radiusM"],
              ] as const
            ).map(([label, v, min, max, step, part]) => (
              <InputNumber
                key={label}
                size="small"
                aria-label={tx(label, { n: i + 1 })}
                value={v}
                min={min}
                max={max}
                step={step}
                disabled={readOnly}
                onChange={(next) => typeof next === "number" && setCircle(i, { [part]: next })}
              />
            ))}
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
