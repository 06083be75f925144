import type { UploadLimits } from "@/platform/upload-file";

/** Where the editor's images are uploaded: the purpose and limits of the field's own image uploads. */
export interface RichTextImageUpload {
  purpose: string;
  limits?: UploadLimits;
}

export interface RichTextProps {
  /** The HTML; "" when empty. */
  value?: string | null;
  onChange?: (html: string) => void;
  /** Names the editable area and its toolbar (the form item's label). */
  label: string;
  disabled?: boolean;
  /** Images the toolbar inserts are uploaded with these; without it, as general files. */
  imageUpload?: RichTextImageUpload;
  /** Set by Form.Item: the editable area gets the id, the help text and the error state. */
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
  /** The editable area's least height in pixels. */
  minHeight?: number;
}
