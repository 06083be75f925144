import type { FuncNode, MemberInfo } from "@sbo/contract/session";
import { Drawer, Menu, type MenuProps } from "antd";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MenuIcon } from "@/components/menu-icon";
import { currentLanguage } from "@/platform/i18n";
import { landingOf, mayOpen } from "@/platform/route-match";
import { areasOf, screensOf } from "@/platform/session/menus";
import { selectedPath } from "./selected-path";

export interface NavDrawerPanelProps {
  member: MemberInfo;
  open: boolean;
  /** The id of the drawer's navigation (the button's `aria-controls`). */
  navId: string;
  area: string | null;
  pathname: string;
  brand: ReactNode;
  decorate?: (node: FuncNode, label: ReactNode) => ReactNode;
  onNavigate: (path: string) => void;
  onClose: () => void;
  /** The drawer has closed (its motion over): the focus goes back to the button. */
  afterClose: () => void;
}

/** The navigation drawer itself (nav-drawer.tsx): loaded the first time the menu button is pressed. */
export default function NavDrawerPanel({
  member,
  open,
  navId,
  area,
  pathname,
  brand,
  decorate,
  onNavigate,
  onClose,
  afterClose,
}: NavDrawerPanelProps) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  // The shown screen's area opens with the drawer.
  const [openKeys, setOpenKeys] = useState<string[]>(() => (area ? [area] : []));
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setOpenKeys(area ? [area] : []);
  }

  const groups = useMemo(
    () =>
      areasOf(member).map((a) => {
        const screens = screensOf(member, a.code);
        // An area whose own page is not one of its screens (Home) lists that page first.
        const own = a.path && mayOpen(member, a.path) && !screens.some((s) => s.path === a.path) ? [{ ...a, kind: "screen" as const }] : [];
        return { area: a, screens: [...own, ...screens] };
      }),
    [member],
  );
  const selected = selectedPath(
    groups.flatMap((g) => g.screens.map((s) => s.path ?? "")),
    pathname,
  );
  const word = (n: FuncNode) => {
    const label = zh ? n.name : n.nameEn;
    return decorate ? decorate(n, label) : label;
  };

  const items: MenuProps["items"] = groups.map(({ area: a, screens }) =>
    screens.length > 0
      ? {
          key: a.code,
          icon: <MenuIcon name={a.icon} />,
          label: word(a),
          children: screens.map((s) => ({ key: s.path ?? s.code, icon: <MenuIcon name={s.icon} />, label: word(s) })),
        }
      : { key: landingOf(a.code, a.path, member) ?? a.code, icon: <MenuIcon name={a.icon} />, label: word(a) },
  );

  return (
    <Drawer
      open={open}
      placement="left"
      size={300}
      title={brand}
      rootClassName="app-nav-drawer"
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) afterClose();
      }}
      closable={{ "aria-label": t("layout.closeMenu") }}
    >
      <nav id={navId} aria-label={t("layout.allMenus")}>
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          openKeys={openKeys}
          onOpenChange={setOpenKeys}
          items={items}
          onClick={({ key }) => {
            onClose();
            if (key.startsWith("/")) onNavigate(key);
          }}
        />
      </nav>
    </Drawer>
  );
}
