import type { Executor } from "../../../platform/db/client";
import { couponDiscount, couponsFollowOrder as follow, holdCoupon } from "../../coupon/coupon.service";
import type { PriceAdjuster } from "../orders-needs.port";

/*
 * Where orders meet coupons (docs/domains/coupon.md), kept apart from the rest of the orders domain: the coupon
 * adjuster (the buyer's chosen coupon per shop, its discount at preview and submit, frozen for the order on submit)
 * and the order machine's hook (paid uses the coupon, cancelled while unpaid releases it). Orders (rank 6) may import
 * coupon (rank 5); coupon never imports orders.
 */

export const couponAdjuster: PriceAdjuster = {
  name: "coupon",
  async adjust(db, order) {
    if (!order.choice) return [];
    return [
      await couponDiscount(db, {
        buyerMemberId: order.buyerMemberId,
        boId: order.boId,
        couponId: order.choice,
        lines: order.lines.map((l) => ({ goodsId: l.goodsId, amount: l.amount })),
      }),
    ];
  },
  async hold(db, order) {
    await holdCoupon(db, {
      buyerMemberId: order.buyerMemberId,
      couponId: order.choice,
      orderId: order.orderId,
      orderNo: order.orderNo,
      discount: -order.amount,
    });
  },
};

/** Told by the order machine after every transition, in its transaction. */
export const couponsFollowOrder = (db: Executor, orderId: string, from: string, to: string) => follow(db, orderId, from, to);
