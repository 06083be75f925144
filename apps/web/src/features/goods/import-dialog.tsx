import { DownloadOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/goods";
import { type ImportReportLine, importColumns } from "@sbo/contract/goods";
import { Alert, App, Descriptions, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { columnLabel as labelOf, reportLineText, SheetImportDialog } from "@/components/sheet-import-dialog";
import { download } from "@/platform/download";
import { currentLanguage } from "@/platform/i18n";
import { uploadTo } from "@/platform/upload-file";
import { useWrite } from "@/platform/use-write";
import { goodsKeys, type ImportResult } from "./goods.api";

/** A template column's header in a language ("" is the whole row). */
export const columnLabel = (key: string, lang: "en" | "zh"): string => labelOf(importColumns, key, lang);

/** One report line in words: "Price must be a number", the column's header in place of {field}. */
export const problemText = (line: ImportReportLine, lang: "en" | "zh", wholeRow: string): string =>
  reportLineText(importColumns, line, lang, wholeRow);

/**
 * Import goods from the template: the file is first checked (a dry run, nothing written) and its report shown
 * row by row (and as a sheet to download); the seller then imports the valid rows, all in one transaction, as drafts.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLanguage();
  const write = useWrite(goodsKeys.all);

  const report = (result: ImportResult) => (
    <>
      <Descriptions
        size="small"
        bordered
        column={4}
        items={[
          { key: "rows", label: t("goods.import.rows"), children: result.rows },
          { key: "goods", label: t("goods.import.goods"), children: result.goods },
          {
            key: "valid",
            label: t("goods.import.valid"),
            children: <Typography.Text type="success">{result.validRows}</Typography.Text>,
          },
          {
            key: "invalid",
            label: t("goods.import.invalid"),
            children: <Typography.Text type={result.invalidRows ? "danger" : undefined}>{result.invalidRows}</Typography.Text>,
          },
        ]}
      />
      {result.report.length === 0 ? (
        <Alert type="success" showIcon title={t("goods.import.allValid")} />
      ) : (
        <>
          <Space wrap>
            <Typography.Text>{t("goods.import.reportHelp")}</Typography.Text>
            {result.reportFile ? (
              <a href={result.reportFile.url} download={result.reportFile.name}>
                <DownloadOutlined /> {t("goods.import.reportFile")}
              </a>
            ) : null}
          </Space>
          <Table<ImportReportLine>
            size="small"
            rowKey={(line) => `${line.row}:${line.field}:${line.reason}`}
            dataSource={result.report}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            aria-label={t("goods.import.report")}
            columns={[
              { key: "row", title: t("goods.import.row"), dataIndex: "row", width: 80 },
              {
                key: "field",
                title: t("goods.import.column"),
                width: 160,
                render: (_, line) => columnLabel(line.field, lang) || t("goods.import.wholeRow"),
              },
              {
                key: "problem",
                title: t("goods.import.problem"),
                render: (_, line) => problemText(line, lang, t("goods.import.wholeRow")),
              },
            ]}
          />
          {result.reportTruncated ? <Typography.Text type="secondary">{t("goods.import.truncated")}</Typography.Text> : null}
        </>
      )}
    </>
  );

  return (
    <SheetImportDialog<ImportResult>
      width={760}
      words={{
        title: t("goods.import.title"),
        help: t("goods.import.help", { max: contract.MAX_IMPORT_ROWS }),
        drop: t("goods.import.drop"),
        check: t("goods.import.check"),
        stepCommit: t("goods.import.stepCommit"),
        committing: t("goods.import.committing"),
        commit: (count) => t("goods.import.commit", { count }),
        failed: t("goods.import.failed"),
      }}
      template={() => download(contract.goods.selGoodsTpl, {}, { fallbackName: t("goods.import.templateName") })}
      upload={(file, mode, onProgress) => uploadTo(contract.goods.importGoodsList, file, { mode }, { notify: false, onProgress })}
      afterCommit={async (result) => {
        await write.done();
        void message.success(
          t("goods.import.committed", { count: result.created, rows: t("goods.import.rows", { count: result.validRows }) }),
        );
        return true;
      }}
      report={report}
      onClose={onClose}
    />
  );
}
