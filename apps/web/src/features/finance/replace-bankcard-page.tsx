import * as contract from "@sbo/contract/finance";
import { App, Button, Card, Form, Input, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ContractForm } from "@/components/form";
import { LoadFailed } from "@/components/load-failed";
import { PageHeader } from "@/components/page-header";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { paths } from "@/platform/paths";
import type { Prefetch } from "@/platform/screen-preload";
import { useCountdown } from "@/platform/use-countdown";
import { useWrite } from "@/platform/use-write";
import { BankSelect, useBankName } from "./bank-names";
import { accountQuery, financeKeys, useAccount } from "./finance.api";

type Values = { billNo: string; holderName: string; bankName: string; cardNo: string; code: string };

/** The screen's first query, started by its route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client) => void client.prefetchQuery(accountQuery());

/**
 * `paths.replaceBankcard()` (`finance.account.bankcard`): bind the settlement card, or
 * change the one in use. "Send code" takes a bill number for this signing and sends the code to the member's own
 * phone; the form signs the card with both (`personBindCard`); Cancel withdraws the bill number it took.
 */
export function Component() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const write = useWrite(financeKeys.all);
  const account = useAccount();
  const bankName = useBankName();
  const [form] = Form.useForm<Values>();
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async () => {
    setSending(true);
    try {
      if (!form.getFieldValue("billNo")) {
        const bill = await call(contract.finance.getBillNo, {}, { loading: false });
        form.setFieldValue("billNo", bill.billNo);
      }
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

  if (account.isError) return <LoadFailed title={t("finance.replace.title")} error={account.error} onRetry={() => account.refetch()} />;
  const current = account.data?.card ?? null;
  const label = (name: string) => t(`finance.replace.fields.${name as keyof Values}` as "finance.replace.fields.cardNo");
  return (
    <>
      <PageHeader
        title={current ? t("finance.replace.title") : t("finance.replace.bindTitle")}
        description={current ? t("finance.replace.current", { bank: bankName(current.bankName), card: current.cardNo }) : undefined}
      />
      <Card loading={account.isPending}>
        <ContractForm<typeof contract.finance.personBindCard, Values>
          name="replace-bankcard"
          layout="vertical"
          style={{ maxWidth: 520 }}
          entry={contract.finance.personBindCard}
          form={form}
          labelOf={(name) => (typeof name[0] === "string" ? label(name[0]) : undefined)}
          draft={{ key: "bank-card", omit: ["cardNo"] }}
          submitText={current ? t("finance.replace.submitChange") : t("finance.replace.submitBind")}
          onCancel={() => {
            // A bill number taken for this signing and not used is withdrawn (`unSign`), so it cannot be signed with
            // later; one that expired or was used meanwhile needs nothing, so a refusal is not shown.
            const billNo = form.getFieldValue("billNo");
            if (billNo) void call(contract.finance.unSign, { billNo }, { notify: false, loading: false }).catch(() => undefined);
            navigate(paths.financeHome());
          }}
          onSuccess={async (card) => {
            await write.done(t("finance.replace.done", { card: card.cardNo }));
            navigate(paths.financeHome());
          }}
        >
          <Form.Item name="billNo" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            name="holderName"
            label={label("holderName")}
            rules={[{ required: true, whitespace: true, message: t("form.required", { field: label("holderName") }) }]}
          >
            <TextInput maxLength={50} autoComplete="cc-name" />
          </Form.Item>
          <Form.Item
            name="bankName"
            label={label("bankName")}
            rules={[{ required: true, whitespace: true, message: t("form.required", { field: label("bankName") }) }]}
          >
            <BankSelect />
          </Form.Item>
          <Form.Item
            name="cardNo"
            label={label("cardNo")}
            extra={t("finance.replace.cardNoHelp")}
            rules={[{ required: true, whitespace: true, message: t("form.required", { field: label("cardNo") }) }]}
          >
            <TextInput maxLength={23} inputMode="numeric" autoComplete="cc-number" />
          </Form.Item>
          <Form.Item
            label={label("code")}
            required
            extra={sentTo ? t("finance.replace.codeSent", { phone: sentTo }) : t("finance.replace.codeHelp")}
          >
            <Space.Compact style={{ width: "100%" }}>
              <Form.Item name="code" noStyle rules={[{ required: true, message: t("form.required", { field: label("code") }) }]}>
                <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label={label("code")} />
              </Form.Item>
              <Button onClick={() => void send()} disabled={left > 0} loading={sending} aria-live="polite">
                {left > 0 ? t("finance.replace.resendIn", { seconds: left }) : t("finance.replace.sendCode")}
              </Button>
            </Space.Compact>
          </Form.Item>
        </ContractForm>
      </Card>
    </>
  );
}
