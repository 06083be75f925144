import type { advertEn } from "../features/advert/advert.messages.en";
import type { afterSaleEn } from "../features/aftersale/aftersale.messages.en";
import type { agreementMessagesEn } from "../features/agreement/agreement.messages.en";
import type { contentEn } from "../features/content/content.messages.en";
import type { couponEn } from "../features/coupon/coupon.messages.en";
import type { dashboardEn } from "../features/dashboard/dashboard.messages.en";
import type { downloadMessagesEn } from "../features/download/download.messages.en";
import type { evaluationEn } from "../features/evaluation/evaluation.messages.en";
import type { financeEn } from "../features/finance/finance.messages.en";
import type { freightEn } from "../features/freight/freight.messages.en";
import type { goodsEn } from "../features/goods/goods.messages.en";
import type { homeMessagesEn } from "../features/home/home.messages.en";
import type { invoiceEn } from "../features/invoice/invoice.messages.en";
import type { loginMessagesEn } from "../features/login/login.messages.en";
import type { mediaEn } from "../features/media/media.messages.en";
import type { memberEn } from "../features/member/member.messages.en";
import type { fulfilEn } from "../features/orders/fulfil.messages.en";
import type { ordersEn } from "../features/orders/orders.messages.en";
import type { printEn } from "../features/orders/print.messages.en";
import type { promotionEn } from "../features/promotion/promotion.messages.en";
import type { purchaseEn } from "../features/purchase/purchase.messages.en";
import type { recommendEn } from "../features/recommend/recommend.messages.en";
import type { setupMessagesEn } from "../features/setup/setup.messages.en";
import type { addressEn } from "../features/shop/address.messages.en";
import type { shopEn } from "../features/shop/shop.messages.en";
import type { shopClosedMessagesEn } from "../features/shop/shop-closed.messages.en";
import type { shopCategoryEn } from "../features/shop-category/shop-category.messages.en";
import type { staffEn } from "../features/staff/staff.messages.en";
import type { statementEn } from "../features/statement/statement.messages.en";
import type { supplierEn } from "../features/supplier/supplier.messages.en";
import type { Messages as Shared } from "../locales/en";
import type { Bundle } from "../platform/messages";

/**
 * Each feature's texts as a bundle its routes load (`app/routes.ts`). Relative imports only: a Node
 * script reaches this file through the route table.
 */
export const bundles = {
  advert: {
    en: () => import("../features/advert/advert.messages.en").then((m) => ({ advert: m.advertEn })),
    zh: () => import("../features/advert/advert.messages.zh").then((m) => ({ advert: m.advertZh })),
  },
  content: {
    en: () => import("../features/content/content.messages.en").then((m) => ({ content: m.contentEn })),
    zh: () => import("../features/content/content.messages.zh").then((m) => ({ content: m.contentZh })),
  },
  afterSale: {
    en: () => import("../features/aftersale/aftersale.messages.en").then((m) => ({ afterSale: m.afterSaleEn })),
    zh: () => import("../features/aftersale/aftersale.messages.zh").then((m) => ({ afterSale: m.afterSaleZh })),
  },
  agreement: {
    en: () => import("../features/agreement/agreement.messages.en").then((m) => m.agreementMessagesEn),
    zh: () => import("../features/agreement/agreement.messages.zh").then((m) => m.agreementMessagesZh),
  },
  download: {
    en: () => import("../features/download/download.messages.en").then((m) => m.downloadMessagesEn),
    zh: () => import("../features/download/download.messages.zh").then((m) => m.downloadMessagesZh),
  },
  evaluation: {
    en: () => import("../features/evaluation/evaluation.messages.en").then((m) => ({ evaluation: m.evaluationEn })),
    zh: () => import("../features/evaluation/evaluation.messages.zh").then((m) => ({ evaluation: m.evaluationZh })),
  },
  freight: {
    en: () => import("../features/freight/freight.messages.en").then((m) => ({ freight: m.freightEn })),
    zh: () => import("../features/freight/freight.messages.zh").then((m) => ({ freight: m.freightZh })),
  },
  goods: {
    en: () => import("../features/goods/goods.messages.en").then((m) => ({ goods: m.goodsEn })),
    zh: () => import("../features/goods/goods.messages.zh").then((m) => ({ goods: m.goodsZh })),
  },
  home: {
    en: () => import("../features/home/home.messages.en").then((m) => m.homeMessagesEn),
    zh: () => import("../features/home/home.messages.zh").then((m) => m.homeMessagesZh),
  },
  login: {
    en: () => import("../features/login/login.messages.en").then((m) => m.loginMessagesEn),
    zh: () => import("../features/login/login.messages.zh").then((m) => m.loginMessagesZh),
  },
  member: {
    en: () => import("../features/member/member.messages.en").then((m) => ({ member: m.memberEn })),
    zh: () => import("../features/member/member.messages.zh").then((m) => ({ member: m.memberZh })),
  },
  orders: {
    en: () =>
      Promise.all([
        import("../features/orders/orders.messages.en"),
        import("../features/orders/fulfil.messages.en"),
        import("../features/orders/print.messages.en"),
      ]).then(([m, f, p]) => ({
        orders: m.ordersEn,
        fulfil: f.fulfilEn,
        print: p.printEn,
      })),
    zh: () =>
      Promise.all([
        import("../features/orders/orders.messages.zh"),
        import("../features/orders/fulfil.messages.zh"),
        import("../features/orders/print.messages.zh"),
      ]).then(([m, f, p]) => ({
        orders: m.ordersZh,
        fulfil: f.fulfilZh,
        print: p.printZh,
      })),
  },
  recommend: {
    en: () => import("../features/recommend/recommend.messages.en").then((m) => ({ recommend: m.recommendEn })),
    zh: () => import("../features/recommend/recommend.messages.zh").then((m) => ({ recommend: m.recommendZh })),
  },
  shopCategory: {
    en: () => import("../features/shop-category/shop-category.messages.en").then((m) => ({ shopCategory: m.shopCategoryEn })),
    zh: () => import("../features/shop-category/shop-category.messages.zh").then((m) => ({ shopCategory: m.shopCategoryZh })),
  },
  setup: {
    en: () => import("../features/setup/setup.messages.en").then((m) => m.setupMessagesEn),
    zh: () => import("../features/setup/setup.messages.zh").then((m) => m.setupMessagesZh),
  },
  shop: {
    en: async () => {
      const [shop, address, closed] = await Promise.all([
        import("../features/shop/shop.messages.en"),
        import("../features/shop/address.messages.en"),
        import("../features/shop/shop-closed.messages.en"),
      ]);
      return { shop: shop.shopEn, address: address.addressEn, ...closed.shopClosedMessagesEn };
    },
    zh: async () => {
      const [shop, address, closed] = await Promise.all([
        import("../features/shop/shop.messages.zh"),
        import("../features/shop/address.messages.zh"),
        import("../features/shop/shop-closed.messages.zh"),
      ]);
      return { shop: shop.shopZh, address: address.addressZh, ...closed.shopClosedMessagesZh };
    },
  },
  staff: {
    en: () => import("../features/staff/staff.messages.en").then((m) => ({ staff: m.staffEn })),
    zh: () => import("../features/staff/staff.messages.zh").then((m) => ({ staff: m.staffZh })),
  },
  supplier: {
    en: () => import("../features/supplier/supplier.messages.en").then((m) => ({ supplier: m.supplierEn })),
    zh: () => import("../features/supplier/supplier.messages.zh").then((m) => ({ supplier: m.supplierZh })),
  },
  coupon: {
    en: () => import("../features/coupon/coupon.messages.en").then((m) => ({ coupon: m.couponEn })),
    zh: () => import("../features/coupon/coupon.messages.zh").then((m) => ({ coupon: m.couponZh })),
  },
  invoice: {
    en: () => import("../features/invoice/invoice.messages.en").then((m) => ({ invoice: m.invoiceEn })),
    zh: () => import("../features/invoice/invoice.messages.zh").then((m) => ({ invoice: m.invoiceZh })),
  },
  purchase: {
    en: () => import("../features/purchase/purchase.messages.en").then((m) => ({ purchase: m.purchaseEn })),
    zh: () => import("../features/purchase/purchase.messages.zh").then((m) => ({ purchase: m.purchaseZh })),
  },
  statement: {
    en: () => import("../features/statement/statement.messages.en").then((m) => ({ statement: m.statementEn })),
    zh: () => import("../features/statement/statement.messages.zh").then((m) => ({ statement: m.statementZh })),
  },
  finance: {
    en: () => import("../features/finance/finance.messages.en").then((m) => ({ finance: m.financeEn })),
    zh: () => import("../features/finance/finance.messages.zh").then((m) => ({ finance: m.financeZh })),
  },
  dashboard: {
    en: () => import("../features/dashboard/dashboard.messages.en").then((m) => ({ dashboard: m.dashboardEn })),
    zh: () => import("../features/dashboard/dashboard.messages.zh").then((m) => ({ dashboard: m.dashboardZh })),
  },
  media: {
    en: () => import("../features/media/media.messages.en").then((m) => ({ media: m.mediaEn })),
    zh: () => import("../features/media/media.messages.zh").then((m) => ({ media: m.mediaZh })),
  },
  promotion: {
    en: () => import("../features/promotion/promotion.messages.en").then((m) => ({ promotion: m.promotionEn })),
    zh: () => import("../features/promotion/promotion.messages.zh").then((m) => ({ promotion: m.promotionZh })),
  },
} satisfies Record<string, Bundle>;

/** Every text key of the app: the shared texts and each feature's (for typed `t()`). */
export type Messages = Shared &
  typeof agreementMessagesEn &
  typeof downloadMessagesEn &
  typeof homeMessagesEn &
  typeof loginMessagesEn &
  typeof setupMessagesEn &
  typeof shopClosedMessagesEn & {
    member: typeof memberEn;
    goods: typeof goodsEn;
    freight: typeof freightEn;
    shop: typeof shopEn;
    address: typeof addressEn;
    staff: typeof staffEn;
    supplier: typeof supplierEn;
    shopCategory: typeof shopCategoryEn;
    recommend: typeof recommendEn;
    orders: typeof ordersEn;
    fulfil: typeof fulfilEn;
    print: typeof printEn;
    invoice: typeof invoiceEn;
    coupon: typeof couponEn;
    evaluation: typeof evaluationEn;
    afterSale: typeof afterSaleEn;
    advert: typeof advertEn;
    content: typeof contentEn;
    statement: typeof statementEn;
    purchase: typeof purchaseEn;
    dashboard: typeof dashboardEn;
    finance: typeof financeEn;
    promotion: typeof promotionEn;
    media: typeof mediaEn;
  };

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Messages };
  }
}
