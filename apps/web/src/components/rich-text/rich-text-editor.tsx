import "./rich-text.css";
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { App, Button, Input, Modal, Tooltip } from "antd";
import { type CSSProperties, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/platform/api-client";
import { uploadFile } from "@/platform/upload-file";
import { useCountUpload } from "../uploads-running";
import type { RichTextProps } from "./rich-text-props";
import { type RichTextKey, richText } from "./rich-text-texts";

/** Links the server keeps (goods.sanitize.ts): http(s) and mailto only. */
const KEPT_LINK = /^(https?:\/\/|mailto:)/i;
/** What the seller types into the link box, as a link the server keeps (a bare host gets https://), or null. */
export function linkOf(typed: string): string | null {
  const v = typed.trim();
  if (!v) return null;
  if (KEPT_LINK.test(v)) return v;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return null; // another scheme (javascript:, ftp:, tel:…)
  if (/^[^\s/]+\.[^\s/]+/.test(v)) return `https://${v}`;
  return null;
}

/**
 * The editor's HTML as the field's value: an empty document is "" (not `<p></p>`), and the empty paragraph the
 * editor keeps after a closing list or image (so that the seller can write below it) is not sent.
 */
const htmlOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML().replace(/(<p><\/p>)+$/, ""));

/**
 * Only markup the server's allow-list keeps (apps/server/src/domains/goods/goods.sanitize.ts): paragraphs, h2/h3,
 * bold, italic, underline, strike, lists, quotes, rules, line breaks, http(s)/mailto links and images of the shop's
 * own uploads (`/files/<id>`: a pasted image from elsewhere is not taken in). Inline code and code blocks are off
 * (`code`/`pre` are not on the list).
 */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      isAllowedUri: (url) => KEPT_LINK.test(url),
    },
  }),
  Image.extend({ parseHTML: () => [{ tag: 'img[src^="/files/"]' }] }).configure({ allowBase64: false }),
];

function ToolButton({
  label,
  icon,
  pressed,
  disabled,
  onPress,
  children,
}: {
  label: string;
  icon?: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  onPress: () => void;
  children?: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={pressed ? "primary" : "text"}
        ghost={pressed}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        className="rich-text-button"
        // Keep the editor's selection when pressed with the mouse.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onPress}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/**
 * The rich-text editor (TipTap): a toolbar of labelled buttons (bold, italic, heading and subheading, bulleted and
 * numbered lists, link, image from the shop's uploads, undo, redo; each reachable by Tab, the toggles with
 * `aria-pressed`) over the editable area, which the field's label names. The value is an HTML string.
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
  id,
  disabled,
  imageUpload,
  minHeight = 160,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
}: RichTextProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language === "zh" ? "zh" : "en";
  const tx = (key: RichTextKey, params?: Record<string, string | number>) => richText(lang, key, params);
  const { message } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  // The HTML last sent up: a value coming back equal to it is the editor's own, not a new one to load.
  const sent = useRef(value ?? "");
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [link, setLink] = useState<{ url: string; bad: boolean } | null>(null);
  const linkInputId = useId();
  const changed = useRef(onChange);
  changed.current = onChange;
  const attributes = {
    role: "textbox",
    "aria-multiline": "true",
    "aria-label": label,
    class: "rich-text-content",
    ...(id ? { id } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(invalid === true || invalid === "true" ? { "aria-invalid": "true" } : {}),
  };

  // Options equal from render to render, so that the editor is not set again each time (TipTap compares them): the
  // attributes change with the label's language and the form item's help and error state, the content only loads once.
  const attributesKey = JSON.stringify(attributes);
  const editorProps = useMemo(() => ({ attributes: JSON.parse(attributesKey) as Record<string, string> }), [attributesKey]);
  const [initial] = useState(value ?? "");
  const editor = useEditor({
    extensions,
    content: initial,
    editable: !disabled,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      if (html === sent.current) return;
      sent.current = html;
      changed.current?.(html);
    },
  });

  // A value set from outside (a restored draft, a reset): load it without sending it back.
  useEffect(() => {
    const next = value ?? "";
    if (next === sent.current) return;
    sent.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [value, editor]);

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [disabled, editor]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const openLink = () => setLink({ url: (editor.getAttributes("link").href as string | undefined) ?? "", bad: false });
  const applyLink = () => {
    if (!link) return;
    const href = linkOf(link.url);
    if (link.url.trim() && !href) {
      setLink({ ...link, bad: true });
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (!href) chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive("link"))
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    setLink(null);
  };

  // The form does not submit while a picture is still being sent (it would be left out of the text).
  useCountUpload(uploading !== null);
  const upload = (file: File) => {
    const maxKb = imageUpload?.limits?.maxKb;
    if (maxKb && file.size > maxKb * 1024) {
      void message.error(tx("tooLarge", { size: Math.round((maxKb / 1024) * 10) / 10 }));
      return;
    }
    setUploading({ name: file.name, percent: 0 });
    uploadFile(file, {
      purpose: imageUpload?.purpose ?? "general",
      limits: imageUpload?.limits ?? { accept: ["image"] },
      notify: false,
      onProgress: (percent) => setUploading((u) => u && { ...u, percent }),
    })
      .then((f) => {
        setUploading(null);
        editor.chain().focus().setImage({ src: f.url, alt: f.name }).run();
      })
      .catch((error: unknown) => {
        setUploading(null);
        void message.error(error instanceof ApiError ? error.msg : tx("uploadFailed"));
      });
  };

  const off = Boolean(disabled);
  const run = (f: (e: Editor) => void) => () => f(editor);
  return (
    <div
      className={`rich-text${off ? " rich-text-disabled" : ""}${invalid ? " rich-text-invalid" : ""}`}
      style={{ "--rich-text-min-height": `${minHeight}px` } as CSSProperties}
    >
      <div role="toolbar" aria-label={tx("toolbar", { label })} aria-controls={id} className="rich-text-toolbar">
        <ToolButton
          label={tx("bold")}
          icon={<BoldOutlined />}
          pressed={state.bold}
          disabled={off}
          onPress={run((e) => e.chain().focus().toggleBold().run())}
        />
        <ToolButton
          label={tx("italic")}
          icon={<ItalicOutlined />}
          pressed={state.italic}
          disabled={off}
          onPress={run((e) => e.chain().focus().toggleItalic().run())}
        />
        <span className="rich-text-separator" aria-hidden />
        <ToolButton
          label={tx("heading2")}
          pressed={state.h2}
          disabled={off}
          onPress={run((e) => e.chain().focus().toggleHeading({ level: 2 }).run())}
        >
          H2
        </ToolButton>
        <ToolButton
          label={tx("heading3")}
          pressed={state.h3}
          disabled={off}
          onPress={run((e) => e.chain().focus().toggleHeading({ level: 3 }).run())}
        >
          H3
        </ToolButton>
        <span className="rich-text-separator" aria-hidden />
        <ToolButton
          label={tx("bulletList")}
          icon={<UnorderedListOutlined />}
          pressed={state.bullet}
          disabled={off}
          onPress={run((e) => e.chain().focus().toggleBulletList().run())}
        />
        <ToolButton
          label={tx("orderedList")}
          icon={<OrderedListOutlined />}
          pressed={state.ordered}
          disabled={off}
          onPress={run((e) => e.chain().focus().toggleOrderedList().run())}
        />
        <span className="rich-text-separator" aria-hidden />
        <ToolButton label={tx("link")} icon={<LinkOutlined />} pressed={state.link} disabled={off} onPress={openLink} />
        <ToolButton
          label={tx("image")}
          icon={<PictureOutlined />}
          disabled={off || uploading !== null}
          onPress={() => fileInput.current?.click()}
        />
        <span className="rich-text-separator" aria-hidden />
        <ToolButton
          label={tx("undo")}
          icon={<UndoOutlined />}
          disabled={off || !state.canUndo}
          onPress={run((e) => e.chain().focus().undo().run())}
        />
        <ToolButton
          label={tx("redo")}
          icon={<RedoOutlined />}
          disabled={off || !state.canRedo}
          onPress={run((e) => e.chain().focus().redo().run())}
        />
        <input
          ref={fileInput}
          type="file"
          hidden
          // The toolbar lays its children out with a display of its own, which beats the hidden attribute.
          style={{ display: "none" }}
          tabIndex={-1}
          aria-hidden
          accept="image/jpeg,image/png,image/gif,image/webp"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) upload(file);
          }}
        />
      </div>
      <EditorContent editor={editor} className="rich-text-area" />
      <div role="status" className="rich-text-status">
        {uploading ? tx("uploading", uploading) : null}
      </div>
      <Modal
        open={link !== null}
        title={tx("linkTitle")}
        okText={tx("linkSave")}
        cancelText={tx("linkCancel")}
        onOk={applyLink}
        onCancel={() => setLink(null)}
        destroyOnHidden
      >
        <label htmlFor={linkInputId} className="rich-text-link-label">
          {tx("linkUrl")}
        </label>
        <Input
          id={linkInputId}
          autoFocus
          inputMode="url"
          placeholder="https://"
          value={link?.url ?? ""}
          status={link?.bad ? "error" : undefined}
          aria-invalid={link?.bad || undefined}
          aria-describedby={`${linkInputId}-help`}
          onChange={(e) => setLink({ url: e.target.value, bad: false })}
          onPressEnter={applyLink}
        />
        <div
          id={`${linkInputId}-help`}
          className={link?.bad ? "rich-text-link-error" : "rich-text-link-help"}
          role={link?.bad ? "alert" : undefined}
        >
          {link?.bad ? tx("linkUrlBad") : tx("linkUrlHelp")}
        </div>
      </Modal>
    </div>
  );
}
