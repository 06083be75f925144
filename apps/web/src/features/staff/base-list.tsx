import { contract } from "@sbo/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Badge, Button, Empty, Form, Input, Modal, Select, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { holds } from "@/app/route-match";
import { useAppStore } from "@/app/store";
import { ContractForm } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { call } from "@/platform/api-client";
import { type Base, staffKeys, useBases } from "./staff.api";

type BaseValues = Pick<Base, "name" | "kind" | "areaCode" | "address">;
const KINDS = ["farm", "site", "warehouse"] as const;

function BaseModal({ base, onClose }: { base: Base | "new"; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<BaseValues>();
  const editing = base === "new" ? null : base;
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });
  const done = async () => {
    await client.invalidateQueries({ queryKey: staffKeys.all });
    void message.success(t("staff.base.saved"));
    onClose();
  };
  const fields = (
    <>
      <Form.Item name="name" label={t("staff.base.name")} rules={[required(t("staff.base.name"))]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" label={t("staff.base.kind")} rules={[required(t("staff.base.kind"))]}>
        <Select options={KINDS.map((k) => ({ value: k, label: t(`staff.base.kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item
        name="areaCode"
        label={t("staff.base.areaCode")}
        extra={t("staff.base.areaCodeHelp")}
        rules={[required(t("staff.base.areaCode"))]}
      >
        <Input inputMode="numeric" maxLength={6} />
      </Form.Item>
      <Form.Item name="address" label={t("staff.base.address")}>
        <Input maxLength={200} />
      </Form.Item>
    </>
  );
  const initialValues = editing
    ? { name: editing.name, kind: editing.kind, areaCode: editing.areaCode, address: editing.address }
    : { name: "", kind: "farm" as const, areaCode: "", address: "" };
  const cancel = <Button onClick={onClose}>{t("common.cancel")}</Button>;
  return (
    <Modal open title={editing ? t("staff.base.edit") : t("staff.base.add")} onCancel={onClose} footer={null} destroyOnHidden>
      {editing ? (
        <ContractForm<typeof contract.staff.updBase, BaseValues>
          name="base"
          entry={contract.staff.updBase}
          form={form}
          layout="vertical"
          initialValues={initialValues}
          toInput={(v) => ({ id: editing.id, ...v })}
          onSuccess={done}
          submitText={t("common.save")}
          actions={cancel}
        >
          {fields}
        </ContractForm>
      ) : (
        <ContractForm<typeof contract.staff.addBase, BaseValues>
          name="base"
          entry={contract.staff.addBase}
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onSuccess={done}
          submitText={t("common.save")}
          actions={cancel}
        >
          {fields}
        </ContractForm>
      )}
    </Modal>
  );
}

/** The organisation's bases (farms, sites, warehouses), disabled ones too. */
export function BaseList() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const member = useAppStore((s) => s.member);
  const canEdit = member ? holds(member, "setup.staff.base") : false;
  const bases = useBases();
  const [open, setOpen] = useState<Base | "new" | null>(null);

  const setEnabled = (b: Base, enabled: boolean) => {
    const run = async () => {
      await call(contract.staff.updBaseEnabled, { id: b.id, enabled });
      await client.invalidateQueries({ queryKey: staffKeys.all });
      void message.success(t("staff.base.saved"));
    };
    if (enabled) return void run().catch(() => {});
    modal.confirm({
      title: t("staff.base.confirmDisable", { name: b.name }),
      content: t("staff.base.confirmDisableText"),
      okText: t("staff.disable"),
      okButtonProps: { danger: true },
      onOk: run,
    });
  };

  const addButton = canEdit ? (
    <Button type="primary" onClick={() => setOpen("new")}>
      {t("staff.base.add")}
    </Button>
  ) : null;
  return (
    <section aria-labelledby="bases-title">
      <PageHeader level={2} titleId="bases-title" title={t("staff.tabs.bases")} extra={addButton} />
      {bases.isError ? (
        <Alert
          type="error"
          showIcon
          title={t("staff.loadFailed")}
          action={<Button onClick={() => void bases.refetch()}>{t("common.retry")}</Button>}
        />
      ) : null}
      <Table<Base>
        rowKey="id"
        loading={bases.isPending}
        dataSource={bases.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t("staff.base.empty")}>{addButton}</Empty> }}
        columns={[
          { title: t("staff.base.name"), dataIndex: "name" },
          { title: t("staff.base.kind"), dataIndex: "kind", render: (v: Base["kind"]) => t(`staff.base.kinds.${v}`) },
          { title: t("staff.base.area"), dataIndex: "areaName", render: (v: string, b) => v || b.areaCode },
          { title: t("staff.base.address"), dataIndex: "address" },
          { title: t("staff.base.staffCount"), dataIndex: "staffCount" },
          {
            title: t("staff.status"),
            dataIndex: "enabled",
            render: (v: boolean) => (
              <Badge status={v ? "success" : "default"} text={v ? t("staff.statusEnabled") : t("staff.statusDisabled")} />
            ),
          },
          {
            title: t("staff.actions"),
            key: "actions",
            render: (_v, b) =>
              canEdit ? (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setOpen(b)}>
                    {t("staff.edit")}
                  </Button>
                  <Button type="link" size="small" danger={b.enabled} onClick={() => setEnabled(b, !b.enabled)}>
                    {b.enabled ? t("staff.disable") : t("staff.enable")}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      {open ? <BaseModal base={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
