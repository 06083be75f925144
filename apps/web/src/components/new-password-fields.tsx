import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { PasswordStrength } from "./password-strength";

/**
 * `newPassword` with a live strength hint and `confirmPassword` that must match it: the pair every
 * form that sets a password uses. Lives inside the form whose values it reads.
 */
export function NewPasswordFields({ loginName }: { loginName: string | undefined }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const newPassword = Form.useWatch<string | undefined>("newPassword", form);
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });
  return (
    <>
      <Form.Item
        name="newPassword"
        label={t("password.newPassword")}
        rules={[required(t("password.newPassword"))]}
        extra={<PasswordStrength password={newPassword} loginName={loginName} />}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t("password.confirmPassword")}
        dependencies={["newPassword"]}
        rules={[
          required(t("password.confirmPassword")),
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue("newPassword") ? Promise.resolve() : Promise.reject(new Error(t("password.mismatch"))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
