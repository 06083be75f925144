import * as contract from "@sbo/contract/session";
import { maskPhone } from "@sbo/contract/staff";
import { Alert, App, Button, Card, Form, Input, Space, Tabs, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { NewPasswordFields } from "@/components/new-password-fields";
import { PageHeader } from "@/components/page-header";
import { call } from "@/platform/api-client";
import { none } from "@/platform/screen-preload";
import { useSessionMember } from "@/platform/session/session.api";
import { useCountdown } from "@/platform/use-countdown";

interface OldPasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface SmsValues {
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/** With the current password (`safeCenterReSetPwd`). */
function WithCurrentPassword({ loginName, onChanged }: { loginName: string | undefined; onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OldPasswordValues>();
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });
  return (
    <ContractForm<typeof contract.login.safeCenterReSetPwd, OldPasswordValues>
      entry={contract.login.safeCenterReSetPwd}
      form={form}
      name="withCurrentPassword"
      toInput={(v) => ({ oldPassword: v.oldPassword, newPassword: v.newPassword })}
      onSuccess={() => {
        form.resetFields();
        onChanged();
      }}
      submitText={t("common.save")}
    >
      <Form.Item name="oldPassword" label={t("password.oldPassword")} rules={[required(t("password.oldPassword"))]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields loginName={loginName} />
    </ContractForm>
  );
}

/** The "Send code" button: the code goes to the member's own phone (the server picks it, never the form). */
function SendOwnCodeButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const sent = await call(contract.login.sendPhoneSms, {}, { loading: false });
      start(sent.resendAfterSeconds > 0 ? sent.resendAfterSeconds : 60);
      void message.success(t("password.smsSent", { phone: sent.maskedPhone, minutes: Math.round(sent.expiresInSeconds / 60) }));
    } catch {
      // call() showed the server's message (e.g. too frequent).
    } finally {
      setSending(false);
    }
  };
  return (
    <Button onClick={() => void send()} disabled={left > 0} loading={sending} aria-live="polite">
      {left > 0 ? t("password.resendIn", { seconds: left }) : t("password.sendCode")}
    </Button>
  );
}

/** With a code sent by SMS to the member's own phone (`sendPhoneSms` + `smsChangePassword`). */
function WithSmsCode({ loginName, phone, onChanged }: { loginName: string | undefined; phone: string | null; onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmsValues>();
  if (!phone) return <Alert type="info" showIcon title={t("password.smsNoPhone")} />;
  return (
    <ContractForm<typeof contract.login.smsChangePassword, SmsValues>
      entry={contract.login.smsChangePassword}
      form={form}
      name="withSmsCode"
      toInput={(v) => ({ code: v.code, newPassword: v.newPassword })}
      onSuccess={() => {
        form.resetFields();
        onChanged();
      }}
      submitText={t("common.save")}
    >
      <Typography.Paragraph>{t("password.smsTo", { phone: maskPhone(phone) })}</Typography.Paragraph>
      <Form.Item label={t("password.code")} required>
        <Space.Compact style={{ width: "100%" }}>
          <Form.Item name="code" noStyle rules={[{ required: true, message: t("form.required", { field: t("password.code") }) }]}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} aria-label={t("password.code")} />
          </Form.Item>
          <SendOwnCodeButton />
        </Space.Compact>
      </Form.Item>
      <NewPasswordFields loginName={loginName} />
    </ContractForm>
  );
}

/** Opens on no query: blank forms; the login name and phone come from the session the layout holds. */
export const prefetch = none;

/**
 * `paths.changePassword()`: change one's password with the current one, or with a code sent
 * to one's own phone; this session stays (with a new ticket), the others end.
 */
export function Component() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const loginName = useSessionMember()?.loginName;
  const phone = useSessionMember()?.phone ?? null;
  const changed = () => void message.success(t("password.changed"));
  const [way, setWay] = useState("current");

  return (
    <>
      <PageHeader title={t("password.title")} />
      {/* Like the other form cards (add staff, reset password): 640 px wide; its two ways as tabs whose panels hold the forms. */}
      <Card className="form-card" style={{ maxWidth: 640 }}>
        <Tabs
          activeKey={way}
          onChange={setWay}
          destroyOnHidden
          items={[
            {
              key: "current",
              label: t("password.withCurrent"),
              children: <WithCurrentPassword loginName={loginName} onChanged={changed} />,
            },
            { key: "sms", label: t("password.withSms"), children: <WithSmsCode loginName={loginName} phone={phone} onChanged={changed} /> },
          ]}
        />
      </Card>
    </>
  );
}
