import {
  type Call,
  codes,
  type contract,
  type InvoiceTitle,
  MAX_INVOICE_TITLES,
  type OutputOf,
  type ParsedInputOf,
  invoiceRefusals as R,
} from "@sbo/contract";
import type { Ctx } from "../../../platform/http/context";
import { notLoggedIn, refuse } from "../../../platform/http/errors";
import type { TitleSnapshot } from "../invoice.tables";
import * as repo from "./title.repository";

/* Invoice titles (docs/domains/invoice.md): an organisation's and a buyer's, at most MAX_INVOICE_TITLES each. */

type S = typeof contract.invoice;
type B = typeof contract.buyerInvoice;
type In<D, K extends keyof D> = D[K] extends Call ? ParsedInputOf<D[K]> : never;
type Out<D, K extends keyof D> = D[K] extends Call ? OutputOf<D[K]> : never;
type TitleInput = In<S, "addBillInvoiceInfo">;

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

export const snapshotOf = (r: repo.TitleRow): TitleSnapshot => {
  const { id: _id, createdAt: _at, ...rest } = titleOf(r);
  return rest;
};

/** Empty strings for the fields a title leaves out (the table keeps "" rather than null). */
function titleRow(input: TitleInput) {
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

async function saveTitle(ctx: Ctx, owner: repo.TitleOwner, input: TitleInput) {
  if ((await repo.countTitles(ctx.db, owner)) >= MAX_INVOICE_TITLES)
    throw refuse(codes.CONFLICT, R.tooManyTitles, { max: MAX_INVOICE_TITLES });
  const row = await repo.insertTitle(ctx.db, {
    ...titleRow(input),
    ...("boId" in owner ? { boId: owner.boId } : { memberId: owner.memberId }),
  });
  return titleOf(row);
}

const buyerOf = (ctx: Ctx) => {
  if (!ctx.buyer) throw notLoggedIn();
  return ctx.buyer;
};

/** The seller's title calls (`contract.invoice`). */
export const sellerTitleCalls = {
  addBillInvoiceInfo: (input: In<S, "addBillInvoiceInfo">, ctx: Ctx): Promise<Out<S, "addBillInvoiceInfo">> =>
    saveTitle(ctx, { boId: ctx.me().boId }, input),

  async selBillInvoiceInfoListByParam(
    input: In<S, "selBillInvoiceInfoListByParam">,
    ctx: Ctx,
  ): Promise<Out<S, "selBillInvoiceInfoListByParam">> {
    return (await repo.titlesOf(ctx.db, { boId: ctx.me().boId }, input.kind, MAX_INVOICE_TITLES)).map(titleOf);
  },
};

/** The buyer's title calls (`contract.buyerInvoice`). */
export const buyerTitleCalls = {
  addInvoiceTitle: (input: In<B, "addInvoiceTitle">, ctx: Ctx): Promise<Out<B, "addInvoiceTitle">> =>
    saveTitle(ctx, { memberId: buyerOf(ctx).memberId }, input),

  async selInvoiceTitleList(input: In<B, "selInvoiceTitleList">, ctx: Ctx): Promise<Out<B, "selInvoiceTitleList">> {
    return (await repo.titlesOf(ctx.db, { memberId: buyerOf(ctx).memberId }, input.kind, MAX_INVOICE_TITLES)).map(titleOf);
  },
};
