import { useLocation, useMatches, useOutlet } from "react-router";

/**
 * The routed view, faded in when it changes. "child" keys by the next route level (the root uses
 * it so moving between private screens does not remount the layout); "path" keys by the URL path.
 */
export function FadeOutlet({ keyBy, depth = 1 }: { keyBy: "child" | "path"; depth?: number }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const matches = useMatches();
  const key = keyBy === "path" ? pathname : (matches[depth]?.id ?? pathname);
  return (
    <div key={key} className="route-fade">
      {outlet}
    </div>
  );
}
