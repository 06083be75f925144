import type { homeMessagesEn } from "./home.messages.en";

export const homeMessagesZh: typeof homeMessagesEn = {
  home: {
    title: "首页",
    greeting: "您好，{{name}}",
    organization: "组织",
    areas: "您的功能区",
    noAreas: "您的账户还没有任何功能区，请联系店主授权。",
    shop: "店铺",
    noShop: "该组织还没有店铺。",
    openShop: "去开店",
    shopStatus: { opening: "开店中", open: "营业中", closed: "已关闭" },
    brand: "品牌",
    status: "状态",
    weather: {
      title: "天气",
      titleAt: "{{place}}天气",
      notConfigured: "本系统尚未配置天气预报服务。",
      failed: "天气预报加载失败。",
      loading: "正在加载天气预报…",
      retry: "重试",
      temperature: "{{min}}–{{max}} °C",
      precipitation: "降水概率 {{chance}}%",
      condition: {
        clear: "晴",
        partlyCloudy: "少云",
        cloudy: "阴",
        fog: "雾",
        drizzle: "毛毛雨",
        rain: "雨",
        snow: "雪",
        showers: "阵雨",
        thunderstorm: "雷暴",
        unknown: "暂无预报",
      },
    },
  },
};
