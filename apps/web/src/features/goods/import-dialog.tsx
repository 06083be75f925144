import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import * as contract from "@sbo/contract/goods";
import { type ImportReportLine, importColumns } from "@sbo/contract/goods";
import { wordsOf } from "@sbo/contract/refusals";
import { Alert, App, Button, Descriptions, Modal, Progress, Space, Steps, Table, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/platform/api-client";
import { download } from "@/platform/download";
import { currentLanguage } from "@/platform/i18n";
import { uploadTo } from "@/platform/upload-file";
import { type ImportResult, useInvalidateGoods } from "./goods.api";

/** A template column's header in a language ("" is the whole row). */
export function columnLabel(key: string, lang: "en" | "zh"): string {
  const column = importColumns.find((c) => c.key === key);
  return column ? column[lang].replace(/\*$/, "") : "";
}

/** One report line in words: "Price must be a number", the column's header in place of {field}. */
export function problemText(line: ImportReportLine, lang: "en" | "zh", wholeRow: string): string {
  const field = columnLabel(line.field, lang) || wholeRow;
  return wordsOf(line.reason, lang, { ...(line.params ?? {}), field }) ?? line.reason;
}

type Phase = { step: "choose" } | { step: "checking" | "committing"; percent: number } | { step: "report"; result: ImportResult };

/**
 * Import goods from the template: the file is first checked (a dry run, nothing written) and its report shown
 * row by row (and as a sheet to download); the seller then imports the valid rows, all in one transaction.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLanguage();
  const invalidate = useInvalidateGoods();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: "choose" });
  const [failed, setFailed] = useState<string | null>(null);
  const [templating, setTemplating] = useState(false);

  const send = async (mode: "dryRun" | "commit") => {
    if (!file) return;
    setFailed(null);
    setPhase({ step: mode === "dryRun" ? "checking" : "committing", percent: 0 });
    try {
      const result = await uploadTo(
        contract.goods.importGoodsList,
        file,
        { mode },
        {
          notify: false,
          onProgress: (percent) => setPhase({ step: mode === "dryRun" ? "checking" : "committing", percent }),
        },
      );
      if (mode === "commit") {
        await invalidate();
        void message.success(t("goods.import.committed", { count: result.created, rows: result.validRows }));
        onClose();
        return;
      }
      setPhase({ step: "report", result });
    } catch (error) {
      setFailed(error instanceof ApiError ? error.msg : t("goods.import.failed"));
      setPhase({ step: "choose" });
    }
  };

  const template = async () => {
    setTemplating(true);
    try {
      await download(contract.goods.selGoodsTpl, {}, { fallbackName: t("goods.import.templateName") });
    } catch {
      // download() showed the refusal.
    } finally {
      setTemplating(false);
    }
  };

  const current = phase.step === "choose" ? 0 : phase.step === "checking" || phase.step === "report" ? 1 : 2;
  const result = phase.step === "report" ? phase.result : null;
  const busy = phase.step === "checking" || phase.step === "committing";

  return (
    <Modal
      open
      width={760}
      title={t("goods.import.title")}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </Button>
          {result ? (
            <Button onClick={() => setPhase({ step: "choose" })} disabled={busy}>
              {t("goods.import.another")}
            </Button>
          ) : null}
          {result ? (
            <Button type="primary" disabled={result.validRows === 0} onClick={() => void send("commit")}>
              {t("goods.import.commit", { count: result.validRows })}
            </Button>
          ) : (
            <Button type="primary" disabled={!file || busy} loading={phase.step === "checking"} onClick={() => void send("dryRun")}>
              {t("goods.import.check")}
            </Button>
          )}
        </Space>
      }
    >
      <Steps
        size="small"
        current={current}
        items={[{ title: t("goods.import.stepChoose") }, { title: t("goods.import.stepCheck") }, { title: t("goods.import.stepCommit") }]}
        style={{ marginBottom: 16 }}
      />
      {failed ? <Alert type="error" showIcon role="alert" title={failed} style={{ marginBottom: 12 }} /> : null}
      {phase.step === "choose" ? (
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Typography.Paragraph>{t("goods.import.help", { max: contract.MAX_IMPORT_ROWS })}</Typography.Paragraph>
          <Button icon={<DownloadOutlined />} loading={templating} onClick={() => void template()}>
            {t("goods.import.template")}
          </Button>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: "import", name: file.name, status: "done" }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t("goods.import.drop")}</p>
          </Upload.Dragger>
        </Space>
      ) : null}
      {busy ? (
        <div aria-live="polite">
          <Typography.Paragraph>
            {phase.percent < 100
              ? t("goods.import.uploading", { percent: phase.percent })
              : phase.step === "checking"
                ? t("goods.import.checking")
                : t("goods.import.committing")}
          </Typography.Paragraph>
          <Progress percent={phase.percent} status="active" aria-label={t("goods.import.progress")} />
        </div>
      ) : null}
      {result ? (
        <Space orientation="vertical" style={{ width: "100%" }}>
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
        </Space>
      ) : null}
    </Modal>
  );
}
