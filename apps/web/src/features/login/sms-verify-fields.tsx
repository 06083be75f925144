import { Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";
import { SendCodeButton } from "./send-code-button";

type Purpose = Parameters<typeof SendCodeButton>[0]["purpose"];

const MOBILE = /^1\d{10}$/;

/**
 * The `phone` field and the `code` field with its "Send code" button: every form that verifies a phone
 * by SMS. `accepts` narrows which numbers are right (e.g. the one on file).
 */
export function SmsVerifyFields({ purpose, accepts }: { purpose: Purpose; accepts?: (phone: string) => boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const getPhone = async (): Promise<string | null> => {
    try {
      const { phone } = await form.validateFields(["phone"]);
      return typeof phone === "string" ? phone : null;
    } catch {
      return null;
    }
  };
  return (
    <>
      <Form.Item
        name="phone"
        label={t("login.phone")}
        rules={[
          { required: true, message: t("login.required", { field: t("login.phone") }) },
          {
            validator: (_, value: string | undefined) =>
              !value || (MOBILE.test(value) && (accepts?.(value) ?? true))
                ? Promise.resolve()
                : Promise.reject(new Error(t("login.phoneInvalid"))),
          },
        ]}
      >
        <Input autoComplete="tel" inputMode="numeric" maxLength={11} />
      </Form.Item>
      <Form.Item label={t("login.code")} required>
        <Space.Compact style={{ width: "100%" }}>
          <Form.Item name="code" noStyle rules={[{ required: true, message: t("login.required", { field: t("login.code") }) }]}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} aria-label={t("login.code")} />
          </Form.Item>
          <SendCodeButton purpose={purpose} getPhone={getPhone} />
        </Space.Compact>
      </Form.Item>
    </>
  );
}
