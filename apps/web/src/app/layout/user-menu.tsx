import { CheckOutlined, DownOutlined, UserOutlined } from "@ant-design/icons";
import type { MemberInfo } from "@sbo/contract/session";
import * as contract from "@sbo/contract/session";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Dropdown, type MenuProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useNoticesDialog } from "@/features/staff/notices-dialog";
import { useAccountNotices } from "@/features/staff/staff.api";
import { call } from "@/platform/api-client";
import { currentLanguage, type Lang, setLanguage } from "@/platform/i18n";
import { sessionKeys } from "@/platform/session/session.api";
import { useLogout } from "@/platform/session/use-logout";

const check = (on: boolean) => (on ? <CheckOutlined aria-hidden /> : <span className="menu-check-space" />);

/**
 * Identity switch, language, account notices, change password, log out. No manufacturer switch: no screen reads the
 * session's manufacturer, so the menu does not offer one (docs/decisions.md, "No manufacturer switch in the menu").
 */
export function UserMenu({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const lang = currentLanguage();
  const logout = useLogout();
  const notices = useAccountNotices();
  const openNotices = useNoticesDialog((s) => s.setOpen);
  const invitations = notices.data?.invitations ?? [];

  // Another organisation sees other menus and data: forget every cached answer and refetch what is on screen.
  const adopt = (next: MemberInfo) => {
    queryClient.setQueryData(sessionKeys.member(), next);
    const [domain, name] = sessionKeys.member();
    void queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== domain || q.queryKey[1] !== name });
  };

  const onClick = async ({ key }: { key: string }) => {
    setOpen(false);
    const [kind, value = ""] = key.split(":");
    try {
      if (kind === "org" && value !== member.boId) {
        const next = await call(contract.session.switchIdentity, { boId: value });
        adopt(next);
        void message.success(t("layout.switched", { name: next.orgName }));
        await navigate("/transaction/index");
      } else if (kind === "lang") {
        await setLanguage(value as Lang);
      } else if (kind === "notices") {
        openNotices(true);
      } else if (kind === "password") {
        await navigate("/transaction/setup/setLoginPassword");
      } else if (kind === "logout") {
        await logout();
      }
    } catch {
      // call() already showed the Notice or navigated.
    }
  };

  // The identity switch only when there is another organisation to switch to (or an invitation to answer there).
  const identity =
    member.organizations.length > 1 || invitations.length > 0
      ? [
          {
            key: "identity",
            label: t("layout.switchIdentity"),
            children: [
              ...member.organizations.map((org) => ({
                key: `org:${org.boId}`,
                icon: check(org.boId === member.boId),
                label: org.name,
              })),
              // Invitations to join other organisations are answered here too.
              ...invitations.map((inv) => ({
                key: `notices:${inv.id}`,
                icon: check(false),
                label: t("layout.invitedTo", { name: inv.orgName }),
              })),
            ],
          },
        ]
      : [];
  const items: MenuProps["items"] = [
    ...identity,
    {
      key: "language",
      label: t("layout.language"),
      children: (["en", "zh"] as const).map((l) => ({ key: `lang:${l}`, icon: check(l === lang), label: t(`language.${l}`) })),
    },
    { type: "divider" },
    ...(notices.data?.phoneToConfirm || invitations.length
      ? [{ key: "notices:", label: t("layout.accountNotices", { count: (notices.data?.phoneToConfirm ? 1 : 0) + invitations.length }) }]
      : []),
    { key: "password", label: t("layout.changePassword") },
    { key: "logout", label: t("common.logout"), danger: true },
  ];

  return (
    <Dropdown menu={{ items, onClick: (info) => void onClick(info) }} trigger={["click"]} open={open} onOpenChange={setOpen}>
      <Button type="text" aria-label={t("layout.userMenu", { name: member.name })} aria-haspopup="menu" aria-expanded={open}>
        <UserOutlined aria-hidden />
        <span className="user-menu-name">{member.name}</span>
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
