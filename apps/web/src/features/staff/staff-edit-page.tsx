import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/staff";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Form, Result, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { ApiError } from "@/platform/api-client";
import type { Prefetch } from "@/platform/screen-preload";
import { useSessionMember } from "@/platform/session/session.api";
import { useHolds } from "@/platform/use-holds";
import { PermissionTree } from "./function-tree";
import { staffDetailQuery } from "./staff.api";
import { ResetPasswordCard, StaffDetail } from "./staff-detail";
import { STAFF_LIST, StaffFields, type StaffValues, useStaffSaved } from "./staff-form";

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, { id }) => {
  if (id) void client.prefetchQuery(staffDetailQuery(id));
};

/**
 * `paths.staffEdit(id)`: edit a staff member, or, without setup.staff.edit, their read-only
 * details; their permissions as a read-only tree. The owner may set a new password for a staff-only account.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const employeeId = useParams().id ?? "";
  const query = useQuery(staffDetailQuery(employeeId));
  if (query.error instanceof ApiError && query.error.code === "000004") {
    return (
      <Result
        status="404"
        title={t("staff.notFound")}
        extra={<Button onClick={() => navigate(STAFF_LIST)}>{t("staff.backToList")}</Button>}
      />
    );
  }
  return (
    <QueryState query={query} failed={t("staff.loadFailed")}>
      {(staff) => <StaffEdit employeeId={employeeId} staff={staff} />}
    </QueryState>
  );
}

function StaffEdit({ employeeId, staff }: { employeeId: string; staff: OutputOf<typeof contract.staff.selMemberEmpById> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = useStaffSaved();
  const [form] = Form.useForm<StaffValues>();
  const canEdit = useHolds("setup.staff.edit");
  const me = useSessionMember();
  const back = <Button onClick={() => navigate(STAFF_LIST)}>{t("staff.backToList")}</Button>;

  const permissions = (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t("staff.permissions")}
        </Typography.Title>
      }
    >
      <Typography.Paragraph type="secondary">{t("staff.permissionsHelp")}</Typography.Paragraph>
      <PermissionTree employeeId={employeeId} />
    </Card>
  );

  // A view the caller cannot change is a read-only detail, not a disabled form.
  if (!canEdit) {
    return (
      <>
        <PageHeader title={t("staff.detailTitle")} description={staff.name} />
        <Space orientation="vertical" size={16} style={{ width: "100%" }}>
          {staff.isOwner ? <Alert type="info" showIcon title={t("staff.ownerNote")} /> : null}
          <StaffDetail staff={staff} extra={back} />
          {permissions}
        </Space>
      </>
    );
  }

  const mayResetPassword = me?.isOwner && !staff.isOwner && staff.employeeId !== me.employeeId;

  return (
    <>
      <PageHeader title={t("staff.editTitle")} description={staff.name} />
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        {staff.isOwner ? <Alert type="info" showIcon title={t("staff.ownerNote")} /> : null}
        {!staff.phoneConfirmed ? <Alert type="warning" showIcon title={t("staff.phoneUnconfirmedNote")} /> : null}
        <Card style={{ maxWidth: 640 }}>
          <ContractForm<typeof contract.staff.updMemberEmpById, StaffValues>
            name="staff"
            entry={contract.staff.updMemberEmpById}
            form={form}
            // The values the form opens with; a draft kept across a reload goes over them.
            initialValues={{
              name: staff.name,
              loginName: staff.loginName,
              phone: staff.phone ?? "",
              roleIds: staff.roles.map((r) => r.id),
              enabled: staff.enabled,
              professionId: staff.profession?.id ?? null,
              baseIds: staff.bases.map((b) => b.id),
            }}
            draft={{ key: `staff.edit:${employeeId}` }}
            toInput={(v) => ({
              employeeId,
              name: v.name,
              phone: v.phone,
              roleIds: v.roleIds,
              enabled: v.enabled,
              professionId: v.professionId ?? null,
              baseIds: v.baseIds ?? [],
            })}
            onSuccess={() => saved(t("staff.saved"))}
            submitText={t("common.save")}
            actions={back}
          >
            <StaffFields mode="edit" isOwner={staff.isOwner} />
          </ContractForm>
        </Card>
        {mayResetPassword ? <ResetPasswordCard employeeId={employeeId} loginName={staff.loginName} /> : null}
        {permissions}
      </Space>
    </>
  );
}
