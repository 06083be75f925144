import * as contract from "@sbo/contract/staff";
import { useQueryClient } from "@tanstack/react-query";
import { App, Badge, Button, Form, Input, Select, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AreaCascader, areaCodesOf } from "@/components/area-cascader";
import { FormDrawer } from "@/components/form-drawer";
import { PageHeader } from "@/components/page-header";
import { QueryTable } from "@/components/query-table";
import { call } from "@/platform/api-client";
import { useHolds } from "@/platform/use-holds";
import { type Base, staffKeys, useBases } from "./staff.api";

interface BaseValues {
  name: string;
  kind: Base["kind"];
  /** The area from the province down; the base keeps the last code. */
  areaCode: string[];
  address?: string;
}
const KINDS = ["farm", "site", "warehouse"] as const;

const baseInput = (v: BaseValues) => ({
  name: v.name ?? "",
  kind: v.kind,
  areaCode: v.areaCode?.[v.areaCode.length - 1] ?? "",
  address: v.address ?? "",
});

/** Add or edit a base in a drawer: name, kind, area (province / city / district) and address. */
function BaseDrawer({ base, onClose }: { base: Base | "new"; onClose: () => void }) {
  const { t } = useTranslation();
  const editing = base === "new" ? null : base;
  const required = (field: string) => ({ required: true, message: t("form.required", { field }) });
  return (
    <FormDrawer
      name="base"
      draft={{ key: `base:${editing?.id ?? "new"}` }}
      title={editing ? t("staff.base.edit") : t("staff.base.add")}
      onClose={onClose}
      add={{ entry: contract.staff.addBase, toInput: baseInput }}
      update={editing && { entry: contract.staff.updBase, toInput: (v: BaseValues) => ({ id: editing.id, ...baseInput(v) }) }}
      initialValues={
        editing
          ? { name: editing.name, kind: editing.kind, areaCode: areaCodesOf(editing.areaCode), address: editing.address }
          : { name: "", kind: "farm", address: "" }
      }
      invalidate={staffKeys.all}
      savedMessage={t("staff.base.saved")}
    >
      <Form.Item name="name" label={t("staff.base.name")} rules={[required(t("staff.base.name"))]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" label={t("staff.base.kind")} rules={[required(t("staff.base.kind"))]}>
        <Select options={KINDS.map((k) => ({ value: k, label: t(`staff.base.kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="areaCode" label={t("staff.base.area")} rules={[required(t("staff.base.area"))]}>
        <AreaCascader />
      </Form.Item>
      <Form.Item name="address" label={t("staff.base.address")}>
        <Input maxLength={200} />
      </Form.Item>
    </FormDrawer>
  );
}

/** The organisation's bases (farms, sites, warehouses), disabled ones too. */
export function BaseList() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const canEdit = useHolds("setup.staff.base");
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
      <QueryTable<Base>
        query={bases}
        label={t("staff.tabs.bases")}
        loadFailed={t("staff.loadFailed")}
        empty={{ description: t("staff.base.empty"), action: addButton }}
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
      {open ? <BaseDrawer base={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
