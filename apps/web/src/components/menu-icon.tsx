import { lazy, Suspense } from "react";

// The 34 menu icons (about 10 KB gzipped) follow the menus instead of holding up the shell.
const MenuIconOf = lazy(() => import("./menu-icons"));

/**
 * A menu's icon by the name the function tree gives it. Until the icons have loaded, an empty box of
 * the icon's size holds its place, so the label beside it does not move when it arrives.
 */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  if (!name) return null;
  return (
    <Suspense fallback={<span className="anticon menu-icon-space" aria-hidden />}>
      <MenuIconOf name={name} />
    </Suspense>
  );
}
