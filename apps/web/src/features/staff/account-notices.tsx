import type { MemberInfo } from "@sbo/contract/session";
import * as contract from "@sbo/contract/staff";
import { Alert, App, Button, Card, Form, Input, List, Modal, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { call } from "@/platform/api-client";
import { useWrite } from "@/platform/use-write";
import { useNoticesDialog } from "./notices-dialog";
import { accountNoticesKey, useAccountNotices } from "./staff.api";

/** Shown once per login (per ticket's session in this tab): after that only from the user menu. */
const seenKey = (memberId: string) => `sbo.accountNotices.seen.${memberId}`;

function PhoneConfirmation({ maskedPhone }: { maskedPhone: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const write = useWrite(accountNoticesKey);
  const [form] = Form.useForm<{ code: string }>();
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await call(contract.staff.sendPhoneConfirmCode, {});
      setSent(true);
      void message.success(t("notices.codeSent", { phone: maskedPhone }));
    } catch {
      // call() showed the Notice dialog.
    } finally {
      setSending(false);
    }
  };
  return (
    <Card size="small" title={t("notices.phoneTitle")}>
      <Typography.Paragraph>{t("notices.phoneText", { phone: maskedPhone })}</Typography.Paragraph>
      <ContractForm<typeof contract.staff.confirmPhone, { code: string }>
        name="confirmPhone"
        entry={contract.staff.confirmPhone}
        form={form}
        layout="inline"
        toInput={(v) => ({ code: (v.code ?? "").trim() })}
        onSuccess={() => write.done(t("notices.phoneConfirmed"))}
        submitText={t("notices.confirm")}
        actions={
          <Button onClick={() => void send()} loading={sending}>
            {sent ? t("notices.resend") : t("notices.sendCode")}
          </Button>
        }
      >
        <Form.Item
          name="code"
          label={t("notices.code")}
          rules={[{ required: true, message: t("form.required", { field: t("notices.code") }) }]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 120 }} />
        </Form.Item>
      </ContractForm>
    </Card>
  );
}

/**
 * After login: asks the holder to confirm a phone someone else set and to answer invitations to join
 * other organisations. Opens by itself once per login when there is something to answer.
 */
export function AccountNotices({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  // Joining refreshes the session too: the identity switch lists the new organisation.
  const join = useWrite(["session"], accountNoticesKey);
  const decline = useWrite(accountNoticesKey);
  const notices = useAccountNotices();
  const { open, setOpen } = useNoticesDialog();
  const [busy, setBusy] = useState<string | null>(null);
  const data = notices.data;
  const pending = (data?.phoneToConfirm ? 1 : 0) + (data?.invitations.length ?? 0);

  useEffect(() => {
    if (!pending || sessionStorage.getItem(seenKey(member.memberId))) return;
    sessionStorage.setItem(seenKey(member.memberId), "1");
    setOpen(true);
  }, [pending, member.memberId, setOpen]);

  const answer = async (id: string, accept: boolean) => {
    setBusy(id);
    if (accept)
      await join(
        () => call(contract.staff.acceptInvitation, { id }),
        (joined) => t("notices.joined", { name: joined.orgName }),
      );
    else await decline(() => call(contract.staff.declineInvitation, { id }), t("notices.declined"));
    setBusy(null);
  };

  return (
    <Modal
      open={open}
      title={t("notices.title")}
      onCancel={() => setOpen(false)}
      footer={<Button onClick={() => setOpen(false)}>{t("notices.later")}</Button>}
      width={640}
      destroyOnHidden
    >
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        {pending === 0 ? <Alert type="success" showIcon title={t("notices.nothing")} /> : null}
        {data?.phoneToConfirm ? <PhoneConfirmation maskedPhone={data.phoneToConfirm.maskedPhone} /> : null}
        {data?.invitations.length ? (
          <Card size="small" title={t("notices.invitationsTitle")}>
            <List
              dataSource={data.invitations}
              renderItem={(inv) => (
                <List.Item
                  actions={[
                    <Button
                      key="accept"
                      type="primary"
                      size="small"
                      loading={busy === inv.id}
                      onClick={() => void answer(inv.id, true)}
                      aria-label={`${t("notices.accept")}: ${inv.orgName}`}
                    >
                      {t("notices.accept")}
                    </Button>,
                    <Button
                      key="decline"
                      size="small"
                      disabled={busy === inv.id}
                      onClick={() => void answer(inv.id, false)}
                      aria-label={`${t("notices.decline")}: ${inv.orgName}`}
                    >
                      {t("notices.decline")}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={inv.orgName}
                    description={t("notices.invitationText", {
                      by: inv.invitedBy,
                      roles: inv.roles.length ? inv.roles.join(", ") : t("notices.noRoles"),
                    })}
                  />
                </List.Item>
              )}
            />
          </Card>
        ) : null}
      </Space>
    </Modal>
  );
}
