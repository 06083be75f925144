import type { downloadMessagesEn } from "./download.messages.en";

export const downloadMessagesZh: typeof downloadMessagesEn = {
  download: {
    title: "下载 App",
    latest: "最新版本",
    none: "尚未发布任何版本。",
    history: "历史版本",
    version: "版本号",
    releaseTitle: "标题",
    releasedAt: "发布时间",
    notes: "更新说明",
    historyEmpty: "没有更早的版本。",
  },
};
