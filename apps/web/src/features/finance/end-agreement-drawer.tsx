import type { BankCard } from "@sbo/contract/finance";
import * as contract from "@sbo/contract/finance";
import { App, Button, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { call } from "@/platform/api-client";
import { useCountdown } from "@/platform/use-countdown";
import { financeKeys } from "./finance.api";

/**
 * Ends the settlement agreement of the card in use (`removeSign`), with the SMS code sent to the member's own phone
 * (`sendMessage`), as the bank requires; the account closes until a card is signed again.
 */
export default function EndAgreementDrawer({ card, onClose }: { card: BankCard; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const codeLabel = t("finance.replace.fields.code");
  const send = async () => {
    setSending(true);
    try {
      const sent = await call(contract.finance.sendMessage, {}, { loading: false });
      start(sent.resendAfterSeconds > 0 ? sent.resendAfterSeconds : 60);
      setSentTo(sent.maskedPhone);
      void message.success(t("finance.replace.codeSent", { phone: sent.maskedPhone }));
    } catch {
      // call() showed the server's message (e.g. too frequent).
    } finally {
      setSending(false);
    }
  };
  return (
    <FormDrawer<{ code: string }, typeof contract.finance.removeSign>
      name="end-agreement"
      title={t("finance.account.endTitle")}
      onClose={onClose}
      add={{ entry: contract.finance.removeSign }}
      invalidate={financeKeys.all}
      savedMessage={t("finance.account.ended")}
      submitText={t("finance.account.endSubmit")}
    >
      <Typography.Paragraph>{t("finance.account.endHelp", { card: card.cardNo })}</Typography.Paragraph>
      <Form.Item
        label={codeLabel}
        required
        extra={sentTo ? t("finance.replace.codeSent", { phone: sentTo }) : t("finance.replace.codeHelp")}
      >
        <Space.Compact style={{ width: "100%" }}>
          <Form.Item name="code" noStyle rules={[{ required: true, message: t("form.required", { field: codeLabel }) }]}>
            <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label={codeLabel} />
          </Form.Item>
          <Button onClick={() => void send()} disabled={left > 0} loading={sending} aria-live="polite">
            {left > 0 ? t("finance.replace.resendIn", { seconds: left }) : t("finance.replace.sendCode")}
          </Button>
        </Space.Compact>
      </Form.Item>
    </FormDrawer>
  );
}
