import type { ComponentType } from "react";

/**
 * The one route table (spec §2). Only screens that are built appear; any other path renders the
 * not-found screen. Kept free of JSX and of top-level React imports: a Node script imports this
 * file to report which spec routes are built, so screens are referenced only through relative
 * dynamic imports.
 */
export interface RouteDef {
  path: string;
  title: { en: string; zh: string };
  /** Function code (functionTree) the member must hold; absent on a private route: any member. */
  func?: string;
  /** Reachable without logging in; rendered outside the back-office layout. */
  public?: boolean;
  redirectTo?: string;
  /** Top-menu area of a screen that has no function of its own (for the left menu). */
  area?: string;
  screen?: () => Promise<{ Component: ComponentType }>;
}

export const routes: readonly RouteDef[] = [
  // Login and public
  { path: "/", public: true, title: { en: "Log in", zh: "登录" }, screen: () => import("../features/login/login-page") },
  { path: "/login", public: true, title: { en: "Log in", zh: "登录" }, redirectTo: "/login/toLogin" },
  { path: "/login/toLogin", public: true, title: { en: "Log in", zh: "登录" }, screen: () => import("../features/login/login-page") },
  {
    path: "/login/backPwd",
    public: true,
    title: { en: "Forgot password", zh: "找回密码" },
    screen: () => import("../features/login/forgot-password-page"),
  },
  {
    path: "/login/403",
    public: true,
    title: { en: "No permission", zh: "没有权限" },
    screen: () => import("../features/errors/login-forbidden-page"),
  },
  {
    path: "/download",
    public: true,
    title: { en: "Download the app", zh: "下载 App" },
    screen: () => import("../features/download/download-page"),
  },
  {
    path: "/agreement/:type/:code",
    public: true,
    title: { en: "Agreement", zh: "协议" },
    screen: () => import("../features/agreement/agreement-page"),
  },
  {
    path: "/401",
    public: true,
    title: { en: "Please log in", zh: "请登录" },
    screen: () => import("../features/errors/unauthorized-page"),
  },
  { path: "/403", public: true, title: { en: "No permission", zh: "没有权限" }, screen: () => import("../features/errors/forbidden-page") },
  {
    path: "/404",
    public: true,
    title: { en: "Page not found", zh: "页面不存在" },
    screen: () => import("../features/errors/not-found-page"),
  },
  {
    path: "/500",
    public: true,
    title: { en: "Server error", zh: "服务器错误" },
    screen: () => import("../features/errors/server-error-page"),
  },
  {
    path: "/shopClose",
    public: true,
    title: { en: "Shop closed", zh: "店铺已关闭" },
    screen: () => import("../features/errors/shop-closed-page"),
  },

  // Shop, opening a shop, enterprise information
  {
    path: "/transaction/shopManage",
    func: "shop.manage",
    title: { en: "Shop", zh: "店铺管理" },
    screen: () => import("../features/shop/shop-manage-page"),
  },
  {
    path: "/transaction/shopSetting",
    func: "shop.setting",
    title: { en: "Shop settings", zh: "店铺设置" },
    screen: () => import("../features/shop/shop-setting-page"),
  },
  {
    path: "/transaction/setup/enterpriseInfo",
    func: "setup.enterprise",
    title: { en: "Enterprise information", zh: "企业信息" },
    screen: () => import("../features/enterprise/enterprise-info-page"),
  },
  {
    path: "/transaction/setup/enterpriseInfoEdit",
    func: "setup.enterprise.edit",
    title: { en: "Edit enterprise information", zh: "编辑企业信息" },
    screen: () => import("../features/enterprise/enterprise-edit-page"),
  },
  // The open-shop flow: any logged-in member (those without a shop are sent here by 021101); no left menu.
  { path: "/addccount", title: { en: "Open your shop", zh: "开设店铺" }, redirectTo: "/addccount/oppenshop" },
  { path: "/addccount/oppenshop", title: { en: "Open your shop", zh: "开设店铺" }, redirectTo: "/transaction/addccount/oppenshop" },
  {
    path: "/transaction/addccount/oppenshop",
    title: { en: "Open your shop", zh: "开设店铺" },
    screen: () => import("../features/open-shop/open-shop-page"),
  },
  {
    path: "/transaction/addccount/idcardopen",
    title: { en: "Account-opening information", zh: "开户信息" },
    screen: () => import("../features/open-shop/account-opening-page"),
  },
  {
    path: "/transaction/addccount/result",
    title: { en: "Open-shop result", zh: "开店结果" },
    screen: () => import("../features/open-shop/open-shop-result-page"),
  },

  // Settings
  { path: "/setup", title: { en: "Settings", zh: "设置" }, redirectTo: "/setup/index" },
  {
    path: "/setup/index",
    func: "setup.home",
    title: { en: "Settings", zh: "设置" },
    screen: () => import("../features/setup/setup-home-page"),
  },
  {
    path: "/transaction/setup/member",
    func: "setup.staff",
    title: { en: "Staff and roles", zh: "员工与角色" },
    screen: () => import("../features/staff/staff-list-page"),
  },
  {
    path: "/transaction/setup/member/addMember",
    func: "setup.staff.edit",
    title: { en: "Add staff member", zh: "添加员工" },
    screen: () => import("../features/staff/staff-add-page"),
  },
  {
    path: "/transaction/setup/member/update/:id",
    func: "setup.staff",
    title: { en: "Edit staff member", zh: "编辑员工" },
    screen: () => import("../features/staff/staff-edit-page"),
  },
  {
    path: "/transaction/setup/setLoginPassword",
    area: "setup",
    title: { en: "Change password", zh: "修改密码" },
    screen: () => import("../features/setup/change-password-page"),
  },

  // Members and ranks (the seller's buyers)
  {
    path: "/transaction/setup/rank/member",
    func: "setup.rank",
    title: { en: "Members and ranks", zh: "会员管理" },
    screen: () => import("../features/member/member-page"),
  },
  {
    path: "/transaction/setup/rank/member/detail/:boId",
    func: "setup.rank",
    title: { en: "Member", zh: "会员详情" },
    screen: () => import("../features/member/member-detail-page"),
  },

  // Transaction
  { path: "/transaction", title: { en: "Home", zh: "首页" }, redirectTo: "/transaction/index" },
  {
    path: "/transaction/index",
    area: "home",
    title: { en: "Home", zh: "首页" },
    screen: () => import("../features/home/home-page"),
  },

  // Suppliers
  {
    path: "/transaction/shopSupplier",
    func: "shop.supplier",
    title: { en: "Suppliers", zh: "供应商" },
    screen: () => import("../features/supplier/shop-supplier-page"),
  },
  {
    path: "/transaction/shopAuthSupplier",
    func: "shop.authSupplier",
    title: { en: "Authorised suppliers", zh: "授权供应商" },
    screen: () => import("../features/supplier/shop-auth-supplier-page"),
  },

  { path: "*", public: true, title: { en: "Page not found", zh: "页面不存在" }, screen: () => import("../features/errors/not-found-page") },
];
