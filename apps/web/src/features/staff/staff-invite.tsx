import type { OutputOf } from "@sbo/contract/define";
import { wordsOf } from "@sbo/contract/refusals";
import * as contract from "@sbo/contract/staff";
import { Alert, Button, Descriptions, Form, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { issuesOf } from "@/components/form";
import { FormDrawer } from "@/components/form-drawer";
import { TextInput } from "@/components/text-input";
import { ApiError, call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { staffKeys, useAuthorisedBases, useRoles } from "./staff.api";

type Preview = OutputOf<typeof contract.staff.selAccountPreview>;

interface Values {
  account: string;
  roleIds: string[];
  baseIds: string[];
}

/**
 * "Add an existing account": find it by login name or phone, see only its name and masked phone,
 * and invite it with roles and bases. It joins when its holder accepts (after their next login).
 */
export function InviteDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const roles = useRoles();
  const bases = useAuthorisedBases();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);

  const find = async () => {
    const account = String(form.getFieldValue("account") ?? "").trim();
    setPreview(null);
    setProblem(null);
    if (account.length < 2) {
      setProblem(t("staff.invite.accountHint"));
      return;
    }
    setFinding(true);
    try {
      setPreview(await call(contract.staff.selAccountPreview, { account }, { notify: false }));
    } catch (cause) {
      if (cause instanceof ApiError) {
        const [issue] = issuesOf(cause);
        const words = issue?.reason ? wordsOf(issue.reason, currentLanguage(), issue.params) : undefined;
        setProblem(issue ? `${t("staff.invite.account")}: ${words ?? issue.message}` : cause.msg);
      }
    } finally {
      setFinding(false);
    }
  };

  return (
    <FormDrawer
      name="staffInvite"
      title={t("staff.invite.title")}
      onClose={onClose}
      form={form}
      add={{
        entry: contract.staff.add,
        toInput: (v: Values) => ({ account: (v.account ?? "").trim(), roleIds: v.roleIds ?? [], baseIds: v.baseIds ?? [] }),
      }}
      initialValues={{ roleIds: [], baseIds: [] }}
      invalidate={staffKeys.all}
      savedMessage={t("staff.invite.sent")}
      submitText={t("staff.invite.send")}
    >
      <Typography.Paragraph type="secondary">{t("staff.invite.help")}</Typography.Paragraph>
      <Form.Item label={t("staff.invite.account")} required>
        <Space.Compact style={{ width: "100%" }}>
          <Form.Item name="account" noStyle rules={[{ required: true, message: t("form.required", { field: t("staff.invite.account") }) }]}>
            <TextInput
              aria-label={t("staff.invite.account")}
              autoComplete="off"
              maxLength={64}
              onChange={() => setPreview(null)}
              onPressEnter={(e) => {
                e.preventDefault();
                void find();
              }}
            />
          </Form.Item>
          <Button onClick={() => void find()} loading={finding}>
            {t("staff.invite.find")}
          </Button>
        </Space.Compact>
      </Form.Item>
      {problem ? <Alert type="warning" showIcon title={problem} style={{ marginBottom: 16 }} /> : null}
      {preview ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          title={t("staff.invite.found")}
          items={[
            { key: "name", label: t("staff.name"), children: preview.name },
            { key: "phone", label: t("staff.phone"), children: preview.maskedPhone ?? "—" },
          ]}
        />
      ) : null}
      <Form.Item name="roleIds" label={t("staff.roles")}>
        <Select
          mode="multiple"
          loading={roles.isPending}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="baseIds" label={t("staff.bases")}>
        <Select
          mode="multiple"
          loading={bases.isPending}
          options={(bases.data ?? []).map((b) => ({ value: b.id, label: `${b.name} · ${t(`staff.base.kinds.${b.kind}`)}` }))}
          optionFilterProp="label"
        />
      </Form.Item>
    </FormDrawer>
  );
}
