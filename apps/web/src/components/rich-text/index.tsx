import { Skeleton } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { RichTextProps } from "./rich-text-props";

export type { RichTextImageUpload, RichTextProps } from "./rich-text-props";

/**
 * The editor's code (TipTap and ProseMirror, with its own words) loads in its own chunk the first time an editor
 * is shown, never with the screen that holds it.
 */
const RichTextEditor = lazy(() => import("./rich-text-editor"));

function RichTextLoading({ minHeight }: { minHeight: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="rich-text-loading"
      style={{ minHeight: minHeight + 40 }}
      aria-busy="true"
      aria-label={t("common.loading")}
      role="status"
    >
      <Skeleton active title={false} paragraph={{ rows: 4 }} />
    </div>
  );
}

/** A form field of rich text (value: an HTML string the server's allow-list keeps); bind it to a Form.Item. */
export function RichTextField(props: RichTextProps) {
  const minHeight = props.minHeight ?? 160;
  return (
    <Suspense fallback={<RichTextLoading minHeight={minHeight} />}>
      <RichTextEditor {...props} minHeight={minHeight} />
    </Suspense>
  );
}
