import { randomBytes } from "node:crypto";
import { and, asc, eq, getTableColumns, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { sellerAddress } from "../domains/address/address.tables";
import { goods, goodsSku } from "../domains/goods/goods.tables";
import { member } from "../domains/identity/identity.tables";
import { couponAdjuster } from "../domains/orders/checkout/coupon-adjuster.port";
import { orderFulfil } from "../domains/orders/fulfil/fulfil.tables";
import { createPickupService } from "../domains/orders/fulfil/pickup.service";
import { createRepeatedService } from "../domains/orders/fulfil/repeated.service";
import { transition } from "../domains/orders/order.machine";
import { orderInfo, orderLine, orderPayment, orderShipment, orderTimeline } from "../domains/orders/orders.tables";
import { createVoucherService } from "../domains/orders/voucher/voucher.service";
import { shopSetting } from "../domains/shop/shop.tables";
import { storedFile } from "../domains/system/system.tables";
import { hashPassword } from "../platform/auth/passwords";
import type { Executor } from "../platform/db/client";
import { newId } from "../platform/db/ids";
import { DEMO_COUPON_CODE, DEMO_KEPT_CODE, receiveDemoCoupon } from "./coupon.demo";
import { demoImages } from "./goods.demo";
import { demoOrderKit, demoSkus, type Seller } from "./order-kit";

/** Orders per demo seller (issue 11: 2,000 over the last 90 days, in every state). */
export const DEMO_ORDERS_PER_SELLER = 2000;

/** How an order placed through the services goes on: its mode, how far along the machine, how it is paid. */
interface Plan {
  mode: "express" | "pickup" | "repeated";
  fate: Fate;
  /** Online through the sandbox, or by bank transfer with a voucher the seller passes, rejects, or has yet to review. */
  pay?: "voucher" | "voucherRejected" | "voucherWaiting";
  /** A ¥5 coupon received just before and used, or a 10 % coupon received and kept for later. */
  coupon?: "use" | "keep";
  /** The seller revises the price before payment. */
  revise?: boolean;
  /** Who cancels (the buyer by default), who marks it received (the buyer by default). */
  by?: "seller";
  /** Two lines (a part of them is shipped). */
  lines?: 2;
}
type Fate = "pendingPayment" | "paid" | "partlyShipped" | "shipped" | "received" | "completed" | "cancelled";

/**
 * The orders placed through the domain's own services (buyer checkout, sandbox payment, vouchers, the seller's
 * ship/revise/cancel, pickups, weekly boxes, the machine), oldest first: each way an order goes, once. The rest of the
 * 2,000 are copies of the express ones (`copyOrders`), spread over the 90 days in the states real ones would have
 * reached by then. Placing an order through every service costs 20–70 statements; copying 2,000 one statement a table:
 * this plan (15 instead of the 80 random orders of before) is what keeps a first start short (issue 23).
 */
const PLAN: Plan[] = [
  { mode: "express", fate: "completed", coupon: "use" },
  { mode: "express", fate: "completed", pay: "voucher", revise: true, by: "seller" },
  { mode: "repeated", fate: "completed" },
  { mode: "pickup", fate: "completed" },
  { mode: "express", fate: "cancelled", coupon: "use" },
  { mode: "express", fate: "received", revise: true, coupon: "keep" },
  { mode: "express", fate: "cancelled", by: "seller" },
  { mode: "express", fate: "received", by: "seller" },
  { mode: "express", fate: "shipped" },
  { mode: "express", fate: "paid", coupon: "use" },
  { mode: "pickup", fate: "paid" },
  { mode: "express", fate: "partlyShipped", lines: 2 },
  { mode: "express", fate: "pendingPayment", pay: "voucherRejected" },
  { mode: "express", fate: "pendingPayment", pay: "voucherWaiting" },
  { mode: "express", fate: "pendingPayment", coupon: "use" },
];

/**
 * The state an order placed `age` (0: 90 days ago, 1: now) along the 90 days has reached: older orders have gone
 * further along the machine. `roll` is a random number in [0, 1).
 */
function fateAt(age: number, roll: number): Fate {
  if (age > 0.93) return roll < 0.5 ? "pendingPayment" : roll < 0.8 ? "paid" : "partlyShipped";
  if (roll < 0.1) return "cancelled";
  if (roll < 0.14) return "pendingPayment";
  if (roll < 0.22) return "paid";
  if (roll < 0.3) return "shipped";
  if (roll < 0.55) return "received";
  return "completed";
}
const DAYS = 90;

const BUYERS = [
  ["13500990101", "王芳", "330106", "西湖区文三路 90 号"],
  ["13500990102", "李强", "310101", "南京东路 300 号 12 楼"],
  ["13500990103", "张伟", "320102", "中山路 18 号"],
  ["13500990104", "刘洋", "330106", "天目山路 176 号"],
  ["13500990105", "陈静", "310101", "淮海中路 99 号"],
  ["13500990106", "杨帆", "330106", "教工路 1 号"],
] as const;

const CANCEL_REASONS = ["买家不想要了", "缺货", "地址填写错误", "重复下单"];
const REVISE_REASONS = ["老客户优惠", "运费减免", "协商改价"];
const EXPRESS = ["SF", "JD", "ZTO", "YTO", "STO", "EMS"];

/** A placed order: how long ago it was placed, and the span its state allows (its copies stay inside it too). */
interface Placed {
  id: string;
  minutesAgo: number;
  window: { min: number; max: number };
  mode: "express" | "pickup" | "repeated";
  fate: Fate;
}

/** `wanted` when the window allows it, else somewhere inside the window. */
function within(window: { min: number; max: number }, wanted: number, random: () => number) {
  if (wanted >= window.min && wanted <= window.max) return wanted;
  return window.min + Math.floor(random() * Math.max(1, window.max - window.min));
}

/** A little pseudo-random sequence: the same demo every time. */
function sequence(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * Each demo seller's orders in every state of the machine, placed the way real ones are: demo buyers (the platform's
 * member accounts, as their first SMS login makes them) add addresses and submit orders through the buyer API's
 * service (stock taken FEFO, freight, prices), pay through the sandbox provider's signed notification, cancel; the
 * seller's service ships (some in parts), revises prices, marks received; the machine completes. Then each order's
 * times are moved back into the last 90 days (the domain has no call for that: the one update of its own here).
 * Written once, with the rest of the demo (on an empty database).
 */
/** The sandbox's notification as its server would post it: JSON. */
const sandboxNotice = (params: Record<string, string | number>) => ({
  rawBody: Buffer.from(JSON.stringify(params)),
  headers: { "content-type": "application/json" },
  contentType: "application/json",
});

export async function seedOrdersDemo(db: Executor, sellers: Seller[], onOrders: (written: number) => void = () => {}) {
  let written = 0;
  // Some orders use a coupon the buyer receives just before (coupon.demo.ts).
  const { buyerService, sellerService, asBuyer, asSeller } = demoOrderKit(db, [couponAdjuster]);
  const pickupService = createPickupService();
  const repeatedService = createRepeatedService();
  const voucherService = createVoucherService();

  // The demo buyers and their addresses.
  const buyers: { memberId: string; addressId: string; name: string; voucherImage: string }[] = [];
  // The bank-transfer receipts they photograph (a demo image's bytes, already in the file store).
  const receipt = demoImages()[0];
  if (!receipt) throw new Error("no demo image");
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  for (const [phone, name, areaCode, detail] of BUYERS) {
    const [m] = await db
      .insert(member)
      .values({ loginName: `b${phone}`, phone, buyerPhone: phone, name, passwordHash })
      .returning({ id: member.id });
    if (!m) throw new Error("insert returned nothing");
    const address = await asBuyer(m.id, (ctx) => buyerService.addAddress({ name, phone, areaCode, detail, isDefault: true }, ctx));
    const [image] = await db
      .insert(storedFile)
      .values({
        boId: null,
        memberId: m.id,
        name: "转账凭证.png",
        contentType: "image/png",
        size: receipt.bytes.length,
        sha256: receipt.sha256,
        purpose: "payVoucher",
      })
      .returning({ id: storedFile.id });
    if (!image) throw new Error("insert returned nothing");
    buyers.push({ memberId: m.id, addressId: address.id, name, voucherImage: image.id });
  }

  for (const [n, seller] of sellers.entries()) {
    const random = sequence(7 + n);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
    // SKUs on sale with stock to spare (a piece or two an order: the demo leaves every item buyable).
    const skus = await demoSkus(db, seller.boId);
    if (skus.length === 0) continue;
    const pickupSkus = skus.filter((s) => s.pickup);
    const placed: Placed[] = [];
    const [setting] = await db
      .select({ closeMinutes: shopSetting.autoCloseMinutes, confirmDays: shopSetting.autoConfirmDays })
      .from(shopSetting)
      .where(eq(shopSetting.boId, seller.boId))
      .limit(1);
    const timers = setting ?? { closeMinutes: 30, confirmDays: 7 };
    const [point] = await db
      .select({ id: sellerAddress.id })
      .from(sellerAddress)
      .where(and(eq(sellerAddress.boId, seller.boId), eq(sellerAddress.type, "pickup")))
      .limit(1);

    for (const [i, plan] of PLAN.entries()) {
      const buyer = pick(buyers);
      // A pickup at the shop's pickup point needs one and goods offered for self-pickup; otherwise it goes by express.
      const mode = plan.mode === "pickup" && !(point && pickupSkus.length > 0) ? "express" : plan.mode;
      const fate = plan.fate;
      const from = mode === "pickup" ? pickupSkus : skus;
      const lineCount = plan.lines ?? 1 + Math.floor(random() * 2);
      const chosen = new Set<string>();
      while (chosen.size < Math.min(lineCount, from.length)) chosen.add(pick(from).id);
      const items = [...chosen].map((skuId) => ({ skuId, quantity: 1 + Math.floor(random() * 2) }));
      const deliveries =
        mode === "pickup" && point
          ? { [seller.boId]: { mode: "pickup" as const, pickupPointId: point.id } }
          : mode === "repeated"
            ? { [seller.boId]: { mode: "repeated" as const, times: 4, everyDays: 7 } }
            : undefined;
      const couponId =
        mode === "express" && plan.coupon === "use"
          ? await asBuyer(buyer.memberId, (ctx) => receiveDemoCoupon(ctx.db, buyer.memberId, seller.boId, DEMO_COUPON_CODE))
          : null;
      if (plan.coupon === "keep")
        await asBuyer(buyer.memberId, (ctx) => receiveDemoCoupon(ctx.db, buyer.memberId, seller.boId, DEMO_KEPT_CODE));
      let id: string;
      try {
        const out = await asBuyer(buyer.memberId, (ctx) =>
          buyerService.submitOrder(
            {
              addressId: buyer.addressId,
              items,
              remarks: i % 4 === 0 ? { [seller.boId]: "请尽快发货" } : {},
              deliveries,
              ...(couponId ? { coupons: { [seller.boId]: couponId } } : {}),
            },
            ctx,
          ),
        );
        const order = out.orders[0];
        if (!order) continue;
        id = order.id;
      } catch {
        continue; // an address a template does not deliver to: that checkout is refused, as a real one would be
      }
      // Spread over the 90 days in the plan's order, oldest first.
      const age = i / PLAN.length;
      // The shop's timers have not caught these yet (else the timed jobs would close or receive them at the first
      // start): an unpaid order is younger than the unpaid timeout, a shipped one than the auto-confirm days.
      const window =
        fate === "pendingPayment"
          ? { min: 1, max: timers.closeMinutes - 2 }
          : fate === "shipped"
            ? { min: 60, max: (timers.confirmDays - 1) * 24 * 60 }
            : { min: 30, max: DAYS * 24 * 60 };
      const minutesAgo = within(window, Math.floor((1 - age) * DAYS * 24 * 60 * (0.9 + random() * 0.1)) + 30, random);
      placed.push({ id, minutesAgo, window, mode, fate });
      onOrders(++written);

      if (fate === "cancelled") {
        if (plan.by !== "seller")
          await asBuyer(buyer.memberId, (ctx) => buyerService.cancelOrder({ id, reason: pick(CANCEL_REASONS) }, ctx));
        else await asSeller(seller, (ctx) => sellerService.cancelOrder({ id, reason: pick(CANCEL_REASONS) }, ctx));
        continue;
      }
      if (plan.revise) {
        const detail = await asSeller(seller, (ctx) => sellerService.selSellerOrderDetailById({ id }, ctx));
        const amount = Math.max(1, Math.round((detail.payAmount * (90 + Math.floor(random() * 8))) / 100));
        await asSeller(seller, (ctx) => sellerService.orderPriceRevision({ id, amount, reason: pick(REVISE_REASONS) }, ctx));
      }
      if (mode === "express" && plan.pay) {
        // Paid by bank transfer: the buyer gives a voucher; the seller passes it (one still waiting is in the queue,
        // and every other waiting one was rejected with a reason the buyer reads).
        const { payAmount } = await asSeller(seller, (ctx) => sellerService.selSellerOrderDetailById({ id }, ctx));
        await asBuyer(buyer.memberId, (ctx) =>
          voucherService.uploadVoucher(
            {
              id,
              voucherFileId: buyer.voucherImage,
              amount: payAmount,
              payerName: buyer.name,
              bankRef: `DEMO${n}${String(i).padStart(6, "0")}`,
            },
            ctx,
          ),
        );
        const [given] = await db
          .select({ id: orderPayment.id })
          .from(orderPayment)
          .where(and(eq(orderPayment.orderId, id), eq(orderPayment.status, "reviewing")));
        if (!given) throw new Error("the voucher was not recorded");
        if (fate === "pendingPayment") {
          if (plan.pay === "voucherRejected")
            await asSeller(seller, (ctx) => voucherService.auditVoucherReject({ id: given.id, reason: "金额与订单不符，请重新上传" }, ctx));
          continue;
        }
        await asSeller(seller, (ctx) => voucherService.auditVoucherPass({ id: given.id }, ctx));
      } else {
        if (fate === "pendingPayment") continue;
        const start = await asBuyer(buyer.memberId, (ctx) => buyerService.payOrder({ id }, ctx));
        await db.transaction((tx) => buyerService.applyPayment(tx, "sandbox", sandboxNotice(start.params)));
      }
      if (fate === "paid") continue;
      if (mode === "pickup") {
        // Handed over with the buyer's pickup code: the order completes.
        const [f] = await db.select({ code: orderFulfil.pickupCode }).from(orderFulfil).where(eq(orderFulfil.orderId, id));
        if (f?.code) await asSeller(seller, (ctx) => pickupService.verifyPickupCode({ code: f.code as string }, ctx));
        continue;
      }
      if (mode === "repeated") {
        // The first week's box holds every piece: planned, shipped, and (further along) delivered, which completes it.
        const detail = await asSeller(seller, (ctx) => sellerService.selSellerOrderDetailById({ id }, ctx));
        const lines = detail.lines.map((l) => ({ lineId: l.id, quantity: l.quantity }));
        const plannedOn = new Date().toISOString().slice(0, 10);
        const planned = await asSeller(seller, (ctx) =>
          repeatedService.orderRepeatedlyDelivery(
            {
              orderId: id,
              plannedOn,
              lines,
              expressCode: pick(EXPRESS),
              trackingNo: `DR${String(n)}${String(i).padStart(8, "0")}`,
            },
            ctx,
          ),
        );
        const round = planned.rounds[0];
        if (!round) continue;
        await asSeller(seller, (ctx) =>
          repeatedService.updOrderRepeatedlyDeliveryV2({ orderId: id, roundId: round.id, status: "shipped" }, ctx),
        );
        if (fate === "received" || fate === "completed")
          await asSeller(seller, (ctx) =>
            repeatedService.updOrderRepeatedlyDeliveryV2({ orderId: id, roundId: round.id, status: "delivered" }, ctx),
          );
        continue;
      }
      const express = { expressCode: pick(EXPRESS), trackingNo: `DM${String(n)}${String(i).padStart(8, "0")}` };
      if (fate === "partlyShipped") {
        const detail = await asSeller(seller, (ctx) => sellerService.selSellerOrderDetailById({ id }, ctx));
        const first = detail.lines[0];
        if (first && (detail.lines.length > 1 || first.quantity > 1)) {
          const quantity = detail.lines.length > 1 ? first.quantity : first.quantity - 1;
          await asSeller(seller, (ctx) => sellerService.orderDelivery({ id, ...express, lines: [{ lineId: first.id, quantity }] }, ctx));
        }
        continue;
      }
      await asSeller(seller, (ctx) => sellerService.orderDelivery({ id, ...express }, ctx));
      if (fate === "shipped") continue;
      if (plan.by !== "seller") await asBuyer(buyer.memberId, (ctx) => buyerService.confirmReceipt({ id }, ctx));
      else await asSeller(seller, (ctx) => sellerService.orderReceived({ id }, ctx));
      if (fate === "received") continue;
      // The end of the after-sales window (its timed job comes with after-sales): the machine's own transition.
      await db.transaction((tx) =>
        transition(tx, { orderId: id, scope: { boId: seller.boId }, action: "complete", actor: { kind: "system", memberId: null } }),
      );
    }
    const copies = await copyOrders(db, seller.boId, placed, DEMO_ORDERS_PER_SELLER - placed.length, random);
    // The copies were written at their own times; the placed orders are moved back after they were copied.
    await backdate(db, placed);
    written += copies.length;
    onOrders(written);
  }
}

/**
 * `count` more orders, each a copy of one placed express order (its lines, timeline, shipments and payments, under new
 * ids). Copy k stands `k / count` of the way along the 90 days and is in the state an order placed then has reached
 * (`fateAt`, as real ones would have: the older, the further along), copied from a placed order in that state and
 * kept inside that order's window (so no timer has caught it). A copy's lines are other goods of the shop at about the
 * copied line's price (the goods the demo sells, spread over the whole range), priced as the copied ones were: history
 * that came before today's prices and stock, so copies take no stock and add no sales. A copy's order number is made
 * from its own (backdated) time.
 */
async function copyOrders(db: Executor, boId: string, all: Placed[], count: number, random: () => number) {
  // Express orders only: pickup codes and planned deliveries belong to their own order.
  const placed = all.filter((p) => p.mode === "express");
  if (placed.length === 0 || count <= 0) return [];
  const byFate = new Map<Fate, Placed[]>();
  for (const p of placed) byFate.set(p.fate, [...(byFate.get(p.fate) ?? []), p]);
  const turn = new Map<Fate, number>();
  const now = Date.now();
  const copies = Array.from({ length: count }, (_, k) => {
    const age = (k + 0.5) / count;
    const fate = fateAt(age, random());
    const those = byFate.get(fate) ?? placed;
    const n = turn.get(fate) ?? 0;
    turn.set(fate, n + 1);
    const from = those[n % those.length] as Placed;
    const minutesAgo = within(from.window, Math.floor((1 - age) * DAYS * 24 * 60 * (0.9 + random() * 0.1)) + 30, random);
    const stamp = new Date(now - minutesAgo * 60_000)
      .toISOString()
      .replace(/[-:TZ.]/g, "")
      .slice(0, 14);
    return { from: from.id, id: newId(), orderNo: stamp + String(k).padStart(6, "0"), minutesAgo };
  });
  // Each copied line's goods: another SKU of the shop at 70–140 % of the copied line's price, a different one for each
  // line of a copy (none such: the copied line's own).
  const lines = await db
    .select({ id: orderLine.id, orderId: orderLine.orderId, unitPrice: orderLine.unitPrice })
    .from(orderLine)
    .where(
      inArray(
        orderLine.orderId,
        placed.map((p) => p.id),
      ),
    )
    .orderBy(asc(orderLine.orderId), asc(orderLine.sort));
  const skus = await db
    .select({ id: goodsSku.id, price: goodsSku.price })
    .from(goodsSku)
    .innerJoin(goods, eq(goods.id, goodsSku.goodsId))
    .where(
      and(
        eq(goods.boId, boId),
        eq(goods.kind, "goods"),
        eq(goods.listingType, "goods"),
        isNull(goods.deletedAt),
        isNull(goodsSku.retiredAt),
        sql`${goods.logistics} ? 'express'`,
      ),
    )
    .orderBy(asc(goodsSku.id));
  const linesOf = new Map<string, typeof lines>();
  for (const l of lines) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), l]);
  const swaps = copies.flatMap((c) => {
    const taken = new Set<string>();
    return (linesOf.get(c.from) ?? []).flatMap((l) => {
      const near = skus.filter((s) => !taken.has(s.id) && s.price >= l.unitPrice * 0.7 && s.price <= l.unitPrice * 1.4);
      const other = near[Math.floor(random() * near.length)];
      if (!other) return [];
      taken.add(other.id);
      return [sql`(${c.id}::text, ${l.id}::text, ${other.id}::text)`];
    });
  });
  const swapped = swaps.length
    ? sql`left join (values ${sql.join(swaps, sql`, `)}) as w(nid, lid, sku) on w.nid = v.nid and w.lid = t.id
        left join ${goodsSku} s on s.id = w.sku left join ${goods} g on g.id = s.goods_id`
    : sql`left join (select null::text as id, null::text as goods_id, null::jsonb as spec_values) s on false
        left join (select null::text as name, null::jsonb as images) g on false`;
  const map = sql`(values ${sql.join(
    copies.map((c) => sql`(${c.from}::text, ${c.id}::text, ${c.orderNo}::text, ${c.minutesAgo}::int)`),
    sql`, `,
  )}) as v(src, nid, nno, mins)`;
  // A copy is written at its own time: the copied row's times (not yet moved back) moved back by the copy's minutes.
  const back = (...columns: string[]) => Object.fromEntries(columns.map((c) => [c, `t."${c}" - make_interval(mins => v.mins)`]));
  // A child row's id: the copied row's time, then 16 characters hashed from the copy's id and the copied row's id
  // (so a copied shipment can name its copied lines; hex digits are Crockford base32 digits too).
  const child = (column: string) => `left((${column}), 10) || upper(substr(md5(v.nid || (${column})), 1, 16))`;
  const copy = async (tx: Executor, table: PgTable, srcColumn: string, overrides: Record<string, string>, join = sql``) => {
    const names = Object.values(getTableColumns(table)).map((c) => c.name);
    await tx.execute(
      sql`insert into ${table} (${sql.raw(names.map((n) => `"${n}"`).join(", "))})
        select ${sql.raw(names.map((n) => overrides[n] ?? `t."${n}"`).join(", "))}
        from ${table} t join ${map} on t.${sql.raw(srcColumn)} = v.src ${join}`,
    );
  };
  await db.transaction(async (tx) => {
    const run = (t: PgTable, src: string, o: Record<string, string>, join?: SQL) => copy(tx, t, src, o, join);
    await run(orderInfo, "id", {
      id: "v.nid",
      order_no: "v.nno",
      ...back("created_at", "updated_at", "paid_at", "shipped_at", "received_at", "completed_at", "cancelled_at"),
    });
    await run(
      orderLine,
      "order_id",
      {
        id: child("t.id"),
        order_id: "v.nid",
        batches: "'[]'::jsonb",
        goods_id: "coalesce(s.goods_id, t.goods_id)",
        sku_id: "coalesce(s.id, t.sku_id)",
        goods_name: "coalesce(g.name, t.goods_name)",
        spec_values: "coalesce(s.spec_values, t.spec_values)",
        image: "case when s.id is null then t.image else g.images ->> 0 end",
      },
      swapped,
    );
    // A shipping entry names the copy's own shipment and waybill (a shipment's tracking reads its entries by id).
    const shipped = `t.detail ? 'shipmentId'`;
    await run(orderTimeline, "order_id", {
      id: child("t.id"),
      order_id: "v.nid",
      ...back("at"),
      detail: `case when ${shipped} then t.detail || jsonb_build_object('shipmentId', ${child("t.detail->>'shipmentId'")})
        || case when t.detail ? 'trackingNo' then jsonb_build_object('trackingNo', (t.detail->>'trackingNo') || right(v.nid, 4))
           else '{}'::jsonb end else t.detail end`,
    });
    await run(orderShipment, "order_id", {
      id: child("t.id"),
      order_id: "v.nid",
      tracking_no: `t.tracking_no || right(v.nid, 4)`,
      ...back("shipped_at", "updated_at"),
      lines: `(select coalesce(jsonb_agg(jsonb_set(e, '{lineId}', to_jsonb(${child("e->>'lineId'")}))), '[]'::jsonb) from jsonb_array_elements(t.lines) e)`,
    });
    await run(orderPayment, "order_id", {
      id: child("t.id"),
      order_id: "v.nid",
      provider_ref: "case when t.provider_ref is null then null else t.provider_ref || '-' || v.nid end",
      ...back("created_at", "updated_at", "settled_at"),
    });
  });
  return copies.map((c) => ({ id: c.id, minutesAgo: c.minutesAgo }));
}

/** Moves each order's times (and its timeline's, shipments' and payments') back by its own number of minutes. */
async function backdate(db: Executor, placed: { id: string; minutesAgo: number }[]) {
  if (placed.length === 0) return;
  const shift = sql`(values ${sql.join(
    placed.map((p) => sql`(${p.id}, ${p.minutesAgo}::int)`),
    sql`, `,
  )}) as v(id, mins)`;
  const back = (column: unknown) => sql`${column} - make_interval(mins => v.mins)`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update ${orderInfo} set
      created_at = ${back(sql.raw("created_at"))}, updated_at = ${back(sql.raw("updated_at"))},
      paid_at = ${back(sql.raw("paid_at"))}, shipped_at = ${back(sql.raw("shipped_at"))},
      received_at = ${back(sql.raw("received_at"))}, completed_at = ${back(sql.raw("completed_at"))},
      cancelled_at = ${back(sql.raw("cancelled_at"))}
      from ${shift} where ${orderInfo.id} = v.id`);
    await tx.execute(sql`update ${orderTimeline} set at = ${back(sql.raw("at"))} from ${shift} where ${orderTimeline.orderId} = v.id`);
    await tx.execute(
      sql`update ${orderShipment} set shipped_at = ${back(sql.raw("shipped_at"))}, updated_at = ${back(sql.raw("updated_at"))} from ${shift} where ${orderShipment.orderId} = v.id`,
    );
    await tx.execute(
      sql`update ${orderPayment} set created_at = ${back(sql.raw("created_at"))}, updated_at = ${back(sql.raw("updated_at"))}, settled_at = ${back(sql.raw("settled_at"))} from ${shift} where ${orderPayment.orderId} = v.id`,
    );
  });
}
