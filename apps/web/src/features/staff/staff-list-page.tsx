import * as contract from "@sbo/contract/staff";
import { invitationStates } from "@sbo/contract/staff";
import { Badge, Button, Space, Tabs, Tag } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { FilterField } from "@/components/list-filters";
import { firstPageRequest, ListPage, listPageQuery } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { actionsColumn, type MaybeAction } from "@/components/row-actions";
import { TagGroup } from "@/components/tag-group";
import { call } from "@/platform/api-client";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useSessionMember } from "@/platform/session/session.api";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { BaseList } from "./base-list";
import { RoleList } from "./role-list";
import { type Invitation, rolesQuery, type StaffMember, staffKeys, useRoles } from "./staff.api";
import { InviteDrawer } from "./staff-invite";

const ADD = paths.staffAdd();
const edit = (id: string) => paths.staffEdit(id);

/** Enable, disable and remove; disabling and removing are confirmed (the question says sessions will end). */
function useStaffActions() {
  const { t } = useTranslation();
  const refresh = useWrite(staffKeys.all).done;
  const setEnabled = async (s: StaffMember, enabled: boolean) => {
    await call(contract.staff.upd, { employeeId: s.employeeId, enabled });
    await refresh(t("staff.saved"));
  };
  return (s: StaffMember): MaybeAction[] => [
    s.enabled
      ? {
          key: "toggle",
          label: t("staff.disable"),
          ariaLabel: `${t("staff.disable")}: ${s.name}`,
          danger: true,
          confirm: { title: t("staff.confirmDisable", { name: s.name }), description: t("staff.confirmDisableText") },
          onClick: () => setEnabled(s, false),
        }
      : { key: "toggle", label: t("staff.enable"), ariaLabel: `${t("staff.enable")}: ${s.name}`, onClick: () => setEnabled(s, true) },
    {
      key: "remove",
      label: t("staff.remove"),
      ariaLabel: `${t("staff.remove")}: ${s.name}`,
      danger: true,
      confirm: { title: t("staff.confirmRemove", { name: s.name }), description: t("staff.confirmRemoveText") },
      onClick: async () => {
        await call(contract.staff.delMemberEmpById, { employeeId: s.employeeId });
        await refresh(t("staff.removed"));
      },
    },
  ];
}

function StaffList() {
  const { t } = useTranslation();
  const member = useSessionMember();
  const roles = useRoles();
  const rowActions = useStaffActions();
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
        exportEntry={contract.staff.exportStaffList}
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
            render: (v: string | null, s) =>
              v ? (
                <Space size={4}>
                  {v}
                  {s.phoneConfirmed ? null : <Tag>{t("staff.phoneUnconfirmed")}</Tag>}
                </Space>
              ) : null,
          },
          {
            title: t("staff.roles"),
            dataIndex: "roles",
            render: (v: StaffMember["roles"], s) =>
              s.isOwner ? (
                t("staff.owner")
              ) : (
                <TagGroup>
                  {v.map((r) => (
                    <Tag key={r.id}>{r.name}</Tag>
                  ))}
                </TagGroup>
              ),
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
          ...actionsColumn<StaffMember>({
            title: t("staff.actions"),
            show: canEdit,
            actions: (s) =>
              !s.isOwner && s.employeeId !== member?.employeeId
                ? [
                    {
                      key: "edit",
                      label: t("staff.edit"),
                      ariaLabel: `${t("staff.edit")}: ${s.name}`,
                      onClick: () => navigate(edit(s.employeeId)),
                    },
                    ...rowActions(s),
                  ]
                : [],
          }),
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
  const write = useWrite(staffKeys.all);
  const canEdit = useHolds("setup.staff.edit");
  const cancel = (i: Invitation): MaybeAction =>
    i.state === "pending" && {
      key: "cancel",
      label: t("staff.invite.cancel"),
      ariaLabel: `${t("staff.invite.cancel")}: ${i.name}`,
      danger: true,
      confirm: { title: t("staff.invite.confirmCancel", { name: i.name }) },
      onClick: () => write(() => call(contract.staff.cancelInvitation, { id: i.id }), t("staff.invite.cancelled")),
    };
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
        { title: t("staff.phone"), dataIndex: "maskedPhone" },
        {
          title: t("staff.roles"),
          dataIndex: "roles",
          render: (v: Invitation["roles"]) => (
            <TagGroup>
              {v.map((r) => (
                <Tag key={r.id}>{r.name}</Tag>
              ))}
            </TagGroup>
          ),
        },
        { title: t("staff.invite.invitedBy"), dataIndex: "invitedBy" },
        {
          title: t("staff.invite.state"),
          dataIndex: "state",
          render: (v: Invitation["state"]) => <Badge status={INVITATION_STATUS[v]} text={t(`staff.invite.states.${v}`)} />,
        },
        { title: t("staff.invite.sentAt"), dataIndex: "createdAt", render: (v: string) => dayjs(v).format("YYYY-MM-DD HH:mm") },
        ...actionsColumn<Invitation>({ title: t("staff.actions"), show: canEdit, actions: (i) => [cancel(i)] }),
      ]}
    />
  );
}

/** The staff tab's first page and its role filter (the tab a plain visit opens), started by the route's loader. */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size > 0) return;
  void client.prefetchQuery(rolesQuery());
  void client.prefetchQuery(listPageQuery(contract.staff.selMemberByPage, staffKeys.lists(), firstPageRequest({})));
  void client.prefetchQuery(listPageQuery(contract.staff.selInvitationPage, staffKeys.list("invitations", {}), firstPageRequest({})));
};

/** `paths.staffList()`: staff, roles and bases of the organisation, one tab each. */
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
