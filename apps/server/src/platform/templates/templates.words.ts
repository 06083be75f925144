/**
 * The audit log's words for the platform's saved templates: what their calls do, and what a template row is, its
 * fields and their values, in English and Chinese. `domains/audit-words.ts` gathers them with every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditWords, f, w } from "../db/audit-words";

const { templates } = contract;

export const templatesWords: AuditWords = {
  calls: {
    [templates.addDataTemp.path]: w("Saved a template", "保存模板", "setup"),
    [templates.delDataTemp.path]: w("Deleted a saved template", "删除模板", "setup"),
  },
  records: {
    data_temp: {
      en: "Saved template",
      zh: "保存的模板",
      name: ["name"],
      hidden: ["member_id"],
      fields: {
        type: f("Kind", "模板类型", {
          kind: "enum",
          values: {
            "memberList.filters": w("Member list filters", "会员列表筛选条件"),
            "memberList.exportColumns": w("Member export columns", "会员导出列"),
          },
        }),
        name: f("Name", "模板名称"),
        content: f("Content", "内容", { kind: "json" }),
      },
    },
  },
};
