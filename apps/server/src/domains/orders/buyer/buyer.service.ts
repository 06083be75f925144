import { randomInt } from "node:crypto";
import {
  codes,
  type contract,
  loginRefusals,
  MAX_BUYER_ADDRESSES,
  MAX_CART_LINES,
  type OutputOf,
  type ParsedInputOf,
  orderRefusals as R,
  REMIND_EVERY_MINUTES,
} from "@sbo/contract";
import { and, count, eq, sql } from "drizzle-orm";
import { functionsOf } from "../../../platform/access/access";
import {
  clearBuyerCookie,
  findBuyerAccount,
  openBuyerAccount,
  revokeBuyerSession,
  setBuyerCookie,
  startBuyerSession,
} from "../../../platform/auth/buyer-sessions";
import { checkCode, sendCode, useCode } from "../../../platform/auth/sms";
import type { Executor } from "../../../platform/db/client";
import { holdUntilCommit } from "../../../platform/db/hold";
import { newId } from "../../../platform/db/ids";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, notLoggedIn, refuse } from "../../../platform/http/errors";
import type { SmsProvider } from "../../../platform/sms/sms-provider";
import { priceCheckout } from "../checkout/checkout.service";
import { recordDelivery, resolveDeliveries } from "../fulfil/pickup.service";
import { once } from "../idempotency";
import { announceEvents } from "../live/live.service";
import { canDo, lockOrder, type OrderRow, transition, wrongState } from "../order.machine";
import { applyPayment, cancelAndReturnStock } from "../order-effects.service";
import * as repo from "../orders.repository";
import { buyerAddress, buyerCartItem, orderInfo, orderPayment } from "../orders.tables";
import { detailOf, imageUrlOf, summaries } from "../orders.view";
import type { OrderPorts } from "../orders-needs.port";
import type { ProviderNotification } from "../payment/payment.port";

type Bu = typeof contract.buyer;
type In<K extends keyof Bu> = ParsedInputOf<Bu[K]>;
type Out<K extends keyof Bu> = OutputOf<Bu[K]>;

const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return ctx.buyer;
};

/**
 * This process's next 6 digits: a counter from a random start. Random digits for each order collided (two orders of one
 * second drew the same six in 1 of ~14 seconds at 140 orders a second, and the second checkout was refused); a counter
 * never repeats within a second in one process, and processes start far apart.
 */
let orderSerial = randomInt(0, 1_000_000);

/** `yyyyMMddHHmmss` (UTC) and 6 digits of this process's counter. */
export const newOrderNo = () => {
  orderSerial = (orderSerial + 1) % 1_000_000;
  return (
    new Date()
      .toISOString()
      .replace(/[-:TZ.]/g, "")
      .slice(0, 14) + String(orderSerial).padStart(6, "0")
  );
};

async function addressOf(db: Executor, memberId: string, id: string) {
  const a = (await repo.addressesOf(db, memberId)).find((x) => x.id === id);
  if (!a) throw notFound(R.addressNotFound);
  return a;
}

/**
 * A buyer's address saves one at a time: each clears the old default before setting its own, and saves sent at once
 * interleaved those steps into two defaults, which the one-default index refused with a 500 (8 at once: 7 of them).
 */
const holdAddresses = (ctx: Ctx, memberId: string) => holdUntilCommit(ctx.db, `buyer-address:${memberId}`);

const addressOut = (a: Awaited<ReturnType<typeof repo.addressesOf>>[number]) => ({
  id: a.id,
  name: a.name,
  phone: a.phone,
  areaCode: a.areaCode,
  areaName: a.areaName ?? "",
  detail: a.detail,
  isDefault: a.isDefault,
});

async function ownOrder(db: Executor, memberId: string, id: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orderInfo)
    .where(and(eq(orderInfo.id, id), eq(orderInfo.buyerMemberId, memberId), sql`${orderInfo.buyerDeletedAt} is null`));
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

export function createBuyerService(deps: { sms: SmsProvider; ports: OrderPorts }) {
  const { ports } = deps;
  const buyerActor = (memberId: string) => ({ kind: "buyer" as const, memberId });

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
    /**
     * Any phone may get a code (the first login makes its account), except a disabled account's. A phone someone
     * else typed in for a staff account still gets it: its holder's buyer side is their own (`findBuyerAccount`).
     */
    async sendLoginCode(ctx: Ctx, input: In<"sendLoginCode">): Promise<Out<"sendLoginCode">> {
      const found = await findBuyerAccount(ctx.db, input.phone);
      const deliver = !found || found.member.enabled;
      return sendCode(ctx, deps.sms, input.phone, "buyerLogin", { deliver });
    },

    async smsLogin(ctx: Ctx, input: In<"smsLogin">): Promise<Out<"smsLogin">> {
      if (!(await checkCode(ctx.db, input.phone, "buyerLogin", input.code, false))) {
        throw refuse(codes.SMS_CODE_INVALID, loginRefusals.codeInvalid, undefined, { commit: true });
      }
      const found = await findBuyerAccount(ctx.db, input.phone);
      if (found && !found.member.enabled) throw refuse(codes.ACCOUNT_DISABLED, loginRefusals.disabled);
      await useCode(ctx.db, input.phone, "buyerLogin", input.code);
      const { member: m, created } = await openBuyerAccount(ctx.db, input.phone);
      const ticket = await startBuyerSession(ctx.db, m.id, ctx.ip, ctx.userAgent);
      setBuyerCookie(ctx.reply, ctx.req, ctx.config, ticket);
      return { memberId: m.id, name: m.name, created };
    },

    async logout(ctx: Ctx): Promise<null> {
      await revokeBuyerSession(ctx.db, buyerOf(ctx).sessionId);
      clearBuyerCookie(ctx.reply, ctx.req, ctx.config);
      return null;
    },

    async selAddressList(ctx: Ctx): Promise<Out<"selAddressList">> {
      return (await repo.addressesOf(ctx.db, buyerOf(ctx).memberId)).map(addressOut);
    },

    async addAddress(ctx: Ctx, input: In<"addAddress">): Promise<Out<"addAddress">> {
      const b = buyerOf(ctx);
      await holdAddresses(ctx, b.memberId);
      if (!(await repo.areaExists(ctx.db, input.areaCode))) throw badField("areaCode", R.addressNotFound);
      const [n] = await ctx.db.select({ n: count() }).from(buyerAddress).where(eq(buyerAddress.memberId, b.memberId));
      if ((n?.n ?? 0) >= MAX_BUYER_ADDRESSES) throw refuse(codes.CONFLICT, R.tooManyAddresses, { max: MAX_BUYER_ADDRESSES });
      const first = (n?.n ?? 0) === 0;
      if (input.isDefault || first)
        await ctx.db.update(buyerAddress).set({ isDefault: false }).where(eq(buyerAddress.memberId, b.memberId));
      const [row] = await ctx.db
        .insert(buyerAddress)
        .values({
          memberId: b.memberId,
          name: input.name,
          phone: input.phone,
          areaCode: input.areaCode,
          detail: input.detail,
          isDefault: input.isDefault || first,
        })
        .returning();
      return addressOut(await addressOf(ctx.db, b.memberId, row?.id ?? ""));
    },

    async updAddress(ctx: Ctx, input: In<"updAddress">): Promise<Out<"updAddress">> {
      const b = buyerOf(ctx);
      await holdAddresses(ctx, b.memberId);
      await addressOf(ctx.db, b.memberId, input.id);
      if (!(await repo.areaExists(ctx.db, input.areaCode))) throw badField("areaCode", R.addressNotFound);
      if (input.isDefault) await ctx.db.update(buyerAddress).set({ isDefault: false }).where(eq(buyerAddress.memberId, b.memberId));
      await ctx.db
        .update(buyerAddress)
        .set({
          name: input.name,
          phone: input.phone,
          areaCode: input.areaCode,
          detail: input.detail,
          ...(input.isDefault ? { isDefault: true } : {}),
        })
        .where(and(eq(buyerAddress.id, input.id), eq(buyerAddress.memberId, b.memberId)));
      return addressOut(await addressOf(ctx.db, b.memberId, input.id));
    },

    async delAddress(ctx: Ctx, input: In<"delAddress">): Promise<null> {
      const b = buyerOf(ctx);
      await addressOf(ctx.db, b.memberId, input.id);
      await ctx.db.delete(buyerAddress).where(and(eq(buyerAddress.id, input.id), eq(buyerAddress.memberId, b.memberId)));
      return null;
    },

    async selCart(ctx: Ctx): Promise<Out<"selCart">> {
      const b = buyerOf(ctx);
      const cart = await repo.cartOf(ctx.db, b.memberId);
      const skus = new Map(
        (
          await ports.goods.skusForOrder(
            ctx.db,
            cart.map((c) => c.skuId),
          )
        ).map((s) => [s.skuId, s]),
      );
      return cart.flatMap((c) => {
        const s = skus.get(c.skuId);
        if (!s) return [];
        return [
          {
            skuId: s.skuId,
            goodsId: s.goodsId,
            boId: s.boId,
            goodsName: s.goodsName,
            specValues: s.specValues,
            price: s.price,
            quantity: c.quantity,
            stock: s.stock,
            onSale: s.onSale,
          },
        ];
      });
    },

    async saveCartItem(ctx: Ctx, input: In<"saveCartItem">): Promise<null> {
      const b = buyerOf(ctx);
      const [sku] = await ports.goods.skusForOrder(ctx.db, [input.skuId]);
      if (!sku) throw badField("skuId", R.skuNotFound);
      if (!sku.onSale) throw refuse(codes.CONFLICT, R.offShelf, { name: sku.goodsName });
      const cart = await repo.cartOf(ctx.db, b.memberId);
      if (!cart.some((c) => c.skuId === input.skuId) && cart.length >= MAX_CART_LINES)
        throw refuse(codes.CONFLICT, R.tooManyCartLines, { max: MAX_CART_LINES });
      await ctx.db
        .insert(buyerCartItem)
        .values({ memberId: b.memberId, skuId: input.skuId, quantity: input.quantity })
        .onConflictDoUpdate({
          target: [buyerCartItem.memberId, buyerCartItem.skuId],
          set: { quantity: input.quantity, updatedAt: new Date() },
        });
      return null;
    },

    async delCartItems(ctx: Ctx, input: In<"delCartItems">): Promise<null> {
      await repo.deleteCartItems(ctx.db, buyerOf(ctx).memberId, input.skuIds);
      return null;
    },

    async previewOrder(ctx: Ctx, input: In<"previewOrder">): Promise<Out<"previewOrder">> {
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
    async submitOrder(ctx: Ctx, input: In<"submitOrder">): Promise<Out<"submitOrder">> {
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

    async selOrderList(ctx: Ctx, input: In<"selOrderList">): Promise<Out<"selOrderList">> {
      const b = buyerOf(ctx);
      const offset = (input.pageNum - 1) * input.pageSize;
      const ids = await repo.buyerPageIds(ctx.db, b.memberId, input.status, input.pageSize, offset);
      const total = await repo.buyerCount(ctx.db, b.memberId, input.status);
      return { list: await summaries(ctx.db, ids, { maskPhone: false }), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selOrderDetail(ctx: Ctx, input: In<"selOrderDetail">): Promise<Out<"selOrderDetail">> {
      const b = buyerOf(ctx);
      return detailOf(ctx.db, await ownOrder(ctx.db, b.memberId, input.id), { showPickupCode: true });
    },

    /** A pending online payment through the default provider; the provider's notification settles it. */
    async payOrder(ctx: Ctx, input: In<"payOrder">): Promise<Out<"payOrder">> {
      const b = buyerOf(ctx);
      return once(ctx, b.memberId, "payOrder", async () => {
        const provider = ports.defaultPayment ? ports.payments[ports.defaultPayment] : undefined;
        if (!provider) throw refuse(codes.NOT_CONFIGURED, R.paymentUnavailable);
        // Starting a payment changes no status; the machine still checks that the order may be paid.
        const order = await lockOrder(ctx.db, input.id, { buyerMemberId: b.memberId });
        if (!canDo("pay", order.status as never)) throw wrongState(order, "pay");
        const [p] = await ctx.db
          .insert(orderPayment)
          .values({
            orderId: order.id,
            boId: order.boId,
            buyerMemberId: b.memberId,
            method: "online",
            provider: provider.name,
            amount: order.payAmount,
            status: "pending",
          })
          .returning();
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

    async cancelOrder(ctx: Ctx, input: In<"cancelOrder">): Promise<Out<"cancelOrder">> {
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

    async remindDelivery(ctx: Ctx, input: In<"remindDelivery">): Promise<null> {
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

    async confirmReceipt(ctx: Ctx, input: In<"confirmReceipt">): Promise<Out<"confirmReceipt">> {
      const b = buyerOf(ctx);
      const order = await transition(ctx.db, {
        orderId: input.id,
        scope: { buyerMemberId: b.memberId },
        action: "receive",
        actor: buyerActor(b.memberId),
      });
      return detailOf(ctx.db, order);
    },

    applyPayment: (db: Executor, providerName: string, notification: ProviderNotification) =>
      applyPayment(db, ports, providerName, notification),
  };
}
