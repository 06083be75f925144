import { Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";
import { SendCodeButton } from "./send-code-button";

type Purpose = Parameters<typeof SendCodeButton>[0]["purpose"];

/** The `code` field with its "Send code" button, for every form that verifies a phone by SMS. */
export function SmsCodeField({ purpose, getPhone }: { purpose: Purpose; getPhone: () => Promise<string | null> }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t("login.code")} required>
      <Space.Compact style={{ width: "100%" }}>
        <Form.Item name="code" noStyle rules={[{ required: true, message: t("login.required", { field: t("login.code") }) }]}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} aria-label={t("login.code")} />
        </Form.Item>
        <SendCodeButton purpose={purpose} getPhone={getPhone} />
      </Space.Compact>
    </Form.Item>
  );
}
