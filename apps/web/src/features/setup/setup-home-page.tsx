import { functionTree } from "@sbo/contract";
import { Card, Empty, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MenuIcon } from "@/app/layout/menu-icon";
import { holds, isBuilt } from "@/app/route-match";
import { useAppStore } from "@/app/store";
import { PageHeader } from "@/components/page-header";
import { currentLanguage } from "@/platform/i18n";
import { AuditLogList } from "./audit-log-list";

const CHANGE_PASSWORD = "/transaction/setup/setLoginPassword";

/** `/setup/index`: the settings screens the member holds, and the audit log. */
export function Component() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const member = useAppStore((s) => s.member);
  if (!member) return null;

  const screens = functionTree
    .filter((f) => f.parent === "setup" && f.kind === "screen" && f.path && f.code !== "setup.home")
    .filter((f) => holds(member, f.code) && isBuilt(f.path ?? ""))
    .sort((a, b) => a.sort - b.sort)
    .map((f) => ({ key: f.code, path: f.path ?? "", icon: f.icon, title: f.name[lang], description: null as string | null }));
  const cards = [
    ...screens,
    {
      key: "password",
      path: CHANGE_PASSWORD,
      icon: "ControlOutlined",
      title: t("password.title"),
      description: t("setup.changePasswordDesc"),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeader title={t("setup.title")} />
      <section aria-labelledby="setup-screens">
        <Typography.Title level={2} id="setup-screens" style={{ fontSize: 16 }}>
          {t("setup.screens")}
        </Typography.Title>
        {cards.length === 0 ? (
          <Empty description={t("setup.noScreens")} />
        ) : (
          <ul className="card-grid plain-list">
            {cards.map((card) => (
              <li key={card.key}>
                <Link to={card.path} className="area-card">
                  <Card hoverable size="small">
                    <Space orientation="vertical" size={4}>
                      <Space>
                        <MenuIcon name={card.icon} />
                        <Typography.Text strong>{card.title}</Typography.Text>
                      </Space>
                      {card.description ? <Typography.Text type="secondary">{card.description}</Typography.Text> : null}
                    </Space>
                  </Card>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {holds(member, "setup.audit") ? <AuditLogList /> : null}
    </Space>
  );
}
