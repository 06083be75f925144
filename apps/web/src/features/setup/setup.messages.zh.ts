import type { setupMessagesEn } from "./setup.messages.en";

export const setupMessagesZh: typeof setupMessagesEn = {
  setup: {
    title: "设置",
    screens: "设置页面",
    noScreens: "您的账户没有可用的设置页面。",
    changePasswordDesc: "修改登录密码。",
  },
  audit: {
    title: "操作日志",
    at: "时间",
    member: "操作人",
    what: "操作",
    area: "模块",
    record: "对象",
    change: "变动",
    actionsColumn: "操作项",
    details: "详情",
    detailsOf: "{{at}} “{{what}}”的详情",
    more: "等 {{count}} 项",
    dateRange: "日期范围",
    empty: "尚无变更记录。",
    system: "系统",
    entry: "变更",
    field: "字段",
    before: "修改前",
    after: "修改后",
    noFields: "仅记录本身发生变动。",
    noRecords: "此次操作未改动任何记录。",
    truncated: "仅显示前 {{count}} 条记录，导出文件包含全部。",
    loadFailed: "无法加载该条记录。",
  },
};
