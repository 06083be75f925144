import * as contract from "@sbo/contract/session";
import { App, Card, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { NewPasswordFields } from "@/components/new-password-fields";
import { PageHeader } from "@/components/page-header";
import { useSessionMember } from "@/platform/session/session.api";

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** `/transaction/setup/setLoginPassword`: change one's password; this session stays, the others end. */
export function Component() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const loginName = useSessionMember()?.loginName;
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });

  return (
    <>
      <PageHeader title={t("password.title")} />
      <Card style={{ maxWidth: 520 }}>
        <ContractForm<typeof contract.login.safeCenterReSetPwd, Values>
          entry={contract.login.safeCenterReSetPwd}
          form={form}
          toInput={(v) => ({ oldPassword: v.oldPassword, newPassword: v.newPassword })}
          onSuccess={() => {
            form.resetFields();
            void message.success(t("password.changed"));
          }}
          submitText={t("common.save")}
        >
          <Form.Item name="oldPassword" label={t("password.oldPassword")} rules={[required(t("password.oldPassword"))]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields loginName={loginName} />
        </ContractForm>
      </Card>
    </>
  );
}
