import qrcode from "qrcode-generator";
import { useMemo } from "react";

/**
 * A QR code of `value` drawn as one SVG path (no canvas, no image: it prints sharp at any size and scales with the
 * sheet). Error correction M: a slip may be creased or smudged.
 */
export function OrderQr({ value, label, size = 96 }: { value: string; label: string; size?: number }) {
  const { d, n } = useMemo(() => {
    const qr = qrcode(0, "M");
    qr.addData(value);
    qr.make();
    const count = qr.getModuleCount();
    let path = "";
    for (let row = 0; row < count; row++)
      for (let col = 0; col < count; col++) if (qr.isDark(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
    return { d: path, n: count + 8 }; // a quiet zone of 4 modules around
  }, [value]);
  return (
    <svg
      className="order-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
