import { codes, type contract, type OutputOf, type ParsedInputOf, orderRefusals as R, REMIND_EVERY_MINUTES } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import { newId } from "../../../platform/db/ids";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, refuse } from "../../../platform/http/errors";
import { functionsOf } from "../../identity/identity.port";
import { buyerActor, buyerOf } from "../buyer/buyer.rules";
import { priceCheckout } from "../checkout/checkout.service";
import { recordDelivery, resolveDeliveries } from "../fulfil/pickup.service";
import { once } from "../idempotency.service";
import { announceEvents } from "../live/live.service";
import { canDo, lockOrder, type OrderRow, transition, wrongState } from "../order.machine";
import { cancelAndReturnStock } from "../order-effects.service";
import * as repo from "../orders.repository";
import { detailOf, imageUrlOf, summaries } from "../orders.view";
import type { OrderPorts } from "../orders-needs.port";
import { newOrderNo } from "./order-no.rules";
import { findBuyerOrder, insertPendingPayment } from "./purchase.repository";

/*
 * A buyer's purchases: the checkout (preview and submit, one order per shop), paying, cancelling, reminding,
 * confirming receipt, and the buyer's own list and detail.
 */

type Bu = typeof contract.buyer;
type In<K extends keyof Bu> = ParsedInputOf<Bu[K]>;
type Out<K extends keyof Bu> = OutputOf<Bu[K]>;

async function ownOrder(db: Executor, memberId: string, id: string): Promise<OrderRow> {
  const row = await findBuyerOrder(db, memberId, id);
  if (!row) throw notFound(R.notFound);
  return row;
}

/**
 * An organisation purchase is placed by a person for an organisation they own, or work for holding
 * `purchase.order.act` (whoever may act on the organisation's purchases as their buyer may make them: remind, evaluate,
 * request invoices). Anything else is refused naming the field.
 */
async function checkBuyingFor(db: Executor, memberId: string, boId: string) {
  const emp = await repo.enabledEmployee(db, boId, memberId);
  if (!emp || !(await functionsOf(db, emp.id, emp.isOwner)).has("purchase.order.act")) throw badField("buyerBoId", R.notBuyingFor);
}

export function createPurchaseService(ports: OrderPorts) {
  async function checkoutOf(ctx: Ctx, input: In<"previewOrder">) {
    const b = buyerOf(ctx);
    if (input.buyerBoId) await checkBuyingFor(ctx.db, b.memberId, input.buyerBoId);
    const { phone, address } = await repo.buyerForCheckout(ctx.db, b.memberId, input.addressId);
    if (!address) throw notFound(R.addressNotFound);
    let items = input.items;
    if (!items) {
      items = (await repo.cartOf(ctx.db, b.memberId)).map((c) => ({ skuId: c.skuId, quantity: c.quantity }));
      if (items.length === 0) throw refuse(codes.CONFLICT, R.cartEmpty);
    }
    const shops = await priceCheckout(
      ctx.db,
      ports,
      { memberId: b.memberId, phone },
      items,
      {
        areaCode: address.areaCode,
        areaName: address.areaName ?? address.areaCode,
      },
      "items",
      new Set(
        Object.entries(input.deliveries ?? {})
          .filter(([, d]) => d.mode === "pickup")
          .map(([boId]) => boId),
      ),
      input.coupons,
    );
    const deliveries = await resolveDeliveries(
      ctx.db,
      input.deliveries,
      shops.map((s) => s.boId),
    );
    return { shops, address, items, deliveries };
  }

  return {
    async previewOrder(input: In<"previewOrder">, ctx: Ctx): Promise<Out<"previewOrder">> {
      const { shops } = await checkoutOf(ctx, input);
      return {
        shops: shops.map((s) => ({
          boId: s.boId,
          shopName: s.shopName,
          lines: s.lines.map((l) => ({
            skuId: l.sku.skuId,
            goodsId: l.sku.goodsId,
            goodsName: l.sku.goodsName,
            specValues: l.sku.specValues,
            image: l.sku.image,
            imageUrl: imageUrlOf(l.sku.image),
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            priceSource: l.priceSource,
            amount: l.amount,
          })),
          goodsAmount: s.goodsAmount,
          freightAmount: s.freightAmount,
          adjustments: s.adjustments,
          discountAmount: s.discountAmount,
          payAmount: s.payAmount,
        })),
        payAmount: shops.reduce((n, s) => n + s.payAmount, 0),
      };
    },

    /**
     * One order per shop; any refusal takes nothing. Everything is read first (checkoutOf); then the orders, their
     * lines, timeline entries and live events are written in one statement, the coupons frozen and the deliveries
     * recorded; the stock is taken last, in one statement for every line of every shop (goods' `takeStockOfOrder`: SKUs
     * locked in id order, FEFO for fresh goods), so its locks are held only from that statement to the commit. The
     * shops' back offices are told after the commit.
     */
    async submitOrder(input: In<"submitOrder">, ctx: Ctx): Promise<Out<"submitOrder">> {
      const b = buyerOf(ctx);
      return once(ctx, b.memberId, "submitOrder", async (keep) => {
        const { shops, address, items, deliveries } = await checkoutOf(ctx, input);
        const snapshot = {
          name: address.name,
          phone: address.phone,
          areaCode: address.areaCode,
          areaName: address.areaName ?? "",
          detail: address.detail,
        };
        const orders = shops.map((s) => ({
          id: newId(),
          orderNo: newOrderNo(),
          boId: s.boId,
          shopId: s.shopId,
          buyerMemberId: b.memberId,
          buyerBoId: input.buyerBoId ?? null,
          goodsAmount: s.goodsAmount,
          freightAmount: s.freightAmount,
          discountAmount: s.discountAmount,
          payAmount: s.payAmount,
          address: snapshot,
          buyerRemark: input.remarks?.[s.boId] ?? "",
        }));
        const lines = shops.flatMap((s, i) =>
          s.lines.map((l, sort) => ({
            id: newId(),
            orderId: orders[i]?.id ?? "",
            boId: s.boId,
            goodsId: l.sku.goodsId,
            skuId: l.sku.skuId,
            goodsName: l.sku.goodsName,
            specValues: l.sku.specValues,
            image: l.sku.image,
            unitPrice: l.unitPrice,
            priceSource: l.priceSource,
            quantity: l.quantity,
            amount: l.amount,
            sort,
          })),
        );
        await repo.insertCheckout(ctx.db, {
          orders,
          lines,
          // Each order's `created` entry and live event (every open back office of the shop hears of it once this
          // commits: live.ts).
          timeline: shops.map((s, i) => ({
            orderId: orders[i]?.id ?? "",
            boId: s.boId,
            actorMemberId: b.memberId,
            detail: { payAmount: s.payAmount, adjustments: s.adjustments },
          })),
          cart: { memberId: b.memberId, skuIds: items.map((i) => i.skuId) },
        });
        for (const [i, s] of shops.entries()) {
          const order = orders[i];
          if (!order) continue;
          await recordDelivery(ctx.db, { id: order.id, boId: s.boId }, deliveries.get(s.boId));
          // The buyer's coupon is frozen for this order (docs/domains/coupon.md); taken by another order first: refused.
          for (const c of s.chosen)
            await c.adjuster.hold?.(ctx.db, {
              orderId: order.id,
              orderNo: order.orderNo,
              buyerMemberId: b.memberId,
              boId: s.boId,
              choice: c.choice,
              amount: c.amount,
            });
        }
        const answer = { orders: orders.map((o) => ({ id: o.id, orderNo: o.orderNo, boId: o.boId, payAmount: o.payAmount })) };
        await keep(answer);
        // Last: the stock, every line of every shop in one go.
        const priced = shops.flatMap((s) => s.lines.map((l) => ({ line: l, timeZone: s.timeZone })));
        const take = await ports.goods.takeStockOfOrder(
          ctx.db,
          priced.map(({ line, timeZone }) => ({ skuId: line.sku.skuId, goodsId: line.sku.goodsId, quantity: line.quantity, timeZone })),
        );
        if (!take.ok) {
          const line = priced.find((p) => p.line.sku.skuId === take.skuId)?.line;
          const name = line?.sku.goodsName ?? "";
          if (take.gone) throw refuse(codes.CONFLICT, R.offShelf, { name });
          throw refuse(codes.CONFLICT, R.stockShort, { name, left: take.left, wanted: line?.quantity ?? 0 });
        }
        await repo.setLineBatches(
          ctx.db,
          lines.flatMap((l) => {
            const batches = take.batches.get(l.skuId) ?? [];
            return batches.length > 0 ? [{ id: l.id, batches }] : [];
          }),
        );
        const boIds = orders.map((o) => o.boId);
        if (ctx.afterCommit) ctx.afterCommit((db) => announceEvents(db, boIds));
        else await announceEvents(ctx.db, boIds);
        return answer;
      });
    },

    async selOrderList(input: In<"selOrderList">, ctx: Ctx): Promise<Out<"selOrderList">> {
      const b = buyerOf(ctx);
      const offset = (input.pageNum - 1) * input.pageSize;
      const ids = await repo.buyerPageIds(ctx.db, b.memberId, input.status, input.pageSize, offset);
      const total = await repo.buyerCount(ctx.db, b.memberId, input.status);
      return { list: await summaries(ctx.db, ids, { maskPhone: false }), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selOrderDetail(input: In<"selOrderDetail">, ctx: Ctx): Promise<Out<"selOrderDetail">> {
      const b = buyerOf(ctx);
      return detailOf(ctx.db, await ownOrder(ctx.db, b.memberId, input.id), { showPickupCode: true });
    },

    /** A pending online payment through the default provider; the provider's notification settles it. */
    async payOrder(input: In<"payOrder">, ctx: Ctx): Promise<Out<"payOrder">> {
      const b = buyerOf(ctx);
      return once(ctx, b.memberId, "payOrder", async () => {
        const provider = ports.defaultPayment ? ports.payments[ports.defaultPayment] : undefined;
        if (!provider) throw refuse(codes.NOT_CONFIGURED, R.paymentUnavailable);
        // Starting a payment changes no status; the machine still checks that the order may be paid.
        const order = await lockOrder(ctx.db, input.id, { buyerMemberId: b.memberId });
        if (!canDo("pay", order.status as never)) throw wrongState(order, "pay");
        const p = await insertPendingPayment(ctx.db, {
          orderId: order.id,
          boId: order.boId,
          buyerMemberId: b.memberId,
          method: "online",
          provider: provider.name,
          amount: order.payAmount,
          status: "pending",
        });
        if (!p) throw new Error("insert returned nothing");
        // A real provider creates the payment over HTTP; when it fails, nothing is kept (the transaction rolls back)
        // and the buyer may try again.
        const s = await provider.start({ paymentId: p.id, orderNo: order.orderNo, amount: order.payAmount }).catch((err: unknown) => {
          ctx.req.log.warn({ err, provider: provider.name, paymentId: p.id }, "payment start failed");
          throw refuse(codes.PROVIDER_FAILED, R.paymentStartFailed);
        });
        return { paymentId: p.id, provider: provider.name, amount: order.payAmount, payUrl: s.payUrl, params: s.params };
      });
    },

    async cancelOrder(input: In<"cancelOrder">, ctx: Ctx): Promise<Out<"cancelOrder">> {
      const b = buyerOf(ctx);
      return once(ctx, b.memberId, "cancelOrder", async () => {
        const order = await cancelAndReturnStock(
          ctx.db,
          ports,
          input.id,
          { buyerMemberId: b.memberId },
          buyerActor(b.memberId),
          input.reason ?? "",
        );
        return detailOf(ctx.db, order);
      });
    },

    async remindDelivery(input: In<"remindDelivery">, ctx: Ctx): Promise<null> {
      const b = buyerOf(ctx);
      await transition(
        ctx.db,
        { orderId: input.id, scope: { buyerMemberId: b.memberId }, action: "remind", actor: buyerActor(b.memberId) },
        async (o) => {
          if (o.remindedAt && Date.now() - o.remindedAt.getTime() < REMIND_EVERY_MINUTES * 60_000)
            throw refuse(codes.CONFLICT, R.remindTooSoon);
          return { patch: { remindCount: o.remindCount + 1, remindedAt: new Date() } };
        },
      );
      return null;
    },

    async confirmReceipt(input: In<"confirmReceipt">, ctx: Ctx): Promise<Out<"confirmReceipt">> {
      const b = buyerOf(ctx);
      const order = await transition(ctx.db, {
        orderId: input.id,
        scope: { buyerMemberId: b.memberId },
        action: "receive",
        actor: buyerActor(b.memberId),
      });
      return detailOf(ctx.db, order);
    },
  };
}
