import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { type BatchShipLine, batchShipColumns, MAX_BATCH_SHIP_ROWS, orderFulfil } from "@sbo/contract/orders-fulfil";
import { wordsOf } from "@sbo/contract/refusals";
import { Alert, App, Button, Descriptions, Modal, Progress, Space, Steps, Table, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/platform/api-client";
import { download } from "@/platform/download";
import { currentLanguage } from "@/platform/i18n";
import { uploadTo } from "@/platform/upload-file";
import { type BatchShipResult, useInvalidateFulfil } from "./fulfil.api";

/** One report line in words, the column's header in place of {field} (the goods import's way). */
export function batchLineText(line: BatchShipLine, lang: "en" | "zh", wholeRow: string): string {
  const column = batchShipColumns.find((c) => c.key === line.field);
  const field = column ? column[lang].replace(/\*$/, "") : wholeRow;
  return wordsOf(line.reason, lang, { ...(line.params ?? {}), field }) ?? line.reason;
}

type Phase = { step: "choose" } | { step: "checking" | "committing"; percent: number } | { step: "report"; result: BatchShipResult };

/**
 * Ship many orders from a sheet (order number, logistics company, tracking number): the sheet is first checked (a dry
 * run, nothing shipped) and each row's outcome shown; the seller then ships every valid row in one go.
 */
export function BatchShipDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLanguage();
  const invalidate = useInvalidateFulfil();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: "choose" });
  const [failed, setFailed] = useState<string | null>(null);
  const [templating, setTemplating] = useState(false);

  const send = async (mode: "dryRun" | "commit") => {
    if (!file) return;
    setFailed(null);
    const step = mode === "dryRun" ? "checking" : "committing";
    setPhase({ step, percent: 0 });
    try {
      const result = await uploadTo(
        orderFulfil.batchDeliveryByExcel,
        file,
        { mode },
        {
          notify: false,
          onProgress: (percent) => setPhase({ step, percent }),
        },
      );
      if (mode === "commit") {
        await invalidate();
        void message.success(t("fulfil.batch.done", { count: result.shipped }));
        const refused = result.report.filter((l) => l.outcome === "refused").length;
        if (refused) void message.warning(t("fulfil.batch.doneRefused", { count: refused }));
      }
      setPhase({ step: "report", result });
    } catch (error) {
      setFailed(error instanceof ApiError ? error.msg : t("fulfil.batch.failed"));
      setPhase({ step: "choose" });
    }
  };

  const template = async () => {
    setTemplating(true);
    try {
      await download(orderFulfil.batchDeliveryTemplate, {}, { fallbackName: t("fulfil.batch.templateName") });
    } catch {
      // download() showed the refusal.
    } finally {
      setTemplating(false);
    }
  };

  const result = phase.step === "report" ? phase.result : null;
  const committed = result?.mode === "commit";
  const current = phase.step === "choose" ? 0 : phase.step === "checking" || (result && !committed) ? 1 : 2;
  const busy = phase.step === "checking" || phase.step === "committing";
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

  return (
    <Modal
      open
      width={820}
      title={t("fulfil.batch.title")}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {committed ? t("common.ok") : t("common.cancel")}
          </Button>
          {result ? (
            <Button
              onClick={() => {
                setFile(null);
                setPhase({ step: "choose" });
              }}
              disabled={busy}
            >
              {t("fulfil.batch.another")}
            </Button>
          ) : null}
          {result && !committed ? (
            <Button type="primary" disabled={result.validRows === 0} onClick={() => void send("commit")}>
              {t("fulfil.batch.commit", { count: result.validRows })}
            </Button>
          ) : null}
          {result ? null : (
            <Button type="primary" disabled={!file || busy} loading={phase.step === "checking"} onClick={() => void send("dryRun")}>
              {t("fulfil.batch.check")}
            </Button>
          )}
        </Space>
      }
    >
      <Steps
        size="small"
        current={current}
        items={[{ title: t("fulfil.batch.stepChoose") }, { title: t("fulfil.batch.stepCheck") }, { title: t("fulfil.batch.stepCommit") }]}
        style={{ marginBottom: 16 }}
      />
      {failed ? <Alert type="error" showIcon role="alert" title={failed} style={{ marginBottom: 12 }} /> : null}
      {phase.step === "choose" ? (
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Typography.Paragraph>{t("fulfil.batch.help", { max: MAX_BATCH_SHIP_ROWS })}</Typography.Paragraph>
          <Button icon={<DownloadOutlined />} loading={templating} onClick={() => void template()}>
            {t("fulfil.batch.template")}
          </Button>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: "batch-ship", name: file.name, status: "done" }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t("fulfil.batch.drop")}</p>
          </Upload.Dragger>
        </Space>
      ) : null}
      {busy ? (
        <div aria-live="polite">
          <Typography.Paragraph>
            {phase.percent < 100
              ? t("fulfil.batch.uploading", { percent: phase.percent })
              : phase.step === "checking"
                ? t("fulfil.batch.checking")
                : t("fulfil.batch.committing")}
          </Typography.Paragraph>
          <Progress percent={phase.percent} status="active" aria-label={t("fulfil.batch.progress")} />
        </div>
      ) : null}
      {result ? (
        <Space orientation="vertical" style={{ width: "100%" }}>
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
                    {l.outcome === "refused" ? (
                      <Typography.Text>{batchLineText(l, lang, t("fulfil.batch.wholeRow"))}</Typography.Text>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </Space>
      ) : null}
    </Modal>
  );
}
