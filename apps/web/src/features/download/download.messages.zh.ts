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
    download: "下载",
    get: "下载",
    getVersion: "下载 {{version}} 版本",
    scan: "用手机扫码下载",
    qr: "二维码",
    showQr: "显示 {{version}} 版本的二维码",
    qrLabel: "{{version}} 版本下载链接的二维码：{{url}}",
    noLink: "此版本尚未发布下载链接。",
    notOffered: "本服务器未提供 App 下载。",
    insteadBrowser: "App 能做的一切，都可以在浏览器里完成：订单、商品、售后等全部功能。",
    insteadPhone: "在手机上，用手机浏览器打开后台（扫描二维码）并登录即可：每个页面都适配手机。",
    insteadAsk: "如需 App 本身，请联系平台客服；登录后每个页面底部都有联系方式。",
    openHere: "扫码在手机上打开后台",
    openHereLabel: "本后台地址的二维码：{{url}}",
  },
};
