import { type FunctionCode, functionTree } from "@sbo/contract/functions";

/**
 * The built screens (spec §2) without their components: path, guard and title. The route table in
 * `app/routes.ts` gives each a lazily loaded screen; everything else (features, menus, the landing
 * of an area) reads this list. Kept free of `@/` imports: a Node script imports it through the route table.
 *
 * A screen's title comes from the function tree (`@sbo/contract/functions`) when its path is a
 * screen's or an area's path there, so a screen has one name in the menus and in the page title;
 * only screens the tree does not name (details, sub-pages, public pages) declare a title.
 */
export interface Title {
  en: string;
  zh: string;
}

interface ScreenDecl {
  path: string;
  /** Function code (functionTree) the member must hold; absent on a private screen: any member. */
  func?: FunctionCode;
  /** Reachable without logging in; rendered outside the back-office layout. */
  public?: boolean;
  redirectTo?: string;
  /** Top-menu area of a screen that has no function of its own (for the left menu). */
  area?: string;
  /** A public screen that a signed-in member sees inside the shell (header and menus), a visitor alone. */
  inShellWhenSignedIn?: boolean;
  /** Only for paths the function tree does not name. */
  title?: Title;
  /**
   * The screen this one is reached from, for the breadcrumbs, when its path does not say it (a screen
   * whose path continues another's, `/a/b` under `/a`, needs none).
   */
  parent?: string;
}

export interface ScreenDef extends ScreenDecl {
  title: Title;
}

const declared = [
  // Login and public
  { path: "/", public: true, title: { en: "Log in", zh: "登录" } },
  { path: "/login", public: true, title: { en: "Log in", zh: "登录" }, redirectTo: "/login/toLogin" },
  { path: "/login/toLogin", public: true, title: { en: "Log in", zh: "登录" } },
  { path: "/login/backPwd", public: true, title: { en: "Forgot password", zh: "找回密码" } },
  { path: "/login/403", public: true, title: { en: "No permission", zh: "没有权限" } },
  { path: "/download", public: true, title: { en: "Download the app", zh: "下载 App" } },
  { path: "/agreement/:type/:code", public: true, title: { en: "Agreement", zh: "协议" } },
  { path: "/401", public: true, title: { en: "Please log in", zh: "请登录" } },
  { path: "/403", public: true, inShellWhenSignedIn: true, title: { en: "No permission", zh: "没有权限" } },
  { path: "/404", public: true, title: { en: "Page not found", zh: "页面不存在" } },
  { path: "/500", public: true, title: { en: "Server error", zh: "服务器错误" } },
  { path: "/shopClose", public: true, title: { en: "Shop closed", zh: "店铺已关闭" } },

  // Shop, opening a shop, enterprise information
  { path: "/transaction/shopManage", func: "shop.manage" },
  { path: "/transaction/shopSetting", func: "shop.setting" },
  { path: "/transaction/setup/enterpriseInfo", func: "setup.enterprise" },
  {
    path: "/transaction/setup/enterpriseInfoEdit",
    func: "setup.enterprise.edit",
    title: { en: "Edit enterprise information", zh: "编辑企业信息" },
    parent: "/transaction/setup/enterpriseInfo",
  },
  // The open-shop flow: any logged-in member (those without a shop are sent here by 021101); no left menu.
  { path: "/addccount", title: { en: "Open your shop", zh: "开设店铺" }, redirectTo: "/addccount/oppenshop" },
  { path: "/addccount/oppenshop", title: { en: "Open your shop", zh: "开设店铺" }, redirectTo: "/transaction/addccount/oppenshop" },
  { path: "/transaction/addccount/oppenshop", title: { en: "Open your shop", zh: "开设店铺" } },
  { path: "/transaction/addccount/idcardopen", title: { en: "Account-opening information", zh: "开户信息" } },
  { path: "/transaction/addccount/result", title: { en: "Open-shop result", zh: "开店结果" } },

  // Settings
  { path: "/setup", title: { en: "Settings", zh: "设置" }, redirectTo: "/setup/index" },
  { path: "/setup/index", func: "setup.home" },
  { path: "/transaction/setup/member", func: "setup.staff" },
  { path: "/transaction/setup/member/addMember", func: "setup.staff.edit", title: { en: "Add staff member", zh: "添加员工" } },
  { path: "/transaction/setup/member/update/:id", func: "setup.staff", title: { en: "Edit staff member", zh: "编辑员工" } },
  { path: "/transaction/setup/setLoginPassword", area: "setup", title: { en: "Change password", zh: "修改密码" } },

  // Members and ranks (the seller's buyers)
  { path: "/transaction/setup/rank/member", func: "setup.rank" },
  { path: "/transaction/setup/rank/member/detail/:boId", func: "setup.rank", title: { en: "Member", zh: "会员详情" } },

  // Transaction
  { path: "/transaction", title: { en: "Home", zh: "首页" }, redirectTo: "/transaction/index" },
  { path: "/transaction/index", area: "home" },

  // Suppliers
  { path: "/transaction/shopSupplier", func: "shop.supplier" },
  { path: "/transaction/shopAuthSupplier", func: "shop.authSupplier" },

  // Goods (issue 9): goods, packages, member and ladder prices
  { path: "/transaction/goodsManage", func: "goods.manage" },
  { path: "/transaction/goodsManage/publishGoods", func: "goods.manage.edit", title: { en: "Publish goods", zh: "发布商品" } },
  { path: "/transaction/goodsManage/updateGoods", func: "goods.manage.edit", title: { en: "Edit goods", zh: "编辑商品" } },
  { path: "/transaction/goodsManage/detailGoods", func: "goods.manage", title: { en: "Goods detail", zh: "商品详情" } },
  { path: "/transaction/packageManage", func: "goods.package" },
  {
    path: "/transaction/package/add",
    func: "goods.package",
    title: { en: "Add package", zh: "添加套餐" },
    parent: "/transaction/packageManage",
  },
  {
    path: "/transaction/package/upd/:id",
    func: "goods.package",
    title: { en: "Edit package", zh: "编辑套餐" },
    parent: "/transaction/packageManage",
  },
  { path: "/transaction/members", func: "goods.memberPrice" },
  { path: "/transaction/members/addmembers", func: "goods.memberPrice", title: { en: "Set member prices", zh: "设置会员价" } },
  { path: "/transaction/ladder", func: "goods.ladder" },
  { path: "/transaction/ladder/addladder", func: "goods.ladder", title: { en: "Set ladder prices", zh: "设置阶梯价" } },

  // Freight templates (issue 10, catalogue): the list, a new template, a saved one (read-only without the edit function)
  { path: "/transaction/freightTemplateList", func: "goods.freight" },
  {
    path: "/transaction/freightTemplateList/add",
    func: "goods.freight.edit",
    title: { en: "Add freight template", zh: "新增运费模板" },
  },
  {
    path: "/transaction/freightTemplateList/freightAddOrUpdate/:id",
    func: "goods.freight",
    title: { en: "Freight template", zh: "运费模板" },
  },
  // Shop categories and recommendations (issue 10)
  { path: "/transaction/goodsTypeManage", func: "shop.classify" },
  {
    path: "/transaction/goodsTypeManage/children/:id&:shopId&:name",
    func: "shop.classify",
    title: { en: "Goods in a category", zh: "分类商品" },
  },
  { path: "/transaction/shopRecommendManage", func: "shop.recommend" },
  {
    path: "/transaction/shopRecommendManage/recommendGoods/:classifyId&:shopId",
    func: "shop.recommend",
    title: { en: "Recommended goods", zh: "推荐商品" },
  },
  // Adverts: `0` lists the shop's adverts (the menu's path), an advert's id its items.
  { path: "/transaction/shopAdvertManage/:id", func: "shop.advert", title: { en: "Adverts", zh: "广告管理" } },
  // Custom content: the list (also at /cms/cmsManage, /cms redirects there) and one page's editor.
  { path: "/cms", title: { en: "Custom content", zh: "自定义广告" }, redirectTo: "/cms/cmsManage" },
  { path: "/cms/cmsManage", func: "shop.cms", title: { en: "Custom content", zh: "自定义广告" }, parent: "/transaction/cmsManage" },
  { path: "/transaction/cmsManage", func: "shop.cms" },
  {
    path: "/transaction/cmsManage/edit",
    func: "shop.cms",
    title: { en: "Edit custom content", zh: "编辑自定义内容" },
  },

  // Orders (issue 11): the order desk, an order's detail, shipping it, revising its price before payment
  { path: "/transaction/orderManage", func: "order.manage" },
  {
    path: "/transaction/orderManage/orderDetailSeller/:id",
    func: "order.manage",
    title: { en: "Order detail", zh: "订单详情" },
  },
  { path: "/transaction/orderManage/send/:id", func: "order.manage.ship", title: { en: "Ship order", zh: "订单发货" } },
  // Beyond routes.json (issue 25 §4): print pages of the chosen orders (`?ids=…&size=a4|label`).
  { path: "/transaction/orderManage/print/picklist", func: "order.manage", title: { en: "Pick list", zh: "拣货单" } },
  { path: "/transaction/orderManage/print/slips", func: "order.manage", title: { en: "Packing slips", zh: "发货单" } },
  {
    path: "/transaction/orderManage/orderPriceChange/:id",
    func: "order.manage.price",
    title: { en: "Change order price", zh: "订单改价" },
  },
  // Beyond routes.json: the offline-payment review queue, reached from the order list.
  {
    path: "/transaction/orderManage/payVouchers",
    func: "order.manage.voucher",
    title: { en: "Payment vouchers", zh: "付款凭证审核" },
  },
  // Self-pickup (orders' fulfilment): verify a pickup code, orders awaiting pickup, the shop's pickup points.
  { path: "/transaction/extractManage", func: "order.extract" },
  // Sale orders pushed to the seller's ERP (kept alive: its filters and page come back when revisited)
  { path: "/transaction/pushSaleOrderManage", func: "order.push" },
  // The finance account: its home (state, card, balance, cash flows) and binding or changing the settlement card.
  { path: "/transaction/finance", title: { en: "Finance account", zh: "财务账户" }, redirectTo: "/transaction/finance/index" },
  { path: "/transaction/finance/index", func: "finance.account" },
  {
    path: "/transaction/finance/account/YeePay/replaceBankcard",
    func: "finance.account.bankcard",
    title: { en: "Change bank card", zh: "更换银行卡" },
    parent: "/transaction/finance/index",
  },
  // Statements: the shop's sales, refunds, fees and net by day over a range of days, each day's orders.
  { path: "/transaction/checkBill_sell", func: "finance.statement" },
  // The data dashboard: today's, yesterday's, 7 and 30 days' trading figures, the 30 days' trend, the top goods.
  { path: "/transaction/dmpStatDataView", func: "home.dashboard" },
  // Invoices (issue 12): the shop's invoice requests, and one request with its issue form (same function as the list).
  { path: "/transaction/invoice/invoiceList", func: "order.invoice" },
  {
    path: "/transaction/invoice/invoiceList/invoiceDetails",
    func: "order.invoice",
    title: { en: "Invoice details", zh: "发票详情" },
  },
  // The organisation's own purchases (issue 27 §2): the list (with its statement figures), one purchase with its
  // actions (remind, evaluate, request invoice), the organisation's invoice titles.
  { path: "/transaction/purchaseManage", func: "purchase.order" },
  {
    path: "/transaction/purchaseManage/detail/:id",
    func: "purchase.order",
    title: { en: "Purchase detail", zh: "采购订单详情" },
  },
  {
    path: "/transaction/purchaseManage/invoiceTitles",
    func: "purchase.order",
    title: { en: "Invoice titles", zh: "发票抬头" },
  },
  // Videos: the library and one video's form (`?id=` edits one)
  { path: "/transaction/video/index", func: "shop.video" },
  { path: "/transaction/video/edit", func: "shop.video", title: { en: "Edit video", zh: "编辑视频" } },
  // Promotions: the list, adding, editing (a running one: name and end only) and one promotion's detail
  { path: "/transaction/promotionManage", func: "marketing.promotion" },
  { path: "/transaction/promotionManage/addPromotion", func: "marketing.promotion", title: { en: "Add promotion", zh: "新增促销" } },
  {
    path: "/transaction/promotionManage/editPromotion/:id",
    func: "marketing.promotion",
    title: { en: "Edit promotion", zh: "编辑促销" },
  },
  {
    path: "/transaction/promotionManage/detailPromotion/:id",
    func: "marketing.promotion",
    title: { en: "Promotion detail", zh: "促销详情" },
  },
  // Coupons and exchange vouchers (docs/domains/coupon.md): each list, its add and edit form, one rule's detail.
  { path: "/transaction/shopTicket", func: "marketing.coupon" },
  { path: "/transaction/shopTicket/add", func: "marketing.coupon", title: { en: "Add a coupon", zh: "新增优惠券" } },
  { path: "/transaction/shopTicket/update", func: "marketing.coupon", title: { en: "Edit a coupon", zh: "编辑优惠券" } },
  { path: "/transaction/shopTicket/detail", func: "marketing.coupon", title: { en: "Coupon details", zh: "优惠券详情" } },
  { path: "/transaction/electronicVoucher", func: "marketing.voucher" },
  {
    path: "/transaction/electronicVoucher/add",
    func: "marketing.voucher",
    title: { en: "Add an exchange voucher", zh: "新增兑换券" },
  },
  {
    path: "/transaction/electronicVoucher/update",
    func: "marketing.voucher",
    title: { en: "Edit an exchange voucher", zh: "编辑兑换券" },
  },
  {
    path: "/transaction/electronicVoucher/detail",
    func: "marketing.voucher",
    title: { en: "Exchange voucher details", zh: "兑换券详情" },
  },
  // Password cards (coupon rules of kind card: add and detail only) and the card pools that generate their cards.
  { path: "/transaction/activity/entityCards", func: "marketing.entityCard" },
  {
    path: "/transaction/activity/entityCards/add",
    func: "marketing.entityCard",
    title: { en: "Add a password-card coupon", zh: "新增实体卡券" },
  },
  {
    path: "/transaction/activity/entityCards/detail",
    func: "marketing.entityCard",
    title: { en: "Password-card coupon details", zh: "实体卡券详情" },
  },
  { path: "/transaction/cardPool/entityCardsPool", func: "marketing.cardPool" },
  { path: "/transaction/cardPool/entityCardsPool/add", func: "marketing.cardPool", title: { en: "Generate a card pool", zh: "生成卡池" } },
  { path: "/transaction/cardPool/entityCardsPool/detail", func: "marketing.cardPool", title: { en: "Card pool details", zh: "卡池详情" } },
  // Evaluations (issue 12): the shop's reviews, and one order's evaluation (`:id` is the order's id)
  { path: "/transaction/orderEvaluationManage", func: "order.evaluation" },
  {
    path: "/transaction/orderManage/viewOrderEvaluation/:id",
    func: "order.evaluation",
    title: { en: "Order evaluation", zh: "订单评价" },
  },
  // After-sales (issue 12): the list, each type's handling screen (?id=) and result screen, the order read-only.
  { path: "/transaction/orderAfterManage", func: "order.afterSale" },
  { path: "/transaction/orderAfterManage/orderRefund", func: "order.afterSale", title: { en: "Refund application", zh: "退款申请" } },
  {
    path: "/transaction/orderAfterManage/orderRefundResult",
    func: "order.afterSale",
    title: { en: "Refund handled", zh: "退款处理结果" },
  },
  { path: "/transaction/orderAfterManage/orderReturn", func: "order.afterSale", title: { en: "Return application", zh: "退货申请" } },
  {
    path: "/transaction/orderAfterManage/orderReturnResult",
    func: "order.afterSale",
    title: { en: "Return handled", zh: "退货处理结果" },
  },
  { path: "/transaction/orderAfterManage/orderBarter", func: "order.afterSale", title: { en: "Exchange application", zh: "换货申请" } },
  {
    path: "/transaction/orderAfterManage/orderBarterResult",
    func: "order.afterSale",
    title: { en: "Exchange handled", zh: "换货处理结果" },
  },
  {
    path: "/transaction/orderAfterManage/orderDetailSeller/:id",
    func: "order.afterSale",
    title: { en: "After-sale order", zh: "售后订单详情" },
  },

  { path: "*", public: true, title: { en: "Page not found", zh: "页面不存在" } },
] as const satisfies readonly ScreenDecl[];

/** Every path of the route table, as a type: links and navigation name a screen that exists. */
export type ScreenPath = (typeof declared)[number]["path"];
/** The paths that render a screen (not redirects). */
export type BuiltPath = Exclude<(typeof declared)[number], { redirectTo: string }>["path"];

/** The function tree's name for a path: its screen's, else its area's. */
export function treeTitleOf(path: string): Title | undefined {
  const named = functionTree.filter((f) => f.path === path && f.kind !== "action");
  return (named.find((f) => f.kind === "screen") ?? named.find((f) => f.kind === "area"))?.name;
}

/**
 * The router's form of a path. The spec writes some segments as several parameters joined by `&`
 * (`/children/:id&:shopId&:name`); React Router matches a parameter only as a whole segment, so such a
 * segment becomes one parameter named by its parts (`:id_shopId_name`) whose value `compoundParams` splits.
 */
export const routerPathOf = (path: string): string =>
  path.replace(/:(\w+(?:&:\w+)+)/g, (_whole, names: string) => `:${names.split("&:").join("_")}`);

/** Route parameters with compound segments (see `routerPathOf`) split into their parts: `{ id, shopId, name }`. */
export function compoundParams(params: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const names = key.split("_");
    if (names.length < 2) {
      out[key] = value;
      continue;
    }
    const values = value.split("&");
    names.forEach((name, i) => {
      out[name] = values[i] ?? "";
    });
  }
  return out;
}

export const screens: readonly ScreenDef[] = declared.map((d: ScreenDecl) => {
  const title = d.title ?? treeTitleOf(d.path);
  if (!title) throw new Error(`Screen ${d.path} has no title: neither declared nor in the function tree`);
  return { ...d, title };
});
