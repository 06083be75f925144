import type { ComponentType } from "react";
import { type BuiltPath, type ScreenDef, screens } from "../platform/screens";

/**
 * The one route table (spec §2): every built screen of `platform/screens.ts` with its lazily loaded
 * component. Any other path renders the not-found screen. Kept free of JSX, of top-level React
 * imports and of `@/` paths: a Node script imports this file to report which spec routes are
 * built, so screens are referenced only through relative dynamic imports.
 */
export interface RouteDef extends ScreenDef {
  screen?: () => Promise<{ Component: ComponentType }>;
}

type Loader = () => Promise<{ Component: ComponentType }>;

/** One loader per built path; the type makes a screen without a component a compile error. */
const loaders: Record<BuiltPath, Loader> = {
  "/": () => import("../features/login/login-page"),
  "/login/toLogin": () => import("../features/login/login-page"),
  "/login/backPwd": () => import("../features/login/forgot-password-page"),
  "/login/403": () => import("../features/errors/login-forbidden-page"),
  "/download": () => import("../features/download/download-page"),
  "/agreement/:type/:code": () => import("../features/agreement/agreement-page"),
  "/401": () => import("../features/errors/unauthorized-page"),
  "/403": () => import("../features/errors/forbidden-page"),
  "/404": () => import("../features/errors/not-found-page"),
  "/500": () => import("../features/errors/server-error-page"),
  "/shopClose": () => import("../features/shop/shop-closed-page"),

  "/transaction/shopManage": () => import("../features/shop/shop-manage-page"),
  "/transaction/shopSetting": () => import("../features/shop/shop-setting-page"),
  "/transaction/setup/enterpriseInfo": () => import("../features/enterprise/enterprise-info-page"),
  "/transaction/setup/enterpriseInfoEdit": () => import("../features/enterprise/enterprise-edit-page"),
  "/transaction/addccount/oppenshop": () => import("../features/shop/open-shop/open-shop-page"),
  "/transaction/addccount/idcardopen": () => import("../features/shop/open-shop/account-opening-page"),
  "/transaction/addccount/result": () => import("../features/shop/open-shop/open-shop-result-page"),

  "/setup/index": () => import("../features/setup/setup-home-page"),
  "/transaction/setup/member": () => import("../features/staff/staff-list-page"),
  "/transaction/setup/member/addMember": () => import("../features/staff/staff-add-page"),
  "/transaction/setup/member/update/:id": () => import("../features/staff/staff-edit-page"),
  "/transaction/setup/setLoginPassword": () => import("../features/setup/change-password-page"),

  "/transaction/setup/rank/member": () => import("../features/member/member-page"),
  "/transaction/setup/rank/member/detail/:boId": () => import("../features/member/member-detail-page"),

  "/transaction/index": () => import("../features/home/home-page"),

  "/transaction/shopSupplier": () => import("../features/supplier/shop-supplier-page"),
  "/transaction/shopAuthSupplier": () => import("../features/supplier/shop-auth-supplier-page"),

  "*": () => import("../features/errors/not-found-page"),
};

export const routes: readonly RouteDef[] = screens.map((s) => (s.redirectTo ? s : { ...s, screen: loaders[s.path as BuiltPath] }));
