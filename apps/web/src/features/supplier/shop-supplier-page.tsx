import { PlusOutlined } from "@ant-design/icons";
import { contract, type SupplierItem, settlementTerms } from "@sbo/contract";
import { Button, Drawer, Form, Input, Select, TreeSelect, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { holds } from "@/app/route-match";
import { useAppStore } from "@/app/store";
import { ContractForm } from "@/components/form";
import { ListPage } from "@/components/list-page";
import { currentLanguage } from "@/platform/i18n";
import { OrgSelect } from "./org-select";
import { supplierKeys, useCategoryTree, useSupplierActions } from "./supplier.api";
import { StatusTag, SupplierActions } from "./supplier-actions";

interface Values {
  name: string;
  contactName?: string;
  phone?: string | null;
  address?: string;
  categoryIds?: string[];
  settlement: SupplierItem["settlement"];
  status: SupplierItem["status"];
  remark?: string;
  supplierBoId?: string | null;
}

const toFields = (v: Values) => ({
  kind: "purchase" as const,
  name: v.name ?? "",
  contactName: v.contactName ?? "",
  phone: v.phone?.trim() || null,
  address: v.address ?? "",
  categoryIds: v.categoryIds ?? [],
  settlement: v.settlement ?? "cash",
  status: v.status ?? "enabled",
  remark: v.remark ?? "",
  supplierBoId: v.supplierBoId ?? null,
});

function PurchaseFields() {
  const { t } = useTranslation();
  const categories = useCategoryTree(currentLanguage());
  const boId = useAppStore((s) => s.member?.boId);
  return (
    <>
      <Form.Item
        name="name"
        label={t("supplier.name")}
        rules={[{ required: true, message: t("form.required", { field: t("supplier.name") }) }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="contactName" label={t("supplier.contactName")}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="phone" label={t("supplier.phone")}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="address" label={t("supplier.address")}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="categoryIds" label={t("supplier.categories")}>
        <TreeSelect treeData={categories.tree} loading={categories.loading} multiple treeNodeFilterProp="title" allowClear />
      </Form.Item>
      <Form.Item name="settlement" label={t("supplier.settlement")}>
        <Select options={settlementTerms.map((s) => ({ value: s, label: t(`supplier.settlements.${s}`) }))} />
      </Form.Item>
      <Form.Item name="status" label={t("supplier.status")}>
        <Select options={(["enabled", "disabled"] as const).map((s) => ({ value: s, label: t(`supplier.statuses.${s}`) }))} />
      </Form.Item>
      <Form.Item name="supplierBoId" label={t("supplier.organization")}>
        <OrgSelect excludeBoId={boId} />
      </Form.Item>
      <Form.Item name="remark" label={t("supplier.remark")}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}

function PurchaseDrawer({ editing, onClose }: { editing: SupplierItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useSupplierActions();
  const done = async () => {
    await actions.refresh();
    onClose();
  };
  const cancel = <Button onClick={onClose}>{t("common.cancel")}</Button>;
  return (
    <Drawer open title={editing ? t("supplier.editTitle") : t("supplier.addTitle")} onClose={onClose} size="large" destroyOnHidden>
      {editing ? (
        <ContractForm<typeof contract.supplier.updShopSupplierById, Values>
          name="purchaseSupplier"
          entry={contract.supplier.updShopSupplierById}
          initialValues={{ ...editing, settlement: editing.settlement ?? "cash" }}
          toInput={(v) => ({ id: editing.id, ...toFields(v) })}
          onSuccess={done}
          submitText={t("common.save")}
          actions={cancel}
        >
          <PurchaseFields />
        </ContractForm>
      ) : (
        <ContractForm<typeof contract.supplier.addShopSupplier, Values>
          name="purchaseSupplier"
          entry={contract.supplier.addShopSupplier}
          initialValues={{ settlement: "cash", status: "enabled", categoryIds: [] }}
          toInput={toFields}
          onSuccess={done}
          submitText={t("common.save")}
          actions={cancel}
        >
          <PurchaseFields />
        </ContractForm>
      )}
    </Drawer>
  );
}

/** `/transaction/shopSupplier`: the suppliers this shop buys from. */
export function Component() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const member = useAppStore((s) => s.member);
  const canEdit = member ? holds(member, "shop.supplier.edit") : false;
  const [editing, setEditing] = useState<SupplierItem | "new" | null>(null);

  const columns: ColumnsType<SupplierItem> = [
    {
      key: "name",
      title: t("supplier.name"),
      render: (_, s) => (
        <>
          <Typography.Text strong>{s.name}</Typography.Text>
          {s.remark ? <Typography.Paragraph type="secondary">{s.remark}</Typography.Paragraph> : null}
        </>
      ),
    },
    { key: "contact", title: t("supplier.contactName"), render: (_, s) => [s.contactName, s.phone].filter(Boolean).join(" · ") },
    {
      key: "categories",
      title: t("supplier.categories"),
      render: (_, s) => s.categories.map((c) => (lang === "zh" ? c.name : c.nameEn)).join(", "),
    },
    {
      key: "settlement",
      title: t("supplier.settlement"),
      render: (_, s) => (s.settlement ? t(`supplier.settlements.${s.settlement}`) : ""),
    },
    { key: "status", title: t("supplier.status"), render: (_, s) => <StatusTag status={s.status} /> },
    ...(canEdit
      ? [
          {
            key: "actions",
            title: t("supplier.actions"),
            render: (_: unknown, s: SupplierItem) => <SupplierActions supplier={s} onEdit={() => setEditing(s)} />,
          },
        ]
      : []),
  ];
  const addButton = canEdit ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
      {t("supplier.add")}
    </Button>
  ) : null;

  return (
    <>
      <ListPage<SupplierItem>
        title={t("supplier.purchaseTitle")}
        entry={contract.supplier.selShopSupplierPage}
        toFilters={(f) => ({ ...f, kind: "purchase" })}
        queryKey={supplierKeys.lists()}
        filters={[
          { kind: "text", name: "name", label: t("supplier.name") },
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
        empty={{ description: t("supplier.emptyPurchase"), action: addButton }}
      />
      {editing ? <PurchaseDrawer editing={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
