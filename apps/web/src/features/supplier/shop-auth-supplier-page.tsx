import { PlusOutlined } from "@ant-design/icons";
import { contract, type SupplierItem } from "@sbo/contract";
import { Button, DatePicker, Form, Input, Modal, Select, Space, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { holds } from "@/app/route-match";
import { useAppStore } from "@/app/store";
import { ContractForm } from "@/components/form";
import { ListPage } from "@/components/list-page";
import { OrgSelect } from "./org-select";
import { supplierKeys, useSupplierActions } from "./supplier.api";
import { StatusTag, SupplierActions } from "./supplier-actions";
import { SupplierMembersDrawer } from "./supplier-members-drawer";

const DAY = "YYYY-MM-DD";

interface Values {
  supplierBoId?: string | null;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
  status?: SupplierItem["status"];
  contactName?: string;
  phone?: string | null;
  remark?: string;
}

const toFields = (v: Values) => ({
  kind: "authorised" as const,
  validFrom: v.validFrom ? v.validFrom.format(DAY) : "",
  validTo: v.validTo ? v.validTo.format(DAY) : null,
  status: v.status ?? "enabled",
  contactName: v.contactName ?? "",
  phone: v.phone?.trim() || null,
  remark: v.remark ?? "",
});

function AuthorisationFields({ adding }: { adding: boolean }) {
  const { t } = useTranslation();
  const boId = useAppStore((s) => s.member?.boId);
  const required = (field: string) => [{ required: true, message: t("form.required", { field }) }];
  return (
    <>
      {adding ? (
        <Form.Item name="supplierBoId" label={t("supplier.organization")} rules={required(t("supplier.organization"))}>
          <OrgSelect excludeBoId={boId} />
        </Form.Item>
      ) : null}
      <Space wrap align="start">
        <Form.Item name="validFrom" label={t("supplier.validFrom")} rules={required(t("supplier.validFrom"))}>
          <DatePicker />
        </Form.Item>
        <Form.Item name="validTo" label={t("supplier.validTo")}>
          <DatePicker placeholder={t("supplier.openEnded")} />
        </Form.Item>
      </Space>
      {adding ? null : (
        <Form.Item name="status" label={t("supplier.status")}>
          <Select options={(["enabled", "disabled"] as const).map((s) => ({ value: s, label: t(`supplier.statuses.${s}`) }))} />
        </Form.Item>
      )}
      <Form.Item name="contactName" label={t("supplier.contactName")}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="phone" label={t("supplier.phone")}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="remark" label={t("supplier.remark")}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}

function AuthorisationModal({ editing, onClose }: { editing: SupplierItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useSupplierActions();
  const done = async () => {
    await actions.refresh();
    onClose();
  };
  const cancel = <Button onClick={onClose}>{t("common.cancel")}</Button>;
  return (
    <Modal
      open
      title={editing ? t("supplier.editAuthorisedTitle") : t("supplier.authoriseTitle")}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {editing ? (
        <ContractForm<typeof contract.supplier.updShopSupplierById, Values>
          name="authorisedSupplier"
          entry={contract.supplier.updShopSupplierById}
          initialValues={{
            ...editing,
            validFrom: editing.validFrom ? dayjs(editing.validFrom) : null,
            validTo: editing.validTo ? dayjs(editing.validTo) : null,
          }}
          toInput={(v) => ({ id: editing.id, ...toFields(v) })}
          onSuccess={done}
          submitText={t("common.save")}
          actions={cancel}
        >
          <AuthorisationFields adding={false} />
        </ContractForm>
      ) : (
        <ContractForm<typeof contract.supplier.addShopSupplier, Values>
          name="authorisedSupplier"
          entry={contract.supplier.addShopSupplier}
          initialValues={{ validFrom: dayjs().startOf("day") }}
          toInput={(v) => {
            const { status: _status, ...fields } = toFields(v);
            return { ...fields, supplierBoId: v.supplierBoId ?? "" };
          }}
          onSuccess={done}
          submitText={t("supplier.authorise")}
          actions={cancel}
        >
          <AuthorisationFields adding />
        </ContractForm>
      )}
    </Modal>
  );
}

/** `/transaction/shopAuthSupplier`: platform organisations authorised to supply this shop, with their member accounts. */
export function Component() {
  const { t } = useTranslation();
  const member = useAppStore((s) => s.member);
  const canEdit = member ? holds(member, "shop.authSupplier.edit") : false;
  const [editing, setEditing] = useState<SupplierItem | "new" | null>(null);
  const [membersOf, setMembersOf] = useState<SupplierItem | null>(null);

  const accountsButton = (s: SupplierItem) => (
    <Button size="small" onClick={() => setMembersOf(s)} aria-label={`${t("supplier.manageMembers")}: ${s.name}`}>
      {t("supplier.manageMembers")} ({s.memberCount})
    </Button>
  );
  const columns: ColumnsType<SupplierItem> = [
    {
      key: "name",
      title: t("supplier.organization"),
      render: (_, s) => (
        <>
          <Typography.Text strong>{s.supplierOrgName ?? s.name}</Typography.Text>
          {s.remark ? <Typography.Paragraph type="secondary">{s.remark}</Typography.Paragraph> : null}
        </>
      ),
    },
    { key: "contact", title: t("supplier.contactName"), render: (_, s) => [s.contactName, s.phone].filter(Boolean).join(" · ") },
    { key: "validity", title: t("supplier.validity"), render: (_, s) => `${s.validFrom ?? ""} – ${s.validTo ?? t("supplier.openEnded")}` },
    { key: "status", title: t("supplier.status"), render: (_, s) => <StatusTag status={s.status} /> },
    {
      key: "actions",
      title: t("supplier.actions"),
      render: (_, s) =>
        canEdit ? <SupplierActions supplier={s} onEdit={() => setEditing(s)} extra={accountsButton(s)} /> : accountsButton(s),
    },
  ];
  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
      {t("supplier.authorise")}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<SupplierItem>
        title={t("supplier.authorisedTitle")}
        entry={contract.supplier.selShopSupplierPage}
        toFilters={(f) => ({ ...f, kind: "authorised" })}
        queryKey={supplierKeys.lists()}
        filters={[
          { kind: "text", name: "name", label: t("supplier.organization") },
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
        empty={{ description: t("supplier.emptyAuthorised"), action: addButton }}
      />
      {editing ? <AuthorisationModal editing={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      {membersOf ? <SupplierMembersDrawer supplier={membersOf} canEdit={canEdit} onClose={() => setMembersOf(null)} /> : null}
    </>
  );
}
