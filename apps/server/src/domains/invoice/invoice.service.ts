import {
  type Call,
  codes,
  type contract,
  INVOICE_FILE,
  INVOICE_ORDER_STATUSES,
  type InvoiceItem,
  type InvoiceState,
  type InvoiceTitle,
  invoiceStateWords,
  MAX_INVOICE_TITLES,
  maskPhone,
  type OutputOf,
  type ParsedInputOf,
  invoiceRefusals as R,
} from "@sbo/contract";
import type { SQL } from "drizzle-orm";
import { iso } from "../../platform/days";
import type { FileStore } from "../../platform/files/file-store";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { badField, notFound, notLoggedIn, refuse, stateForbids } from "../../platform/http/errors";
import { decodeTimeCursor, encodeTimeCursor, offsetOf } from "../../platform/http/paging";
import { yuan } from "../../platform/money";
import { detailOf, seesFullPhones, sellerDetail } from "../orders/orders.view";
import { decide } from "./invoice.machine";
import * as repo from "./invoice.repository";
import type { TitleSnapshot } from "./invoice.tables";

/*
 * Invoice titles and requests (docs/domains/invoice.md). Seller calls are scoped by the session's organisation, buyer
 * calls by the buyer's account. A request locks its order first (two requests for one order run one after the
 * other; the partial unique index is the last guard); a decision locks the request (invoice.machine.ts).
 */

type S = typeof contract.invoice;
type B = typeof contract.buyerInvoice;
type In<D, K extends keyof D> = D[K] extends Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends Call ? OutputOf<D[K]> : never;

export function titleOf(r: repo.TitleRow): InvoiceTitle {
  return {
    id: r.id,
    kind: r.kind as InvoiceTitle["kind"],
    name: r.name,
    taxNo: r.taxNo,
    invoiceType: r.invoiceType as InvoiceTitle["invoiceType"],
    bankName: r.bankName,
    bankAccount: r.bankAccount,
    registeredAddress: r.registeredAddress,
    registeredPhone: r.registeredPhone,
    email: r.email,
    createdAt: r.createdAt.toISOString(),
  };
}

const snapshotOf = (r: repo.TitleRow): TitleSnapshot => {
  const { id: _id, createdAt: _at, ...rest } = titleOf(r);
  return rest;
};

export function itemOf(r: repo.RequestRow, opts: { maskPhone: boolean }): InvoiceItem {
  return {
    id: r.id,
    orderId: r.order_id,
    orderNo: r.order_no,
    orderStatus: r.order_status as InvoiceItem["orderStatus"],
    amount: Number(r.amount),
    paidAmount: Number(r.paid_amount),
    refundedAmount: Number(r.refunded_amount),
    state: r.state as InvoiceState,
    title: r.title,
    requestedBy: r.requested_by === "organization" ? "organization" : "buyer",
    buyerName: r.buyer_name ?? "",
    buyerPhone: opts.maskPhone ? maskPhone(r.buyer_phone) : r.buyer_phone,
    invoiceNo: r.invoice_no,
    issuedAt: iso(r.issued_at),
    file: r.file_id ? { id: r.file_id, url: `/files/${r.file_id}`, name: r.file_name ?? "" } : null,
    refuseReason: r.refuse_reason,
    requestedAt: iso(r.created_at) as string,
    decidedAt: iso(r.decided_at),
  };
}

const sellerOf = (ctx: Ctx) => ctx.me();
const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return ctx.buyer;
};

/** Empty strings for the fields a title leaves out (the table keeps "" rather than null). */
function titleRow(input: In<S, "addBillInvoiceInfo">) {
  return {
    kind: input.kind,
    name: input.name,
    taxNo: input.taxNo ?? "",
    invoiceType: input.invoiceType,
    bankName: input.bankName ?? "",
    bankAccount: input.bankAccount ?? "",
    registeredAddress: input.registeredAddress ?? "",
    registeredPhone: input.registeredPhone ?? "",
    email: input.email ?? "",
  };
}

async function saveTitle(ctx: Ctx, owner: repo.TitleOwner, input: In<S, "addBillInvoiceInfo">) {
  if ((await repo.countTitles(ctx.db, owner)) >= MAX_INVOICE_TITLES)
    throw refuse(codes.CONFLICT, R.tooManyTitles, { max: MAX_INVOICE_TITLES });
  const row = await repo.insertTitle(ctx.db, {
    ...titleRow(input),
    ...("boId" in owner ? { boId: owner.boId } : { memberId: owner.memberId }),
  });
  return titleOf(row);
}

/**
 * A request for an order found by `orderWhere` (the buyer's own order, or the organisation's own purchase) with a
 * title of `owner`: the order locked, paid, without a request that is open or issued.
 */
async function request(
  ctx: Ctx,
  o: { orderWhere: SQL; owner: repo.TitleOwner; titleId: string; requestedBy: "buyer" | "organization"; requesterBoId: string | null },
): Promise<string> {
  const title = await repo.findTitle(ctx.db, o.owner, o.titleId);
  if (!title) throw notFound(R.titleNotFound);
  const order = await repo.lockOrder(ctx.db, o.orderWhere);
  if (!order) throw notFound(R.orderNotFound);
  if (!(INVOICE_ORDER_STATUSES as readonly string[]).includes(order.status)) throw stateForbids(R.orderUnpaid, { orderNo: order.orderNo });
  // What the buyer paid and kept: the paid amount (a paid order's line reductions already lowered it) less the
  // after-sales refunds so far.
  const amount = order.payAmount - order.refundedAmount;
  if (amount <= 0) throw stateForbids(R.fullyRefunded, { orderNo: order.orderNo });
  // The shop's settings say which invoices it issues.
  const support = await repo.invoiceSupportOf(ctx.db, order.shopId);
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

  return {
    // ---- seller ----

    async selInvoiceListByPage(ctx: Ctx, input: In<S, "selInvoiceListByPage">): Promise<Out<S, "selInvoiceListByPage">> {
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

    async invoiceOrderDetail(ctx: Ctx, input: In<S, "invoiceOrderDetail">): Promise<Out<S, "invoiceOrderDetail">> {
      const { boId } = sellerOf(ctx);
      const invoice = await sellerItem(ctx, boId, input.id);
      const order = await repo.findSellerOrder(ctx.db, boId, invoice.orderId);
      if (!order) throw notFound(R.orderNotFound);
      return { invoice, order: await sellerDetail(ctx, detailOf(ctx.db, order)) };
    },

    async issueInvoice(ctx: Ctx, input: In<S, "issueInvoice">): Promise<Out<S, "issueInvoice">> {
      const me = sellerOf(ctx);
      await decide(ctx.db, { boId: me.boId, id: input.id }, "issue", async (r) => {
        const issuedAt = new Date(input.issuedAt);
        // A minute's grace: the picker works in whole minutes and clocks differ a little.
        if (issuedAt.getTime() > Date.now() + 60_000) throw badField("issuedAt", R.issuedInFuture);
        if (issuedAt.getTime() < r.createdAt.getTime() - 60_000) throw badField("issuedAt", R.issuedBeforeRequest);
        const file = await repo.fileOf(ctx.db, me.boId, input.fileId);
        if (!file || !isInvoiceFile(file)) throw badField("fileId", R.fileNotAccepted, { kb: INVOICE_FILE.maxKb });
        await repo.lockInvoiceNumber(ctx.db, me.boId, input.invoiceNo);
        if (await repo.numberTaken(ctx.db, me.boId, input.invoiceNo, r.id))
          throw badField("invoiceNo", R.numberTaken, { invoiceNo: input.invoiceNo });
        // The order locked (a refund locks it too): what is invoiced is what was paid less what is refunded now,
        // and it must be what the seller saw — a refund since the screen was opened is said, not issued over.
        const order = await repo.lockOrder(ctx.db, repo.orderByIdWhere(me.boId, r.orderId));
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

    async refuseInvoice(ctx: Ctx, input: In<S, "refuseInvoice">): Promise<Out<S, "refuseInvoice">> {
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

    async addBillInvoiceInfo(ctx: Ctx, input: In<S, "addBillInvoiceInfo">): Promise<Out<S, "addBillInvoiceInfo">> {
      return saveTitle(ctx, { boId: sellerOf(ctx).boId }, input);
    },

    async selBillInvoiceInfoListByParam(
      ctx: Ctx,
      input: In<S, "selBillInvoiceInfoListByParam">,
    ): Promise<Out<S, "selBillInvoiceInfoListByParam">> {
      return (await repo.titlesOf(ctx.db, { boId: sellerOf(ctx).boId }, input.kind, MAX_INVOICE_TITLES)).map(titleOf);
    },

    async applyBillInvoice(ctx: Ctx, input: In<S, "applyBillInvoice">): Promise<Out<S, "applyBillInvoice">> {
      const { boId } = sellerOf(ctx);
      const id = await request(ctx, {
        orderWhere: repo.ownPurchaseWhere(boId, input.orderId),
        owner: { boId },
        titleId: input.titleId,
        requestedBy: "organization",
        requesterBoId: boId,
      });
      const row = await repo.findRequesterRequest(ctx.db, boId, id);
      if (!row) throw notFound(R.notFound);
      return itemOf(row, { maskPhone: false });
    },

    async selInvoiceByOrderId(ctx: Ctx, input: In<S, "selInvoiceByOrderId">): Promise<Out<S, "selInvoiceByOrderId">> {
      const row = await repo.latestOfOrder(ctx.db, sellerOf(ctx).boId, input.orderId);
      return row ? { id: row.id, state: row.state as InvoiceState } : null;
    },

    // ---- buyer ----

    async addInvoiceTitle(ctx: Ctx, input: In<B, "addInvoiceTitle">): Promise<Out<B, "addInvoiceTitle">> {
      return saveTitle(ctx, { memberId: buyerOf(ctx).memberId }, input);
    },

    async selInvoiceTitleList(ctx: Ctx, input: In<B, "selInvoiceTitleList">): Promise<Out<B, "selInvoiceTitleList">> {
      return (await repo.titlesOf(ctx.db, { memberId: buyerOf(ctx).memberId }, input.kind, MAX_INVOICE_TITLES)).map(titleOf);
    },

    async applyInvoice(ctx: Ctx, input: In<B, "applyInvoice">): Promise<Out<B, "applyInvoice">> {
      const { memberId } = buyerOf(ctx);
      const id = await request(ctx, {
        orderWhere: repo.buyerOrderWhere(memberId, input.orderId),
        owner: { memberId },
        titleId: input.titleId,
        requestedBy: "buyer",
        requesterBoId: null,
      });
      const row = await repo.findBuyerRequest(ctx.db, memberId, id);
      if (!row) throw notFound(R.notFound);
      return itemOf(row, { maskPhone: false });
    },

    async selInvoiceList(ctx: Ctx, input: In<B, "selInvoiceList">): Promise<Out<B, "selInvoiceList">> {
      const { memberId } = buyerOf(ctx);
      const [rows, total] = await Promise.all([
        repo.buyerPage(ctx.db, memberId, input.state, input.pageSize, offsetOf(input)),
        repo.buyerCount(ctx.db, memberId, input.state),
      ]);
      return { list: rows.map((r) => itemOf(r, { maskPhone: false })), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async selInvoiceDetail(ctx: Ctx, input: In<B, "selInvoiceDetail">): Promise<Out<B, "selInvoiceDetail">> {
      const row = await repo.findBuyerRequest(ctx.db, buyerOf(ctx).memberId, input.id);
      if (!row) throw notFound(R.notFound);
      return itemOf(row, { maskPhone: false });
    },

    async downloadInvoiceFile(ctx: Ctx, input: In<B, "downloadInvoiceFile">): Promise<FileResult> {
      const row = await repo.findBuyerRequest(ctx.db, buyerOf(ctx).memberId, input.id);
      if (!row) throw notFound(R.notFound);
      const file = row.state === "issued" && row.file_id ? await repo.fileById(ctx.db, row.file_id) : undefined;
      if (!file || !(await deps.files.exists(file.sha256))) throw notFound(R.noFile);
      return { fileName: file.name, contentType: file.contentType, stream: deps.files.get(file.sha256) };
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
