/**
 * The audit log's words for the content domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditWords, f, w, yesNo } from "../../platform/db/audit-words";

const { content } = contract;

export const contentWords: AuditWords = {
  calls: {
    [content.updWebContent.path]: w("Saved a custom content page", "保存自定义内容"),
  },
  records: {
    shop_content: {
      en: "Custom content",
      zh: "自定义内容",
      name: ["title"],
      route: "/transaction/cmsManage/edit?id=:id",
      hidden: ["shop_id", "text_length"],
      fields: {
        code: f("Code", "编码"),
        title: f("Title", "标题"),
        content: f("Text", "内容"),
        published: f("Published", "已发布", { kind: yesNo }),
      },
    },
  },
};
