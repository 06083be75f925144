import { orderWarehouse } from "@sbo/contract/orders-warehouse";
import { App, Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { download, formatBytes } from "@/platform/download";
import { useMayCall } from "@/platform/use-holds";

/**
 * "Export order lines": the order list's filters as they are, one row per order line (for a warehouse or an ERP),
 * beside the list's own per-order Export. Shown only to members holding the export function.
 */
export function LineExportButton({ filters }: { filters: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = useMayCall(orderWarehouse.exportOrderLines);
  const [received, setReceived] = useState<number | null>(null);
  if (!may) return null;
  const run = async () => {
    setReceived(0);
    try {
      await download(orderWarehouse.exportOrderLines, filters as never, {
        onProgress: (p) => setReceived(p.received),
        fallbackName: "order-lines.xlsx",
      });
      void message.success(t("print.exportedLines"));
    } catch {
      // download() already navigated or showed the notice.
    } finally {
      setReceived(null);
    }
  };
  return (
    <Button loading={received !== null} onClick={() => void run()}>
      {received !== null ? t("print.exportingLines", { size: formatBytes(received) }) : t("print.exportLines")}
    </Button>
  );
}
