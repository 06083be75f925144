import type { contentEn } from "./content.messages.en";

/** 自定义内容页面的文字（中文）。 */
export const contentZh: typeof contentEn = {
  title: "自定义广告",
  empty: "暂无自定义内容",
  loadFailed: "自定义内容加载失败",
  add: "新建内容",
  edit: "编辑",
  addTitle: "新建自定义内容",
  editTitle: "编辑{{title}}",
  saved: "已保存{{title}}",
  save: "保存",
  published: "已发布",
  unpublished: "未发布",
  limit: "一个店铺最多 {{max}} 个自定义内容。",
  chars_one: "{{count}} 字",
  chars_other: "{{count}} 字",
  fields: {
    keyword: "标题或编码",
    code: "编码",
    codeHelp: "店铺前台按编码读取：小写字母、数字和短横线",
    title: "标题",
    content: "内容",
    published: "发布",
    length: "字数",
    updatedAt: "最后保存",
    actions: "操作",
  },
  publishedFilter: { yes: "已发布", no: "未发布" },
};
