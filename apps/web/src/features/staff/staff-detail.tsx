import * as contract from "@sbo/contract/staff";
import { maskPhone } from "@sbo/contract/staff";
import { App, Badge, Card, Descriptions, Form, Input, Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { currentLanguage } from "@/platform/i18n";
import type { StaffMember } from "./staff.api";

/** A staff member as a read-only detail: for callers who may see staff but not change them. */
export function StaffDetail({ staff, extra }: { staff: StaffMember; extra?: ReactNode }) {
  const { t } = useTranslation();
  const en = currentLanguage() === "en";
  const list = (items: { id: string; name: string }[]) =>
    items.length ? (
      <Space size={[4, 4]} wrap>
        {items.map((x) => (
          <Tag key={x.id}>{x.name}</Tag>
        ))}
      </Space>
    ) : (
      "—"
    );
  return (
    <Card style={{ maxWidth: 720 }} title={t("staff.detailCard")} extra={extra}>
      <Descriptions
        bordered
        column={1}
        size="middle"
        items={[
          { key: "name", label: t("staff.name"), children: staff.name },
          { key: "login", label: t("staff.loginName"), children: staff.loginName },
          { key: "phone", label: t("staff.phone"), children: maskPhone(staff.phone) ?? "—" },
          { key: "roles", label: t("staff.roles"), children: staff.isOwner ? t("staff.owner") : list(staff.roles) },
          {
            key: "profession",
            label: t("staff.profession"),
            children: staff.profession ? (en ? staff.profession.nameEn : staff.profession.name) : "—",
          },
          { key: "bases", label: t("staff.bases"), children: staff.isOwner ? t("staff.allBases") : list(staff.bases) },
          {
            key: "status",
            label: t("staff.status"),
            children: (
              <Badge
                status={staff.enabled ? "success" : "default"}
                text={staff.enabled ? t("staff.statusEnabled") : t("staff.statusDisabled")}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

interface PasswordValues {
  password: string;
}

/** The owner sets a new password for a staff member whose account works only here; their sessions end. */
export function ResetPasswordCard({ employeeId, loginName }: { employeeId: string; loginName: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  return (
    <Card
      style={{ maxWidth: 640 }}
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t("staff.resetPassword.title")}
        </Typography.Title>
      }
    >
      <Typography.Paragraph type="secondary">{t("staff.resetPassword.help", { loginName })}</Typography.Paragraph>
      <ContractForm<typeof contract.staff.resetMemberEmpPassword, PasswordValues>
        name="staffResetPassword"
        entry={contract.staff.resetMemberEmpPassword}
        form={form}
        toInput={(v) => ({ employeeId, password: v.password ?? "" })}
        onSuccess={() => {
          form.resetFields();
          void message.success(t("staff.resetPassword.done"));
        }}
        submitText={t("staff.resetPassword.submit")}
      >
        <Form.Item
          name="password"
          label={t("staff.resetPassword.password")}
          rules={[{ required: true, message: t("form.required", { field: t("staff.resetPassword.password") }) }]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
      </ContractForm>
    </Card>
  );
}
