import type { BuiltPath } from "./screens";

/**
 * The typed path of every screen (issue 26 §4): features link and navigate with `paths.orderDetail(id)`, never
 * with a string. Each builder names its screen's pattern from `screens.ts`, so a pattern that is not a built
 * screen, or a parameter it lacks, fails the typecheck. Kept free of `@/` imports (see `screens.ts`).
 */

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
/** The parameters of one segment; the spec joins several with `&` (`:id&:shopId&:name`). */
type Names<S extends string> = S extends `:${infer N}&${infer Rest}` ? N | Names<Rest> : S extends `:${infer N}` ? N : never;
/** A pattern's parameters: `ParamsOf<"/a/:id">` is `{ id: string }`. */
export type ParamsOf<P extends string> = { [K in Names<Segments<P>>]: string };

/** A query string's values; an absent or empty one is left out. */
export type Query = Readonly<Record<string, string | number | undefined>>;

/** The query part of a path (`?a=1&b=2`, each value encoded), or nothing when every value is absent. */
export function queryOf(query: Query | undefined): string {
  if (!query) return "";
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/** A screen's path with its parameters filled in (each encoded; a compound segment's parts joined by `&`), and a query. */
export function pathOf<P extends BuiltPath>(pattern: P, params: ParamsOf<P>, query?: Query): string {
  const values = params as Record<string, string>;
  const filled = pattern
    .split("/")
    .map((segment) =>
      segment.startsWith(":")
        ? segment
            .split("&")
            .map((part) => encodeURIComponent(values[part.slice(1)] ?? ""))
            .join("&")
        : segment,
    )
    .join("/");
  return `${filled}${queryOf(query)}`;
}

/** A screen without parameters, with an optional query. */
const at = <P extends BuiltPath>(pattern: P, query?: Query): string => `${pattern}${queryOf(query)}`;

/** The coupon rules' kinds and the list screen of each (coupons, exchange vouchers, password-card coupons). */
type RuleKind = "coupon" | "exchange" | "card";
const RULE_LIST = {
  coupon: "/transaction/shopTicket",
  exchange: "/transaction/electronicVoucher",
  card: "/transaction/activity/entityCards",
} as const satisfies Record<RuleKind, BuiltPath>;

/** The after-sale types' handling and result screens. */
type AfterSaleType = "refundOnly" | "returnRefund" | "exchange";
const AFTER_SALE_SCREENS = {
  refundOnly: { handle: "/transaction/orderAfterManage/orderRefund", result: "/transaction/orderAfterManage/orderRefundResult" },
  returnRefund: { handle: "/transaction/orderAfterManage/orderReturn", result: "/transaction/orderAfterManage/orderReturnResult" },
  exchange: { handle: "/transaction/orderAfterManage/orderBarter", result: "/transaction/orderAfterManage/orderBarterResult" },
} as const satisfies Record<AfterSaleType, { handle: BuiltPath; result: BuiltPath }>;

export const paths = {
  // Login and public
  home: () => at("/transaction/index"),
  login: () => at("/login/toLogin"),
  forgotPassword: () => at("/login/backPwd"),
  agreement: (type: string, code: string) => pathOf("/agreement/:type/:code", { type, code }),
  download: () => at("/download"),
  shopClosed: () => at("/shopClose"),

  // Shop, opening a shop, enterprise information
  shopManage: () => at("/transaction/shopManage"),
  shopSetting: () => at("/transaction/shopSetting"),
  enterpriseInfo: () => at("/transaction/setup/enterpriseInfo"),
  enterpriseEdit: () => at("/transaction/setup/enterpriseInfoEdit"),
  openShop: () => at("/transaction/addccount/oppenshop"),
  accountOpening: () => at("/transaction/addccount/idcardopen"),
  openShopResult: () => at("/transaction/addccount/result"),

  // Settings and staff
  setupHome: () => at("/setup/index"),
  staffList: () => at("/transaction/setup/member"),
  staffAdd: () => at("/transaction/setup/member/addMember"),
  staffEdit: (id: string) => pathOf("/transaction/setup/member/update/:id", { id }),
  changePassword: () => at("/transaction/setup/setLoginPassword"),

  // Members (the seller's buyers)
  memberList: () => at("/transaction/setup/rank/member"),
  memberDetail: (boId: string) => pathOf("/transaction/setup/rank/member/detail/:boId", { boId }),

  // Suppliers
  shopSupplier: () => at("/transaction/shopSupplier"),
  shopAuthSupplier: () => at("/transaction/shopAuthSupplier"),

  // Goods, packages, member and ladder prices, freight templates
  goodsList: () => at("/transaction/goodsManage"),
  goodsPublish: () => at("/transaction/goodsManage/publishGoods"),
  goodsUpdate: (id?: string) => at("/transaction/goodsManage/updateGoods", { id }),
  goodsDetail: (id: string) => at("/transaction/goodsManage/detailGoods", { id }),
  packageList: () => at("/transaction/packageManage"),
  packageAdd: () => at("/transaction/package/add"),
  packageEdit: (id: string) => pathOf("/transaction/package/upd/:id", { id }),
  memberPriceList: () => at("/transaction/members"),
  memberPriceEdit: (goodsId?: string) => at("/transaction/members/addmembers", { goodsId }),
  ladderList: () => at("/transaction/ladder"),
  ladderEdit: (goodsId?: string) => at("/transaction/ladder/addladder", { goodsId }),
  freightList: () => at("/transaction/freightTemplateList"),
  freightAdd: () => at("/transaction/freightTemplateList/add"),
  freightEdit: (id: string) => pathOf("/transaction/freightTemplateList/freightAddOrUpdate/:id", { id }),

  // Shop categories, recommendations, adverts, custom content, videos
  categoryTree: () => at("/transaction/goodsTypeManage"),
  categoryGoods: (id: string, shopId: string, name: string) =>
    pathOf("/transaction/goodsTypeManage/children/:id&:shopId&:name", { id, shopId, name }),
  recommendGroups: () => at("/transaction/shopRecommendManage"),
  recommendGoods: (classifyId: string, shopId: string) =>
    pathOf("/transaction/shopRecommendManage/recommendGoods/:classifyId&:shopId", { classifyId, shopId }),
  /** `0` is the list of adverts, an advert's id its items. */
  advertItems: (id: string) => pathOf("/transaction/shopAdvertManage/:id", { id }),
  advertList: () => pathOf("/transaction/shopAdvertManage/:id", { id: "0" }),
  contentList: () => at("/transaction/cmsManage"),
  contentListAlias: () => at("/cms/cmsManage"),
  contentEdit: (id?: string) => at("/transaction/cmsManage/edit", { id }),
  videoList: () => at("/transaction/video/index"),
  videoEdit: (id?: string) => at("/transaction/video/edit", { id }),

  // Orders, self-pickup, ERP pushes
  orderList: (query?: { tab?: string; need?: string }) => at("/transaction/orderManage", query),
  orderDetail: (id: string) => pathOf("/transaction/orderManage/orderDetailSeller/:id", { id }),
  orderShip: (id: string) => pathOf("/transaction/orderManage/send/:id", { id }),
  orderPrice: (id: string) => pathOf("/transaction/orderManage/orderPriceChange/:id", { id }),
  printPickList: (query?: Query) => at("/transaction/orderManage/print/picklist", query),
  printSlips: (query?: Query) => at("/transaction/orderManage/print/slips", query),
  payVouchers: () => at("/transaction/orderManage/payVouchers"),
  extract: () => at("/transaction/extractManage"),
  pushSaleOrders: () => at("/transaction/pushSaleOrderManage"),

  // Purchases, invoices, evaluations
  purchaseList: () => at("/transaction/purchaseManage"),
  purchaseDetail: (id: string) => pathOf("/transaction/purchaseManage/detail/:id", { id }),
  invoiceTitles: () => at("/transaction/purchaseManage/invoiceTitles"),
  invoiceList: () => at("/transaction/invoice/invoiceList"),
  invoiceDetail: (id: string) => at("/transaction/invoice/invoiceList/invoiceDetails", { id }),
  evaluationList: () => at("/transaction/orderEvaluationManage"),
  evaluationDetail: (orderId: string) => pathOf("/transaction/orderManage/viewOrderEvaluation/:id", { id: orderId }),

  // Finance, statements, the dashboard
  financeHome: () => at("/transaction/finance/index"),
  replaceBankcard: () => at("/transaction/finance/account/YeePay/replaceBankcard"),
  statement: () => at("/transaction/checkBill_sell"),
  dashboard: () => at("/transaction/dmpStatDataView"),

  // After-sales
  afterSaleList: (query?: { tab?: string }) => at("/transaction/orderAfterManage", query),
  afterSaleHandle: (type: AfterSaleType, id: string) => at(AFTER_SALE_SCREENS[type].handle, { id }),
  afterSaleResult: (type: AfterSaleType, id: string, action: string) => at(AFTER_SALE_SCREENS[type].result, { id, action }),
  afterSaleOrder: (id: string) => pathOf("/transaction/orderAfterManage/orderDetailSeller/:id", { id }),

  // Promotions, coupons, exchange vouchers, password cards and card pools
  promotionList: () => at("/transaction/promotionManage"),
  promotionAdd: () => at("/transaction/promotionManage/addPromotion"),
  promotionEdit: (id: string) => pathOf("/transaction/promotionManage/editPromotion/:id", { id }),
  promotionDetail: (id: string) => pathOf("/transaction/promotionManage/detailPromotion/:id", { id }),
  ruleList: (kind: RuleKind) => at(RULE_LIST[kind]),
  ruleAdd: (kind: RuleKind) => at(`${RULE_LIST[kind]}/add`),
  /** Password-card rules have no edit screen (add and detail only): their kind is not accepted here. */
  ruleUpdate: (kind: Exclude<RuleKind, "card">, regCode?: string) => at(`${RULE_LIST[kind]}/update`, { regCode }),
  ruleDetail: (kind: RuleKind, regCode: string) => at(`${RULE_LIST[kind]}/detail`, { regCode }),
  poolList: () => at("/transaction/cardPool/entityCardsPool"),
  poolAdd: () => at("/transaction/cardPool/entityCardsPool/add"),
  poolDetail: (id: string) => at("/transaction/cardPool/entityCardsPool/detail", { id }),
} as const;

/** An uploaded file's URL (not a screen): what `Thumbnail` and `Image` show. */
export const fileUrl = (id: string) => `/files/${encodeURIComponent(id)}`;
