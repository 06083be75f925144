import { codes, freightRefusals, type OrderDetail, orderRefusals as R } from "@sbo/contract";
import type { Executor } from "../../../platform/db/client";
import { badField, refuse } from "../../../platform/http/errors";
import type { SkuForOrder } from "../../goods/goods.port";
import type { OrderPorts, PriceAdjuster } from "../orders-needs.port";

/*
 * The price of a checkout, per shop: unit prices by goods' pricing function, freight from the catalogue's
 * freightOf per template, then the price adjusters (coupons and promotions plug in there). Preview and submit run
 * the same code; submit then takes the stock. Everything is read before any stock is locked, one statement per kind
 * (the SKUs with their prices and the buyer's ranks, a shop's promotions, a freight template), never one per line.
 */

export interface PricedLine {
  sku: SkuForOrder;
  quantity: number;
  unitPrice: number;
  priceSource: string;
  amount: number;
}

export interface PricedShop {
  boId: string;
  shopId: string;
  shopName: string;
  timeZone: string;
  lines: PricedLine[];
  goodsAmount: number;
  freightAmount: number;
  adjustments: { label: string; amount: number }[];
  /** What each adjuster that took the buyer's choice adjusted (submit holds it: a coupon is frozen). */
  chosen: { adjuster: PriceAdjuster; choice: string; amount: number }[];
  discountAmount: number;
  payAmount: number;
}

/** Merges repeated SKUs (their quantities add up) keeping the first position, for the field names of refusals. */
export function mergeItems(items: { skuId: string; quantity: number }[]) {
  const merged = new Map<string, { skuId: string; quantity: number; index: number }>();
  items.forEach((it, index) => {
    const had = merged.get(it.skuId);
    if (had) had.quantity += it.quantity;
    else merged.set(it.skuId, { ...it, index });
  });
  return [...merged.values()];
}

export async function priceCheckout(
  db: Executor,
  ports: OrderPorts,
  buyer: { memberId: string; phone: string | null },
  items: { skuId: string; quantity: number }[],
  address: { areaCode: string; areaName: string },
  field: string,
  /** Shops the buyer picks up from (fulfil: pickup.service.ts): no freight. */
  noFreight: ReadonlySet<string> = new Set(),
  /** The buyer's choice per shop (`boId` → a coupon id), handed to the adjusters. */
  choices: Readonly<Record<string, string>> = {},
): Promise<PricedShop[]> {
  const wanted = mergeItems(items);
  const skus = new Map(
    (
      await ports.goods.skusForOrder(
        db,
        wanted.map((w) => w.skuId),
        buyer.phone,
      )
    ).map((s) => [s.skuId, s]),
  );
  const byShop = new Map<string, { sku: SkuForOrder; quantity: number }[]>();
  for (const w of wanted) {
    const sku = skus.get(w.skuId);
    if (!sku) throw badField(`${field}.${w.index}.skuId`, R.skuNotFound);
    if (!sku.onSale) throw refuse(codes.CONFLICT, R.offShelf, { name: sku.goodsName });
    if (sku.stock < w.quantity) throw refuse(codes.CONFLICT, R.stockShort, { name: sku.goodsName, left: sku.stock, wanted: w.quantity });
    // Picked up at the shop: only goods the seller offers for self-pickup (goods' logistics).
    if (noFreight.has(sku.boId) && !sku.logistics.includes("selfPickup")) {
      throw badField(`${field}.${w.index}.skuId`, R.noSelfPickup, { name: sku.goodsName });
    }
    const list = byShop.get(sku.boId) ?? [];
    list.push({ sku, quantity: w.quantity });
    byShop.set(sku.boId, list);
  }
  const shops: PricedShop[] = [];
  for (const [boId, wantedLines] of byShop) {
    const lines: PricedLine[] = [];
    for (const { sku, quantity } of wantedLines) {
      // The SKU's read carried the pricing function's inputs and the buyer's rank in its shop: no query per line.
      const price = ports.goods.priceOf(sku, quantity);
      lines.push({ sku, quantity, unitPrice: price.price, priceSource: price.source, amount: price.price * quantity });
    }
    const goodsAmount = lines.reduce((n, l) => n + l.amount, 0);
    // Freight per template: each template's lines together; goods without a template ship free.
    let freightAmount = 0;
    const byTemplate = new Map<string, PricedLine[]>();
    for (const l of lines) {
      if (!l.sku.freightTemplateId || noFreight.has(boId)) continue;
      byTemplate.set(l.sku.freightTemplateId, [...(byTemplate.get(l.sku.freightTemplateId) ?? []), l]);
    }
    for (const [templateId, group] of byTemplate) {
      const template = await ports.freight.templateForFreight(db, boId, templateId);
      if (!template) continue;
      const result = ports.freight.freightOf(
        template,
        group.map((l) => ({
          skuId: l.sku.skuId,
          quantity: l.quantity,
          unitPriceCents: l.unitPrice,
          weightGrams: l.sku.weightG,
          volume: l.sku.volumeCm3,
        })),
        address.areaCode,
      );
      if (!result.deliverable) throw refuse(codes.CONFLICT, freightRefusals.notDeliverable, { area: address.areaName });
      freightAmount += result.freightCents;
    }
    const adjustments: { label: string; amount: number }[] = [];
    const chosen: PricedShop["chosen"] = [];
    const choice = choices[boId];
    for (const a of ports.adjusters) {
      const found = await a.adjust(db, {
        buyerMemberId: buyer.memberId,
        boId,
        lines: lines.map((l) => ({
          skuId: l.sku.skuId,
          goodsId: l.sku.goodsId,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          amount: l.amount,
        })),
        goodsAmount,
        freightAmount,
        choice,
      });
      adjustments.push(...found.filter((f) => f.amount < 0));
      if (choice && a.hold && found.length > 0)
        chosen.push({ adjuster: a, choice, amount: found.reduce((n, f) => n + Math.min(f.amount, 0), 0) });
    }
    const discountAmount = Math.min(-adjustments.reduce((n, a) => n + a.amount, 0), goodsAmount + freightAmount - 1);
    const first = wantedLines[0]?.sku;
    shops.push({
      boId,
      shopId: first?.shopId ?? "",
      shopName: first?.shopName ?? "",
      timeZone: first?.timeZone ?? "Asia/Shanghai",
      lines,
      goodsAmount,
      freightAmount,
      adjustments,
      chosen,
      discountAmount: Math.max(discountAmount, 0),
      payAmount: goodsAmount + freightAmount - Math.max(discountAmount, 0),
    });
  }
  return shops;
}

export type { OrderDetail };
