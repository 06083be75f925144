import { MenuOutlined } from "@ant-design/icons";
import type { FuncNode, MemberInfo } from "@sbo/contract/session";
import { Button } from "antd";
import { lazy, type ReactNode, Suspense, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

// The drawer (antd's Drawer, about 6 KB gzipped) loads the first time the button is pressed, not with every screen.
const NavDrawerPanel = lazy(() => import("./nav-drawer-panel"));

export interface NavDrawerProps {
  member: MemberInfo;
  /** The area of the screen shown (its group opens with the drawer). */
  area: string | null;
  pathname: string;
  /** The shop's name, the drawer's title. */
  brand: ReactNode;
  /** A menu entry's words with what it carries (the new-orders badge). */
  decorate?: (node: FuncNode, label: ReactNode) => ReactNode;
  /** Go to a screen. */
  onNavigate: (path: string) => void;
}

/**
 * Below the tablet width the header's menus give way to one labelled button that opens this drawer: every area the
 * member may use and, under each, every screen of it they may open (the same rule as the top and left menus), the
 * screen shown selected. Choosing one goes there and closes the drawer; Escape or the close button closes it too, and
 * the focus comes back to the button.
 */
export function NavDrawer(props: NavDrawerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const navId = useId();

  return (
    <>
      <Button
        ref={button}
        type="text"
        className="app-nav-button"
        icon={<MenuOutlined aria-hidden />}
        aria-label={t("layout.openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? navId : undefined}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      />
      {used ? (
        <Suspense fallback={null}>
          <NavDrawerPanel {...props} open={open} navId={navId} onClose={() => setOpen(false)} afterClose={() => button.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
