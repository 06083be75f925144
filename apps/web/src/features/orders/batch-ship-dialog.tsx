import { type BatchShipLine, batchShipColumns, MAX_BATCH_SHIP_ROWS, orderFulfil } from "@sbo/contract/orders-fulfil";
import { App, Descriptions, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { reportLineText, SheetImportDialog } from "@/components/sheet-import-dialog";
import { download } from "@/platform/download";
import { currentLanguage } from "@/platform/i18n";
import { uploadTo } from "@/platform/upload-file";
import { useWrite } from "@/platform/use-write";
import { type BatchShipResult, fulfilKeys } from "./fulfil.api";
import { orderKeys } from "./orders.api";

/** One report line in words, the column's header in place of {field}. */
export const batchLineText = (line: BatchShipLine, lang: "en" | "zh", wholeRow: string): string =>
  reportLineText(batchShipColumns, line, lang, wholeRow);

/** What a batch ship did or would do: the counts, then each row's outcome and, refused, why (from a sheet or a selection). */
export function BatchShipReport({ result }: { result: BatchShipResult }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const outcomeText = (l: BatchShipLine) =>
    l.outcome === "refused" ? (
      <Typography.Text type="danger" strong>
        {t("fulfil.batch.invalid")}
      </Typography.Text>
    ) : (
      <Typography.Text type="success" strong>
        {l.outcome === "shipped" ? t("fulfil.roundStatus.shipped") : t("fulfil.batch.valid")}
      </Typography.Text>
    );

  const committed = result.mode === "commit";
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={3}
        items={[
          { key: "rows", label: t("fulfil.batch.rows"), children: result.rows },
          {
            key: "valid",
            label: committed ? t("fulfil.roundStatus.shipped") : t("fulfil.batch.valid"),
            children: <Typography.Text type="success">{committed ? result.shipped : result.validRows}</Typography.Text>,
          },
          {
            key: "invalid",
            label: t("fulfil.batch.invalid"),
            children: (
              <Typography.Text type={result.invalidRows ? "danger" : undefined}>
                {result.report.filter((l) => l.outcome === "refused").length}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Table<BatchShipLine>
        size="small"
        rowKey={(l) => String(l.row)}
        dataSource={result.report}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        aria-label={t("fulfil.batch.report")}
        columns={[
          { key: "row", title: t("fulfil.batch.row"), dataIndex: "row", width: 70 },
          { key: "orderNo", title: t("fulfil.batch.orderNo"), dataIndex: "orderNo" },
          { key: "express", title: t("fulfil.batch.express"), dataIndex: "expressName" },
          { key: "trackingNo", title: t("fulfil.batch.trackingNo"), dataIndex: "trackingNo" },
          {
            key: "outcome",
            title: t("fulfil.batch.outcome"),
            render: (_, l) => (
              <Space orientation="vertical" size={0}>
                {outcomeText(l)}
                {l.outcome === "refused" ? <Typography.Text>{batchLineText(l, lang, t("fulfil.batch.wholeRow"))}</Typography.Text> : null}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/**
 * Ship many orders from a sheet (order number, logistics company, tracking number): the sheet is first checked (a dry
 * run, nothing shipped) and each row's outcome shown; the seller then ships every valid row in one go, and reads each
 * row's outcome.
 */
export function BatchShipDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const write = useWrite(orderKeys.all, fulfilKeys.all);
  return (
    <SheetImportDialog<BatchShipResult>
      width={820}
      words={{
        title: t("fulfil.batch.title"),
        help: t("fulfil.batch.help", { max: MAX_BATCH_SHIP_ROWS }),
        drop: t("fulfil.batch.drop"),
        check: t("fulfil.batch.check"),
        stepCommit: t("fulfil.batch.stepCommit"),
        committing: t("fulfil.batch.committing"),
        commit: (count) => t("fulfil.batch.commit", { count }),
        failed: t("fulfil.batch.failed"),
      }}
      template={() => download(orderFulfil.batchDeliveryTemplate, {}, { fallbackName: t("fulfil.batch.templateName") })}
      upload={(file, mode, onProgress) => uploadTo(orderFulfil.batchDeliveryByExcel, file, { mode }, { notify: false, onProgress })}
      afterCommit={async (result) => {
        await write.done(t("fulfil.batch.done", { count: result.shipped }));
        const refused = result.report.filter((l) => l.outcome === "refused").length;
        if (refused) void message.warning(t("fulfil.batch.doneRefused", { count: refused }));
        return false;
      }}
      report={(result) => <BatchShipReport result={result} />}
      onClose={onClose}
    />
  );
}
