import { randomBytes } from "node:crypto";
import { functionCodes } from "@sbo/contract";
import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { freightOf } from "../domains/catalogue/freight/freight.rules";
import { templateForFreight } from "../domains/catalogue/freight/freight.view";
import { goods, goodsSku } from "../domains/goods/goods.tables";
import { goodsForOrders } from "../domains/goods/order-port";
import { createBuyerService } from "../domains/orders/buyer.service";
import { transition } from "../domains/orders/order.machine";
import type { OrderPorts } from "../domains/orders/orders.ports";
import { sandboxProvider, sandboxRefunds } from "../domains/orders/payment";
import { createSellerOrderService } from "../domains/orders/seller.service";
import { member } from "../platform/auth/auth.tables";
import type { Executor } from "../platform/db/client";
import type { Ctx } from "../platform/http/context";

interface Seller {
  boId: string;
  memberId: string;
}

/** How far each organisation purchase goes: two of the states a screen acts on each (once in English, once in Chinese). */
export const DEMO_PURCHASE_FATES = ["paid", "paid", "shipped", "received", "received", "completed"] as const;
type PurchaseFate = (typeof DEMO_PURCHASE_FATES)[number];

/**
 * The organisation's own purchases (docs/domains/orders.md, "Organisation purchases"): Green Valley's owner buys at
 * Harbor Seafood's shop FOR Green Valley (`buyerBoId` at checkout), through the buyer API's services like any buyer;
 * Harbor ships, the owner confirms receipt, the machine completes. Beside them, Green Valley's store manager buys
 * once for themself: a personal purchase, which Green Valley's Purchases screens must never show.
 */
export async function seedPurchasesDemo(db: Executor, buyerOrg: Seller, shop: Seller): Promise<void> {
  const secret = randomBytes(16).toString("hex");
  const ports: OrderPorts = {
    goods: goodsForOrders,
    freight: { templateForFreight, freightOf },
    payments: { sandbox: sandboxProvider(secret) },
    refunds: { sandbox: sandboxRefunds },
    defaultPayment: "sandbox",
    adjusters: [],
  };
  const buyerService = createBuyerService({ sms: { name: "none", send: async () => undefined }, ports });
  const sellerService = createSellerOrderService(ports);
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
      me: () => ({ boId: who.seller?.boId, memberId: who.seller?.memberId, isOwner: true, functions: functionCodes }),
      req: { headers: {} },
      reply: {},
    }) as unknown as Ctx;
  const asBuyer = <T>(buyer: string, run: (ctx: Ctx) => Promise<T>) => db.transaction((tx) => run(ctxOf(tx, { buyer })));
  const asSeller = <T>(run: (ctx: Ctx) => Promise<T>) => db.transaction((tx) => run(ctxOf(tx, { seller: shop })));

  const skus = await db
    .select({ id: goodsSku.id })
    .from(goodsSku)
    .innerJoin(goods, eq(goods.id, goodsSku.goodsId))
    .where(
      and(
        eq(goods.boId, shop.boId),
        eq(goods.status, "on"),
        eq(goods.kind, "goods"),
        isNull(goods.deletedAt),
        isNull(goodsSku.retiredAt),
        gte(goodsSku.stock, 50),
        sql`${goods.logistics} ? 'express'`,
      ),
    )
    .orderBy(asc(goodsSku.id));
  if (skus.length === 0) return;

  const [manager] = await db.select({ id: member.id }).from(member).where(eq(member.loginName, "demo-manager")).limit(1);
  // Delivered to Green Valley's office (the owner) and to the manager's home.
  const ownerAddress = await asBuyer(buyerOrg.memberId, (ctx) =>
    buyerService.addAddress(ctx, {
      name: "林青",
      phone: "13800000001",
      areaCode: "330106",
      detail: "西湖区文三路 100 号 绿谷仓库",
      isDefault: true,
    }),
  );
  const managerAddress = manager
    ? await asBuyer(manager.id, (ctx) =>
        buyerService.addAddress(ctx, {
          name: "孙丽",
          phone: "13900001001",
          areaCode: "330106",
          detail: "西湖区教工路 8 号 3 单元",
          isDefault: true,
        }),
      )
    : null;

  const place = async (buyer: string, addressId: string, n: number, buyerBoId?: string) => {
    const sku = skus[n % skus.length];
    if (!sku) return null;
    try {
      const out = await asBuyer(buyer, (ctx) =>
        buyerService.submitOrder(ctx, {
          addressId,
          items: [{ skuId: sku.id, quantity: 1 + (n % 2) }],
          ...(buyerBoId ? { buyerBoId } : {}),
        }),
      );
      return out.orders[0]?.id ?? null;
    } catch {
      return null; // an address the shop's freight does not reach: that checkout is refused, as a real one would be
    }
  };
  const pay = async (buyer: string, id: string) => {
    const start = await asBuyer(buyer, (ctx) => buyerService.payOrder(ctx, { id }));
    await db.transaction((tx) =>
      buyerService.applyPayment(tx, "sandbox", {
        rawBody: Buffer.from(JSON.stringify(start.params)),
        headers: { "content-type": "application/json" },
        contentType: "application/json",
      }),
    );
  };
  const advance = async (id: string, fate: PurchaseFate, n: number) => {
    await pay(buyerOrg.memberId, id);
    if (fate === "paid") return;
    await asSeller((ctx) => sellerService.orderDelivery(ctx, { id, expressCode: "SF", trackingNo: `DP${String(n).padStart(10, "0")}` }));
    if (fate === "shipped") return;
    await asBuyer(buyerOrg.memberId, (ctx) => buyerService.confirmReceipt(ctx, { id }));
    if (fate === "received") return;
    await db.transaction((tx) =>
      transition(tx, { orderId: id, scope: { boId: shop.boId }, action: "complete", actor: { kind: "system", memberId: null } }),
    );
  };

  for (const [n, fate] of DEMO_PURCHASE_FATES.entries()) {
    const id = await place(buyerOrg.memberId, ownerAddress.id, n, buyerOrg.boId);
    if (id) await advance(id, fate, n);
  }
  if (manager && managerAddress) {
    const id = await place(manager.id, managerAddress.id, DEMO_PURCHASE_FATES.length);
    if (id) await pay(manager.id, id);
  }
}
