import type { shopClosedMessagesEn } from "./shop-closed.messages.en";

export const shopClosedMessagesZh: typeof shopClosedMessagesEn = {
  shopClose: {
    title: "店铺已关闭",
    body: "店铺关闭期间，无法管理商品、订单和促销。",
    owner: "您可以立即重新开店。",
    staff: "请联系店主重新开店。",
    settings: "打开店铺设置",
  },
};
