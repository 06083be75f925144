import type { OutputOf } from "@sbo/contract/define";
import type { SupplierItem } from "@sbo/contract/supplier";
import * as contract from "@sbo/contract/supplier";
import { supplierMemberRoles } from "@sbo/contract/supplier";
import { useQuery } from "@tanstack/react-query";
import { Alert, Badge, Drawer, Form, Select, Space, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ContractForm } from "@/components/form";
import { QueryTable } from "@/components/query-table";
import { call } from "@/platform/api-client";
import { useWrite } from "@/platform/use-write";
import { supplierKeys } from "./supplier.api";

type Member = OutputOf<typeof contract.supplier.selShopSupplierMember>[number];
type Role = Member["role"];

interface AddValues {
  memberIds: string[];
  role: Role;
}

/** An authorised supplier's member accounts: add from its organisation's staff, change role, enable/disable. */
export function SupplierMembersDrawer({ supplier, canEdit, onClose }: { supplier: SupplierItem; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const members = useQuery({
    queryKey: supplierKeys.members(supplier.id),
    queryFn: ({ signal }) => call(contract.supplier.selShopSupplierMember, { supplierId: supplier.id }, { notify: false, signal }),
  });
  const staff = useQuery({
    queryKey: supplierKeys.staff(supplier.id),
    queryFn: ({ signal }) => call(contract.supplier.selSupplierStaffList, { supplierId: supplier.id }, { notify: false, signal }),
    enabled: canEdit && supplier.consent === "accepted",
  });
  const accepted = supplier.consent === "accepted";
  const refresh = useWrite(supplierKeys.all).done;
  const roleOptions = supplierMemberRoles.map((r) => ({ value: r, label: t(`supplier.roles.${r}`) }));

  const update = async (m: Member, patch: Partial<Pick<Member, "role" | "enabled">>) => {
    await call(contract.supplier.updShopSupplierMemberList, {
      supplierId: supplier.id,
      members: [{ id: m.id, role: patch.role ?? m.role, enabled: patch.enabled ?? m.enabled }],
    });
    await refresh(t("supplier.membersSaved"));
  };

  const choices = (staff.data ?? []).filter((s) => !s.added).map((s) => ({ value: s.memberId, label: `${s.name} (${s.loginName})` }));

  return (
    <Drawer open title={t("supplier.membersTitle", { name: supplier.name })} onClose={onClose} size="large" destroyOnHidden>
      <Typography.Paragraph>{t("supplier.membersHelp")}</Typography.Paragraph>
      {accepted ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t(supplier.consent === "declined" ? "supplier.notAcceptedDeclined" : "supplier.notAcceptedPending", {
            name: supplier.supplierOrgName ?? supplier.name,
          })}
        />
      )}
      <QueryTable<Member>
        query={members}
        label={t("supplier.membersTitle", { name: supplier.name })}
        loadFailed={t("supplier.membersFailed")}
        empty={{ description: t("supplier.membersEmpty") }}
        columns={[
          { key: "name", title: t("supplier.memberName"), dataIndex: "name" },
          { key: "loginName", title: t("supplier.loginName"), dataIndex: "loginName" },
          {
            key: "role",
            title: t("supplier.role"),
            render: (_, m) =>
              canEdit ? (
                <Select
                  aria-label={`${t("supplier.role")}: ${m.name}`}
                  value={m.role}
                  options={roleOptions}
                  onChange={(role) => void update(m, { role })}
                  style={{ minWidth: 160 }}
                />
              ) : (
                t(`supplier.roles.${m.role}`)
              ),
          },
          {
            key: "enabled",
            title: t("supplier.enabled"),
            render: (_, m) =>
              canEdit ? (
                <Switch
                  aria-label={`${t("supplier.enabled")}: ${m.name}`}
                  checked={m.enabled}
                  onChange={(enabled) => void update(m, { enabled })}
                />
              ) : (
                <Badge status={m.enabled ? "success" : "default"} text={t(m.enabled ? "supplier.memberOn" : "supplier.memberOff")} />
              ),
          },
        ]}
      />
      {canEdit && accepted ? (
        <section aria-labelledby="supplier-add-members">
          <Typography.Title level={3} id="supplier-add-members" style={{ marginTop: 24 }}>
            {t("supplier.addMembers")}
          </Typography.Title>
          {staff.isSuccess && choices.length === 0 ? (
            <Typography.Paragraph type="secondary">{t("supplier.noStaffLeft")}</Typography.Paragraph>
          ) : (
            <ContractForm<typeof contract.supplier.addShopSupplierMemberList, AddValues>
              name="supplierMembers"
              entry={contract.supplier.addShopSupplierMemberList}
              form={form}
              initialValues={{ memberIds: [], role: "sales" }}
              toInput={(v) => ({ supplierId: supplier.id, members: (v.memberIds ?? []).map((memberId) => ({ memberId, role: v.role })) })}
              onSuccess={async () => {
                form.resetFields();
                await refresh(t("supplier.membersSaved"));
              }}
              submitText={t("supplier.addMembers")}
            >
              <Space wrap align="start">
                <Form.Item
                  name="memberIds"
                  label={t("supplier.chooseStaff")}
                  rules={[{ required: true, message: t("form.required", { field: t("supplier.chooseStaff") }) }]}
                >
                  <Select mode="multiple" options={choices} loading={staff.isFetching} style={{ minWidth: 280 }} optionFilterProp="label" />
                </Form.Item>
                <Form.Item name="role" label={t("supplier.role")}>
                  <Select options={roleOptions} style={{ minWidth: 160 }} />
                </Form.Item>
              </Space>
            </ContractForm>
          )}
        </section>
      ) : null}
    </Drawer>
  );
}
