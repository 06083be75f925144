import { useQuery } from "@tanstack/react-query";
import { Badge, Button, Layout, Menu } from "antd";
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { MenuIcon } from "@/components/menu-icon";
import { ApiError, LOGIN_PATH } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import {
  AFTER_SALE_LIST_PATH,
  clearNewAfterSales,
  clearNewOrders,
  ORDER_LIST_PATH,
  useNewAfterSaleCount,
  useNewOrderCount,
  useOrderLive,
} from "@/platform/order-live";
import { areaOf, holds, landingOf } from "@/platform/route-match";
import { preloadScreen, preloadScreenWhenIdle } from "@/platform/screen-preload";
import { areasOf, screensOf } from "@/platform/session/menus";
import { memberQuery, usePlatformInfo } from "@/platform/session/session.api";
import { InShell } from "@/platform/shell";
import { useRouteDef } from "@/platform/use-route-def";
import { Problem } from "../problem";
import { FadeOutlet } from "./fade-outlet";
import { NavDrawer } from "./nav-drawer";
import { selectedPath } from "./selected-path";
import { UserMenu } from "./user-menu";
import "virtual:antd-back-office.css";
import "./print.css";
import "./shell.css";

// Shown only when the member has notices; its staff calls and dialogs load after the shell has drawn.
const AccountNotices = lazy(() => import("@/features/staff/account-notices").then((m) => ({ default: m.AccountNotices })));

/**
 * The private shell: header with areas and the user menu, left menu, routed content. It appears at
 * once: the header and the left menu's column are drawn while the session call runs (no spinner),
 * and the menus come from that call's answer (the member's functions over the contract's function
 * tree), so nothing moves when they fill in.
 */
export function BackOfficeLayout() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const def = useRouteDef();
  // A public screen kept inside the shell (/403) asks for no session: a visitor sees it alone.
  const optional = def?.public === true;
  const member = useQuery({ ...memberQuery(), enabled: !optional });
  const data = member.data;
  const site = usePlatformInfo(member.isSuccess);
  const area = areaOf(def);
  const areas = useMemo(() => (data ? areasOf(data) : []), [data]);
  const screens = useMemo(() => (data && area ? screensOf(data, area) : []), [data, area]);
  // Live orders: the stream while the member may see orders; the count of new ones badges the Orders menus.
  // The order desk hears every order event; an after-sales clerk the new after-sale applications (the server filters).
  useOrderLive(data ? holds(data, "order.manage") || holds(data, "order.afterSale") : false);
  const newOrders = useNewOrderCount();
  useEffect(() => {
    if (pathname === ORDER_LIST_PATH) clearNewOrders();
  }, [pathname]);
  // Each area's first screen loads its code while the browser is idle, so a click on the top menu does not wait for it.
  const landings = useMemo(() => (data ? areas.flatMap((a) => landingOf(a.code, a.path, data) ?? []).join("\n") : ""), [areas, data]);
  useEffect(() => {
    const cancels = landings ? landings.split("\n").map(preloadScreenWhenIdle) : [];
    return () => {
      for (const cancel of cancels) cancel();
    };
  }, [landings]);
  const newAfterSales = useNewAfterSaleCount();
  useEffect(() => {
    if (pathname === AFTER_SALE_LIST_PATH) clearNewAfterSales();
  }, [pathname]);
  const afterSaleBadged = (label: ReactNode) =>
    newAfterSales > 0 ? (
      <span className="app-menu-badged">
        {label}{" "}
        <Badge
          count={newAfterSales}
          size="small"
          title={t("layout.newAfterSales", { count: newAfterSales })}
          aria-label={t("layout.newAfterSales", { count: newAfterSales })}
        />
      </span>
    ) : (
      label
    );
  const badged = (label: ReactNode, isOrders: boolean) =>
    isOrders && newOrders > 0 ? (
      <span className="app-menu-badged">
        {label}{" "}
        <Badge
          count={newOrders}
          size="small"
          title={t("layout.newOrders", { count: newOrders })}
          aria-label={t("layout.newOrders", { count: newOrders })}
        />
      </span>
    ) : (
      label
    );

  if (optional && !member.isSuccess) return <FadeOutlet keyBy="path" />;
  if (member.isError) {
    const error = member.error;
    return (
      <main id="main">
        <Problem
          tone="warning"
          title={t("layout.loadFailed")}
          detail={error instanceof ApiError ? error.msg : undefined}
          actions={
            <>
              <Button type="primary" onClick={() => void member.refetch()}>
                {t("common.retry")}
              </Button>
              <Button onClick={() => void navigate(LOGIN_PATH)}>{t("common.loginAgain")}</Button>
            </>
          }
        />
      </main>
    );
  }
  const me = data;
  if (me && def && !optional && !holds(me, def.func)) return <Navigate to="/403" replace />;

  const leftSelected = selectedPath(
    screens.map((n) => n.path ?? ""),
    pathname,
  );
  // The left menu's column is kept from the first paint whenever the screen belongs to an area.
  const withSider = me ? screens.length > 0 : area !== null;

  return (
    <InShell.Provider value>
      <Layout className="app-layout">
        <a className="skip-link" href="#main">
          {t("layout.skipToContent")}
        </a>
        <Layout.Header className="app-header">
          {me ? (
            <NavDrawer
              member={me}
              area={area}
              pathname={pathname}
              brand={me.shop?.brand || t("brand.product")}
              decorate={(node, label) =>
                node.path === AFTER_SALE_LIST_PATH
                  ? afterSaleBadged(label)
                  : badged(label, node.code === "order" || node.path === ORDER_LIST_PATH)
              }
              onNavigate={(to) => {
                if (to === ORDER_LIST_PATH) clearNewOrders();
                void navigate(to);
              }}
            />
          ) : null}
          <Link to="/transaction/index" className="app-mark">
            <span aria-hidden className="app-mark-logo">
              S
            </span>
            <span className="app-mark-name">{me ? me.shop?.brand || t("brand.product") : null}</span>
          </Link>
          <nav aria-label={t("layout.topMenu")} className="app-top-nav">
            <Menu
              mode="horizontal"
              selectedKeys={area ? [area] : []}
              items={areas.map((a) => ({
                key: a.code,
                icon: <MenuIcon name={a.icon} />,
                label: badged(lang === "zh" ? a.name : a.nameEn, a.code === "order"),
                onMouseEnter: () => {
                  const to = me && landingOf(a.code, a.path, me);
                  if (to) preloadScreen(to);
                },
              }))}
              onClick={({ key }) => {
                if (key === "order") clearNewOrders();
                const node = areas.find((a) => a.code === key);
                const to = node && me && landingOf(node.code, node.path, me);
                if (to) void navigate(to);
              }}
            />
          </nav>
          {me ? <UserMenu member={me} /> : <span className="app-user-space" />}
          {me ? (
            <Suspense fallback={null}>
              <AccountNotices member={me} />
            </Suspense>
          ) : null}
        </Layout.Header>
        <Layout>
          {withSider ? (
            // Below the tablet width the navigation drawer takes its place (shell.css hides it): no collapse tab.
            <Layout.Sider width={220} className="app-sider">
              <nav aria-label={t("layout.leftMenu")}>
                <Menu
                  mode="inline"
                  selectedKeys={leftSelected ? [leftSelected] : []}
                  items={screens.map((n) => ({
                    key: n.path ?? n.code,
                    icon: <MenuIcon name={n.icon} />,
                    onMouseEnter: () => (n.path ? preloadScreen(n.path) : undefined),
                    label:
                      n.path === AFTER_SALE_LIST_PATH
                        ? afterSaleBadged(lang === "zh" ? n.name : n.nameEn)
                        : badged(lang === "zh" ? n.name : n.nameEn, n.path === ORDER_LIST_PATH),
                  }))}
                  onClick={({ key }) => {
                    if (key === ORDER_LIST_PATH) clearNewOrders();
                    void navigate(key);
                  }}
                />
              </nav>
            </Layout.Sider>
          ) : null}
          <Layout.Content id="main" tabIndex={-1} className="app-content" aria-busy={me ? undefined : true}>
            {me ? <FadeOutlet keyBy="path" /> : null}
          </Layout.Content>
        </Layout>
        {site.data ? (
          <Layout.Footer className="app-footer">
            {lang === "zh" ? site.data.name : site.data.nameEn} · {site.data.supportPhone} · {site.data.supportEmail}
          </Layout.Footer>
        ) : null}
      </Layout>
    </InShell.Provider>
  );
}
