/**
 * The audit log's words for the system domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w } from "../../platform/db/audit-words";

const { system, sellerSettings } = contract;

const FILE: AuditRef = { table: "stored_file", name: "name" };

export const systemWords: AuditWords = {
  calls: {
    [system.upload.path]: w("Uploaded a file", "上传文件", "setup"),
    [system.addFileList.path]: w("Attached files to a record", "为记录添加附件", "setup"),
    [sellerSettings.setByBoId.path]: w("Saved a setting", "保存设置项"),
    [sellerSettings.delByBoId.path]: w("Deleted a setting", "删除设置项"),
  },
  records: {
    seller_setting: {
      en: "Setting",
      zh: "设置项",
      name: ["key"],
      key: "key",
      recordedBy: "service",
      fields: {
        value: f("Value", "设置值", { kind: "json" }),
      },
    },
    file_attachment: {
      en: "Attached file",
      zh: "附件",
      name: { via: "file_id", ref: FILE },
      hidden: ["ref_id"],
      fields: {
        type: f("Kind", "文件类型", {
          kind: "enum",
          values: { image: w("Image", "图片"), pdf: w("PDF", "便携文档"), xlsx: w("Spreadsheet", "电子表格"), video: w("Video", "视频") },
        }),
        bus_type: f("Attached to", "所属记录", {
          kind: "enum",
          values: { goods: w("Goods", "商品"), advert: w("Advert", "广告位"), content: w("Custom content", "自定义内容") },
        }),
        file_id: f("File", "文件", { ref: FILE }),
        sort: f("Position in the list", "排序", { kind: "number" }),
      },
    },
    stored_file: {
      en: "File",
      zh: "文件",
      name: ["name"],
      hidden: ["member_id", "sha256", "list_sha256", "detail_sha256"],
      fields: {
        name: f("File name", "文件名"),
        content_type: f("Type", "文件类型"),
        size: f("Size (bytes)", "大小（字节）", { kind: "number" }),
        purpose: f("Purpose", "用途"),
      },
    },
  },
};
