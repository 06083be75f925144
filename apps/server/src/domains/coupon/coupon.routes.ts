import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createCardPoolService } from "./card-pool/card-pool.service";
import { exportCouponList, exportCouponRuleList } from "./coupon.export";
import { type CouponOrders, createCouponService } from "./coupon.service";

/** The seller's coupon calls (`contract.coupon`) and the buyer's (`contract.buyerCoupon`). */
export function couponRoutes(app: FastifyInstance, platform: Platform, orders: CouponOrders) {
  const coupons = createCouponService({ orders });
  bindDomain(app, platform, contract.coupon, { ...coupons, exportCouponRuleList, exportCouponList });
  bindDomain(app, platform, contract.cardPool, createCardPoolService());
  bindDomain(
    app,
    platform,
    contract.buyerCoupon,
    coupons,
    // A card's password and an exchange code are secrets a guesser could try one after another: their calls share the
    // per-address budget of the login, SMS and password-reset calls.
    { rateLimited: ["redeemExchangeCode", "redeemCard"] },
  );
}
