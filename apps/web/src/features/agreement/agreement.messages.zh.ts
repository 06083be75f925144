import type { agreementMessagesEn } from "./agreement.messages.en";

export const agreementMessagesZh: typeof agreementMessagesEn = {
  agreement: {
    title: "协议",
    updatedAt: "更新于 {{date}}",
    missing: "无法加载此文本。",
    kind: { user: "用户协议", privacy: "隐私政策" },
  },
};
