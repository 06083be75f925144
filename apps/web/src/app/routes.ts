import type { ComponentType } from "react";
import { type Bundle, loadMessages } from "../platform/messages";
import type { Prefetch } from "../platform/screen-preload";
import { type BuiltPath, type ScreenDef, screens } from "../platform/screens";
import { bundles } from "./messages";

/**
 * The one route table (spec §2): every built screen of `platform/screens.ts` with its lazily loaded
 * component. Any other path renders the not-found screen. Kept free of JSX, of top-level React
 * imports and of `@/` paths: a Node script imports this file to report which spec routes are
 * built, so screens are referenced only through relative dynamic imports.
 */
/** A screen module: its component, and the queries its first render makes (platform/screen-preload.ts). */
export type ScreenModule = { Component: ComponentType; prefetch?: Prefetch };

export interface RouteDef extends ScreenDef {
  screen?: () => Promise<ScreenModule>;
}

type Loader = () => Promise<ScreenModule>;

/** A screen's component and the texts it shows, loaded together (the shared texts come along on first use). */
const page =
  (screen: Loader, ...texts: Bundle[]): Loader =>
  async () => {
    const [module] = await Promise.all([screen(), loadMessages(texts)]);
    return module;
  };

const {
  advert,
  afterSale,
  content,
  agreement,
  dashboard,
  coupon,
  evaluation,
  invoice,
  download,
  finance,
  freight,
  goods,
  home,
  login,
  media,
  member,
  orders,
  promotion,
  purchase,
  recommend,
  setup,
  shop,
  shopCategory,
  staff,
  statement,
  supplier,
} = bundles;

/** One loader per built path; the type makes a screen without a component a compile error. */
const loaders: Record<BuiltPath, Loader> = {
  "/": page(() => import("../features/login/login-page"), login),
  "/login/toLogin": page(() => import("../features/login/login-page"), login),
  "/login/backPwd": page(() => import("../features/login/forgot-password-page"), login),
  "/login/403": page(() => import("../features/errors/login-forbidden-page")),
  "/download": page(() => import("../features/download/download-page"), download),
  "/agreement/:type/:code": page(() => import("../features/agreement/agreement-page"), agreement),
  "/401": page(() => import("../features/errors/unauthorized-page")),
  "/403": page(() => import("../features/errors/forbidden-page")),
  "/404": page(() => import("../features/errors/not-found-page")),
  "/500": page(() => import("../features/errors/server-error-page")),
  "/shopClose": page(() => import("../features/shop/shop-closed-page"), shop),

  "/transaction/shopManage": page(() => import("../features/shop/shop-manage-page"), shop),
  "/transaction/shopSetting": page(() => import("../features/shop/shop-setting-page"), shop),
  "/transaction/setup/enterpriseInfo": page(() => import("../features/shop/enterprise-info-page"), shop),
  "/transaction/setup/enterpriseInfoEdit": page(() => import("../features/shop/enterprise-edit-page"), shop),
  "/transaction/addccount/oppenshop": page(() => import("../features/shop/open-shop/open-shop-page"), shop),
  "/transaction/addccount/idcardopen": page(() => import("../features/shop/open-shop/account-opening-page"), shop),
  "/transaction/addccount/result": page(() => import("../features/shop/open-shop/open-shop-result-page"), shop),

  "/setup/index": page(() => import("../features/setup/setup-home-page"), setup),
  "/transaction/setup/member": page(() => import("../features/staff/staff-list-page"), staff),
  "/transaction/setup/member/addMember": page(() => import("../features/staff/staff-add-page"), staff),
  "/transaction/setup/member/update/:id": page(() => import("../features/staff/staff-edit-page"), staff),
  "/transaction/setup/setLoginPassword": page(() => import("../features/setup/change-password-page"), setup),

  "/transaction/setup/rank/member": page(() => import("../features/member/member-page"), member),
  "/transaction/setup/rank/member/detail/:boId": page(() => import("../features/member/member-detail-page"), member),

  "/transaction/index": page(() => import("../features/home/home-page"), home),

  "/transaction/shopSupplier": page(() => import("../features/supplier/shop-supplier-page"), supplier),
  "/transaction/shopAuthSupplier": page(() => import("../features/supplier/shop-auth-supplier-page"), supplier),

  "/transaction/goodsManage": page(() => import("../features/goods/goods-list-page"), goods),
  "/transaction/goodsManage/publishGoods": page(() => import("../features/goods/goods-form-page"), goods),
  "/transaction/goodsManage/updateGoods": page(() => import("../features/goods/goods-form-page"), goods),
  "/transaction/goodsManage/detailGoods": page(() => import("../features/goods/goods-detail-page"), goods),
  "/transaction/packageManage": page(() => import("../features/goods/package-list-page"), goods),
  "/transaction/package/add": page(() => import("../features/goods/package-form-page"), goods),
  "/transaction/package/upd/:id": page(() => import("../features/goods/package-form-page"), goods),
  "/transaction/members": page(() => import("../features/goods/member-price-list-page"), goods),
  "/transaction/members/addmembers": page(() => import("../features/goods/member-price-edit-page"), goods),
  "/transaction/ladder": page(() => import("../features/goods/ladder-list-page"), goods),
  "/transaction/ladder/addladder": page(() => import("../features/goods/ladder-edit-page"), goods),
  "/transaction/freightTemplateList": page(() => import("../features/freight/freight-list-page"), freight),
  "/transaction/freightTemplateList/add": page(() => import("../features/freight/freight-form-page"), freight),
  "/transaction/freightTemplateList/freightAddOrUpdate/:id": page(() => import("../features/freight/freight-form-page"), freight),

  "/transaction/orderManage": page(() => import("../features/orders/order-list-page"), orders),
  "/transaction/orderManage/orderDetailSeller/:id": page(() => import("../features/orders/order-detail-page"), orders),
  "/transaction/orderManage/send/:id": page(() => import("../features/orders/order-ship-page"), orders),
  "/transaction/orderManage/print/picklist": page(() => import("../features/orders/print-pick-list-page"), orders),
  "/transaction/orderManage/print/slips": page(() => import("../features/orders/print-slips-page"), orders),
  "/transaction/orderManage/orderPriceChange/:id": page(() => import("../features/orders/order-price-page"), orders),
  "/transaction/orderManage/payVouchers": page(() => import("../features/orders/voucher-queue-page"), orders),
  "/transaction/extractManage": page(() => import("../features/orders/extract-page"), orders),
  "/transaction/pushSaleOrderManage": page(() => import("../features/orders/push-list-page"), orders),
  "/transaction/purchaseManage": page(() => import("../features/purchase/purchase-list-page"), purchase),
  "/transaction/purchaseManage/detail/:id": page(() => import("../features/purchase/purchase-detail-page"), purchase),
  "/transaction/purchaseManage/invoiceTitles": page(() => import("../features/purchase/invoice-title-list-page"), purchase),
  "/transaction/invoice/invoiceList": page(() => import("../features/invoice/invoice-list-page"), invoice),
  "/transaction/invoice/invoiceList/invoiceDetails": page(() => import("../features/invoice/invoice-detail-page"), invoice),
  "/transaction/orderEvaluationManage": page(() => import("../features/evaluation/evaluation-list-page"), evaluation),
  "/transaction/orderManage/viewOrderEvaluation/:id": page(() => import("../features/evaluation/evaluation-detail-page"), evaluation),
  "/transaction/checkBill_sell": page(() => import("../features/statement/statement-page"), statement),
  "/transaction/finance/index": page(() => import("../features/finance/finance-home-page"), finance),
  "/transaction/finance/account/YeePay/replaceBankcard": page(() => import("../features/finance/replace-bankcard-page"), finance),
  "/transaction/dmpStatDataView": page(() => import("../features/dashboard/dashboard-page"), dashboard),
  "/transaction/orderAfterManage": page(() => import("../features/aftersale/aftersale-list-page"), afterSale),
  "/transaction/orderAfterManage/orderRefund": page(() => import("../features/aftersale/aftersale-handle-page"), afterSale),
  "/transaction/orderAfterManage/orderRefundResult": page(() => import("../features/aftersale/aftersale-result-page"), afterSale),
  "/transaction/orderAfterManage/orderReturn": page(() => import("../features/aftersale/aftersale-handle-page"), afterSale),
  "/transaction/orderAfterManage/orderReturnResult": page(() => import("../features/aftersale/aftersale-result-page"), afterSale),
  "/transaction/orderAfterManage/orderBarter": page(() => import("../features/aftersale/aftersale-handle-page"), afterSale),
  "/transaction/orderAfterManage/orderBarterResult": page(() => import("../features/aftersale/aftersale-result-page"), afterSale),
  "/transaction/orderAfterManage/orderDetailSeller/:id": page(
    () => import("../features/aftersale/aftersale-order-page"),
    afterSale,
    orders,
  ),

  "/transaction/shopTicket": page(() => import("../features/coupon/coupon-list-page"), coupon),
  "/transaction/shopTicket/add": page(() => import("../features/coupon/coupon-form-page"), coupon),
  "/transaction/shopTicket/update": page(() => import("../features/coupon/coupon-form-page"), coupon),
  "/transaction/shopTicket/detail": page(() => import("../features/coupon/coupon-detail-page"), coupon),
  "/transaction/electronicVoucher": page(() => import("../features/coupon/voucher-list-page"), coupon),
  "/transaction/electronicVoucher/add": page(() => import("../features/coupon/coupon-form-page"), coupon),
  "/transaction/electronicVoucher/update": page(() => import("../features/coupon/coupon-form-page"), coupon),
  "/transaction/electronicVoucher/detail": page(() => import("../features/coupon/coupon-detail-page"), coupon),

  "/transaction/activity/entityCards": page(() => import("../features/coupon/entity-card-list-page"), coupon),
  "/transaction/activity/entityCards/add": page(() => import("../features/coupon/coupon-form-page"), coupon),
  "/transaction/activity/entityCards/detail": page(() => import("../features/coupon/coupon-detail-page"), coupon),
  "/transaction/cardPool/entityCardsPool": page(() => import("../features/coupon/pool-list-page"), coupon),
  "/transaction/cardPool/entityCardsPool/add": page(() => import("../features/coupon/pool-form-page"), coupon),
  "/transaction/cardPool/entityCardsPool/detail": page(() => import("../features/coupon/pool-detail-page"), coupon),

  "/transaction/goodsTypeManage": page(() => import("../features/shop-category/category-tree-page"), shopCategory),
  "/transaction/goodsTypeManage/children/:id&:shopId&:name": page(
    () => import("../features/shop-category/category-goods-page"),
    shopCategory,
  ),
  "/transaction/shopAdvertManage/:id": page(() => import("../features/advert/advert-page"), advert),
  "/cms/cmsManage": page(() => import("../features/content/content-list-page"), content),
  "/transaction/cmsManage": page(() => import("../features/content/content-list-page"), content),
  "/transaction/cmsManage/edit": page(() => import("../features/content/content-edit-page"), content),
  "/transaction/shopRecommendManage": page(() => import("../features/recommend/recommend-groups-page"), recommend),
  "/transaction/shopRecommendManage/recommendGoods/:classifyId&:shopId": page(
    () => import("../features/recommend/recommend-goods-page"),
    recommend,
  ),

  "/transaction/promotionManage": page(() => import("../features/promotion/promotion-list-page"), promotion),
  "/transaction/promotionManage/addPromotion": page(() => import("../features/promotion/promotion-edit-page"), promotion),
  "/transaction/promotionManage/editPromotion/:id": page(() => import("../features/promotion/promotion-edit-page"), promotion),
  "/transaction/promotionManage/detailPromotion/:id": page(() => import("../features/promotion/promotion-detail-page"), promotion),

  "/transaction/video/index": page(() => import("../features/media/video-list-page"), media),
  "/transaction/video/edit": page(() => import("../features/media/video-edit-page"), media),

  "*": page(() => import("../features/errors/not-found-page")),
};

export const routes: readonly RouteDef[] = screens.map((s) => (s.redirectTo ? s : { ...s, screen: loaders[s.path as BuiltPath] }));
