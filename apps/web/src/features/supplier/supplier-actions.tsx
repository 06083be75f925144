import type { SupplierItem } from "@sbo/contract/supplier";
import { Badge } from "antd";
import { useTranslation } from "react-i18next";

export function StatusTag({ status }: { status: SupplierItem["status"] }) {
  const { t } = useTranslation();
  // A dot and plain text: coloured tag text is too faint to read (contrast below 4.5:1).
  return <Badge status={status === "enabled" ? "success" : "default"} text={t(`supplier.statuses.${status}`)} />;
}
