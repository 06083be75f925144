import { eq } from "drizzle-orm";
import { member } from "../domains/identity/identity.tables";
import { transition } from "../domains/orders/order.machine";
import type { Executor } from "../platform/db/client";
import type { Ctx } from "../platform/http/context";
import { demoOrderKit, demoSkus, type Seller } from "./order-kit";

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
  const kit = demoOrderKit(db);
  const { buyerService, sellerService, asBuyer } = kit;
  const asSeller = <T>(run: (ctx: Ctx) => Promise<T>) => kit.asSeller(shop, run);

  const skus = await demoSkus(db, shop.boId);
  if (skus.length === 0) return;

  const [manager] = await db.select({ id: member.id }).from(member).where(eq(member.loginName, "demo-manager")).limit(1);
  // Delivered to Green Valley's office (the owner) and to the manager's home.
  const ownerAddress = await asBuyer(buyerOrg.memberId, (ctx) =>
    buyerService.addAddress(
      {
        name: "林青",
        phone: "13800000001",
        areaCode: "330106",
        detail: "西湖区文三路 100 号 绿谷仓库",
        isDefault: true,
      },
      ctx,
    ),
  );
  const managerAddress = manager
    ? await asBuyer(manager.id, (ctx) =>
        buyerService.addAddress(
          {
            name: "孙丽",
            phone: "13900001001",
            areaCode: "330106",
            detail: "西湖区教工路 8 号 3 单元",
            isDefault: true,
          },
          ctx,
        ),
      )
    : null;

  const place = async (buyer: string, addressId: string, n: number, buyerBoId?: string) => {
    const sku = skus[n % skus.length];
    if (!sku) return null;
    try {
      const out = await asBuyer(buyer, (ctx) =>
        buyerService.submitOrder(
          {
            addressId,
            items: [{ skuId: sku.id, quantity: 1 + (n % 2) }],
            ...(buyerBoId ? { buyerBoId } : {}),
          },
          ctx,
        ),
      );
      return out.orders[0]?.id ?? null;
    } catch {
      return null; // an address the shop's freight does not reach: that checkout is refused, as a real one would be
    }
  };
  const pay = async (buyer: string, id: string) => {
    const start = await asBuyer(buyer, (ctx) => buyerService.payOrder({ id }, ctx));
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
    await asSeller((ctx) => sellerService.orderDelivery({ id, expressCode: "SF", trackingNo: `DP${String(n).padStart(10, "0")}` }, ctx));
    if (fate === "shipped") return;
    await asBuyer(buyerOrg.memberId, (ctx) => buyerService.confirmReceipt({ id }, ctx));
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
