import { PlusOutlined } from "@ant-design/icons";
import type { SupplierItem } from "@sbo/contract/supplier";
import * as contract from "@sbo/contract/supplier";
import { Button, Form, Input, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPage } from "@/components/list-page";
import { actionsColumn, type MaybeAction } from "@/components/row-actions";
import { TextArea, TextInput } from "@/components/text-input";
import { supplierKeys, useSupplierActions } from "./supplier.api";
import { StatusTag } from "./supplier-actions";

/** The form values both kinds of supplier share. */
export interface ContactValues {
  contactName?: string;
  phone?: string | null;
  remark?: string;
}

export const contactInput = (v: ContactValues) => ({
  contactName: v.contactName ?? "",
  phone: v.phone?.trim() || null,
  remark: v.remark ?? "",
});

export function ContactFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="contactName" label={t("supplier.contactName")}>
        <TextInput maxLength={50} />
      </Form.Item>
      <Form.Item name="phone" label={t("supplier.phone")}>
        <Input inputMode="tel" maxLength={20} />
      </Form.Item>
    </>
  );
}

export function RemarkField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="remark" label={t("supplier.remark")}>
      <TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
    </Form.Item>
  );
}

export interface SupplierListProps {
  kind: SupplierItem["kind"];
  canEdit: boolean;
  title: string;
  /** The label of the name column and filter. */
  nameLabel: string;
  nameOf?: (s: SupplierItem) => string;
  addLabel: string;
  emptyText: string;
  /** The columns of this kind, between contact and status. */
  columns: ColumnsType<SupplierItem>;
  /** Actions before a row's own ones (offered even to those who cannot edit). */
  rowExtra?: (s: SupplierItem) => MaybeAction[];
  /** The list's export (its own function; the list's filters without the kind), when this kind has one. */
  exportEntry?: typeof contract.supplier.exportShopSupplierList;
  /** The add/edit drawer: `editing` is null when adding. */
  drawer: (editing: SupplierItem | null, onClose: () => void) => ReactNode;
}

/** A list of one kind of supplier with filters, row actions and the add/edit drawer. */
export function SupplierList({ kind, canEdit, nameOf = (s) => s.name, rowExtra, ...props }: SupplierListProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<SupplierItem | "new" | null>(null);

  const own = useSupplierActions();
  const columns: ColumnsType<SupplierItem> = [
    {
      key: "name",
      title: props.nameLabel,
      render: (_, s) => (
        <>
          <Typography.Text strong>{nameOf(s)}</Typography.Text>
          {s.remark ? <Typography.Paragraph type="secondary">{s.remark}</Typography.Paragraph> : null}
        </>
      ),
    },
    { key: "contact", title: t("supplier.contactName"), render: (_, s) => [s.contactName, s.phone].filter(Boolean).join(" · ") },
    ...props.columns,
    { key: "status", title: t("supplier.status"), render: (_, s) => <StatusTag status={s.status} /> },
    ...actionsColumn<SupplierItem>({
      title: t("supplier.actions"),
      show: canEdit || rowExtra !== undefined,
      actions: (s) => [...(rowExtra?.(s) ?? []), ...(canEdit ? own(s, () => setEditing(s)) : [])],
    }),
  ];
  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
      {props.addLabel}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<SupplierItem>
        title={props.title}
        entry={contract.supplier.selShopSupplierPage}
        toFilters={(f) => ({ ...f, kind })}
        exportEntry={props.exportEntry}
        exportInput={({ kind: _kind, ...filters }) => filters}
        queryKey={supplierKeys.lists()}
        filters={[
          { kind: "text", name: "name", label: props.nameLabel },
          {
            kind: "select",
            name: "status",
            label: t("supplier.status"),
            options: (["enabled", "disabled"] as const).map((s) => ({ value: s, label: t(`supplier.statuses.${s}`) })),
          },
        ]}
        columns={columns}
        rowKey="id"
        toolbar={addButton}
        empty={{ description: props.emptyText, action: addButton }}
      />
      {editing ? props.drawer(editing === "new" ? null : editing, () => setEditing(null)) : null}
    </>
  );
}
