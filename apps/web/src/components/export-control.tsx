import { DownloadOutlined, SettingOutlined } from "@ant-design/icons";
import type { Call, InputOf } from "@sbo/contract/define";
import { App, Button, Space } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { download, formatBytes } from "@/platform/download";

// The columns dialog (its form, checkboxes and the saved sets' calls) loads when first opened, not with every list.
const ColumnsDialog = lazy(() => import("./export-columns-dialog"));

export interface ExportControlProps {
  /** A `download: true` entry taking the list's filters. */
  entry: Call;
  /** The export's input: the list's filters (the chosen columns are added here). */
  input: Record<string, unknown>;
  fallbackName?: string;
  /** No list on screen to export yet (its rows are loading). */
  waits?: boolean;
}

/**
 * A list's Export button. An export with a sheet (contract sheets.ts) also offers its columns: a "Columns" dialog to
 * choose and order them by their headers, save the choice under a name (a data template of kind
 * `<list>.exportColumns`, the member's own) and apply or delete a saved one. The choice holds for this visit of the
 * list; the file is streamed with its progress shown on the button.
 */
export function ExportControl({ entry, input, fallbackName, waits }: ExportControlProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [received, setReceived] = useState<number | null>(null);
  const [columns, setColumns] = useState<string[] | null>(null);
  const [choosing, setChoosing] = useState(false);
  const sheet = entry.sheet;
  const all = sheet ? Object.keys(sheet.headers) : [];
  const partial = columns !== null && columns.length < all.length;

  const run = async (chosen: string[] | null) => {
    setReceived(0);
    try {
      const withColumns = chosen && chosen.length < all.length ? { ...input, columns: chosen } : input;
      await download(entry, withColumns as InputOf<typeof entry>, { onProgress: (p) => setReceived(p.received), fallbackName });
      void message.success(t("list.exported"));
    } catch {
      // download() already navigated or showed the Notice dialog.
    } finally {
      setReceived(null);
    }
  };

  const exporting = received !== null;
  return (
    <Space.Compact>
      <Button
        icon={<DownloadOutlined />}
        loading={exporting}
        disabled={waits && !exporting}
        onClick={() => void run(columns)}
        aria-live="polite"
      >
        {exporting
          ? t("list.exporting", { size: formatBytes(received) })
          : partial
            ? t("exportColumns.exportSome", { count: columns.length })
            : t("list.export")}
      </Button>
      {sheet ? (
        <>
          <Button
            icon={<SettingOutlined />}
            aria-label={t("exportColumns.choose")}
            title={t("exportColumns.choose")}
            onClick={() => setChoosing(true)}
          />
          {choosing ? (
            <Suspense fallback={null}>
              <ColumnsDialog
                sheet={sheet}
                initial={columns ?? all}
                onCancel={() => setChoosing(false)}
                onExport={(chosen) => {
                  setChoosing(false);
                  setColumns(chosen);
                  void run(chosen);
                }}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </Space.Compact>
  );
}
