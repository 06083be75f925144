/**
 * The function tree: areas (top menu), screens (left menu) and actions (buttons and calls).
 * Function codes name what a role may do; every guarded call names one. The owner holds them all.
 * The database table `sys_function` is synced from this list at start.
 */
export type FunctionKind = "area" | "screen" | "action";

export interface FunctionDef<C extends string = string> {
  code: C;
  parent: string | null;
  kind: FunctionKind;
  name: { en: string; zh: string };
  /** The web route of a screen (or an area's first screen). */
  path?: string;
  icon?: string;
  sort: number;
}

const area = <C extends string>(code: C, en: string, zh: string, path: string, icon: string, sort: number): FunctionDef<C> => ({
  code,
  parent: null,
  kind: "area",
  name: { en, zh },
  path,
  icon,
  sort,
});
const screen = <C extends string>(
  parent: string,
  code: C,
  en: string,
  zh: string,
  path: string,
  icon: string,
  sort: number,
): FunctionDef<C> => ({
  code,
  parent,
  kind: "screen",
  name: { en, zh },
  path,
  icon,
  sort,
});
const action = <C extends string>(parent: string, code: C, en: string, zh: string, sort: number): FunctionDef<C> => ({
  code,
  parent,
  kind: "action",
  name: { en, zh },
  sort,
});

const declared = [
  area("home", "Home", "首页", "/transaction/index", "HomeOutlined", 10),
  screen("home", "home.dashboard", "Data dashboard", "数据看板", "/transaction/dmpStatDataView", "DashboardOutlined", 10),

  area("shop", "Shop", "店铺", "/transaction/shopManage", "ShopOutlined", 20),
  screen("shop", "shop.manage", "Shop", "店铺管理", "/transaction/shopManage", "ShopOutlined", 10),
  action("shop.manage", "shop.manage.edit", "Edit shop", "编辑店铺", 10),
  action("shop.manage", "shop.manage.status", "Close and reopen the shop", "关闭和重开店铺", 20),
  screen("shop", "shop.setting", "Shop settings", "店铺设置", "/transaction/shopSetting", "SettingOutlined", 20),
  action("shop.setting", "shop.setting.edit", "Edit settings", "修改店铺设置", 10),
  action("shop.setting", "shop.setting.address", "Manage addresses", "管理地址", 20),
  screen("shop", "shop.classify", "Shop categories", "店铺分类", "/transaction/goodsTypeManage", "AppstoreOutlined", 30),
  action("shop.classify", "shop.classify.edit", "Edit shop categories", "编辑店铺分类", 10),
  screen("shop", "shop.recommend", "Recommendations", "店铺推荐", "/transaction/shopRecommendManage", "LikeOutlined", 40),
  action("shop.recommend", "shop.recommend.edit", "Edit recommendations", "编辑店铺推荐", 10),
  screen("shop", "shop.advert", "Adverts", "广告管理", "/transaction/shopAdvertManage/0", "PictureOutlined", 50),
  action("shop.advert", "shop.advert.edit", "Edit adverts", "编辑广告", 10),
  screen("shop", "shop.cms", "Custom content", "自定义广告", "/transaction/cmsManage", "LayoutOutlined", 60),
  action("shop.cms", "shop.cms.edit", "Edit custom content", "编辑自定义内容", 10),
  screen("shop", "shop.video", "Videos", "视频管理", "/transaction/video/index", "VideoCameraOutlined", 70),
  screen("shop", "shop.pickup", "Self-pickup", "自提管理", "/transaction/extractManage", "EnvironmentOutlined", 80),
  screen("shop", "shop.supplier", "Suppliers", "供应商", "/transaction/shopSupplier", "TeamOutlined", 90),
  action("shop.supplier", "shop.supplier.edit", "Add and edit suppliers", "添加编辑供应商", 10),
  screen("shop", "shop.authSupplier", "Authorised suppliers", "授权供应商", "/transaction/shopAuthSupplier", "SafetyOutlined", 100),
  action("shop.authSupplier", "shop.authSupplier.edit", "Authorise suppliers and their accounts", "授权供应商及其账号", 10),

  area("goods", "Goods", "商品", "/transaction/goodsManage", "GiftOutlined", 30),
  screen("goods", "goods.manage", "Goods", "商品管理", "/transaction/goodsManage", "GiftOutlined", 10),
  action("goods.manage", "goods.manage.edit", "Publish and edit goods", "发布编辑商品", 10),
  action("goods.manage", "goods.manage.shelf", "Put on and take off shelf", "上下架", 20),
  action("goods.manage", "goods.manage.export", "Export goods", "导出商品", 30),
  screen("goods", "goods.package", "Packages", "套餐管理", "/transaction/packageManage", "InboxOutlined", 20),
  screen("goods", "goods.memberPrice", "Member prices", "会员价", "/transaction/members", "CrownOutlined", 30),
  screen("goods", "goods.ladder", "Ladder prices", "阶梯价", "/transaction/ladder", "RiseOutlined", 40),
  screen("goods", "goods.freight", "Freight templates", "运费模板", "/transaction/freightTemplateList", "CarOutlined", 50),
  action("goods.freight", "goods.freight.edit", "Add and edit freight templates", "添加编辑运费模板", 10),

  area("order", "Orders", "订单", "/transaction/orderManage", "ProfileOutlined", 40),
  screen("order", "order.manage", "Orders", "订单管理", "/transaction/orderManage", "ProfileOutlined", 10),
  action("order.manage", "order.manage.ship", "Ship orders", "发货", 10),
  action("order.manage", "order.manage.price", "Revise prices", "改价", 20),
  action("order.manage", "order.manage.cancel", "Cancel orders", "取消订单", 30),
  action("order.manage", "order.manage.export", "Export orders", "导出订单", 40),
  action("order.manage", "order.manage.voucher", "Review payment vouchers", "审核付款凭证", 60),
  action("order.manage", "order.manage.voucher.export", "Export payment vouchers", "导出付款凭证", 65),
  action("order.manage", "order.manage.change", "Change order lines", "修改订单商品", 70),
  action("order.manage", "order.manage.phone", "See buyers' full phone numbers", "查看完整手机号", 80),
  screen("order", "order.extract", "Self-pickup", "自提管理", "/transaction/extractManage", "ShopOutlined", 15),
  screen("order", "order.push", "Pushed sales orders", "推送销售单", "/transaction/pushSaleOrderManage", "SendOutlined", 20),
  action("order.push", "order.push.export", "Export pushed sales orders", "导出推送销售单", 10),
  screen("order", "order.afterSale", "After-sales", "售后管理", "/transaction/orderAfterManage", "CustomerServiceOutlined", 30),
  action("order.afterSale", "order.afterSale.export", "Export after-sales", "导出售后单", 10),
  screen("order", "order.evaluation", "Reviews", "评价管理", "/transaction/orderEvaluationManage", "StarOutlined", 40),
  action("order.evaluation", "order.evaluation.export", "Export reviews", "导出评价", 10),
  screen("order", "order.invoice", "Invoices", "发票管理", "/transaction/invoice/invoiceList", "FileTextOutlined", 50),
  action("order.invoice", "order.invoice.issue", "Issue and refuse invoices", "开具和拒绝发票", 10),
  action("order.invoice", "order.invoice.export", "Export invoices", "导出发票", 30),

  // The organisation's own purchases (orders placed FOR it at other shops), never a colleague's personal ones.
  area("purchase", "Purchases", "采购", "/transaction/purchaseManage", "ShoppingCartOutlined", 45),
  screen("purchase", "purchase.order", "Purchase orders", "采购订单", "/transaction/purchaseManage", "ShoppingCartOutlined", 10),
  action("purchase.order", "purchase.order.act", "Remind sellers, evaluate and request invoices", "提醒发货、评价和申请发票", 10),
  action("purchase.order", "purchase.order.title", "Add the organisation's invoice titles", "新增本组织发票抬头", 20),

  area("marketing", "Marketing", "营销", "/transaction/shopTicket", "TagsOutlined", 50),
  screen("marketing", "marketing.coupon", "Coupons", "优惠券", "/transaction/shopTicket", "TagOutlined", 10),
  screen("marketing", "marketing.voucher", "Exchange vouchers", "兑换券", "/transaction/electronicVoucher", "BarcodeOutlined", 20),
  screen("marketing", "marketing.entityCard", "Password cards", "实体卡", "/transaction/activity/entityCards", "CreditCardOutlined", 30),
  screen("marketing", "marketing.cardPool", "Card pools", "卡池", "/transaction/cardPool/entityCardsPool", "DatabaseOutlined", 40),
  action("marketing.cardPool", "marketing.cardPool.export", "Export password cards", "导出实体卡密码", 10),
  screen("marketing", "marketing.promotion", "Promotions", "促销活动", "/transaction/promotionManage", "FireOutlined", 50),

  area("finance", "Finance", "财务", "/transaction/finance/index", "AccountBookOutlined", 60),
  screen("finance", "finance.account", "Finance account", "财务账户", "/transaction/finance/index", "WalletOutlined", 10),
  action("finance.account", "finance.account.bankcard", "Change bank card", "更换银行卡", 10),
  action("finance.account", "finance.account.export", "Export cash flows", "导出资金流水", 20),
  screen("finance", "finance.statement", "Statements", "对账单", "/transaction/checkBill_sell", "ReconciliationOutlined", 20),
  action("finance.statement", "finance.statement.export", "Export statements", "导出对账单", 10),

  area("setup", "Settings", "设置", "/setup/index", "SettingOutlined", 70),
  screen("setup", "setup.home", "Settings home", "设置首页", "/setup/index", "ControlOutlined", 10),
  screen("setup", "setup.staff", "Staff", "员工管理", "/transaction/setup/member", "UserOutlined", 20),
  action("setup.staff", "setup.staff.edit", "Add and edit staff", "添加编辑员工", 10),
  action("setup.staff", "setup.staff.role", "Manage roles", "管理角色", 20),
  action("setup.staff", "setup.staff.base", "Manage bases (farms and sites)", "管理基地", 30),
  action("setup.staff", "setup.staff.export", "Export staff", "导出员工", 40),
  screen("setup", "setup.enterprise", "Enterprise information", "企业信息", "/transaction/setup/enterpriseInfo", "BankOutlined", 30),
  action("setup.enterprise", "setup.enterprise.edit", "Edit enterprise information", "编辑企业信息", 10),
  screen("setup", "setup.rank", "Members and ranks", "会员管理", "/transaction/setup/rank/member", "CrownOutlined", 40),
  action("setup.rank", "setup.rank.edit", "Edit members, ranks and tags", "编辑会员、等级和标签", 10),
  action("setup.rank", "setup.rank.recharge", "Manage recharge offers", "管理充值活动", 20),
  action("setup.rank", "setup.rank.export", "Export members", "导出会员", 30),
  action("setup.home", "setup.audit", "Audit log", "操作日志", 10),

  // The list exports of issue 27 §1 (shop, goods and marketing lists): each its own action under the list's screen.
  action("shop.classify", "shop.classify.export", "Export shop categories", "导出店铺分类", 90),
  action("shop.advert", "shop.advert.export", "Export adverts", "导出广告", 90),
  action("shop.video", "shop.video.export", "Export videos", "导出视频", 90),
  action("shop.supplier", "shop.supplier.export", "Export suppliers", "导出供应商", 90),
  action("goods.freight", "goods.freight.export", "Export freight templates", "导出运费模板", 90),
  action("marketing.coupon", "marketing.coupon.export", "Export coupons", "导出优惠券", 90),
  action("marketing.coupon", "marketing.coupon.records.export", "Export received coupons", "导出优惠券领取记录", 91),
  action("marketing.promotion", "marketing.promotion.export", "Export promotions", "导出促销活动", 90),
];

/** Every function code, as a type: a misspelled code (`useHolds("order.manag")`) fails the typecheck. */
export type FunctionCode = (typeof declared)[number]["code"];

export const functionTree: readonly FunctionDef[] = declared;

export const functionCodes: ReadonlySet<string> = new Set(functionTree.map((f) => f.code));

/** Every function code below (and including) `code`. */
export const descendantsOf = (code: string): string[] => {
  const out = [code];
  for (let i = 0; i < out.length; i++) {
    for (const f of functionTree) if (f.parent === out[i]) out.push(f.code);
  }
  return out;
};

const byCode = new Map(functionTree.map((f) => [f.code, f]));

/**
 * A function's name for a refusal's params: `{ func, "func.en", "func.zh" }`, so "you lack {func}"
 * names it in the reader's language (see `fill`). An unknown code stands for itself.
 */
export const functionNameParams = (code: string): Record<string, string> => {
  const f = byCode.get(code);
  return { func: code, "func.en": f?.name.en ?? code, "func.zh": f?.name.zh ?? code };
};
