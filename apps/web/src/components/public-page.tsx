import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useInShell } from "@/platform/shell";
import { LanguageSwitch } from "./language-switch";

/** The frame of screens shown without the back-office layout: login, errors, agreements. */
export function PublicPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const inShell = useInShell();
  // Inside the shell (a signed-in member's 403) the shell's header and menus frame it instead.
  if (inShell) return <div className={wide ? "public-wide" : "public-card"}>{children}</div>;
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
