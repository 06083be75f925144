import * as contract from "@sbo/contract/session";
import { Alert, Button, Card, Form, Result, Steps, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ContractForm } from "@/components/form";
import { NewPasswordFields } from "@/components/new-password-fields";
import { PublicPage } from "@/components/public-page";
import { LOGIN_PATH } from "@/platform/api-client";
import { none } from "@/platform/screen-preload";
import { useSavedState } from "@/platform/storage";
import { LoginNameField } from "./login-name-field";
import { SmsVerifyFields } from "./sms-verify-fields";

/** Whether a full number fits a masked one such as 138****5678 (the server checks again). */
export const fitsMask = (phone: string, masked: string): boolean =>
  phone.length === masked.length && [...masked].every((c, i) => c === "*" || c === phone[i]);

interface ResetValues {
  phone: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

function AccountStep({ onFound }: { onFound: (loginName: string, maskedPhone: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <ContractForm
      entry={contract.login.selMemberLoginByLoginName}
      submitText={t("forgot.next")}
      onSuccess={(found) => onFound(found.loginName, found.maskedPhone)}
      requiredMark={false}
    >
      <LoginNameField />
    </ContractForm>
  );
}

function ResetStep({ loginName, maskedPhone, onDone }: { loginName: string; maskedPhone: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  return (
    <>
      <Typography.Paragraph>{t("forgot.phoneOnFile", { phone: maskedPhone })}</Typography.Paragraph>
      <ContractForm<typeof contract.login.reSetPwd, ResetValues>
        entry={contract.login.reSetPwd}
        form={form}
        toInput={(v) => ({ loginName, code: v.code, newPassword: v.newPassword })}
        onSuccess={onDone}
        submitText={t("common.submit")}
        requiredMark={false}
      >
        <SmsVerifyFields purpose="resetPassword" accepts={(phone) => fitsMask(phone, maskedPhone)} />
        <NewPasswordFields loginName={loginName} />
      </ContractForm>
    </>
  );
}

/** Opens on no query: a blank form (the account is asked for by its first step). */
export const prefetch = none;

/** `paths.forgotPassword()`: login name → SMS code and new password → done. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Kept across a reload (e.g. while waiting for the text message), then forgotten.
  const [account, setAccount] = useSavedState<{ loginName: string; maskedPhone: string | null } | null>("forgot-password.account", null);
  const [done, setDone] = useState(false);
  const step = done ? 2 : account ? 1 : 0;

  return (
    <PublicPage>
      <Card>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t("forgot.title")}
        </Typography.Title>
        <Steps
          size="small"
          current={step}
          style={{ marginBottom: 24 }}
          items={[{ title: t("forgot.stepAccount") }, { title: t("forgot.stepVerify") }, { title: t("forgot.stepDone") }]}
        />
        {step === 0 ? <AccountStep onFound={(loginName, maskedPhone) => setAccount({ loginName, maskedPhone })} /> : null}
        {step === 1 && account?.maskedPhone ? (
          <ResetStep loginName={account.loginName} maskedPhone={account.maskedPhone} onDone={() => setDone(true)} />
        ) : null}
        {step === 1 && account && !account.maskedPhone ? (
          <Alert
            type="warning"
            showIcon
            title={t("forgot.noPhone")}
            action={<Button onClick={() => setAccount(null)}>{t("common.back")}</Button>}
          />
        ) : null}
        {step === 2 ? (
          <Result
            status="success"
            title={t("forgot.done")}
            extra={
              <Button type="primary" onClick={() => void navigate(LOGIN_PATH)}>
                {t("forgot.toLogin")}
              </Button>
            }
          />
        ) : null}
        {step < 2 ? <Link to={LOGIN_PATH}>{t("forgot.toLogin")}</Link> : null}
      </Card>
    </PublicPage>
  );
}
