import type { InputOf } from "@sbo/contract/define";
import { organization } from "@sbo/contract/organization";
import type { SupplierItem } from "@sbo/contract/supplier";
import { supplier } from "@sbo/contract/supplier";
import { useTranslation } from "react-i18next";
import type { RowAction } from "@/components/row-actions";
import { call } from "@/platform/api-client";
import { queryKeys } from "@/platform/query-keys";
import { useWrite } from "@/platform/use-write";

/** The calls of the domains this file uses (their own modules, not the whole contract). */
const contract = { organization, supplier };

export const supplierKeys = {
  ...queryKeys("supplier"),
  members: (supplierId: string) => ["supplier", "members", supplierId] as const,
  staff: (supplierId: string) => ["supplier", "staff", supplierId] as const,
  orgs: (name: string) => ["supplier", "orgs", name] as const,
};

type UpdateInput = InputOf<typeof contract.supplier.updShopSupplierById>;

/** The full edit input of a supplier row, with some fields changed (enable/disable from the list). */
export function updateInputOf(s: SupplierItem, patch: { status?: SupplierItem["status"] } = {}): UpdateInput {
  const common = { id: s.id, status: patch.status ?? s.status, remark: s.remark, contactName: s.contactName, phone: s.phone };
  return s.kind === "purchase"
    ? {
        ...common,
        kind: "purchase",
        name: s.name,
        address: s.address,
        categoryIds: s.categoryIds,
        settlement: s.settlement ?? "cash",
        supplierBoId: s.supplierBoId,
      }
    : { ...common, kind: "authorised", validFrom: s.validFrom ?? "", validTo: s.validTo };
}

/** A row's edit, enable/disable and delete (confirmed), with the list refreshed after each. */
export function useSupplierActions() {
  const { t } = useTranslation();
  const refresh = useWrite(supplierKeys.all).done;
  return (s: SupplierItem, onEdit: () => void): RowAction[] => [
    { key: "edit", label: t("supplier.edit"), ariaLabel: `${t("supplier.edit")}: ${s.name}`, onClick: onEdit },
    {
      key: "toggle",
      label: s.status === "enabled" ? t("supplier.disable") : t("supplier.enable"),
      ariaLabel: `${s.status === "enabled" ? t("supplier.disable") : t("supplier.enable")}: ${s.name}`,
      onClick: async () => {
        await call(contract.supplier.updShopSupplierById, updateInputOf(s, { status: s.status === "enabled" ? "disabled" : "enabled" }));
        await refresh(t("supplier.saved"));
      },
    },
    {
      key: "delete",
      label: t("supplier.delete"),
      ariaLabel: `${t("supplier.delete")}: ${s.name}`,
      danger: true,
      confirm: {
        title: t("supplier.confirmDelete", { name: s.name }),
        description: s.memberCount ? t("supplier.confirmDeleteMembers", { count: s.memberCount }) : undefined,
      },
      onClick: async () => {
        await call(contract.supplier.delShopSupplierById, { id: s.id });
        await refresh(t("supplier.deleted"));
      },
    },
  ];
}
