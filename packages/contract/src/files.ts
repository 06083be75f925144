import { refusals } from "./refusals";

/** Uploaded files (the system domain's upload call and GET /files/:id). */
export const fileRefusals = refusals("file", {
  typeNotAccepted: {
    en: "is not an accepted kind of file (JPEG, PNG, GIF or WebP images, PDF, .xlsx, MP4, WebM)",
    zh: "不是可接受的文件类型（JPEG、PNG、GIF、WebP 图片，PDF，.xlsx，MP4，WebM）",
  },
  tooLarge: { en: "is larger than 10 MB", zh: "超过 10 MB" },
  // What the upload's config asks of this one file (e.g. goods images: pictures of at least 480 × 480 pixels).
  kindNotAccepted: { en: "is not a kind of file this field accepts", zh: "不是此处可接受的文件类型" },
  largerThan: { en: "is larger than {kb} KB", zh: "超过 {kb} KB" },
  imageTooSmall: {
    en: "is {width} × {height} pixels; at least {minWidth} × {minHeight} are needed",
    zh: "为 {width} × {height} 像素，至少需要 {minWidth} × {minHeight}",
  },
  imageTooLarge: {
    en: "is {width} × {height} pixels; at most {maxWidth} × {maxHeight} are accepted",
    zh: "为 {width} × {height} 像素，最大可接受 {maxWidth} × {maxHeight}",
  },
  imageSizeUnknown: { en: "is an image whose size in pixels cannot be read", zh: "是无法读取像素尺寸的图片" },
  // Decoded in full before it is kept (issue 23): bytes that only start like an image, or one too large to decode.
  imageUnreadable: { en: "is not an image that can be read (damaged or incomplete)", zh: "不是可读取的图片（已损坏或不完整）" },
  imageTooManyPixels: {
    en: "has more than {megapixels} million pixels; please send a smaller picture",
    zh: "超过 {megapixels} 百万像素，请上传较小的图片",
  },
});

/**
 * The sizes an uploaded image is served in besides its original: `list` (400 px long edge, for tables, cards and
 * thumbnails) and `detail` (1200 px), both WebP (docs/domains/platform.md, Images).
 */
export const imageSizes = ["list", "detail"] as const;
export type ImageSize = (typeof imageSizes)[number];

/** A stored file as the seller's screens load it (`/files/:id`, the organisation's own); an image in a rendition. */
export const fileUrl = (id: string, size?: ImageSize) => `/files/${encodeURIComponent(id)}${size ? `?size=${size}` : ""}`;

/**
 * An image anyone may load, without logging in, while it shows on something buyers see (goods on shelf, live
 * adverts): the buyer API names images by this URL. Only the renditions are public, never the original upload.
 */
export const publicImageUrl = (id: string, size: ImageSize) => `/files/public/${encodeURIComponent(id)}?size=${size}`;

/**
 * Files attached to a business record (`/api/basic/system/addFileList`, `selByTypeBusTypeRefId`): the record's kind,
 * and per kind the functions that read and attach (the record must be the organisation's).
 */
export const attachmentBusTypes = {
  goods: { view: "goods.manage", edit: "goods.manage.edit" },
  advert: { view: "shop.advert", edit: "shop.advert.edit" },
  content: { view: "shop.cms", edit: "shop.cms.edit" },
} as const;
export type AttachmentBusType = keyof typeof attachmentBusTypes;
/** Files one record keeps at most. */
export const MAX_ATTACHED_FILES = 20;

export const attachmentRefusals = refusals("attachment", {
  recordNotFound: { en: "{field}: no such record of your organisation", zh: "{field}：本组织没有该记录" },
  fileNotYours: { en: "{field}: file {id} is not one your organisation uploaded", zh: "{field}：文件 {id} 不是本组织上传的" },
  wrongKind: { en: "{field}: file {id} is not of the kind {type}", zh: "{field}：文件 {id} 不是 {type} 类型" },
  tooMany: {
    en: "A record keeps at most {max} files: it has {count}, and {adding} more were sent",
    zh: "一条记录最多 {max} 个文件：已有 {count} 个，又添加 {adding} 个",
  },
});
