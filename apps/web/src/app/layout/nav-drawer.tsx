import { MenuOutlined } from "@ant-design/icons";
import type { FuncNode, MemberInfo } from "@sbo/contract/session";
import { Button, Drawer, Menu, type MenuProps } from "antd";
import { type ReactNode, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MenuIcon } from "@/components/menu-icon";
import { currentLanguage } from "@/platform/i18n";
import { landingOf, mayOpen } from "@/platform/route-match";
import { areasOf, screensOf } from "@/platform/session/menus";

/** The longest of `paths` that `pathname` is or starts with: the menu entry of the screen shown. */
export const selectedPath = (paths: readonly string[], pathname: string): string | undefined =>
  paths.filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];

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
export function NavDrawer({ member, area, pathname, brand, decorate, onNavigate }: NavDrawerProps) {
  const { t } = useTranslation();
  const zh = currentLanguage() === "zh";
  const [open, setOpen] = useState(false);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const button = useRef<HTMLButtonElement>(null);
  const drawerId = useId();

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

  const show = () => {
    setOpenKeys(area ? [area] : []);
    setOpen(true);
  };

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
        aria-controls={open ? drawerId : undefined}
        onClick={show}
      />
      <Drawer
        open={open}
        placement="left"
        size={300}
        title={brand}
        rootClassName="app-nav-drawer"
        onClose={() => setOpen(false)}
        afterOpenChange={(visible) => {
          if (!visible) button.current?.focus();
        }}
        closable={{ "aria-label": t("layout.closeMenu") }}
      >
        <nav id={drawerId} aria-label={t("layout.allMenus")}>
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            openKeys={openKeys}
            onOpenChange={setOpenKeys}
            items={items}
            onClick={({ key }) => {
              setOpen(false);
              if (key.startsWith("/")) onNavigate(key);
            }}
          />
        </nav>
      </Drawer>
    </>
  );
}
