import * as contract from "@sbo/contract/staff";
import { Card, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { PasswordStrength } from "@/components/password-strength";
import type { Prefetch } from "@/platform/screen-preload";
import { authorisedBasesQuery, professionsQuery, rolesQuery } from "./staff.api";
import { STAFF_LIST, StaffFields, type StaffValues, useStaffSaved } from "./staff-form";

/** The form's lookups (roles, bases, professions), started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => {
  void client.prefetchQuery(rolesQuery());
  void client.prefetchQuery(authorisedBasesQuery());
  void client.prefetchQuery(professionsQuery());
};

/** `paths.staffAdd()`: a new login account made staff of the organisation. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = useStaffSaved();
  const [form] = Form.useForm<StaffValues>();
  const password = Form.useWatch("password", form);
  const loginName = Form.useWatch("loginName", form);

  return (
    <>
      <PageHeader title={t("staff.addTitle")} />
      <Card style={{ maxWidth: 640 }}>
        <ContractForm<typeof contract.staff.addMemberEmployee, StaffValues>
          name="staff"
          entry={contract.staff.addMemberEmployee}
          form={form}
          initialValues={{ enabled: true, roleIds: [], baseIds: [], professionId: null }}
          draft={{ key: "staff.add" }}
          onSuccess={async () => {
            await saved(t("staff.added"));
            navigate(STAFF_LIST);
          }}
          submitText={t("common.save")}
          onCancel={() => navigate(STAFF_LIST)}
        >
          <StaffFields
            mode="add"
            passwordField={
              <Form.Item
                name="password"
                label={t("staff.password")}
                rules={[{ required: true, message: t("form.required", { field: t("staff.password") }) }]}
                extra={<PasswordStrength password={password} loginName={loginName} />}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            }
          />
        </ContractForm>
      </Card>
    </>
  );
}
