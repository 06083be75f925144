import type { BulkRefused, BulkReport } from "@sbo/contract/bulk";
import { wordsOf } from "@sbo/contract/refusals";
import { Alert, Button, Modal, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { currentLanguage } from "@/platform/i18n";

/** A bulk action's report to show: its title ("Put on shelf"), what was done in words, and the server's report. */
export interface BulkOutcome {
  title: string;
  /** "2 items put on shelf" (the feature words its own action). */
  done: string;
  report: BulkReport;
}

/** Why a row was left as it was, in the reader's language (the reason's key when this build does not know it). */
export const bulkReasonText = (row: BulkRefused, lang: "en" | "zh"): string =>
  wordsOf(row.reason, lang, { name: row.name, ...(row.params ?? {}) }) ?? row.reason;

/**
 * What a bulk action on chosen rows did (contract bulk.ts): how many it changed, and each row it did not change by
 * name, with a link to it (`linkOf`; none for a row not found) and why, in the seller's words. A dialog that closes
 * with Close or Escape; the list pages show it when any row was left as it was.
 */
export function BulkReportDialog({
  outcome,
  linkOf,
  onClose,
}: {
  outcome: BulkOutcome | null;
  linkOf: (row: BulkRefused) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (!outcome) return null;
  const { report } = outcome;
  return (
    <Modal
      open
      title={outcome.title}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      className="bulk-report"
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          {t("bulkReport.close")}
        </Button>,
      ]}
    >
      <Alert type={report.done.length ? "success" : "info"} showIcon title={outcome.done} style={{ marginBottom: 12 }} />
      {report.refused.length ? (
        <>
          <Typography.Paragraph strong id="bulk-report-refused">
            {t("bulkReport.refused", { count: report.refused.length })}
          </Typography.Paragraph>
          <Table<BulkRefused>
            size="small"
            rowKey="id"
            aria-labelledby="bulk-report-refused"
            dataSource={report.refused}
            pagination={report.refused.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            scroll={{ x: "max-content" }}
            columns={[
              {
                key: "item",
                title: t("bulkReport.item"),
                render: (_, row) =>
                  row.name ? (
                    <Link to={linkOf(row)} onClick={onClose}>
                      {row.name}
                    </Link>
                  ) : (
                    <Typography.Text type="secondary">{t("bulkReport.notFound")}</Typography.Text>
                  ),
              },
              { key: "why", title: t("bulkReport.why"), render: (_, row) => bulkReasonText(row, lang) },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
