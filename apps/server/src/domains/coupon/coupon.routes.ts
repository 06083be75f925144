import { contract } from "@sbo/contract";
import type { FastifyInstance } from "fastify";
import { bindDomain, type Platform } from "../../platform/http/bind-domain";
import { createCardPoolService } from "./card-pool.service";
import { exportCouponList, exportCouponRuleList } from "./coupon.export";
import { type CouponOrders, createCouponService } from "./coupon.service";

/** The seller's coupon calls (`contract.coupon`) and the buyer's (`contract.buyerCoupon`). */
export function couponRoutes(app: FastifyInstance, platform: Platform, orders: CouponOrders) {
  const coupons = createCouponService({ orders });
  bindDomain(app, platform, contract.coupon, {
    queryCoupRegListByPage: (input, ctx) => coupons.queryCoupRegListByPage(ctx, input),
    selExchangeCoupRegListByPage: (input, ctx) => coupons.selExchangeCoupRegListByPage(ctx, input),
    selCoupRegularByRegCode: (input, ctx) => coupons.selCoupRegularByRegCode(ctx, input),
    selCouponRegNum: (input, ctx) => coupons.selCouponRegNum(ctx, input),
    addCoupRegular: (input, ctx) => coupons.addCoupRegular(ctx, input),
    updCoupRegular: (input, ctx) => coupons.updCoupRegular(ctx, input),
    updCoupRegularByRegCode: (input, ctx) => coupons.updCoupRegularByRegCode(ctx, input),
    delCoupRegular: (input, ctx) => coupons.delCoupRegular(ctx, input),
    selCouponList: (input, ctx) => coupons.selCouponList(ctx, input),
    exportCouponRuleList: (input, ctx) => exportCouponRuleList(ctx, input),
    exportCouponList: (input, ctx) => exportCouponList(ctx, input),
    selCouponUsageDetails: (input, ctx) => coupons.selCouponUsageDetails(ctx, input),
    updUnFrozenCouponOperation: (input, ctx) => coupons.updUnFrozenCouponOperation(ctx, input),
    updExchangeInvalid: (input, ctx) => coupons.updExchangeInvalid(ctx, input),
    selCouponRecordByOrderIdV2: (input, ctx) => coupons.selCouponRecordByOrderIdV2(ctx, input),
    getCouponParentOrderId: (input, ctx) => coupons.getCouponParentOrderId(ctx, input),
  });
  const pools = createCardPoolService();
  bindDomain(app, platform, contract.cardPool, {
    selCouponCardPoolRegularByPage: (input, ctx) => pools.selCouponCardPoolRegularByPage(ctx, input),
    addCouponCardPoolRegular: (input, ctx) => pools.addCouponCardPoolRegular(ctx, input),
    selCouponCardPoolRegularByParam: (input, ctx) => pools.selCouponCardPoolRegularByParam(ctx, input),
    selCouponInfoAndCardPoolRecordsByPage: (input, ctx) => pools.selCouponInfoAndCardPoolRecordsByPage(ctx, input),
    updCouponCardPoolRecordInvalid: (input, ctx) => pools.updCouponCardPoolRecordInvalid(ctx, input),
    updEliminateCardPool: (input, ctx) => pools.updEliminateCardPool(ctx, input),
    exportEntityCardsData: (input, ctx) => pools.exportEntityCardsData(ctx, input),
  });
  bindDomain(
    app,
    platform,
    contract.buyerCoupon,
    {
      selReceivableCoupons: (input, ctx) => coupons.selReceivableCoupons(ctx, input),
      receiveCoupon: (input, ctx) => coupons.receiveCoupon(ctx, input),
      redeemExchangeCode: (input, ctx) => coupons.redeemExchangeCode(ctx, input),
      redeemCard: (input, ctx) => coupons.redeemCard(ctx, input),
      selMyCoupons: (input, ctx) => coupons.selMyCoupons(ctx, input),
    },
    // A card's password and an exchange code are secrets a guesser could try one after another: their calls share the
    // per-address budget of the login, SMS and password-reset calls.
    { rateLimited: ["redeemExchangeCode", "redeemCard"] },
  );
}
