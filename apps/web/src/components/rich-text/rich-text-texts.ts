import { componentTexts, type TextKey } from "@/platform/i18n";

/**
 * The rich-text editor's own words, in both languages. They travel in the editor's lazy chunk (not in the shared
 * texts every first screen loads), as the map's do.
 */
export const richTextTextsEn = {
  toolbar: "Formatting: {{label}}",
  bold: "Bold",
  italic: "Italic",
  // A button showing text (H2, H3) has it as a word of its name (axe: label-content-name-mismatch; not in brackets,
  // which axe leaves out).
  heading2: "Heading H2",
  heading3: "Subheading H3",
  bulletList: "Bulleted list",
  orderedList: "Numbered list",
  link: "Link",
  image: "Insert image",
  undo: "Undo",
  redo: "Redo",
  linkTitle: "Link",
  linkUrl: "Web address",
  linkUrlHelp: "Starts with http://, https:// or mailto:. Leave it empty to remove the link.",
  linkUrlBad: "Enter a web address starting with http://, https:// or mailto:",
  linkSave: "Apply",
  linkCancel: "Cancel",
  uploading: "Uploading {{name}}: {{percent}}%",
  uploadFailed: "The image could not be uploaded",
  tooLarge: "The image is larger than {{size}} MB",
};

export type RichTextTexts = typeof richTextTextsEn;

export const richTextTextsZh: RichTextTexts = {
  toolbar: "格式工具：{{label}}",
  bold: "加粗",
  italic: "斜体",
  heading2: "标题 H2",
  heading3: "小标题 H3",
  bulletList: "项目符号列表",
  orderedList: "编号列表",
  link: "链接",
  image: "插入图片",
  undo: "撤销",
  redo: "重做",
  linkTitle: "链接",
  linkUrl: "网址",
  linkUrlHelp: "以 http://、https:// 或 mailto: 开头；留空则移除链接。",
  linkUrlBad: "请输入以 http://、https:// 或 mailto: 开头的网址",
  linkSave: "确定",
  linkCancel: "取消",
  uploading: "正在上传 {{name}}：{{percent}}%",
  uploadFailed: "图片上传失败",
  tooLarge: "图片超过 {{size}} MB",
};

export type RichTextKey = TextKey<RichTextTexts>;

/** One editor text in `lang`, with `{{name}}` filled from `params`. */
export const richText = componentTexts("richTextEditor", { en: richTextTextsEn, zh: richTextTextsZh });
