import { randomBytes } from "node:crypto";
import { functionCodes } from "@sbo/contract";
import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { freightOf } from "../domains/catalogue/freight/freight.rules";
import { templateForFreight } from "../domains/catalogue/freight/freight.view";
import { goodsForOrders } from "../domains/goods/goods.port";
import { goods, goodsSku } from "../domains/goods/goods.tables";
import { createBuyerService } from "../domains/orders/buyer/buyer.service";
import { applyPayment } from "../domains/orders/order-effects.service";
import { createSellerOrderService } from "../domains/orders/orders.service";
import type { OrderPorts, PriceAdjuster } from "../domains/orders/orders-needs.port";
import { type ProviderNotification, sandboxProvider, sandboxRefunds } from "../domains/orders/payment/payment.port";
import type { Executor } from "../platform/db/client";
import type { Ctx } from "../platform/http/context";
import type { SmsProvider } from "../platform/sms/sms-provider";

/** A seller as the demo seeds know it: the organisation and its owner. */
export interface Seller {
  boId: string;
  memberId: string;
}

/*
 * What the demo's order seeds share: orders are placed, paid and moved through the real services, as a buyer or as
 * the shop's owner (who holds every function), each step in its own transaction; payments go to the sandbox.
 */
export function demoOrderKit(db: Executor, adjusters: PriceAdjuster[] = []) {
  const ports: OrderPorts = {
    goods: goodsForOrders,
    freight: { templateForFreight, freightOf },
    payments: { sandbox: sandboxProvider(randomBytes(16).toString("hex")) },
    refunds: { sandbox: sandboxRefunds },
    defaultPayment: "sandbox",
    adjusters,
  };
  const noHeaders = { headers: {} };
  const ctxOf = (tx: Executor, who: { buyer?: string; seller?: Seller }): Ctx =>
    ({
      requestId: "demo",
      ip: "127.0.0.1",
      userAgent: "demo",
      lang: "zh",
      db: tx,
      session: null,
      ticket: null,
      buyer: who.buyer ? { sessionId: "demo", memberId: who.buyer } : null,
      // The shop's owner: holds every function.
      me: () => ({ boId: who.seller?.boId, memberId: who.seller?.memberId, isOwner: true, functions: functionCodes }),
      req: noHeaders,
      reply: {},
    }) as unknown as Ctx;
  return {
    ports,
    buyerService: {
      ...createBuyerService({ sms: { name: "none", send: async () => undefined } satisfies SmsProvider, ports }),
      /** A provider's notification, applied as the notify route applies it. */
      applyPayment: (tx: Executor, provider: string, notification: ProviderNotification) => applyPayment(tx, ports, provider, notification),
    },
    sellerService: createSellerOrderService(ports),
    ctxOf,
    asBuyer: <T>(buyer: string, run: (ctx: Ctx) => Promise<T>) => db.transaction((tx) => run(ctxOf(tx, { buyer }))),
    asSeller: <T>(seller: Seller, run: (ctx: Ctx) => Promise<T>) => db.transaction((tx) => run(ctxOf(tx, { seller }))),
  };
}

/** A seller's SKUs on sale, sent by express, with stock to spare (a piece or two an order leaves every item buyable). */
export const demoSkus = (db: Executor, boId: string) =>
  db
    .select({ id: goodsSku.id, pickup: sql<boolean>`${goods.logistics} ? 'selfPickup'` })
    .from(goodsSku)
    .innerJoin(goods, eq(goods.id, goodsSku.goodsId))
    .where(
      and(
        eq(goods.boId, boId),
        eq(goods.status, "on"),
        eq(goods.kind, "goods"),
        isNull(goods.deletedAt),
        isNull(goodsSku.retiredAt),
        gte(goodsSku.stock, 50),
        sql`${goods.logistics} ? 'express'`,
      ),
    )
    .orderBy(asc(goodsSku.id));
