import * as contract from "@sbo/contract/staff";
import { invitationStates } from "@sbo/contract/staff";
import { useQueryClient } from "@tanstack/react-query";
import { App, Badge, Button, Space, Tabs, Tag } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { FilterField } from "@/components/list-filters";
import { ListPage } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { call } from "@/platform/api-client";
import { useSessionMember } from "@/platform/session/session.api";
import { useHolds } from "@/platform/use-holds";
import { BaseList } from "./base-list";
import { RoleList } from "./role-list";
import { type Invitation, type StaffMember, staffKeys, useRoles } from "./staff.api";
import { InviteDrawer } from "./staff-invite";

const ADD = "/transaction/setup/member/addMember";
const edit = (id: string) => `/transaction/setup/member/update/${id}`;

/** Enable, disable and remove, each confirmed (the dialogs say sessions will end). */
function useStaffActions() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: staffKeys.all });
  return {
    setEnabled(s: StaffMember, enabled: boolean) {
      const run = async () => {
        await call(contract.staff.upd, { employeeId: s.employeeId, enabled });
        await refresh();
        void message.success(t("staff.saved"));
      };
      if (enabled) return void run().catch(() => {});
      modal.confirm({
        title: t("staff.confirmDisable", { name: s.name }),
        content: t("staff.confirmDisableText"),
        okText: t("staff.disable"),
        okButtonProps: { danger: true },
        onOk: run,
      });
    },
    remove(s: StaffMember) {
      modal.confirm({
        title: t("staff.confirmRemove", { name: s.name }),
        content: t("staff.confirmRemoveText"),
        okText: t("staff.remove"),
        okButtonProps: { danger: true },
        onOk: async () => {
          await call(contract.staff.delMemberEmpById, { employeeId: s.employeeId });
          await refresh();
          void message.success(t("staff.removed"));
        },
      });
    },
  };
}

function StaffList() {
  const { t } = useTranslation();
  const member = useSessionMember();
  const roles = useRoles();
  const actions = useStaffActions();
  const navigate = useNavigate();
  const canEdit = useHolds("setup.staff.edit");
  const filters: FilterField[] = [
    { kind: "text", name: "name", label: t("staff.name") },
    { kind: "text", name: "phone", label: t("staff.phone") },
    { kind: "select", name: "roleId", label: t("staff.roles"), options: (roles.data ?? []).map((r) => ({ value: r.id, label: r.name })) },
    {
      kind: "select",
      name: "enabled",
      label: t("staff.status"),
      options: [
        { value: "true", label: t("staff.statusEnabled") },
        { value: "false", label: t("staff.statusDisabled") },
      ],
    },
  ];
  const [inviting, setInviting] = useState(false);
  const addButton = canEdit ? (
    <Space wrap>
      <Button type="primary" onClick={() => navigate(ADD)}>
        {t("staff.add")}
      </Button>
      <Button onClick={() => setInviting(true)}>{t("staff.invite.open")}</Button>
    </Space>
  ) : null;
  return (
    <>
      {inviting ? <InviteDrawer onClose={() => setInviting(false)} /> : null}
      <ListPage<StaffMember>
        variant="section"
        title={t("staff.tabs.staff")}
        entry={contract.staff.selMemberByPage}
        queryKey={staffKeys.lists()}
        paramPrefix="staff."
        filters={filters}
        toFilters={(f) => ({ ...f, ...(f.enabled ? { enabled: f.enabled === "true" } : {}) })}
        rowKey="employeeId"
        toolbar={addButton}
        empty={{ description: t("staff.empty"), action: addButton }}
        columns={[
          {
            title: t("staff.name"),
            dataIndex: "name",
            render: (v: string, s) => (
              <Space size={4}>
                <Link to={edit(s.employeeId)}>{v}</Link>
                {s.isOwner ? <Tag>{t("staff.owner")}</Tag> : null}
              </Space>
            ),
          },
          { title: t("staff.loginName"), dataIndex: "loginName" },
          {
            title: t("staff.phone"),
            dataIndex: "phone",
            render: (v: string | null, s) => (
              <Space size={4}>
                {v ?? "—"}
                {v && !s.phoneConfirmed ? <Tag>{t("staff.phoneUnconfirmed")}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t("staff.roles"),
            dataIndex: "roles",
            render: (v: StaffMember["roles"], s) =>
              s.isOwner ? t("staff.owner") : v.length ? v.map((r) => <Tag key={r.id}>{r.name}</Tag>) : t("common.none"),
          },
          {
            title: t("staff.status"),
            dataIndex: "enabled",
            render: (v: boolean) => (
              <Badge status={v ? "success" : "default"} text={v ? t("staff.statusEnabled") : t("staff.statusDisabled")} />
            ),
          },
          {
            title: t("staff.lastLogin"),
            dataIndex: "lastLoginAt",
            render: (v: string | null) => (v ? dayjs(v).format("YYYY-MM-DD HH:mm") : t("staff.never")),
          },
          {
            title: t("staff.actions"),
            key: "actions",
            render: (_v, s) =>
              canEdit && !s.isOwner && s.employeeId !== member?.employeeId ? (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => navigate(edit(s.employeeId))}>
                    {t("staff.edit")}
                  </Button>
                  <Button type="link" size="small" onClick={() => actions.setEnabled(s, !s.enabled)}>
                    {s.enabled ? t("staff.disable") : t("staff.enable")}
                  </Button>
                  <Button type="link" size="small" danger onClick={() => actions.remove(s)}>
                    {t("staff.remove")}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <InvitationList />
    </>
  );
}

const INVITATION_STATUS: Record<Invitation["state"], "processing" | "success" | "default"> = {
  pending: "processing",
  accepted: "success",
  declined: "default",
  cancelled: "default",
};

/** Invitations sent to existing accounts, with their state; a pending one can be cancelled. */
function InvitationList() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const canEdit = useHolds("setup.staff.edit");
  const cancel = (i: Invitation) =>
    modal.confirm({
      title: t("staff.invite.confirmCancel", { name: i.name }),
      okText: t("staff.invite.cancel"),
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(contract.staff.cancelInvitation, { id: i.id });
        await client.invalidateQueries({ queryKey: staffKeys.all });
        void message.success(t("staff.invite.cancelled"));
      },
    });
  return (
    <ListPage<Invitation>
      variant="section"
      title={t("staff.invite.listTitle")}
      entry={contract.staff.selInvitationPage}
      queryKey={staffKeys.list("invitations", {})}
      paramPrefix="inv."
      filters={[
        {
          kind: "select",
          name: "state",
          label: t("staff.invite.state"),
          options: invitationStates.map((s) => ({ value: s, label: t(`staff.invite.states.${s}`) })),
        },
      ]}
      rowKey="id"
      empty={{ description: t("staff.invite.empty") }}
      columns={[
        { title: t("staff.name"), dataIndex: "name" },
        { title: t("staff.phone"), dataIndex: "maskedPhone", render: (v: string | null) => v ?? "—" },
        {
          title: t("staff.roles"),
          dataIndex: "roles",
          render: (v: Invitation["roles"]) => (v.length ? v.map((r) => <Tag key={r.id}>{r.name}</Tag>) : "—"),
        },
        { title: t("staff.invite.invitedBy"), dataIndex: "invitedBy" },
        {
          title: t("staff.invite.state"),
          dataIndex: "state",
          render: (v: Invitation["state"]) => <Badge status={INVITATION_STATUS[v]} text={t(`staff.invite.states.${v}`)} />,
        },
        { title: t("staff.invite.sentAt"), dataIndex: "createdAt", render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm") },
        {
          title: t("staff.actions"),
          key: "actions",
          fixed: "right",
          render: (_v, i) =>
            canEdit && i.state === "pending" ? (
              <Button type="link" size="small" danger onClick={() => cancel(i)} aria-label={`${t("staff.invite.cancel")}: ${i.name}`}>
                {t("staff.invite.cancel")}
              </Button>
            ) : (
              "—"
            ),
        },
      ]}
    />
  );
}

/** `/transaction/setup/member`: staff, roles and bases of the organisation, one tab each. */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") ?? "staff";
  return (
    <>
      <PageHeader title={t("staff.title")} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === "staff" ? {} : { tab: key })}
        items={[
          { key: "staff", label: t("staff.tabs.staff"), children: <StaffList /> },
          { key: "roles", label: t("staff.tabs.roles"), children: <RoleList /> },
          { key: "bases", label: t("staff.tabs.bases"), children: <BaseList /> },
        ]}
      />
    </>
  );
}
