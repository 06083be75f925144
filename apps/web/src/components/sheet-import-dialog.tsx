import { DownloadOutlined, InboxOutlined } from "@ant-design/icons";
import { wordsOf } from "@sbo/contract/refusals";
import { Alert, Button, Modal, Progress, Space, Steps, Typography, Upload } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/platform/api-client";

/** A template's column: its key, and its header in each language (a trailing * marks a required one). */
export interface SheetColumn {
  key: string;
  en: string;
  zh: string;
}

/** A column's header in a language, without the required mark ("" when the key is no column: the whole row). */
export function columnLabel(columns: readonly SheetColumn[], key: string, lang: "en" | "zh"): string {
  const column = columns.find((c) => c.key === key);
  return column ? column[lang].replace(/\*$/, "") : "";
}

/** One report line in words ("Price must be a number"), the column's header in place of {field}. */
export function reportLineText(
  columns: readonly SheetColumn[],
  line: { field: string; reason: string; params?: Record<string, string | number> | undefined },
  lang: "en" | "zh",
  wholeRow: string,
): string {
  const field = columnLabel(columns, line.field, lang) || wholeRow;
  return wordsOf(line.reason, lang, { ...(line.params ?? {}), field }) ?? line.reason;
}

/** What differs between one sheet flow and another, in the reader's language. */
export interface SheetImportWords {
  title: string;
  help: string;
  drop: string;
  /** The dry run's button. */
  check: string;
  /** The last step's name ("Import", "Ship"). */
  stepCommit: string;
  committing: string;
  /** The commit button, for this many valid rows. */
  commit: (count: number) => string;
  /** When the file could not be sent at all. */
  failed: string;
}

type Phase<R> = { step: "choose" } | { step: "checking" | "committing"; percent: number } | { step: "report"; result: R };

/**
 * The one "fill in the template and upload it" dialog (the goods import, batch shipping): download the template,
 * choose the file, a dry run (nothing written) whose report the feature draws, then the commit of the valid rows in
 * one go. Every step shows progress; a file that cannot be sent says so and lets the seller choose again.
 */
export function SheetImportDialog<R extends { mode: "dryRun" | "commit"; validRows: number }>(props: {
  words: SheetImportWords;
  width: number;
  /** Downloads the template (the feature's export entry). */
  template: () => Promise<unknown>;
  upload: (file: File, mode: "dryRun" | "commit", onProgress: (percent: number) => void) => Promise<R>;
  /** After a commit: answers whether the dialog closes (else the committed result's report shows). */
  afterCommit: (result: R) => Promise<boolean>;
  /** The report of a dry run or of a commit. */
  report: (result: R) => ReactNode;
  onClose: () => void;
}) {
  const { words, onClose } = props;
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase<R>>({ step: "choose" });
  const [failed, setFailed] = useState<string | null>(null);
  const [templating, setTemplating] = useState(false);

  const send = async (mode: "dryRun" | "commit") => {
    if (!file) return;
    setFailed(null);
    const step = mode === "dryRun" ? "checking" : "committing";
    setPhase({ step, percent: 0 });
    try {
      const result = await props.upload(file, mode, (percent) => setPhase({ step, percent }));
      if (mode === "commit" && (await props.afterCommit(result))) {
        onClose();
        return;
      }
      setPhase({ step: "report", result });
    } catch (error) {
      setFailed(error instanceof ApiError ? error.msg : words.failed);
      setPhase({ step: "choose" });
    }
  };

  const template = async () => {
    setTemplating(true);
    try {
      await props.template();
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

  return (
    <Modal
      open
      width={props.width}
      title={words.title}
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
              {t("sheetImport.another")}
            </Button>
          ) : null}
          {result && !committed ? (
            <Button type="primary" disabled={result.validRows === 0} onClick={() => void send("commit")}>
              {words.commit(result.validRows)}
            </Button>
          ) : null}
          {result ? null : (
            <Button type="primary" disabled={!file || busy} loading={phase.step === "checking"} onClick={() => void send("dryRun")}>
              {words.check}
            </Button>
          )}
        </Space>
      }
    >
      <Steps
        size="small"
        current={current}
        items={[{ title: t("sheetImport.stepChoose") }, { title: t("sheetImport.stepCheck") }, { title: words.stepCommit }]}
        style={{ marginBottom: 16 }}
      />
      {failed ? <Alert type="error" showIcon role="alert" title={failed} style={{ marginBottom: 12 }} /> : null}
      {phase.step === "choose" ? (
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Typography.Paragraph>{words.help}</Typography.Paragraph>
          <Button icon={<DownloadOutlined />} loading={templating} onClick={() => void template()}>
            {t("sheetImport.template")}
          </Button>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: "sheet", name: file.name, status: "done" }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{words.drop}</p>
          </Upload.Dragger>
        </Space>
      ) : null}
      {busy ? (
        <div aria-live="polite">
          <Typography.Paragraph>
            {phase.percent < 100
              ? t("sheetImport.uploading", { percent: phase.percent })
              : phase.step === "checking"
                ? t("sheetImport.checking")
                : words.committing}
          </Typography.Paragraph>
          <Progress percent={phase.percent} status="active" aria-label={t("sheetImport.progress")} />
        </div>
      ) : null}
      {result ? (
        <Space orientation="vertical" style={{ width: "100%" }}>
          {props.report(result)}
        </Space>
      ) : null}
    </Modal>
  );
}
