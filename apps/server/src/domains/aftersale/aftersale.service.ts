import { randomInt } from "node:crypto";
import {
  afterSaleRefusals as A,
  afterSaleTabs,
  afterSaleTypeTabs,
  type Call,
  type contract,
  MAX_AFTER_SALE_IMAGES,
  type OrderStatus,
  type OutputOf,
  orderStatusWords,
  type ParsedInputOf,
  orderRefusals as R,
} from "@sbo/contract";
import type { Db, Executor } from "../../platform/db/client";
import type { FileStore } from "../../platform/files/file-store";
import type { Upload } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { AppError, badField, notFound, notLoggedIn, stateForbids } from "../../platform/http/errors";
import { offsetOf } from "../../platform/http/paging";
import { yuan } from "../../platform/money";
import {
  type Actor,
  detailOf,
  emitOrderEvent,
  findLine,
  findOrder,
  lockOrder,
  type OrderPorts,
  once,
  seesFullPhones,
  sellerDetail as sellerOrderView,
} from "../orders/orders.port";
import { dictItemOf } from "../reference/reference.port";
import { filesByIds } from "../system/system.port";
import { fileUnder, storeUpload } from "../system/system.service";
import { exportAfterSaleList } from "./aftersale.export";
import { appendTimeline, step } from "./aftersale.machine";
import * as repo from "./aftersale.repository";
import { detailOfApply, itemOf } from "./aftersale.view";
import { createRefundService } from "./refund/refund.service";
import { createStockSteps } from "./stock/stock.service";

/*
 * After-sales (docs/domains/aftersale.md): the buyer applies, withdraws and ships back; the seller approves, rejects,
 * confirms a return's receipt (stock back into the line's batches: stock/), refunds through the payment provider
 * (refund/), and ships an exchange. Every step goes through aftersale.machine.ts in the call's one transaction and is
 * on the order's timeline. The orders are reached through orders.port.ts only.
 */

type AS = typeof contract.afterSale;
type BA = typeof contract.buyerAfterSale;
type In<D, K extends keyof D> = D[K] extends Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends Call ? OutputOf<D[K]> : never;

const IMAGE_MAX_KB = 5120;
/** Orders in these statuses are paid: their lines may be applied for. */
const ELIGIBLE: readonly OrderStatus[] = ["paid", "partlyShipped", "shipped", "received", "completed"];

export const newAfterSaleNo = () =>
  `S${new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, "")
    .slice(0, 14)}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;

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

/** An application as a seller's member sees it: the buyer's phone in full only with `order.manage.phone`. */
const sellerView = (ctx: Ctx, a: repo.ApplyRow) => detailOfApply(ctx.db, a, { maskPhone: !seesFullPhones(ctx) });

async function expressOk(db: Executor, field: string, code: string) {
  if (!(await dictItemOf(db, "express", code))) throw badField(field, R.expressUnknown);
}

/** The seller's after-sales calls (`contract.afterSale`), named as the contract names them. */
function sellerCalls(ports: OrderPorts) {
  const refunds = createRefundService(ports);
  const stock = createStockSteps(ports);
  return {
    async selOrderGoodsAfterSaleService(
      input: In<AS, "selOrderGoodsAfterSaleService">,
      ctx: Ctx,
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

    exportAfterSaleList,

    async selAfterSaleById(input: In<AS, "selAfterSaleById">, ctx: Ctx) {
      const a = await repo.findApply(ctx.db, input.id, { boId: sellerOf(ctx).boId });
      if (!a) throw notFound(A.notFound);
      return sellerView(ctx, a);
    },

    async selAfterSaleOrderDetail(input: In<AS, "selAfterSaleOrderDetail">, ctx: Ctx): Promise<Out<AS, "selAfterSaleOrderDetail">> {
      const s = sellerOf(ctx);
      const a = await repo.findApply(ctx.db, input.id, { boId: s.boId });
      if (!a) throw notFound(A.notFound);
      const order = await findOrder(ctx.db, a.orderId);
      if (!order) throw notFound(R.notFound);
      const rows = await repo.itemsByIds(ctx.db, await repo.appliesOfOrder(ctx.db, order.id));
      return {
        order: await sellerOrderView(ctx, detailOf(ctx.db, order)),
        afterSales: rows.map((r) => itemOf(r, { maskPhone: !seesFullPhones(ctx) })),
        refunded: order.refundedAmount,
      };
    },

    selAfterSaleTodoCount: (_input: In<AS, "selAfterSaleTodoCount">, ctx: Ctx) => repo.todoCounts(ctx.db, sellerOf(ctx).boId),

    async approveApply(input: In<AS, "approveApply">, ctx: Ctx) {
      const s = sellerOf(ctx);
      const a = await approve(ctx.db, input.id, { boId: s.boId }, s.actor);
      if (!input.refundNow) return sellerView(ctx, a);
      // Approved and refunded in one step, in this one transaction: a refused refund leaves it undecided.
      if (a.type !== "refundOnly") throw badField("refundNow", A.refundNowRefundOnly);
      return sellerView(ctx, await refunds.refund(ctx, s, input.id));
    },

    async rejectApply(input: In<AS, "rejectApply">, ctx: Ctx) {
      const s = sellerOf(ctx);
      const a = await step(ctx.db, { id: input.id, scope: { boId: s.boId }, action: "reject", actor: s.actor }, async () => ({
        patch: { rejectReason: input.reason },
        detail: { reason: input.reason },
      }));
      return sellerView(ctx, a);
    },

    confirmReceipt: async (input: In<AS, "confirmReceipt">, ctx: Ctx) => sellerView(ctx, await stock.receive(ctx, sellerOf(ctx), input)),

    refundApply: async (input: In<AS, "refundApply">, ctx: Ctx) => sellerView(ctx, await refunds.refund(ctx, sellerOf(ctx), input.id)),

    async shipExchange(input: In<AS, "shipExchange">, ctx: Ctx) {
      await expressOk(ctx.db, "expressCode", input.expressCode);
      return sellerView(ctx, await stock.shipExchange(ctx, sellerOf(ctx), input));
    },
  };
}

/** The buyer's after-sales calls (`contract.buyerAfterSale`), named as the contract names them. */
function buyerCalls(files: FileStore) {
  return {
    /** The one call here that writes to the file store. */
    async uploadImage(input: In<BA, "uploadImage"> & Upload, ctx: Ctx): Promise<Out<BA, "uploadImage">> {
      const b = buyerOf(ctx);
      const config = { accept: "image", maxKb: IMAGE_MAX_KB };
      return storeUpload(ctx.db, files, input.file, config, { boId: null, memberId: b.memberId }, "afterSale");
    },

    async apply(input: In<BA, "apply">, ctx: Ctx): Promise<Out<BA, "apply">> {
      const b = buyerOf(ctx);
      return once(ctx, b.memberId, "afterSaleApply", async () => {
        const order = await lockOrder(ctx.db, input.orderId, { buyerMemberId: b.memberId });
        if (!ELIGIBLE.includes(order.status as OrderStatus)) {
          const w = orderStatusWords[order.status as OrderStatus];
          throw stateForbids(A.orderNotEligible, { orderNo: order.orderNo, "status.en": w.en, "status.zh": w.zh });
        }
        const line = await findLine(ctx.db, input.lineId, true);
        if (!line || line.orderId !== order.id) throw badField("lineId", R.lineNotFound);
        if (!(await dictItemOf(ctx.db, "afterSaleReason", input.reasonCode))) throw badField("reasonCode", A.reasonUnknown);
        const taken = await repo.lineTaken(ctx.db, line.id);
        const left = line.quantity - taken.quantity;
        if (input.quantity > left) throw badField("quantity", A.quantityTooMany, { left: Math.max(left, 0) });
        // An exchange refunds nothing; a refund at most what the line cost less what its other applications ask.
        const refundable = input.type === "exchange" ? 0 : Math.max((line.revisedAmount ?? line.amount) - taken.amount, 0);
        if (input.amount > refundable) throw badField("amount", A.amountTooHigh, { max: yuan(refundable) });
        // The buyer's own images (one query), filed under the seller's organisation so its staff may open them.
        const wanted = input.imageIds.slice(0, MAX_AFTER_SALE_IMAGES);
        const found = await filesByIds(ctx.db, wanted);
        const own = wanted.map((fileId, i) => {
          const image = found.find((f) => f.id === fileId);
          if (!image || image.memberId !== b.memberId || image.boId !== null || !image.contentType.startsWith("image/"))
            throw badField(`imageIds.${i}`, A.imageNotYours);
          return image;
        });
        const images = await fileUnder(ctx.db, order.boId, own, "afterSale");
        const a = await repo.insertApply(ctx.db, {
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
        });
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

    async withdraw(input: In<BA, "withdraw">, ctx: Ctx) {
      const b = buyerOf(ctx);
      const a = await step(ctx.db, { id: input.id, scope: { buyerMemberId: b.memberId }, action: "withdraw", actor: b.actor });
      return detailOfApply(ctx.db, a);
    },

    async shipBack(input: In<BA, "shipBack">, ctx: Ctx) {
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

    async selList(input: In<BA, "selList">, ctx: Ctx): Promise<Out<BA, "selList">> {
      const b = buyerOf(ctx);
      const rows = await repo.buyerPage(ctx.db, b.memberId, input.state, input.pageSize, offsetOf(input));
      const total = await repo.buyerCount(ctx.db, b.memberId, input.state);
      return { list: rows.map((r) => itemOf(r, { maskPhone: false })), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selDetail(input: In<BA, "selDetail">, ctx: Ctx) {
      const b = buyerOf(ctx);
      const a = await repo.findApply(ctx.db, input.id, { buyerMemberId: b.memberId });
      if (!a) throw notFound(A.notFound);
      return detailOfApply(ctx.db, a);
    },
  };
}

/** The after-sales calls for the routes: the seller's (`afterSale`) and the buyer's (`buyerAfterSale`). */
export function createAfterSaleService(ports: OrderPorts, files: FileStore) {
  return { seller: sellerCalls(ports), buyer: buyerCalls(files) };
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
