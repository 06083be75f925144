import { UploadOutlined } from "@ant-design/icons";
import { App, Button, Modal, Upload, type UploadFile, type UploadProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/platform/api-client";
import { type UploadLimits, uploadFile } from "@/platform/upload-file";
import { listSizeUrl } from "./thumbnail";
import { useCountUpload } from "./uploads-running";

/** The value a form field holds for one uploaded file. */
export interface UploadValue {
  id: string;
  url: string;
  name: string;
}

export interface FileUploadProps {
  value?: UploadValue | null;
  onChange?: (value: UploadValue | null) => void;
  /** Tells the server what the file is for (`contract.system.upload` input). */
  purpose?: string;
  /** What the server checks the file against (kinds, size, an image's pixels). */
  limits?: UploadLimits;
  accept?: string;
  /** The server's own limit is 10 MB. */
  maxSizeMB?: number;
  /** Show a picture card with a preview instead of a file name. */
  image?: boolean;
  disabled?: boolean;
  /** Set by Form.Item so its label points at the button. */
  id?: string;
  "aria-label"?: string;
  /** Sends the file somewhere else than the platform's upload call (e.g. a video library's own upload). */
  send?: (file: File, onProgress: (percent: number) => void) => Promise<UploadValue>;
}

type Pending = { uid: string; name: string; percent: number; status: "uploading" | "error" };

/** One file, uploaded through `contract.system.upload`; bind it to a Form.Item. */
export function FileUpload({
  value,
  onChange,
  purpose = "general",
  limits,
  accept,
  maxSizeMB = 10,
  image = false,
  disabled,
  id,
  "aria-label": ariaLabel,
  send,
}: FileUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pending, setPending] = useState<Pending | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  // The form holding the field does not submit while the file is being sent.
  useCountUpload(pending?.status === "uploading");

  const fileList: UploadFile[] = pending
    ? [{ uid: pending.uid, name: pending.name, status: pending.status, percent: pending.percent }]
    : value
      ? [{ uid: value.id, name: value.name, status: "done", url: value.url, thumbUrl: listSizeUrl(value.url) }]
      : [];

  const customRequest: UploadProps["customRequest"] = ({ file }) => {
    if (!(file instanceof File)) return;
    const uid = `pending-${Date.now()}`;
    setPending({ uid, name: file.name, percent: 0, status: "uploading" });
    const onProgress = (percent: number) => setPending((p) => p && { ...p, percent });
    (send ? send(file, onProgress) : uploadFile(file, { purpose, limits, notify: false, onProgress }))
      .then((uploaded) => {
        setPending(null);
        onChange?.({ id: uploaded.id, url: uploaded.url, name: uploaded.name });
      })
      .catch((error: unknown) => {
        setPending((p) => p && { ...p, status: "error" });
        void message.error(error instanceof ApiError ? error.msg : t("upload.failed"));
      });
  };

  const beforeUpload: UploadProps["beforeUpload"] = (file) => {
    if (file.size > maxSizeMB * 1024 * 1024) {
      void message.error(t("upload.tooLarge", { size: maxSizeMB }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const trigger =
    fileList.length > 0 && image ? null : image ? (
      <button type="button" className="upload-card-trigger" id={id} aria-label={ariaLabel} disabled={disabled}>
        <UploadOutlined aria-hidden />
        <span>{t("upload.choose")}</span>
      </button>
    ) : (
      <Button icon={<UploadOutlined />} id={id} aria-label={ariaLabel} disabled={disabled}>
        {value ? t("upload.replace") : t("upload.choose")}
      </Button>
    );

  return (
    <>
      <Upload
        accept={accept}
        listType={image ? "picture-card" : "text"}
        fileList={fileList}
        maxCount={1}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onPreview={() => (image ? setPreviewOpen(true) : value && window.open(value.url, "_blank", "noopener"))}
        onRemove={() => {
          setPending(null);
          onChange?.(null);
        }}
        showUploadList={{ showPreviewIcon: true, showRemoveIcon: !disabled }}
        hasControlInside
      >
        {trigger}
      </Upload>
      {image && value ? (
        <Modal open={previewOpen} title={value.name} footer={null} onCancel={() => setPreviewOpen(false)}>
          <img src={value.url} alt={value.name} style={{ width: "100%" }} />
        </Modal>
      ) : null}
    </>
  );
}
