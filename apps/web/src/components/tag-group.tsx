import type { ReactNode } from "react";
import { EMPTY } from "./empty-cell";

/** Tags side by side with a gap (wrapping), never touching; "—" when there are none. */
export function TagGroup({ children }: { children: ReactNode[] }) {
  if (children.length === 0) return <>{EMPTY}</>;
  return <span className="tag-group">{children}</span>;
}

/** A colour shown as a colour: a swatch named by its value for screen readers, never the bare hex code. */
export function ColorSwatch({ color, label }: { color: string; label: string }) {
  return <span className="color-swatch" role="img" aria-label={label} title={color} style={{ background: color }} />;
}
