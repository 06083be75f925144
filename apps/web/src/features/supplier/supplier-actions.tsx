import type { SupplierItem } from "@sbo/contract/supplier";
import { Badge, Button, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSupplierActions } from "./supplier.api";

export function StatusTag({ status }: { status: SupplierItem["status"] }) {
  const { t } = useTranslation();
  // A dot and plain text: coloured tag text is too faint to read (contrast below 4.5:1).
  return <Badge status={status === "enabled" ? "success" : "default"} text={t(`supplier.statuses.${status}`)} />;
}

/** A row's buttons: any extra ones, then edit, enable/disable and delete (with confirmation). */
export function SupplierActions({ supplier, onEdit, extra }: { supplier: SupplierItem; onEdit: () => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  const actions = useSupplierActions();
  const label = (action: string) => `${action}: ${supplier.name}`;
  return (
    <Space wrap>
      {extra}
      <Button size="small" onClick={onEdit} aria-label={label(t("supplier.edit"))}>
        {t("supplier.edit")}
      </Button>
      <Button size="small" onClick={() => void actions.toggle(supplier)}>
        {supplier.status === "enabled" ? t("supplier.disable") : t("supplier.enable")}
      </Button>
      <Button size="small" danger onClick={() => actions.remove(supplier)} aria-label={label(t("supplier.delete"))}>
        {t("supplier.delete")}
      </Button>
    </Space>
  );
}
