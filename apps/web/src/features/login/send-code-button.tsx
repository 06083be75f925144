import * as contract from "@sbo/contract/session";
import { App, Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "@/platform/api-client";
import { useCountdown } from "@/platform/use-countdown";

type Purpose = "login" | "resetPassword" | "changePassword";

/**
 * Sends an SMS code to the phone `getPhone` yields (it validates the field and returns null when
 * invalid), then counts down before another may be sent.
 */
export function SendCodeButton({ purpose, getPhone }: { purpose: Purpose; getPhone: () => Promise<string | null> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const phone = await getPhone();
    if (!phone) return;
    setSending(true);
    try {
      const result = await call(contract.login.sendMessage, { phone, purpose }, { loading: false });
      start(result.resendAfterSeconds > 0 ? result.resendAfterSeconds : 60);
      void message.success(t("login.codeSent", { minutes: Math.round(result.expiresInSeconds / 60) }));
    } catch {
      // call() showed the server's message (e.g. too frequent).
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} disabled={left > 0} loading={sending} aria-live="polite">
      {left > 0 ? t("login.resendIn", { seconds: left }) : t("login.sendCode")}
    </Button>
  );
}
