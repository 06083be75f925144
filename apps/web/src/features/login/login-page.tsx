import type { OutputOf } from "@sbo/contract/define";
import * as contract from "@sbo/contract/session";
import { useQueryClient } from "@tanstack/react-query";
import { Card, Form, Input, Space, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ContractForm } from "@/components/form";
import { PublicPage } from "@/components/public-page";
import { browser, REDIRECT_PARAM, safeRedirect } from "@/platform/api-client";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { platformInfoQuery, usePlatformInfo } from "@/platform/session/session.api";
import { useSavedState } from "@/platform/storage";
import { LoginNameField } from "./login-name-field";
import { SmsVerifyFields } from "./sms-verify-fields";

type LoginResult = OutputOf<typeof contract.login.login>;

function useAfterLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  return async (result: LoginResult) => {
    // Whatever was cached belonged to the previous session.
    queryClient.clear();
    if (result.openShopUrl) {
      if (result.openShopUrl.startsWith("/") && !result.openShopUrl.startsWith("//")) await navigate(result.openShopUrl);
      else browser.assign(result.openShopUrl);
      return;
    }
    await navigate(safeRedirect(params.get(REDIRECT_PARAM)), { replace: true });
  };
}

function PasswordLogin() {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  return (
    <ContractForm
      name="passwordLogin"
      entry={contract.login.login}
      notice
      submitText={t("login.submit")}
      onSuccess={afterLogin}
      requiredMark={false}
    >
      <LoginNameField />
      <Form.Item
        name="password"
        label={t("login.password")}
        rules={[{ required: true, message: t("login.required", { field: t("login.password") }) }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </ContractForm>
  );
}

interface SmsValues {
  phone: string;
  code: string;
}

function SmsLogin() {
  const { t } = useTranslation();
  const afterLogin = useAfterLogin();
  const [form] = Form.useForm<SmsValues>();
  return (
    <ContractForm<typeof contract.login.msgLogin, SmsValues>
      name="smsLogin"
      entry={contract.login.msgLogin}
      notice
      form={form}
      submitText={t("login.submit")}
      onSuccess={afterLogin}
      requiredMark={false}
    >
      <SmsVerifyFields purpose="login" />
    </ContractForm>
  );
}

/** The screen's first query, started by its route's loader (platform/screen-preload.ts): whether SMS login is offered. */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(platformInfoQuery());

/** `/` and `paths.login()`: password or SMS login. */
export function Component() {
  const { t } = useTranslation();
  const platform = usePlatformInfo();
  // The chosen way of logging in survives a reload.
  const [tab, setTab] = useSavedState("login.tab", "password");
  const smsEnabled = platform.data?.smsLoginEnabled ?? true;
  return (
    <PublicPage>
      <Card>
        {/* Plain elements, not antd's Typography (its editable and copyable text, tooltip included, is
            about 8 KB gzipped that the login screen would load for a heading and a line). */}
        <h1 className="public-title">{t("login.title")}</h1>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: "password", label: t("login.passwordTab"), children: <PasswordLogin /> },
            ...(smsEnabled ? [{ key: "sms", label: t("login.smsTab"), children: <SmsLogin /> }] : []),
          ]}
        />
        <Space orientation="vertical" size={4}>
          <Link to={paths.forgotPassword()}>{t("login.forgot")}</Link>
          <span className="text-secondary">
            {t("login.agreeNotice")} <Link to={paths.agreement("user", "user-agreement")}>{t("login.userAgreement")}</Link> {t("login.and")}{" "}
            <Link to={paths.agreement("privacy", "privacy-policy")}>{t("login.privacyPolicy")}</Link>
          </span>
        </Space>
      </Card>
    </PublicPage>
  );
}
