import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { currentLanguage, pick } from "@/platform/i18n";
import { useSessionMember } from "@/platform/session/session.api";
import { useRouteDef } from "@/platform/use-route-def";
import { FadeOutlet } from "./layout/fade-outlet";

/** `<route title> - <shop brand>`; the brand defaults to the merchant platform. */
export function pageTitle(routeTitle: string | undefined, brand: string): string {
  return routeTitle ? `${routeTitle} - ${brand}` : brand;
}

/** Every navigation: set the document title, scroll to the top, fade the new view in. */
export function RootShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const def = useRouteDef();
  const brand = useSessionMember()?.shop?.brand || t("brand.default");
  const lang = currentLanguage();
  const title = def ? pick(def.title, lang) : undefined;

  useEffect(() => {
    document.title = pageTitle(title, brand);
  }, [title, brand]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of path
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return <FadeOutlet keyBy="child" />;
}
