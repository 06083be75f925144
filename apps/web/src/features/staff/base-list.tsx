import * as contract from "@sbo/contract/staff";
import { Badge, Button, Form, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AreaCascader, areaCodesOf } from "@/components/area-cascader";
import { FormDrawer } from "@/components/form-drawer";
import { ListPage, localPages } from "@/components/list-page";
import { actionsColumn } from "@/components/row-actions";
import { TextInput } from "@/components/text-input";
import { call } from "@/platform/api-client";
import { currentLanguage } from "@/platform/i18n";
import { useHolds } from "@/platform/use-holds";
import { useWrite } from "@/platform/use-write";
import { type Base, staffKeys } from "./staff.api";

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
        <TextInput maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" label={t("staff.base.kind")} rules={[required(t("staff.base.kind"))]}>
        <Select options={KINDS.map((k) => ({ value: k, label: t(`staff.base.kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="areaCode" label={t("staff.base.area")} rules={[required(t("staff.base.area"))]}>
        <AreaCascader />
      </Form.Item>
      <Form.Item name="address" label={t("staff.base.address")}>
        <TextInput maxLength={200} />
      </Form.Item>
    </FormDrawer>
  );
}

/** The organisation's bases (farms, sites, warehouses), disabled ones too, filtered by name and kind (the call's filters). */
export function BaseList() {
  const { t } = useTranslation();
  const write = useWrite(staffKeys.all);
  const canEdit = useHolds("setup.staff.base");
  const [open, setOpen] = useState<Base | "new" | null>(null);
  const lang = currentLanguage();
  const setEnabled = (b: Base, enabled: boolean) =>
    write(() => call(contract.staff.updBaseEnabled, { id: b.id, enabled }), t("staff.base.saved"));

  const addButton = canEdit ? (
    <Button type="primary" onClick={() => setOpen("new")}>
      {t("staff.base.add")}
    </Button>
  ) : null;
  return (
    <>
      <ListPage<Base>
        variant="section"
        title={t("staff.tabs.bases")}
        fetch={localPages((f, signal) =>
          call(
            contract.staff.selBaseList,
            { ...(f.name ? { name: String(f.name) } : {}), ...(f.kind ? { kind: f.kind as Base["kind"] } : {}) },
            { notify: false, signal },
          ),
        )}
        queryKey={staffKeys.list("basePages", {})}
        paramPrefix="base."
        filters={[
          { kind: "text", name: "name", label: t("staff.base.name") },
          {
            kind: "select",
            name: "kind",
            label: t("staff.base.kind"),
            options: KINDS.map((k) => ({ value: k, label: t(`staff.base.kinds.${k}`) })),
          },
        ]}
        rowKey="id"
        toolbar={addButton}
        empty={{ description: t("staff.base.empty"), action: addButton }}
        columns={[
          { title: t("staff.base.name"), dataIndex: "name" },
          { title: t("staff.base.kind"), dataIndex: "kind", render: (v: Base["kind"]) => t(`staff.base.kinds.${v}`) },
          {
            title: t("staff.base.area"),
            dataIndex: "areaName",
            // In the UI language (issue 25 §5; docs/domains/reference.md, "Names in English").
            render: (v: string, b) => (lang === "zh" ? v : b.areaNameEn) || b.areaCode,
          },
          { title: t("staff.base.address"), dataIndex: "address" },
          { title: t("staff.base.staffCount"), dataIndex: "staffCount" },
          {
            title: t("staff.status"),
            dataIndex: "enabled",
            render: (v: boolean) => (
              <Badge status={v ? "success" : "default"} text={v ? t("staff.statusEnabled") : t("staff.statusDisabled")} />
            ),
          },
          ...actionsColumn<Base>({
            title: t("staff.actions"),
            show: canEdit,
            actions: (b) => [
              { key: "edit", label: t("staff.edit"), ariaLabel: `${t("staff.edit")}: ${b.name}`, onClick: () => setOpen(b) },
              b.enabled
                ? {
                    key: "toggle",
                    label: t("staff.disable"),
                    ariaLabel: `${t("staff.disable")}: ${b.name}`,
                    danger: true,
                    confirm: { title: t("staff.base.confirmDisable", { name: b.name }), description: t("staff.base.confirmDisableText") },
                    onClick: () => setEnabled(b, false),
                  }
                : {
                    key: "toggle",
                    label: t("staff.enable"),
                    ariaLabel: `${t("staff.enable")}: ${b.name}`,
                    onClick: () => setEnabled(b, true),
                  },
            ],
          }),
        ]}
      />
      {open ? <BaseDrawer base={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
