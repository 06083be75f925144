import { and, eq } from "drizzle-orm";
import { createCardPoolService } from "../domains/coupon/card-pool/card-pool.service";
import { createCouponService } from "../domains/coupon/coupon.service";
import { couponRule } from "../domains/coupon/coupon.tables";
import { orderStatusForCoupons } from "../domains/orders/coupon-orders.port";
import { shop } from "../domains/shop/shop.tables";
import type { Executor } from "../platform/db/client";
import type { Ctx } from "../platform/http/context";

interface Seller {
  boId: string;
  memberId: string;
}

const DAY = 86_400_000;
/** The rule the demo buyers receive and use at checkout (orders.demo.ts). */
export const DEMO_COUPON_CODE = "DEMO-5OFF";
/** The rule demo buyers receive and keep. */
export const DEMO_KEPT_CODE = "DEMO-10PCT";

const service = createCouponService({ orders: { statusOf: orderStatusForCoupons } });
const pools = createCardPoolService();

const ctxOf = (db: Executor, who: { seller?: Seller & { shopId: string }; buyer?: string }): Ctx =>
  ({
    requestId: "demo",
    ip: "127.0.0.1",
    userAgent: "demo",
    lang: "zh",
    db,
    session: null,
    ticket: null,
    buyer: who.buyer ? { sessionId: "demo", memberId: who.buyer } : null,
    me: () => ({ boId: who.seller?.boId, memberId: who.seller?.memberId, shop: who.seller ? { id: who.seller.shopId } : null }),
    req: { headers: {} },
    reply: {},
  }) as unknown as Ctx;

/**
 * Each demo seller's coupon rules, through the coupon service: three active coupons (¥5 off, 10 % off up to ¥20,
 * spend ¥100 save ¥15), a draft "new customers" coupon valid 7 days after receipt, an ended spring coupon, an
 * active exchange voucher, and a ¥50 password-card coupon with a pool of 20 cards (not yet exported). The demo buyers receive and use them while the orders demo places its orders.
 */
export async function seedCouponDemo(db: Executor, sellers: Seller[]) {
  const now = Date.now();
  const fixed = {
    validityType: "fixed" as const,
    validFrom: new Date(now - 100 * DAY).toISOString(),
    validTo: new Date(now + 60 * DAY).toISOString(),
  };
  for (const [n, s] of sellers.entries()) {
    const [row] = await db.select({ id: shop.id }).from(shop).where(eq(shop.boId, s.boId)).limit(1);
    if (!row) continue;
    const seller = { ...s, shopId: row.id };
    await db.transaction(async (tx) => {
      const ctx = ctxOf(tx, { seller });
      const add = (input: Parameters<typeof service.addCoupRegular>[0]) => service.addCoupRegular(input, ctx);
      const activate = (regCode: string) => service.updCoupRegularByRegCode({ regCode, action: "activate" }, ctx);
      const base = {
        kind: "coupon" as const,
        description: "",
        amount: 0,
        percentOff: 0,
        maxDiscount: 0,
        minSpend: 0,
        goodsScope: "all" as const,
        goodsIds: [],
      };
      await add({
        ...base,
        ...fixed,
        regCode: DEMO_COUPON_CODE,
        name: "店铺券 立减5元",
        discountType: "amount",
        amount: 500,
        totalQuantity: 2000,
        perMemberLimit: 50,
      });
      await activate(DEMO_COUPON_CODE);
      await add({
        ...base,
        ...fixed,
        regCode: DEMO_KEPT_CODE,
        name: "全场9折券（最高优惠20元）",
        discountType: "percent",
        percentOff: 10,
        maxDiscount: 2000,
        totalQuantity: 1000,
        perMemberLimit: 20,
      });
      await activate(DEMO_KEPT_CODE);
      await add({
        ...base,
        ...fixed,
        regCode: "DEMO-100M15",
        name: "满100减15",
        discountType: "threshold",
        amount: 1500,
        minSpend: 10000,
        totalQuantity: 500,
        perMemberLimit: 2,
      });
      await activate("DEMO-100M15");
      await add({
        ...base,
        validityType: "days",
        validDays: 7,
        regCode: "DEMO-NEW",
        name: "新客专享 立减10元",
        discountType: "amount",
        amount: 1000,
        totalQuantity: 300,
        perMemberLimit: 1,
      });
      await add({
        ...base,
        ...fixed,
        regCode: "DEMO-SPRING",
        name: "春季尝鲜券",
        discountType: "amount",
        amount: 300,
        totalQuantity: 200,
        perMemberLimit: 1,
      });
      await activate("DEMO-SPRING");
      await service.updCoupRegularByRegCode({ regCode: "DEMO-SPRING", action: "end" }, ctx);
      await add({
        ...base,
        ...fixed,
        kind: "exchange",
        exchangeCode: `FRESH${2026 + n}`,
        regCode: "DEMO-EXCHANGE",
        name: "兑换券 立减8元",
        discountType: "amount",
        amount: 800,
        totalQuantity: 500,
        perMemberLimit: 1,
      });
      await activate("DEMO-EXCHANGE");
      const card = await add({
        ...base,
        ...fixed,
        kind: "card",
        regCode: "DEMO-CARD50",
        name: "实体礼品卡 立减50元",
        discountType: "amount",
        amount: 5000,
        minSpend: 5000,
        totalQuantity: 100,
        perMemberLimit: 5,
      });
      await activate("DEMO-CARD50");
      await pools.addCouponCardPoolRegular({ ruleId: card.id, name: "2026 春节礼品卡", quantity: 20 }, ctx);
    });
  }
}

/** The demo buyer receives one coupon of the seller's rule `regCode` (through the buyer call's service): its id, or null. */
export async function receiveDemoCoupon(db: Executor, buyerMemberId: string, boId: string, regCode: string): Promise<string | null> {
  const [rule] = await db
    .select({ id: couponRule.id })
    .from(couponRule)
    .where(and(eq(couponRule.boId, boId), eq(couponRule.regCode, regCode)));
  if (!rule) return null;
  try {
    return (await service.receiveCoupon({ ruleId: rule.id }, ctxOf(db, { buyer: buyerMemberId }))).id;
  } catch {
    return null; // the buyer's limit reached: no coupon this time
  }
}
