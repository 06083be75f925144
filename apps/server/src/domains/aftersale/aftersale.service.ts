import { randomInt } from "node:crypto";
import {
  afterSaleRefusals as A,
  type AfterSaleDetail,
  type AfterSaleItem,
  afterSaleTabs,
  afterSaleTypeTabs,
  type Call,
  codes,
  type contract,
  MAX_AFTER_SALE_IMAGES,
  maskPhone,
  type OrderStatus,
  type OutputOf,
  orderStatusWords,
  type ParsedInputOf,
  orderRefusals as R,
} from "@sbo/contract";
import { eq, inArray } from "drizzle-orm";
import { iso } from "../../platform/days";
import type { Db, Executor } from "../../platform/db/client";
import type { FileStore } from "../../platform/files/file-store";
import type { Upload } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { AppError, badField, notFound, notLoggedIn, refuse, stateForbids } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import { yuan } from "../../platform/money";
import { giveBack } from "../orders/change/change.service";
import { once } from "../orders/idempotency.service";
import { emitOrderEvent } from "../orders/live/live.service";
import { type Actor, lockOrder } from "../orders/order.machine";
import * as ordersRepo from "../orders/orders.repository";
import { orderLine } from "../orders/orders.tables";
import { detailOf, seesFullPhones, sellerDetail as sellerOrderView } from "../orders/orders.view";
import { type OrderPorts, refunderOf } from "../orders/orders-needs.port";
import { fileUnder, storeUpload } from "../system/system.service";
import { storedFile } from "../system/system.tables";
import { appendTimeline, step } from "./aftersale.machine";
import * as repo from "./aftersale.repository";
import { afterSaleApply, orderRefund } from "./aftersale.tables";

/*
 * After-sales (docs/domains/aftersale.md): the buyer applies, withdraws and ships back; the seller approves, rejects,
 * confirms a return's receipt (stock back into the line's batches), refunds through the payment provider (the order's
 * refunded total raised by a conditional UPDATE the database's CHECK backs), and ships an exchange. Every step goes
 * through aftersale.machine.ts in the call's one transaction and is on the order's timeline.
 */

type AS = typeof contract.afterSale;
type BA = typeof contract.buyerAfterSale;
type In<D, K extends keyof D> = D[K] extends Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends Call ? OutputOf<D[K]> : never;

const DAY = 86_400_000;
const IMAGE_MAX_KB = 5120;
/** Orders in these statuses are paid: their lines may be applied for. */
const ELIGIBLE: readonly OrderStatus[] = ["paid", "partlyShipped", "shipped", "received", "completed"];

export const newAfterSaleNo = () =>
  `S${new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, "")
    .slice(0, 14)}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;

export function itemOf(r: repo.ItemRow, opts: { maskPhone: boolean }): AfterSaleItem {
  const created = new Date(r.created_at);
  return {
    id: r.id,
    afterSaleNo: r.after_sale_no,
    orderId: r.order_id,
    orderNo: r.order_no,
    lineId: r.line_id,
    goodsName: r.goods_name,
    specValues: r.spec_values ?? [],
    image: r.image,
    type: r.type as AfterSaleItem["type"],
    state: r.state as AfterSaleItem["state"],
    quantity: r.quantity,
    amount: Number(r.amount),
    reasonCode: r.reason_code,
    reasonName: r.reason_name ?? r.reason_code,
    reasonNameEn: r.reason_name_en ?? r.reason_code,
    buyerName: r.buyer_name ?? "",
    buyerPhone: opts.maskPhone ? maskPhone(r.buyer_phone) : r.buyer_phone,
    appliedAt: created.toISOString(),
    autoApproveAt:
      r.state === "applied" ? new Date(created.getTime() + (r.auto_days ?? repo.DEFAULT_AUTO_APPROVE_DAYS) * DAY).toISOString() : null,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

async function parcelOf(db: Executor, code: string | null, trackingNo: string | null) {
  if (!code || !trackingNo) return null;
  const names = await repo.expressNames(db, code);
  return { expressCode: code, expressName: names?.name ?? code, expressNameEn: names?.name_en ?? code, trackingNo };
}

/** One application as its detail shows it (one query at a time: inside a write's transaction). */
export async function detailOfApply(db: Executor, a: repo.ApplyRow, opts: { maskPhone: boolean } = { maskPhone: false }) {
  const [row] = await repo.itemsByIds(db, [a.id]);
  if (!row) throw notFound(A.notFound);
  const [line] = await db.select().from(orderLine).where(eq(orderLine.id, a.lineId));
  const order = await repo.findOrderRow(db, a.orderId);
  const refund = await repo.refundOf(db, a.id);
  const files = await repo.filesOf(db, a.images);
  const steps = await repo.stepsOf(db, a.orderId, a.id);
  const names = new Map(files.map((f) => [f.id, f.name]));
  const detail: AfterSaleDetail = {
    ...itemOf(row, opts),
    description: a.description,
    images: a.images.filter((id) => names.has(id)).map((id) => ({ id, url: `/files/${id}`, name: names.get(id) ?? "" })),
    rejectReason: a.rejectReason,
    autoApproved: a.autoApproved,
    returnParcel: await parcelOf(db, a.returnExpressCode, a.returnTrackingNo),
    exchangeParcel: await parcelOf(db, a.exchangeExpressCode, a.exchangeTrackingNo),
    refund: refund
      ? { amount: refund.amount, provider: refund.provider, providerRef: refund.providerRef, at: refund.createdAt.toISOString() }
      : null,
    decidedAt: iso(a.decidedAt),
    buyerShippedAt: iso(a.buyerShippedAt),
    receivedAt: iso(a.receivedAt),
    refundedAt: iso(a.refundedAt),
    exchangeShippedAt: iso(a.exchangeShippedAt),
    lineQuantity: line?.quantity ?? 0,
    lineAmount: line ? (line.revisedAmount ?? line.amount) : 0,
    orderPaid: order?.payAmount ?? 0,
    orderRefunded: order?.refundedAmount ?? 0,
    orderStatus: (order?.status ?? "paid") as OrderStatus,
    timeline: steps.map((e) => ({
      id: e.id,
      at: new Date(e.at).toISOString(),
      actor: e.actor as "buyer" | "seller" | "system",
      event: e.event,
      detail: e.detail,
    })),
  };
  return detail;
}

const sellerOf = (ctx: Ctx) => {
  const me = ctx.me();
  return { boId: me.boId, actor: { kind: "seller", memberId: me.memberId } satisfies Actor as Actor };
};

const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return { memberId: ctx.buyer.memberId, actor: { kind: "buyer", memberId: ctx.buyer.memberId } satisfies Actor as Actor };
};

const SYSTEM: Actor = { kind: "system", memberId: null };

/** Approves an application awaiting a decision (the seller, or the job with `auto`). */
export function approve(db: Executor, id: string, scope: repo.Scope, actor: Actor, auto = false) {
  return step(db, { id, scope, action: "approve", actor }, async () => ({
    patch: { autoApproved: auto },
    detail: auto ? { auto: true } : {},
  }));
}

export function createAfterSaleService(ports: OrderPorts) {
  /** Refund an approved refund-only or a received return through the order's payment provider, in the call's transaction. */
  async function refundStep(ctx: Ctx, s: ReturnType<typeof sellerOf>, id: string) {
    return step(ctx.db, { id, scope: { boId: s.boId }, action: "refund", actor: s.actor }, async (app, order) => {
      // The order row is locked (step); the conditional UPDATE and the CHECK keep every refund within what was paid.
      if (!(await repo.addRefunded(ctx.db, order.id, app.amount)))
        throw stateForbids(A.refundExceedsPaid, {
          orderNo: order.orderNo,
          paid: yuan(order.payAmount),
          refunded: yuan(order.refundedAmount),
          amount: yuan(app.amount),
        });
      // The provider the order was paid through (its refunds work even once it is no longer enabled for payments),
      // else the enabled default; none (PAYMENT_PROVIDERS): refused, rolled back.
      const payment = await repo.paidPayment(ctx.db, order.id);
      const provider = refunderOf(ports, payment?.provider ?? null) ?? refunderOf(ports, ports.defaultPayment);
      if (!provider) throw refuse(codes.NOT_CONFIGURED, A.refundUnavailable);
      const paid = payment && payment.provider === provider.name ? payment : null;
      const done = await provider
        .refund({ refundId: app.id, orderNo: order.orderNo, amount: app.amount, payment: paid })
        .catch((err: unknown) => {
          throw refuse(codes.STATE_FORBIDS, A.refundFailed, { message: err instanceof Error ? err.message : String(err) });
        });
      await ctx.db.insert(orderRefund).values({
        orderId: order.id,
        boId: order.boId,
        afterSaleId: app.id,
        amount: app.amount,
        provider: provider.name,
        providerRef: done.providerRef,
      });
      return { detail: { refunded: app.amount, providerRef: done.providerRef, refundedTotal: order.refundedAmount + app.amount } };
    });
  }

  /** An application as a seller's member sees it: the buyer's phone in full only with `order.manage.phone`. */
  const sellerView = (ctx: Ctx, a: repo.ApplyRow) => detailOfApply(ctx.db, a, { maskPhone: !seesFullPhones(ctx) });

  async function sellerDetail(ctx: Ctx, boId: string, id: string) {
    const a = await repo.findApply(ctx.db, id, { boId });
    if (!a) throw notFound(A.notFound);
    return sellerView(ctx, a);
  }

  async function expressOk(db: Executor, field: string, code: string) {
    if (!(await ordersRepo.expressItem(db, code))) throw badField(field, R.expressUnknown);
  }

  return {
    // ---- seller ----

    async selOrderGoodsAfterSaleService(
      ctx: Ctx,
      input: In<AS, "selOrderGoodsAfterSaleService">,
    ): Promise<Out<AS, "selOrderGoodsAfterSaleService">> {
      const s = sellerOf(ctx);
      const rows = await repo.sellerPage(ctx.db, s.boId, input, input.pageSize, offsetOf(input));
      const counts = await repo.tabCounts(ctx.db, s.boId, input, afterSaleTabs, afterSaleTypeTabs);
      return {
        list: rows.map((r) => itemOf(r, { maskPhone: true })),
        total: counts.states[input.state] ?? 0,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
        stateCounts: counts.states as Out<AS, "selOrderGoodsAfterSaleService">["stateCounts"],
        typeCounts: counts.types as Out<AS, "selOrderGoodsAfterSaleService">["typeCounts"],
      };
    },

    selAfterSaleById: (ctx: Ctx, input: In<AS, "selAfterSaleById">) => sellerDetail(ctx, sellerOf(ctx).boId, input.id),

    async selAfterSaleOrderDetail(ctx: Ctx, input: In<AS, "selAfterSaleOrderDetail">): Promise<Out<AS, "selAfterSaleOrderDetail">> {
      const s = sellerOf(ctx);
      const a = await repo.findApply(ctx.db, input.id, { boId: s.boId });
      if (!a) throw notFound(A.notFound);
      const order = await repo.findOrderRow(ctx.db, a.orderId);
      if (!order) throw notFound(R.notFound);
      const rows = await repo.itemsByIds(ctx.db, await repo.appliesOfOrder(ctx.db, order.id));
      return {
        order: await sellerOrderView(ctx, detailOf(ctx.db, order)),
        afterSales: rows.map((r) => itemOf(r, { maskPhone: !seesFullPhones(ctx) })),
        refunded: order.refundedAmount,
      };
    },

    selAfterSaleTodoCount: (ctx: Ctx) => repo.todoCounts(ctx.db, sellerOf(ctx).boId),

    async approveApply(ctx: Ctx, input: In<AS, "approveApply">) {
      const s = sellerOf(ctx);
      const a = await approve(ctx.db, input.id, { boId: s.boId }, s.actor);
      if (!input.refundNow) return sellerView(ctx, a);
      // Approved and refunded in one step, in this one transaction: a refused refund leaves it undecided.
      if (a.type !== "refundOnly") throw badField("refundNow", A.refundNowRefundOnly);
      return sellerView(ctx, await refundStep(ctx, s, input.id));
    },

    async rejectApply(ctx: Ctx, input: In<AS, "rejectApply">) {
      const s = sellerOf(ctx);
      const a = await step(ctx.db, { id: input.id, scope: { boId: s.boId }, action: "reject", actor: s.actor }, async () => ({
        patch: { rejectReason: input.reason },
        detail: { reason: input.reason },
      }));
      return sellerView(ctx, a);
    },

    async confirmReceipt(ctx: Ctx, input: In<AS, "confirmReceipt">) {
      const s = sellerOf(ctx);
      const a = await step(ctx.db, { id: input.id, scope: { boId: s.boId }, action: "receive", actor: s.actor }, async (app, order) => {
        // The returned pieces go back into the line's own batches (latest-expiring first), as a reduced line's do.
        const [line] = await ctx.db.select().from(orderLine).where(eq(orderLine.id, app.lineId)).for("update");
        if (!line) throw notFound(R.lineNotFound);
        const tz = await repo.shopTimeZone(ctx.db, order.shopId);
        const { back, kept } = giveBack(line.batches, app.quantity);
        await ports.goods.returnStock(ctx.db, line.skuId, app.quantity, back, tz);
        await ctx.db.update(orderLine).set({ batches: kept }).where(eq(orderLine.id, line.id));
        // A return unsells its pieces; an exchange's replacement goes out again, so its sales stay.
        if (app.type === "returnRefund") await ports.goods.addSales(ctx.db, [{ goodsId: line.goodsId, quantity: -app.quantity }]);
        return { detail: { goodsName: line.goodsName, batches: back } };
      });
      return sellerView(ctx, a);
    },

    async refundApply(ctx: Ctx, input: In<AS, "refundApply">) {
      const s = sellerOf(ctx);
      return sellerView(ctx, await refundStep(ctx, s, input.id));
    },

    async shipExchange(ctx: Ctx, input: In<AS, "shipExchange">) {
      const s = sellerOf(ctx);
      await expressOk(ctx.db, "expressCode", input.expressCode);
      const a = await step(
        ctx.db,
        { id: input.id, scope: { boId: s.boId }, action: "shipExchange", actor: s.actor },
        async (app, order) => {
          // The replacement leaves stock FEFO like a checkout; its batches join the line's record.
          const [line] = await ctx.db.select().from(orderLine).where(eq(orderLine.id, app.lineId)).for("update");
          if (!line) throw notFound(R.lineNotFound);
          const tz = await repo.shopTimeZone(ctx.db, order.shopId);
          const more = await ports.goods.takeStock(ctx.db, line.skuId, app.quantity, tz).catch((err: unknown) => {
            if (err instanceof AppError && err.code === codes.CONFLICT)
              throw stateForbids(R.stockShort, { name: line.goodsName, left: Number(err.params?.left ?? 0), wanted: app.quantity });
            throw err;
          });
          const batches = line.batches.map((b) => ({ ...b }));
          for (const m of more) {
            const same = batches.find((b) => b.batchId === m.batchId);
            if (same) same.quantity += m.quantity;
            else batches.push({ ...m });
          }
          await ctx.db.update(orderLine).set({ batches }).where(eq(orderLine.id, line.id));
          return {
            patch: { exchangeExpressCode: input.expressCode, exchangeTrackingNo: input.trackingNo },
            detail: { expressCode: input.expressCode, trackingNo: input.trackingNo },
          };
        },
      );
      return sellerView(ctx, a);
    },

    // ---- buyer ----

    async apply(ctx: Ctx, input: In<BA, "apply">): Promise<Out<BA, "apply">> {
      const b = buyerOf(ctx);
      return once(ctx, b.memberId, "afterSaleApply", async () => {
        const order = await lockOrder(ctx.db, input.orderId, { buyerMemberId: b.memberId });
        if (!ELIGIBLE.includes(order.status as OrderStatus)) {
          const w = orderStatusWords[order.status as OrderStatus];
          throw stateForbids(A.orderNotEligible, { orderNo: order.orderNo, "status.en": w.en, "status.zh": w.zh });
        }
        const [line] = await ctx.db.select().from(orderLine).where(eq(orderLine.id, input.lineId)).for("update");
        if (!line || line.orderId !== order.id) throw badField("lineId", R.lineNotFound);
        if (!(await repo.reasonItem(ctx.db, input.reasonCode))) throw badField("reasonCode", A.reasonUnknown);
        const taken = await repo.lineTaken(ctx.db, line.id);
        const left = line.quantity - taken.quantity;
        if (input.quantity > left) throw badField("quantity", A.quantityTooMany, { left: Math.max(left, 0) });
        // An exchange refunds nothing; a refund at most what the line cost less what its other applications ask.
        const refundable = input.type === "exchange" ? 0 : Math.max((line.revisedAmount ?? line.amount) - taken.amount, 0);
        if (input.amount > refundable) throw badField("amount", A.amountTooHigh, { max: yuan(refundable) });
        // The buyer's own images (one query), filed under the seller's organisation so its staff may open them.
        const wanted = input.imageIds.slice(0, MAX_AFTER_SALE_IMAGES);
        const found = wanted.length ? await ctx.db.select().from(storedFile).where(inArray(storedFile.id, wanted)) : [];
        const own = wanted.map((fileId, i) => {
          const image = found.find((f) => f.id === fileId);
          if (!image || image.memberId !== b.memberId || image.boId !== null || !image.contentType.startsWith("image/"))
            throw badField(`imageIds.${i}`, A.imageNotYours);
          return image;
        });
        const images = await fileUnder(ctx.db, order.boId, own, "afterSale");
        const [a] = await ctx.db
          .insert(afterSaleApply)
          .values({
            afterSaleNo: newAfterSaleNo(),
            boId: order.boId,
            shopId: order.shopId,
            orderId: order.id,
            lineId: line.id,
            buyerMemberId: b.memberId,
            type: input.type,
            quantity: input.quantity,
            amount: input.amount,
            reasonCode: input.reasonCode,
            description: input.description,
            images,
          })
          .returning();
        if (!a) throw new Error("insert returned nothing");
        await appendTimeline(ctx.db, order, b.actor, "apply", {
          afterSaleId: a.id,
          afterSaleNo: a.afterSaleNo,
          type: a.type,
          quantity: a.quantity,
          amount: a.amount,
          goodsName: line.goodsName,
          reasonCode: a.reasonCode,
        });
        // The shop's open back offices hear of it on commit, like a new order.
        await emitOrderEvent(ctx.db, order, "afterSaleApplied", "buyer");
        return detailOfApply(ctx.db, a);
      });
    },

    async withdraw(ctx: Ctx, input: In<BA, "withdraw">) {
      const b = buyerOf(ctx);
      const a = await step(ctx.db, { id: input.id, scope: { buyerMemberId: b.memberId }, action: "withdraw", actor: b.actor });
      return detailOfApply(ctx.db, a);
    },

    async shipBack(ctx: Ctx, input: In<BA, "shipBack">) {
      const b = buyerOf(ctx);
      await expressOk(ctx.db, "expressCode", input.expressCode);
      const a = await step(
        ctx.db,
        { id: input.id, scope: { buyerMemberId: b.memberId }, action: "buyerShip", actor: b.actor },
        async () => ({
          patch: { returnExpressCode: input.expressCode, returnTrackingNo: input.trackingNo },
          detail: { expressCode: input.expressCode, trackingNo: input.trackingNo },
        }),
      );
      return detailOfApply(ctx.db, a);
    },

    async selList(ctx: Ctx, input: In<BA, "selList">): Promise<Out<BA, "selList">> {
      const b = buyerOf(ctx);
      const rows = await repo.buyerPage(ctx.db, b.memberId, input.state, input.pageSize, offsetOf(input));
      const total = await repo.buyerCount(ctx.db, b.memberId, input.state);
      return { list: rows.map((r) => itemOf(r, { maskPhone: false })), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selDetail(ctx: Ctx, input: In<BA, "selDetail">) {
      const b = buyerOf(ctx);
      const a = await repo.findApply(ctx.db, input.id, { buyerMemberId: b.memberId });
      if (!a) throw notFound(A.notFound);
      return detailOfApply(ctx.db, a);
    },
  };
}

/** The buyer's after-sale image upload (the one call here that writes to the file store). */
export function createAfterSaleImageUpload(files: FileStore) {
  return {
    async uploadImage(ctx: Ctx, input: In<BA, "uploadImage"> & Upload): Promise<Out<BA, "uploadImage">> {
      const b = buyerOf(ctx);
      const config = { accept: "image", maxKb: IMAGE_MAX_KB };
      return storeUpload(ctx.db, files, input.file, config, { boId: null, memberId: b.memberId }, "afterSale");
    },
  };
}

/** The auto-approve pass: each due application approved by the system in its own savepoint. */
export async function autoApproveDue(db: Db, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    let done = 0;
    for (const id of await repo.dueApprove(tx, limit)) {
      try {
        await tx.transaction((sp) => approve(sp, id, { system: true }, SYSTEM, true));
        done++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    return done;
  });
}
