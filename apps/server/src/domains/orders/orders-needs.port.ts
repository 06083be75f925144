import type { Executor } from "../../platform/db/client";
import type { FreightResult, FreightTemplate } from "../catalogue/freight/freight.rules";
import type { GoodsForOrders } from "../goods/goods.port";
import type { PaymentProvider } from "./payment/payment.port";

/*
 * What the orders domain takes from the domains below it, handed in by app.ts (`createOrderService(ports)`): goods
 * (SKUs, the pricing function, FEFO takes and returns), the catalogue's freight, the payment providers and the price
 * adjusters. Tests and later issues (coupons, promotions, other payment providers) plug in here.
 */

export interface CartLineForAdjuster {
  skuId: string;
  goodsId: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/**
 * The plug for coupons and promotions: asked per shop at preview and submit, in order; each answers its adjustments
 * (amounts ≤ 0 cents, a label the buyer reads). Their sum is the order's discount; the total never drops below 1 cent.
 */
export interface PriceAdjuster {
  name: string;
  adjust(
    db: Executor,
    order: {
      buyerMemberId: string;
      boId: string;
      lines: CartLineForAdjuster[];
      goodsAmount: number;
      freightAmount: number;
      /** The buyer's choice for this shop at checkout (a coupon id: `coupons` of the checkout input), if any. */
      choice?: string | undefined;
    },
  ): Promise<{ label: string; amount: number }[]>;
  /**
   * Submit only, in its transaction, once the shop's order is written: holds what the adjustment used (a coupon is
   * frozen for the order). `amount` is the sum of this adjuster's adjustments (≤ 0).
   */
  hold?(
    db: Executor,
    order: { orderId: string; orderNo: string; buyerMemberId: string; boId: string; choice: string; amount: number },
  ): Promise<void>;
}

export interface FreightForOrders {
  templateForFreight(db: Executor, boId: string, id: string): Promise<FreightTemplate | null>;
  freightOf: (
    template: FreightTemplate,
    lines: Parameters<typeof import("../catalogue/freight/freight.rules").freightOf>[1],
    areaCode: string,
  ) => FreightResult;
}

export interface OrderPorts {
  goods: GoodsForOrders;
  freight: FreightForOrders;
  /** The enabled providers (PAYMENT_PROVIDERS), by name: a buyer pays through these, their notifications are heard. */
  payments: Record<string, PaymentProvider>;
  /**
   * The providers that give back what was paid through them, by name: the enabled ones, and the sandbox always (its
   * refunds move no money and need no secret), so a sandbox payment made while it was enabled (or the demo's) can
   * still be refunded after it is switched off.
   */
  refunds: Record<string, Pick<PaymentProvider, "name" | "refund">>;
  /** The provider `payOrder` uses; null: none is enabled, online payment is not available. */
  defaultPayment: string | null;
  adjusters: PriceAdjuster[];
}

/**
 * Who gives back a payment made through provider `name`: the enabled provider of that name, else its refunds alone
 * (the sandbox once it is switched off); undefined when neither exists.
 */
export const refunderOf = (ports: Pick<OrderPorts, "payments" | "refunds">, name: string | null) =>
  name === null
    ? undefined
    : Object.hasOwn(ports.payments, name)
      ? ports.payments[name]
      : Object.hasOwn(ports.refunds, name)
        ? ports.refunds[name]
        : undefined;
