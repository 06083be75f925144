import { useEffect, useRef } from "react";
import { useLocation, useMatches, useOutlet } from "react-router";

/**
 * The routed view, faded in when it changes. "child" keys by the next route level (the root uses
 * it so moving between private screens does not remount the layout); "path" keys by the URL path.
 * The first view is not faded: a page that starts at opacity 0 has no first contentful paint
 * (Lighthouse reported NO_FCP on the login and 404 screens).
 */
export function FadeOutlet({ keyBy, depth = 1 }: { keyBy: "child" | "path"; depth?: number }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const matches = useMatches();
  const key = keyBy === "path" ? pathname : (matches[depth]?.id ?? pathname);
  const first = useRef(true);
  useEffect(() => {
    first.current = false;
  }, []);
  return (
    <div key={key} className={first.current ? undefined : "route-fade"}>
      {outlet}
    </div>
  );
}
