import {
  codes,
  type contract,
  maskPhone,
  type OutputOf,
  orderPayRefusals as P,
  type ParsedInputOf,
  orderRefusals as R,
  VOUCHER_IMAGE_MAX_KB,
  type VoucherItem,
} from "@sbo/contract";
import { iso } from "../../../platform/days";
import type { FileStore } from "../../../platform/files/file-store";
import type { Upload } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { badField, notFound, notLoggedIn, refuse, stateForbids } from "../../../platform/http/errors";
import { offsetOf } from "../../../platform/http/paging";
import { yuan } from "../../../platform/money";
import { fileUnder, storeUpload } from "../../system/system.service";
import { once } from "../idempotency.service";
import { type Actor, transition } from "../order.machine";
import { detailOf } from "../orders.view";
import * as repo from "./voucher.repository";

/*
 * Offline payment (docs/domains/orders.md "Offline payment and order changes"). The buyer uploads the transfer's
 * image (a file of the buyer's account, no organisation), then gives the voucher: the image is filed again under the
 * seller's organisation (same bytes, by SHA-256) so the seller's session may see it at /files/:id. The seller passes
 * it (the machine's `pay`) or rejects it with a reason (`rejectVoucher`); both lock the order first, then the voucher,
 * so of two reviews of one voucher exactly one finds it in review.
 */

type BP = typeof contract.buyerPay;
type OP = typeof contract.orderPay;
type In<D, K extends keyof D> = D[K] extends import("@sbo/contract").Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends import("@sbo/contract").Call ? OutputOf<D[K]> : never;

export function voucherOf(r: repo.VoucherRow, opts: { maskPhone: boolean }): VoucherItem {
  return {
    id: r.id,
    orderId: r.order_id,
    orderNo: r.order_no,
    orderStatus: r.order_status as VoucherItem["orderStatus"],
    orderPayAmount: Number(r.order_pay_amount),
    amount: Number(r.amount),
    payerName: r.payer_name ?? "",
    bankRef: r.bank_ref ?? "",
    voucher: r.voucher_file_id ? { id: r.voucher_file_id, url: `/files/${r.voucher_file_id}`, name: r.file_name ?? "" } : null,
    status: r.status as VoucherItem["status"],
    rejectReason: r.reject_reason,
    buyerName: r.buyer_name ?? "",
    buyerPhone: opts.maskPhone ? maskPhone(r.buyer_phone) : r.buyer_phone,
    createdAt: iso(r.created_at) as string,
    reviewedAt: iso(r.settled_at),
  };
}

const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return ctx.buyer;
};

const sellerOf = (ctx: Ctx) => {
  const me = ctx.me();
  return { boId: me.boId, actor: { kind: "seller", memberId: me.memberId } satisfies Actor as Actor };
};

export function createVoucherService() {
  async function answer(ctx: Ctx, boId: string, id: string) {
    const row = await repo.findVoucher(ctx.db, boId, id);
    if (!row) throw notFound(P.voucherNotFound);
    return voucherOf(row, { maskPhone: false });
  }

  /** The order the voucher pays: another organisation's voucher answers "not found" like a missing one. */
  async function orderOf(ctx: Ctx, boId: string, id: string) {
    const orderId = await repo.orderIdOfVoucher(ctx.db, boId, id);
    if (!orderId) throw notFound(P.voucherNotFound);
    return orderId;
  }

  async function lockInReview(ctx: Ctx, boId: string, id: string) {
    const v = await repo.lockVoucher(ctx.db, boId, id);
    if (!v) throw notFound(P.voucherNotFound);
    if (v.status !== "reviewing") throw stateForbids(P.voucherReviewed, { status: v.status });
    return v;
  }

  async function pass(ctx: Ctx, id: string): Promise<VoucherItem> {
    const s = sellerOf(ctx);
    const orderId = await orderOf(ctx, s.boId, id);
    await transition(ctx.db, { orderId, scope: { boId: s.boId }, action: "pay", actor: s.actor }, async (order) => {
      const v = await lockInReview(ctx, s.boId, id);
      if (v.amount !== order.payAmount)
        throw stateForbids(P.voucherAmountChanged, { orderNo: order.orderNo, amount: yuan(order.payAmount), voucher: yuan(v.amount) });
      await repo.settleVoucher(ctx.db, v.id, { status: "passed", settledAt: new Date() });
      return { patch: { payMethod: "offline" }, detail: { voucherId: v.id, method: "offline", amount: v.amount } };
    });
    return answer(ctx, s.boId, id);
  }

  async function reject(ctx: Ctx, id: string, reason: string): Promise<VoucherItem> {
    const s = sellerOf(ctx);
    const orderId = await orderOf(ctx, s.boId, id);
    await transition(ctx.db, { orderId, scope: { boId: s.boId }, action: "rejectVoucher", actor: s.actor }, async () => {
      const v = await lockInReview(ctx, s.boId, id);
      await repo.settleVoucher(ctx.db, v.id, { status: "rejected", rejectReason: reason, settledAt: new Date() });
      return { detail: { voucherId: v.id, amount: v.amount, reason } };
    });
    return answer(ctx, s.boId, id);
  }

  return {
    // ---- buyer ----

    async uploadVoucher(input: In<BP, "uploadVoucher">, ctx: Ctx): Promise<Out<BP, "uploadVoucher">> {
      const b = buyerOf(ctx);
      return once(ctx, b.memberId, "uploadVoucher", async () => {
        const image = await repo.buyerImage(ctx.db, b.memberId, input.voucherFileId);
        if (!image?.contentType.startsWith("image/")) throw badField("voucherFileId", P.voucherImage);
        const order = await transition(
          ctx.db,
          {
            orderId: input.id,
            scope: { buyerMemberId: b.memberId },
            action: "uploadVoucher",
            actor: { kind: "buyer", memberId: b.memberId },
          },
          async (o) => {
            if (input.amount !== o.payAmount) throw badField("amount", P.voucherAmount, { amount: yuan(o.payAmount) });
            if (await repo.reviewingVoucherOf(ctx.db, o.id)) throw refuse(codes.CONFLICT, R.voucherInReview);
            // The same bytes filed under the seller's organisation: its staff may open it; the buyer's own stays theirs.
            const [copy] = await fileUnder(ctx.db, o.boId, [{ ...image, memberId: b.memberId }], "payVoucher");
            const p = await repo.insertVoucher(ctx.db, {
              orderId: o.id,
              boId: o.boId,
              buyerMemberId: b.memberId,
              method: "offline",
              provider: "offline",
              amount: input.amount,
              status: "reviewing",
              voucherFileId: copy,
              payerName: input.payerName,
              bankRef: input.bankRef,
            });
            return { detail: { voucherId: p?.id, amount: input.amount, payerName: input.payerName, bankRef: input.bankRef } };
          },
        );
        return detailOf(ctx.db, order);
      });
    },

    async deleteOrder(input: In<BP, "deleteOrder">, ctx: Ctx): Promise<null> {
      const b = buyerOf(ctx);
      await transition(
        ctx.db,
        { orderId: input.id, scope: { buyerMemberId: b.memberId }, action: "deleteBuyer", actor: { kind: "buyer", memberId: b.memberId } },
        async () => ({ patch: { buyerDeletedAt: new Date() } }),
      );
      return null;
    },

    // ---- seller ----

    async selPayListByParam(input: In<OP, "selPayListByParam">, ctx: Ctx): Promise<Out<OP, "selPayListByParam">> {
      const s = sellerOf(ctx);
      const rows = await repo.queuePage(ctx.db, s.boId, input, input.pageSize, offsetOf(input));
      const total = await repo.queueCount(ctx.db, s.boId, input);
      return { list: rows.map((r) => voucherOf(r, { maskPhone: true })), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selVoucherById(input: In<OP, "selVoucherById">, ctx: Ctx): Promise<Out<OP, "selVoucherById">> {
      return answer(ctx, sellerOf(ctx).boId, input.id);
    },

    auditVoucherPass: (input: In<OP, "auditVoucherPass">, ctx: Ctx) => pass(ctx, input.id),
    auditVoucherReject: (input: In<OP, "auditVoucherReject">, ctx: Ctx) => reject(ctx, input.id, input.reason),

    async updVoucherApprovalStatusById(input: In<OP, "updVoucherApprovalStatusById">, ctx: Ctx) {
      if (input.status === "passed") return pass(ctx, input.id);
      if (!input.reason) throw badField("reason", P.reasonRequired);
      return reject(ctx, input.id, input.reason);
    },
  };
}

/** The buyer's voucher image upload: the one part of vouchers that writes to the file store. */
export function createVoucherImageUpload(files: FileStore) {
  return {
    /** The voucher's image: an image of at most VOUCHER_IMAGE_MAX_KB, checked against its bytes (nothing refused is kept). */
    async uploadVoucherImage(input: In<BP, "uploadVoucherImage"> & Upload, ctx: Ctx): Promise<Out<BP, "uploadVoucherImage">> {
      const b = buyerOf(ctx);
      const config = { accept: "image", maxKb: VOUCHER_IMAGE_MAX_KB };
      return storeUpload(ctx.db, files, input.file, config, { boId: null, memberId: b.memberId }, "payVoucher");
    },
  };
}
