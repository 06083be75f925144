import type { SupplierItem } from "@sbo/contract/supplier";
import * as contract from "@sbo/contract/supplier";
import { settlementTerms } from "@sbo/contract/supplier";
import { Form, Select, TreeSelect } from "antd";
import { useTranslation } from "react-i18next";
import { FormDrawer } from "@/components/form-drawer";
import { firstPageRequest, listPageQuery } from "@/components/list-page";
import { TextInput } from "@/components/text-input";
import { currentLanguage } from "@/platform/i18n";
import { useCategoryTree } from "@/platform/reference-data";
import type { Prefetch } from "@/platform/screen-preload";
import { useSessionMember } from "@/platform/session/session.api";
import { useHolds } from "@/platform/use-holds";
import { OrgSelect } from "./org-select";
import { supplierKeys } from "./supplier.api";
import { ContactFields, type ContactValues, contactInput, RemarkField, SupplierList } from "./supplier-list";

interface Values extends ContactValues {
  name: string;
  address?: string;
  categoryIds?: string[];
  settlement: SupplierItem["settlement"];
  status: SupplierItem["status"];
  supplierBoId?: string | null;
}

const toFields = (v: Values) => ({
  kind: "purchase" as const,
  name: v.name ?? "",
  ...contactInput(v),
  address: v.address ?? "",
  categoryIds: v.categoryIds ?? [],
  settlement: v.settlement ?? "cash",
  status: v.status ?? "enabled",
  supplierBoId: v.supplierBoId ?? null,
});

function PurchaseDrawer({ editing, onClose }: { editing: SupplierItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const categories = useCategoryTree(currentLanguage());
  const boId = useSessionMember()?.boId;
  return (
    <FormDrawer
      name="purchaseSupplier"
      draft={{ key: `purchase-supplier:${editing?.id ?? "new"}` }}
      title={editing ? t("supplier.editTitle") : t("supplier.addTitle")}
      onClose={onClose}
      size="large"
      add={{ entry: contract.supplier.addShopSupplier, toInput: toFields }}
      update={editing && { entry: contract.supplier.updShopSupplierById, toInput: (v: Values) => ({ id: editing.id, ...toFields(v) }) }}
      initialValues={
        editing ? { ...editing, settlement: editing.settlement ?? "cash" } : { settlement: "cash", status: "enabled", categoryIds: [] }
      }
      invalidate={supplierKeys.all}
      savedMessage={t("supplier.saved")}
    >
      <Form.Item
        name="name"
        label={t("supplier.name")}
        rules={[{ required: true, message: t("form.required", { field: t("supplier.name") }) }]}
      >
        <TextInput maxLength={100} />
      </Form.Item>
      <ContactFields />
      <Form.Item name="address" label={t("supplier.address")}>
        <TextInput maxLength={200} />
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
      <RemarkField />
    </FormDrawer>
  );
}

/** The first page with no filter, started by the route's loader (platform/screen-preload.ts). */
export const prefetch: Prefetch = (client, _params, search) => {
  if (search.size > 0) return;
  void client.prefetchQuery(
    listPageQuery(contract.supplier.selShopSupplierPage, supplierKeys.lists(), firstPageRequest({ kind: "purchase" })),
  );
};

/** `paths.shopSupplier()`: the suppliers this shop buys from. */
export function Component() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const canEdit = useHolds("shop.supplier.edit");
  return (
    <SupplierList
      kind="purchase"
      exportEntry={contract.supplier.exportShopSupplierList}
      canEdit={canEdit}
      title={t("supplier.purchaseTitle")}
      nameLabel={t("supplier.name")}
      addLabel={t("supplier.add")}
      emptyText={t("supplier.emptyPurchase")}
      columns={[
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
      ]}
      drawer={(editing, onClose) => <PurchaseDrawer editing={editing} onClose={onClose} />}
    />
  );
}
