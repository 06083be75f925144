import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";

/** The `loginName` field of the login and forgot-password forms. */
export function LoginNameField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="loginName"
      label={t("login.loginName")}
      rules={[{ required: true, whitespace: true, message: t("login.required", { field: t("login.loginName") }) }]}
    >
      <Input autoComplete="username" autoFocus />
    </Form.Item>
  );
}
