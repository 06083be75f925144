import { address } from "./address";
import { advert, advertDetail } from "./advert";
import { afterSale, buyerAfterSale } from "./aftersale";
import { basicShop } from "./basic";
import { content } from "./content";
import { buyerCoupon, cardPool, coupon } from "./coupon";
import { dashboard } from "./dashboard";
import { buyerEvaluate, evaluation } from "./evaluation";
import { finance } from "./finance";
import { freight } from "./freight";
import { goods } from "./goods";
import { goodsPublic } from "./goods-public";
import { buyerInvoice, invoice } from "./invoice";
import { media } from "./media";
import { member } from "./member";
import { buyer, orders } from "./orders";
import { promotion } from "./promotion";

export {
  type OrderChangeEntry,
  orderPayRefusals,
  type PaymentRefundItem,
  paymentRefundItem,
  VOUCHER_IMAGE_MAX_KB,
  type VoucherItem,
  type VoucherStatus,
  voucherStatuses,
} from "./orders-pay";

import { orderDesk } from "./orders-desk";
import { extract, fulfilSupport, orderFulfil } from "./orders-fulfil";
import { ordersLive } from "./orders-live";
import { buyerPay, orderChange, orderPay } from "./orders-pay";
import { orderWarehouse } from "./orders-warehouse";
import * as organization from "./organization";
import { recommend } from "./recommend";
import { reference } from "./reference";
import { search } from "./search";
import * as session from "./session";
import { sellerSettings } from "./settings";
import * as shop from "./shop";
import { shopCategory } from "./shop-category";
import { staff } from "./staff";
import { statement } from "./statement";
import { supplier } from "./supplier";
import { templates } from "./templates";

export { type AddressItem, type AddressType, addressRefusals, addressRuleIssues, addressTypes } from "./address";
// The list exports' sheets of the shop, goods and marketing lists (issue 27 §1).
export {
  ADVERT_LIMITS,
  type AdvertDetailInput,
  type AdvertDetailItem,
  type AdvertItem,
  type AdvertItemState,
  type AdvertLink,
  type AdvertLinkInput,
  type AdvertLinkKind,
  type AdvertPosition,
  type AdvertShopItem,
  advertImageUpload,
  advertItemStates,
  advertLinkKinds,
  advertPositions,
  advertPositionWords,
  advertRefusals,
  advertSheet,
  MAX_ADVERT_NAME,
  MAX_ADVERT_TITLE,
  MAX_ADVERT_URL,
  MAX_ADVERTS,
} from "./advert";
export {
  AFTER_SALE_DESCRIPTION_MAX,
  type AfterSaleAction,
  type AfterSaleDetail,
  type AfterSaleItem,
  type AfterSaleState,
  type AfterSaleTab,
  type AfterSaleType,
  type AfterSaleTypeTab,
  afterSaleActions,
  afterSaleActionWords,
  afterSaleRefusals,
  afterSaleSheet,
  afterSaleStates,
  afterSaleStateWords,
  afterSaleTabs,
  afterSaleTypes,
  afterSaleTypeTabs,
  afterSaleTypeWords,
  closedAfterSaleStates,
  MAX_AFTER_SALE_IMAGES,
} from "./aftersale";
export { basicRefusals, MAX_DIRECTORY_PAGE, MAX_WEATHER_DAYS, type WeatherCondition, weatherConditions } from "./basic";
export * from "./bulk";
export * from "./codes";
export * from "./common";
export {
  CONTENT_IMAGE,
  type ContentDetail,
  type ContentListItem,
  contentRefusals,
  MAX_CONTENT_HTML,
  MAX_CONTENT_PAGES,
  MAX_CONTENT_TITLE,
} from "./content";
export {
  type BuyerCouponItem,
  type CardItem,
  type CardPoolItem,
  type CardPoolState,
  type CardState,
  type CouponItem,
  type CouponNumbers,
  type CouponRuleCounts,
  type CouponRuleDetail,
  type CouponRuleInput,
  type CouponRuleItem,
  type CouponRuleKind,
  type CouponRuleState,
  type CouponRuleTab,
  type CouponState,
  cardPoolStates,
  cardStates,
  checkCouponRule,
  couponRecordSheet,
  couponRefusals,
  couponRuleKinds,
  couponRuleSheet,
  couponRuleStates,
  couponRuleStateWords,
  couponRuleTabs,
  couponStates,
  couponStateWords,
  couponUnusableWords,
  type DiscountType,
  discountTypes,
  type GoodsScope,
  goodsScopes,
  MAX_COUPON_CENTS,
  MAX_COUPON_GOODS,
  MAX_COUPON_QUANTITY,
  MAX_POOL_CARDS,
  MAX_VALID_DAYS,
  type ValidityType,
  validityTypes,
} from "./coupon";
export {
  DASHBOARD_SERIES_DAYS,
  DASHBOARD_TOP_GOODS,
  type DashboardPeriod,
  dashboardPeriods,
  type TopGoods,
  type TradingDataView,
  type TradingFigures,
  type TrendPoint,
} from "./dashboard";
export * from "./define";
export {
  EVAL_LOW_SCORE,
  EVAL_MAX_IMAGES,
  EVAL_MAX_WINDOW_DAYS,
  EVAL_REPLY_MAX,
  EVAL_SCORE_MAX,
  EVAL_SCORE_MIN,
  EVAL_TEXT_MAX,
  type EvalDetail,
  type EvalDistribution,
  type EvalGoodsScore,
  type EvalLine,
  type EvalLineItem,
  type EvalShopScore,
  type EvalSummary,
  type EvalTab,
  evalTabs,
  evaluationRefusals,
  evaluationSheet,
} from "./evaluation";
export * from "./field-issues";
export {
  type AttachmentBusType,
  attachmentBusTypes,
  attachmentRefusals,
  fileRefusals,
  fileUrl,
  type ImageSize,
  imageSizes,
  MAX_ATTACHED_FILES,
  publicImageUrl,
} from "./files";
export {
  type BankCard,
  type BankCardState,
  BILL_TTL_MINUTES,
  bankCardStates,
  bankCardStateWords,
  type CardInput,
  type CashFlow,
  type CashFlowDetail,
  type FlowKind,
  type FlowSource,
  financeRefusals,
  flowKinds,
  flowSheet,
  flowSources,
  isCardNo,
  MAX_BANK_CARDS_LISTED,
  maskCardNo,
} from "./finance";
export {
  type ChargeType,
  chargeTypes,
  checkFreightFields,
  type FeeRuleInput,
  type FreeBy,
  type FreightTemplateDetail,
  type FreightTemplateInput,
  type FreightTemplateListItem,
  freeBys,
  freightRefusals,
  freightSheet,
  freightTemplateRules,
  MAX_FREE_RULES,
  MAX_FREIGHT_TEMPLATES,
  MAX_REGION_RULES,
  MAX_UNIT,
  type RuleItem,
  type RuleKind,
  ruleKinds,
} from "./freight";
export * from "./functions";
export {
  type AttrDef,
  type BatchItem,
  checkGoodsFields,
  checkPackageFields,
  type GoodsDetail,
  type GoodsInput,
  type GoodsListItem,
  type GoodsStatus,
  type GoodsTab,
  goodsKinds,
  goodsRefusals,
  goodsSheet,
  goodsStatuses,
  goodsTabs,
  type ImportColumnKey,
  type ImportReportLine,
  importColumns,
  isService,
  type ListingType,
  type LogisticsMode,
  listingTypes,
  logisticsModes,
  MAX_DESCRIPTION,
  MAX_GOODS_IMAGES,
  MAX_IMPORT_ROWS,
  MAX_LADDER_TIERS,
  MAX_PACKAGE_ITEMS,
  MAX_PRICE,
  MAX_REBATE_BP,
  MAX_SERVICE_AREAS,
  MAX_SKUS,
  MAX_SPEC_DIMENSIONS,
  MAX_SPEC_VALUES,
  NEAR_EXPIRY_DAYS,
  type RangeShape,
  rebateCentsOf,
  SHELF_UNDO_MINUTES,
  type SkuInput,
  type SkuItem,
  type SpecDimension,
} from "./goods";
export {
  INVOICE_FILE,
  INVOICE_ORDER_STATUSES,
  type InvoiceCounts,
  type InvoiceItem,
  type InvoiceState,
  type InvoiceTab,
  type InvoiceTitle,
  type InvoiceTitleInput,
  type InvoiceTitleKind,
  type InvoiceType,
  invoiceRefusals,
  invoiceSheet,
  invoiceStates,
  invoiceStateWords,
  invoiceTabs,
  invoiceTitleKinds,
  invoiceTypes,
  isTaxNo,
  MAX_INVOICE_TITLES,
} from "./invoice";
export {
  MAX_MEDIA_GOODS,
  MEDIA_COVER,
  MEDIA_UPLOAD_TOKEN_MINUTES,
  MEDIA_VIDEO,
  type MediaDetail,
  type MediaItem,
  type MediaRejectReason,
  type MediaState,
  mediaRefusals,
  mediaRejectReasons,
  mediaStates,
  mediaStateWords,
  videoSheet,
} from "./media";
export { memberRefusals, memberSheet } from "./member";
export {
  BUYER_PAGE_MAX,
  type DeliveryChoice,
  type DeliveryMode,
  deliveryChoice,
  deliveryModes,
  deliveryModeWords,
  flagColors,
  MAX_BUYER_ADDRESSES,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  type OrderAction,
  type OrderDetail,
  type OrderStatus,
  type OrderSummary,
  type OrderTab,
  orderActions,
  orderActionsFrom,
  orderActionWords,
  orderMay,
  orderNeeds,
  orderRefusals,
  orderStatuses,
  orderStatusWords,
  orderTabs,
  type PaymentRefundInfo,
  type PaymentRefundReason,
  type PaymentRefundStatus,
  paymentRefundInfo,
  paymentRefundReasons,
  paymentRefundStatuses,
  REMIND_EVERY_MINUTES,
  sandboxNotification,
} from "./orders";
export {
  DESK_MAX_ORDER_IDS,
  DESK_MAX_SERIES_DAYS,
  DESK_MAX_WINDOW_DAYS,
  orderDeskRefusals,
  SERVICE_FEE_BP,
  sellerTodoKinds,
} from "./orders-desk";
export {
  type AwaitingPickup,
  type BatchShipColumnKey,
  type BatchShipLine,
  batchShipColumns,
  complaintCategories,
  complaintStatuses,
  type DeliveryRound,
  fulfilRefusals,
  MAX_BATCH_SHIP_ROWS,
  MAX_COMPLAINTS_PER_ORDER,
  MAX_REPEAT_EVERY_DAYS,
  MAX_REPEAT_TIMES,
  type PickupPoint,
  type RepeatedDeliveries,
  type RoundStatus,
  roundStatuses,
  roundStatusWords,
} from "./orders-fulfil";
export {
  ORDER_EVENTS_PATH,
  type OrderLiveEvent,
  type OrderLiveKind,
  orderLiveEvent,
  orderLiveKinds,
  PUSH_MAX_ATTEMPTS,
  PUSH_SECRET,
  type PushItem,
  type PushStatus,
  pushErrorKinds,
  pushRefusals,
  pushSheet,
  pushStatuses,
} from "./orders-live";
export { voucherSheet } from "./orders-pay";
export {
  type OrderTimelineEntry,
  type OrderTimelineEvent,
  orderTimelineEntry,
  orderTimelineEvents,
  type TimelineActor,
} from "./orders-timeline";
export {
  ORDER_PHONE_FUNCTION,
  PRINT_MAX_ORDERS,
  type PrintLine,
  type PrintOrder,
  type PrintSet,
} from "./orders-warehouse";
export { isCreditCode, isIdCardNo, organizationRefusals } from "./organization";
export {
  MAX_PROMOTION_DAYS,
  MAX_PROMOTION_GOODS,
  MAX_PROMOTION_SKUS,
  type PromotionDetail,
  type PromotionItem,
  type PromotionKind,
  type PromotionSku,
  type PromotionState,
  promotionKinds,
  promotionRefusals,
  promotionSheet,
  promotionStates,
  promotionStateWords,
} from "./promotion";
export {
  MAX_RECOMMEND_GOODS,
  MAX_RECOMMEND_GROUPS,
  type RecommendGoodsItem,
  type RecommendGroupItem,
  recommendRefusals,
} from "./recommend";
export { areaCode, BASIC_DATASETS, type BasicDataset, DICT_DATASET_PREFIX, referenceRefusals } from "./reference";
export * from "./refusals";
export { PRICE_BANDS, type SearchFacets, type SearchHit, type SearchSort, searchMatches, searchSorts } from "./search";
export type { FuncNode, MemberInfo } from "./session";
export { funcNodes, generalUploadKinds, loginRefusals, sessionRefusals } from "./session";
export {
  MAX_SETTING_BYTES,
  MAX_SETTING_KEYS_READ,
  MAX_SETTINGS,
  SETTING_NAMESPACES,
  type SettingItem,
  settingRefusals,
} from "./settings";
export * from "./sheets";
export {
  AFTER_SALE_AUTO_APPROVE_DAYS,
  AUTO_CLOSE_MINUTES,
  AUTO_CONFIRM_DAYS,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  NOTICE_MAX,
  openShopUrlOf,
  shopRefusals,
} from "./shop";
export {
  MAX_LINK_GOODS,
  MAX_SHOP_CATEGORIES,
  type ShopCategoryItem,
  type ShopCategoryNode,
  shopCategoryRefusals,
  shopCategorySheet,
} from "./shop-category";
export {
  type AccountNotices,
  type Invitation,
  invitationStates,
  maskPhone,
  type StaffMember,
  staffRefusals,
  staffSheet,
} from "./staff";
export {
  STATEMENT_MAX_DAYS,
  type StatementDay,
  type StatementFigures,
  type StatementOrder,
  statementRefusals,
} from "./statement";
export {
  type AuthRequestItem,
  type SupplierConsent,
  type SupplierItem,
  type SupplierKind,
  settlementTerms,
  supplierConsents,
  supplierFunctions,
  supplierMemberRoles,
  supplierRefusals,
  supplierSheet,
} from "./supplier";
export { exportSheets, sheetOfKind } from "./template-kinds";
export { type DataTempType, templateRefusals } from "./templates";

/** Every call of the product, by domain. The server binds each domain; the web calls entries. */
export const contract = {
  reference,
  session: session.session,
  login: session.login,
  system: session.system,
  shop: shop.shop,
  basicShop,
  organization: organization.organization,
  member,
  staff,
  address,
  supplier,
  templates,
  goods,
  goodsPublic,
  search,
  freight,
  shopCategory,
  recommend,
  orders,
  orderFulfil,
  extract,
  fulfilSupport,
  orderDesk,
  orderWarehouse,
  buyer,
  orderPay,
  orderChange,
  buyerPay,
  ordersLive,
  sellerSettings,
  invoice,
  buyerInvoice,
  evaluation,
  buyerEvaluate,
  afterSale,
  buyerAfterSale,
  advert,
  advertDetail,
  content,
  statement,
  dashboard,
  finance,
  promotion,
  media,
  coupon,
  cardPool,
  buyerCoupon,
};
