import {
  type Call,
  codes,
  type contract,
  INVOICE_FILE,
  INVOICE_ORDER_STATUSES,
  type InvoiceState,
  invoiceStateWords,
  type OutputOf,
  type ParsedInputOf,
  invoiceRefusals as R,
} from "@sbo/contract";
import type { FileStore } from "../../platform/files/file-store";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, notLoggedIn, refuse, stateForbids } from "../../platform/http/errors";
import { decodeTimeCursor, encodeTimeCursor, offsetOf } from "../../platform/http/paging";
import { yuan } from "../../platform/money";
import { detailOf, findSellerOrder, lockOrderOf, type OrderOwner, seesFullPhones, sellerDetail } from "../orders/orders.port";
import { invoiceSupportOf } from "../shop/shop.port";
import { fileById, fileOfOrganisation } from "../system/system.port";
import { exportInvoiceList } from "./invoice.export";
import { decide } from "./invoice.machine";
import * as repo from "./invoice.repository";
import { itemOf } from "./invoice.view";
import { findTitle, type TitleOwner } from "./title/title.repository";
import { buyerTitleCalls, sellerTitleCalls, snapshotOf } from "./title/title.service";

/*
 * Invoice requests (docs/domains/invoice.md); titles in title/. Seller calls are scoped by the session's organisation,
 * buyer calls by the buyer's account. A request locks its order first (through orders.port.ts: two requests for one
 * order run one after the other; the partial unique index is the last guard); a decision locks the request
 * (invoice.machine.ts).
 */

type S = typeof contract.invoice;
type B = typeof contract.buyerInvoice;
type In<D, K extends keyof D> = D[K] extends Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends Call ? OutputOf<D[K]> : never;

const sellerOf = (ctx: Ctx) => ctx.me();
const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return ctx.buyer;
};

/**
 * A request for the order `orderId` of `orderOwner` (the buyer's own order, or the organisation's own purchase) with a
 * title of `owner`: the order locked, paid, without a request that is open or issued.
 */
async function request(
  ctx: Ctx,
  o: {
    orderId: string;
    orderOwner: OrderOwner;
    owner: TitleOwner;
    titleId: string;
    requestedBy: "buyer" | "organization";
    requesterBoId: string | null;
  },
): Promise<string> {
  const title = await findTitle(ctx.db, o.owner, o.titleId);
  if (!title) throw notFound(R.titleNotFound);
  const order = await lockOrderOf(ctx.db, o.orderId, o.orderOwner);
  if (!order) throw notFound(R.orderNotFound);
  if (!(INVOICE_ORDER_STATUSES as readonly string[]).includes(order.status)) throw stateForbids(R.orderUnpaid, { orderNo: order.orderNo });
  // What the buyer paid and kept: the paid amount (a paid order's line reductions already lowered it) less the
  // after-sales refunds so far.
  const amount = order.payAmount - order.refundedAmount;
  if (amount <= 0) throw stateForbids(R.fullyRefunded, { orderNo: order.orderNo });
  // The shop's settings say which invoices it issues.
  const support = await invoiceSupportOf(ctx.db, order.shopId);
  if (support === "none") throw stateForbids(R.notOffered, { orderNo: order.orderNo });
  if (title.invoiceType === "special" && support !== "vat") throw stateForbids(R.specialNotOffered, { orderNo: order.orderNo });
  const open = await repo.openRequestOf(ctx.db, order.id);
  if (open) {
    const words = invoiceStateWords[open.state as InvoiceState];
    throw stateForbids(R.alreadyRequested, { orderNo: order.orderNo, state: words.en, "state.en": words.en, "state.zh": words.zh });
  }
  const snapshot = snapshotOf(title);
  return repo.insertRequest(ctx.db, {
    boId: order.boId,
    shopId: order.shopId,
    orderId: order.id,
    orderNo: order.orderNo,
    buyerMemberId: order.buyerMemberId,
    requestedBy: o.requestedBy,
    requesterBoId: o.requesterBoId,
    titleId: title.id,
    title: snapshot,
    invoiceType: snapshot.invoiceType,
    amount,
  });
}

const isInvoiceFile = (f: { purpose: string; contentType: string; size: number }) =>
  f.purpose === INVOICE_FILE.purpose &&
  (f.contentType === "application/pdf" || f.contentType.startsWith("image/")) &&
  f.size <= INVOICE_FILE.maxKb * 1024;

export function createInvoiceService(deps: { files: FileStore }) {
  async function sellerItem(ctx: Ctx, boId: string, id: string) {
    const row = await repo.findSellerRequest(ctx.db, boId, id);
    if (!row) throw notFound(R.notFound);
    return itemOf(row, { maskPhone: !seesFullPhones(ctx) });
  }

  /** The seller's calls (`contract.invoice`), named as the contract names them. */
  const seller = {
    async selInvoiceListByPage(input: In<S, "selInvoiceListByPage">, ctx: Ctx): Promise<Out<S, "selInvoiceListByPage">> {
      const { boId } = sellerOf(ctx);
      const where = repo.sellerListWhere(boId, input);
      const after = decodeTimeCursor(input.cursor);
      // One more than the page: whether a next page exists without counting.
      const [rows, counts] = await Promise.all([
        repo.sellerPage(ctx.db, where, input.pageSize + 1, after, offsetOf(input)),
        repo.tabCounts(ctx.db, boId, input),
      ]);
      const pageRows = rows.slice(0, input.pageSize);
      const last = pageRows[pageRows.length - 1];
      return {
        list: pageRows.map((r) => itemOf(r, { maskPhone: true })),
        total: counts[input.tab] ?? 0,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
        nextCursor: rows.length > input.pageSize && last ? encodeTimeCursor(last.created_key, last.id) : null,
        counts: counts as Out<S, "selInvoiceListByPage">["counts"],
      };
    },

    async invoiceOrderDetail(input: In<S, "invoiceOrderDetail">, ctx: Ctx): Promise<Out<S, "invoiceOrderDetail">> {
      const { boId } = sellerOf(ctx);
      const invoice = await sellerItem(ctx, boId, input.id);
      const order = await findSellerOrder(ctx.db, boId, invoice.orderId);
      if (!order) throw notFound(R.orderNotFound);
      return { invoice, order: await sellerDetail(ctx, detailOf(ctx.db, order)) };
    },

    async issueInvoice(input: In<S, "issueInvoice">, ctx: Ctx): Promise<Out<S, "issueInvoice">> {
      const me = sellerOf(ctx);
      await decide(ctx.db, { boId: me.boId, id: input.id }, "issue", async (r) => {
        const issuedAt = new Date(input.issuedAt);
        // A minute's grace: the picker works in whole minutes and clocks differ a little.
        if (issuedAt.getTime() > Date.now() + 60_000) throw badField("issuedAt", R.issuedInFuture);
        if (issuedAt.getTime() < r.createdAt.getTime() - 60_000) throw badField("issuedAt", R.issuedBeforeRequest);
        const file = await fileOfOrganisation(ctx.db, me.boId, input.fileId);
        if (!file || !isInvoiceFile(file)) throw badField("fileId", R.fileNotAccepted, { kb: INVOICE_FILE.maxKb });
        await repo.lockInvoiceNumber(ctx.db, me.boId, input.invoiceNo);
        if (await repo.numberTaken(ctx.db, me.boId, input.invoiceNo, r.id))
          throw badField("invoiceNo", R.numberTaken, { invoiceNo: input.invoiceNo });
        // The order locked (a refund locks it too): what is invoiced is what was paid less what is refunded now,
        // and it must be what the seller saw — a refund since the screen was opened is said, not issued over.
        const order = await lockOrderOf(ctx.db, r.orderId, { boId: me.boId });
        if (!order) throw notFound(R.orderNotFound);
        const amount = order.payAmount - order.refundedAmount;
        if (amount <= 0) throw stateForbids(R.fullyRefunded, { orderNo: order.orderNo });
        if (amount !== input.amount)
          throw refuse(codes.CONFLICT, R.amountChanged, {
            orderNo: order.orderNo,
            paid: yuan(order.payAmount),
            refunded: yuan(order.refundedAmount),
            amount: yuan(amount),
            shown: yuan(input.amount),
          });
        await repo.updateRequest(ctx.db, r.id, {
          amount,
          state: "issued",
          invoiceNo: input.invoiceNo,
          issuedAt,
          fileId: file.id,
          decidedAt: new Date(),
          decidedBy: me.memberId,
        });
      });
      return sellerItem(ctx, me.boId, input.id);
    },

    async refuseInvoice(input: In<S, "refuseInvoice">, ctx: Ctx): Promise<Out<S, "refuseInvoice">> {
      const me = sellerOf(ctx);
      await decide(ctx.db, { boId: me.boId, id: input.id }, "refuse", async (r) => {
        await repo.updateRequest(ctx.db, r.id, {
          state: "refused",
          refuseReason: input.reason,
          decidedAt: new Date(),
          decidedBy: me.memberId,
        });
      });
      return sellerItem(ctx, me.boId, input.id);
    },

    async applyBillInvoice(input: In<S, "applyBillInvoice">, ctx: Ctx): Promise<Out<S, "applyBillInvoice">> {
      const { boId } = sellerOf(ctx);
      const id = await request(ctx, {
        orderId: input.orderId,
        orderOwner: { buyerBoId: boId },
        owner: { boId },
        titleId: input.titleId,
        requestedBy: "organization",
        requesterBoId: boId,
      });
      const row = await repo.findRequesterRequest(ctx.db, boId, id);
      if (!row) throw notFound(R.notFound);
      return itemOf(row, { maskPhone: false });
    },

    async selInvoiceByOrderId(input: In<S, "selInvoiceByOrderId">, ctx: Ctx): Promise<Out<S, "selInvoiceByOrderId">> {
      const row = await repo.latestOfOrder(ctx.db, sellerOf(ctx).boId, input.orderId);
      return row ? { id: row.id, state: row.state as InvoiceState } : null;
    },

    ...sellerTitleCalls,
    exportInvoiceList,
  };

  /** The buyer's calls (`contract.buyerInvoice`), named as the contract names them. */
  const buyer = {
    async applyInvoice(input: In<B, "applyInvoice">, ctx: Ctx): Promise<Out<B, "applyInvoice">> {
      const { memberId } = buyerOf(ctx);
      const id = await request(ctx, {
        orderId: input.orderId,
        orderOwner: { buyerMemberId: memberId },
        owner: { memberId },
        titleId: input.titleId,
        requestedBy: "buyer",
        requesterBoId: null,
      });
      const row = await repo.findBuyerRequest(ctx.db, memberId, id);
      if (!row) throw notFound(R.notFound);
      return itemOf(row, { maskPhone: false });
    },

    async selInvoiceList(input: In<B, "selInvoiceList">, ctx: Ctx): Promise<Out<B, "selInvoiceList">> {
      const { memberId } = buyerOf(ctx);
      const [rows, total] = await Promise.all([
        repo.buyerPage(ctx.db, memberId, input.state, input.pageSize, offsetOf(input)),
        repo.buyerCount(ctx.db, memberId, input.state),
      ]);
      return { list: rows.map((r) => itemOf(r, { maskPhone: false })), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selInvoiceDetail(input: In<B, "selInvoiceDetail">, ctx: Ctx): Promise<Out<B, "selInvoiceDetail">> {
      const row = await repo.findBuyerRequest(ctx.db, buyerOf(ctx).memberId, input.id);
      if (!row) throw notFound(R.notFound);
      return itemOf(row, { maskPhone: false });
    },

    async downloadInvoiceFile(input: In<B, "downloadInvoiceFile">, ctx: Ctx): Promise<FileResult> {
      const row = await repo.findBuyerRequest(ctx.db, buyerOf(ctx).memberId, input.id);
      if (!row) throw notFound(R.notFound);
      const file = row.state === "issued" && row.file_id ? await fileById(ctx.db, row.file_id) : undefined;
      if (!file || !(await deps.files.exists(file.sha256))) throw notFound(R.noFile);
      return { fileName: file.name, contentType: file.contentType, stream: deps.files.get(file.sha256) };
    },
    ...buyerTitleCalls,
  };

  return { seller, buyer };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
