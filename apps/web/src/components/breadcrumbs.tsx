import { Breadcrumb } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { breadcrumbsOf } from "@/platform/breadcrumbs";
import { currentLanguage } from "@/platform/i18n";
import { useSessionMember } from "@/platform/session/session.api";

/** Where the screen sits (area › screen › sub-screen), the ancestors as links; nothing on an area's top screen. */
export function ScreenBreadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const member = useSessionMember();
  const lang = currentLanguage();
  const crumbs = breadcrumbsOf(pathname, member ?? { isOwner: false, functions: [] });
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumb
      aria-label={t("layout.breadcrumb")}
      className="screen-breadcrumbs"
      items={crumbs.map((c, i) => ({
        key: `${i}`,
        title:
          i === crumbs.length - 1 ? (
            <span aria-current="page">{c.title[lang]}</span>
          ) : c.to ? (
            <Link to={c.to}>{c.title[lang]}</Link>
          ) : (
            c.title[lang]
          ),
      }))}
    />
  );
}
