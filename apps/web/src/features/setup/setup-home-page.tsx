import { functionTree } from "@sbo/contract/functions";
import { Space } from "antd";
import { useTranslation } from "react-i18next";
import { LinkCards } from "@/components/link-cards";
import { PageHeader } from "@/components/page-header";
import { currentLanguage } from "@/platform/i18n";
import { holds, isBuilt } from "@/platform/route-match";
import { useSessionMember } from "@/platform/session/session.api";
import { AuditLogList } from "./audit-log-list";

const CHANGE_PASSWORD = "/transaction/setup/setLoginPassword";

/** `/setup/index`: the settings screens the member holds, and the audit log. */
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
      {holds(member, "setup.audit") ? <AuditLogList /> : null}
    </Space>
  );
}
