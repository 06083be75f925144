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
    call: "接口",
    table: "数据表",
    target: "记录",
    action: "操作",
    diff: "变更",
    dateRange: "日期范围",
    empty: "尚无变更记录。",
    actions: { insert: "新增", update: "修改", delete: "删除" },
    system: "系统",
  },
};
