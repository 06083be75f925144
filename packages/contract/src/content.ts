import { z } from "zod";
import { id, instant, page, pageInput } from "./common";
import { read, seller, write } from "./define";
import { rule } from "./field-issues";
import { refusals } from "./refusals";

/*
 * Custom content (docs/domains/content.md): the seller's own rich-text pages (about the shop, a delivery notice, a
 * promotion page), each with a code unique in the shop by which the storefront asks for it. The HTML is sanitised on
 * the server by the goods description's allow-list (images only from the seller's own files).
 */

export const MAX_CONTENT_PAGES = 50;
export const MAX_CONTENT_TITLE = 60;
/** Characters of sanitised HTML a page may hold. */
export const MAX_CONTENT_HTML = 100_000;
/** The upload config of an image inserted into a page. */
export const CONTENT_IMAGE = { purpose: "content", accept: "image", maxKb: 2048 } as const;

export const contentRefusals = refusals("content", {
  notFound: { en: "That content page was not found", zh: "未找到该自定义内容" },
  tooMany: { en: "A shop has at most {max} content pages", zh: "一个店铺最多有 {max} 个自定义内容" },
  codeTaken: { en: "{field}: another page of your shop already has this code", zh: "{field}：本店已有使用该编码的内容" },
  code: {
    en: "{field} must be 2–32 lower-case letters, digits and dashes, starting with a letter",
    zh: "{field}须为 2–32 位小写字母、数字和短横线，以字母开头",
  },
  tooLong: { en: "{field} is too long once cleaned ({length} of {max} characters)", zh: "{field}过长（清理后 {length} 字符，最多 {max}）" },
  changedMeanwhile: {
    en: "Someone else saved this page at {updatedAt} after you opened it: reload it to see their changes",
    zh: "在您打开后，他人已于 {updatedAt} 保存了该内容，请刷新查看",
  },
});

const code = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,31}$/, rule(contentRefusals.code));

export const contentListItem = z.object({
  id,
  code: z.string(),
  title: z.string(),
  published: z.boolean(),
  /** Characters of its text without markup (what the list shows instead of the HTML). */
  textLength: z.int(),
  updatedAt: instant,
});
export type ContentListItem = z.infer<typeof contentListItem>;

export const contentDetail = contentListItem.extend({ content: z.string(), createdAt: instant });
export type ContentDetail = z.infer<typeof contentDetail>;

const view = { func: "shop.cms" } as const;
const edit = { func: "shop.cms.edit" } as const;
const base = (name: string) => seller(`/basic/cmsWebContent/${name}`);

export const content = {
  selWebContentListByParam: read({
    path: base("selWebContentListByParam"),
    summary:
      "A page of the shop's content pages, most recently changed first, by title or code, optionally only published or unpublished ones",
    access: view,
    input: pageInput({ keyword: z.string().trim().max(MAX_CONTENT_TITLE).optional(), published: z.boolean().optional() }),
    output: page(contentListItem),
  }),
  selWebContentById: read({
    path: base("selWebContentById"),
    summary: "One content page with its HTML",
    access: view,
    input: z.strictObject({ id }),
    output: contentDetail,
  }),
  updWebContent: write({
    path: base("updWebContent"),
    summary:
      "Save a content page: without id a new one (at most MAX_CONTENT_PAGES); with id the page, refused when it was saved by someone else since `updatedAt`. The HTML is sanitised (images only from the shop's own files)",
    access: edit,
    input: z.strictObject({
      id: id.optional(),
      /** The page's `updatedAt` as it was read: a save over someone else's newer one is refused. */
      updatedAt: instant.optional(),
      code,
      title: z.string().trim().min(1).max(MAX_CONTENT_TITLE),
      content: z.string().max(MAX_CONTENT_HTML * 2),
      published: z.boolean().default(true),
    }),
    output: contentDetail,
  }),
};
