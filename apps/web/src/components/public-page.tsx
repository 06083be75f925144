import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitch } from "./language-switch";

/** The frame of screens shown without the back-office layout: login, errors, agreements. */
export function PublicPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <header className="public-header">
        <Link to="/" className="app-mark">
          <span aria-hidden className="app-mark-logo">
            S
          </span>
          <span>{t("brand.product")}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main id="main" className="public-main">
        <div className={wide ? "public-wide" : "public-card"}>{children}</div>
      </main>
    </div>
  );
}
