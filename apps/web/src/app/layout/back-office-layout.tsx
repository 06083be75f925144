import { Button, Layout, Menu, Result, Spin } from "antd";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { areaOf, holds, isBuilt, landingOf } from "@/app/route-match";
import { useAppStore } from "@/app/store";
import { useRouteDef } from "@/app/use-route-def";
import { useLeftMenu, useMember, usePlatformInfo, useTopMenu } from "@/features/session/session.api";
import { AccountNotices } from "@/features/staff/account-notices";
import { ApiError, LOGIN_PATH } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { FadeOutlet } from "./fade-outlet";
import { MenuIcon } from "./menu-icon";
import { UserMenu } from "./user-menu";

/** The longest menu path that the current path starts with. */
const selectedPath = (paths: string[], pathname: string) =>
  paths.filter((p) => pathname === p || pathname.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];

/** The private shell: header with areas and the user menu, left menu, routed content. */
export function BackOfficeLayout() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const def = useRouteDef();
  const member = useMember();
  const site = usePlatformInfo();
  const topMenu = useTopMenu(member.isSuccess);
  const area = areaOf(def);
  const leftMenu = useLeftMenu(member.isSuccess ? area : null);
  const setMember = useAppStore((s) => s.setMember);
  const setTopMenu = useAppStore((s) => s.setTopMenu);
  const setLeftMenu = useAppStore((s) => s.setLeftMenu);
  const setSiteInfo = useAppStore((s) => s.setSiteInfo);

  // Only screens that are built appear; the rest would lead to the not-found page.
  const screens = useMemo(
    () => (leftMenu.data ?? []).filter((n) => n.kind === "screen" && n.path && isBuilt(n.path)).sort((a, b) => a.sort - b.sort),
    [leftMenu.data],
  );
  // Areas with nothing built yet stay out of the top menu (and the home page's area cards).
  const areas = useMemo(() => {
    const m = member.data;
    if (!m) return [];
    return (topMenu.data ?? []).filter((n) => n.kind === "area" && landingOf(n.code, n.path, m) !== null).sort((a, b) => a.sort - b.sort);
  }, [topMenu.data, member.data]);
  useEffect(() => setMember(member.data ?? null), [member.data, setMember]);
  useEffect(() => setTopMenu(areas), [areas, setTopMenu]);
  useEffect(() => setLeftMenu(screens), [screens, setLeftMenu]);
  useEffect(() => setSiteInfo(site.data ?? null), [site.data, setSiteInfo]);

  if (member.isPending) return <Spin fullscreen description={t("common.loading")} />;
  if (member.isError) {
    const error = member.error;
    return (
      <main id="main">
        <Result
          status="warning"
          title={t("layout.loadFailed")}
          subTitle={error instanceof ApiError ? error.msg : undefined}
          extra={[
            <Button key="retry" type="primary" onClick={() => void member.refetch()}>
              {t("common.retry")}
            </Button>,
            <Button key="login" onClick={() => void navigate(LOGIN_PATH)}>
              {t("common.loginAgain")}
            </Button>,
          ]}
        />
      </main>
    );
  }
  if (def && !holds(member.data, def.func)) return <Navigate to="/403" replace />;

  const leftSelected = selectedPath(
    screens.map((n) => n.path ?? ""),
    pathname,
  );

  return (
    <Layout className="app-layout">
      <a className="skip-link" href="#main">
        {t("layout.skipToContent")}
      </a>
      <Layout.Header className="app-header">
        <Link to="/transaction/index" className="app-mark">
          <span aria-hidden className="app-mark-logo">
            S
          </span>
          <span>{member.data.shop?.brand || t("brand.product")}</span>
        </Link>
        <nav aria-label={t("layout.topMenu")} className="app-top-nav">
          <Menu
            mode="horizontal"
            selectedKeys={area ? [area] : []}
            items={areas.map((a) => ({
              key: a.code,
              icon: <MenuIcon name={a.icon} />,
              label: lang === "zh" ? a.name : a.nameEn,
            }))}
            onClick={({ key }) => {
              const node = areas.find((a) => a.code === key);
              const to = node && landingOf(node.code, node.path, member.data);
              if (to) void navigate(to);
            }}
          />
        </nav>
        <UserMenu member={member.data} />
        <AccountNotices member={member.data} />
      </Layout.Header>
      <Layout>
        {screens.length > 0 ? (
          <Layout.Sider width={220} breakpoint="lg" collapsedWidth={0} className="app-sider">
            <nav aria-label={t("layout.leftMenu")}>
              <Menu
                mode="inline"
                selectedKeys={leftSelected ? [leftSelected] : []}
                items={screens.map((n) => ({
                  key: n.path ?? n.code,
                  icon: <MenuIcon name={n.icon} />,
                  label: lang === "zh" ? n.name : n.nameEn,
                }))}
                onClick={({ key }) => void navigate(key)}
              />
            </nav>
          </Layout.Sider>
        ) : null}
        <Layout.Content id="main" tabIndex={-1} className="app-content">
          <FadeOutlet keyBy="path" />
        </Layout.Content>
      </Layout>
      {site.data ? (
        <Layout.Footer className="app-footer">
          {lang === "zh" ? site.data.name : site.data.nameEn} · {site.data.supportPhone} · {site.data.supportEmail}
        </Layout.Footer>
      ) : null}
    </Layout>
  );
}
