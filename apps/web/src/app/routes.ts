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

  // Settings
  { path: "/setup", title: { en: "Settings", zh: "设置" }, redirectTo: "/setup/index" },
  {
    path: "/setup/index",
    func: "setup.home",
    title: { en: "Settings", zh: "设置" },
    screen: () => import("../features/setup/setup-home-page"),
  },
  {
    path: "/transaction/setup/setLoginPassword",
    area: "setup",
    title: { en: "Change password", zh: "修改密码" },
    screen: () => import("../features/setup/change-password-page"),
  },

  // Transaction
  { path: "/transaction", title: { en: "Home", zh: "首页" }, redirectTo: "/transaction/index" },
  {
    path: "/transaction/index",
    area: "home",
    title: { en: "Home", zh: "首页" },
    screen: () => import("../features/home/home-page"),
  },

  { path: "*", public: true, title: { en: "Page not found", zh: "页面不存在" }, screen: () => import("../features/errors/not-found-page") },
];
