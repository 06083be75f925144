import { contract } from "@sbo/contract";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { PasswordStrength } from "@/features/login/password-strength";
import { staffKeys } from "./staff.api";
import { StaffFields, type StaffValues } from "./staff-form";

const LIST = "/transaction/setup/member";

/** `/transaction/setup/member/addMember`: a new login account made staff of the organisation. */
export function Component() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
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
          layout="vertical"
          initialValues={{ enabled: true, roleIds: [], baseIds: [], professionId: null }}
          onSuccess={async () => {
            await client.invalidateQueries({ queryKey: staffKeys.all });
            void message.success(t("staff.added"));
            navigate(LIST);
          }}
          submitText={t("common.save")}
          actions={<Button onClick={() => navigate(LIST)}>{t("common.cancel")}</Button>}
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
