import { functionTree } from "@sbo/contract/functions";
import { Card, Space } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LinkCards } from "@/components/link-cards";
import { PageHeader } from "@/components/page-header";
import { currentLanguage } from "@/platform/i18n";
import { paths } from "@/platform/paths";
import { holds, isBuilt } from "@/platform/route-match";
import type { Prefetch } from "@/platform/screen-preload";
import { memberQuery, useSessionMember } from "@/platform/session/session.api";

/**
 * The audit log loads after the screen: it words every domain's calls and records (the contract's audit words, which
 * import every domain's contract), the largest part of this screen, and grows with each domain.
 */
const AuditLogList = lazy(() => import("./audit-log-list").then((m) => ({ default: m.AuditLogList })));

const CHANGE_PASSWORD = paths.changePassword();

/**
 * The audit log's first queries for who may read it (the session is the layout's), started by the route's loader; its
 * query factories load with it in their own chunk, as the list does.
 */
export const prefetch: Prefetch = (client, _params, search) => {
  const member = client.getQueryData(memberQuery().queryKey);
  if (!member || !holds(member, "setup.audit")) return;
  const lang = currentLanguage();
  void import("./audit.api").then((audit) => audit.prefetchAuditLog(client, lang, search)).catch(() => undefined);
};

/** `paths.setupHome()`: the settings screens the member holds, and the audit log. */
export function Component() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const member = useSessionMember();
  if (!member) return null;

  const screens = functionTree
    .filter((f) => f.parent === "setup" && f.kind === "screen" && f.path && f.code !== "setup.home")
    .filter((f) => holds(member, f.code) && isBuilt(f.path ?? ""))
    .sort((a, b) => a.sort - b.sort)
    .map((f) => ({ key: f.code, to: f.path ?? "", icon: f.icon, title: f.name[lang] }));
  const cards = [
    ...screens,
    {
      key: "password",
      to: CHANGE_PASSWORD,
      icon: "ControlOutlined",
      title: t("password.title"),
      description: t("setup.changePasswordDesc"),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeader title={t("setup.title")} />
      <LinkCards id="setup-screens" title={t("setup.screens")} empty={t("setup.noScreens")} items={cards} />
      {holds(member, "setup.audit") ? (
        <Suspense fallback={<Card title={t("audit.title")} loading style={{ minHeight: 480 }} />}>
          <AuditLogList />
        </Suspense>
      ) : null}
    </Space>
  );
}
