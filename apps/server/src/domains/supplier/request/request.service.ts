import {
  type AuthRequestItem,
  codes,
  type contract,
  type OutputOf,
  type ParsedInputOf,
  supplierRefusals as R,
  type SupplierConsent,
} from "@sbo/contract";
import type { SQL } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import type { Ctx } from "../../../platform/http/context";
import { refuse } from "../../../platform/http/errors";
import { pageOf } from "../../../platform/http/paging";
import * as identity from "../../identity/identity.port";
import { shopNames } from "../../shop/shop.port";
import * as suppliers from "../supplier.repository";
import * as repo from "./request.repository";

type S = typeof contract.supplier;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;

/** Requests addressed to `boId` (the organisation named as supplier), as that organisation sees them. */
async function requestsOf(db: Executor, where: SQL, limit: number, offset: number): Promise<AuthRequestItem[]> {
  const rows = await repo.selectRequests(db, where, limit, offset);
  const requesters = await identity.organizationNames(db, [...new Set(rows.map((r) => r.boId))]);
  const shops = await shopNames(db, [...new Set(rows.map((r) => r.shopId))]);
  return rows.flatMap((r) => {
    const requesterName = requesters.get(r.boId);
    if (requesterName === undefined) return [];
    return [
      {
        id: r.id,
        requesterBoId: r.boId,
        requesterName,
        shopName: shops.get(r.shopId) ?? "",
        validFrom: r.validFrom,
        validTo: r.validTo,
        consent: (r.consent ?? "pending") as SupplierConsent,
        createdAt: r.createdAt.toISOString(),
        decidedAt: r.consentAt?.toISOString() ?? null,
      },
    ];
  });
}

/** A request addressed to the caller's organisation; another's id behaves as missing. */
async function requestFor(ctx: Ctx, id: string): Promise<AuthRequestItem> {
  const [item] = await requestsOf(ctx.db, repo.requestsWhere(ctx.me().boId, undefined, id), 1, 0);
  if (!item) throw refuse(codes.NOT_FOUND, R.requestNotFound);
  return item;
}

/** Authorisation requests as the organisation named as supplier answers them. */
export const requestService = {
  async selAuthRequestPage(input: In<"selAuthRequestPage">, ctx: Ctx): Promise<Out<"selAuthRequestPage">> {
    const where = repo.requestsWhere(ctx.me().boId, input.consent);
    return pageOf(ctx.db, input, repo.requestCount(where), (limit, offset) => requestsOf(ctx.db, where, limit, offset));
  },

  async acceptAuthRequest(input: In<"acceptAuthRequest">, ctx: Ctx): Promise<Out<"acceptAuthRequest">> {
    const me = ctx.me();
    const req = await requestFor(ctx, input.id);
    if (req.consent === "accepted") throw refuse(codes.STATE_FORBIDS, R.requestAnswered);
    await repo.answerRequest(ctx.db, req.id, me.boId, "accepted", me.memberId);
    return requestFor(ctx, req.id);
  },

  /** Declining (or withdrawing an acceptance) ends the requester's member accounts of this organisation. */
  async declineAuthRequest(input: In<"declineAuthRequest">, ctx: Ctx): Promise<Out<"declineAuthRequest">> {
    const me = ctx.me();
    const req = await requestFor(ctx, input.id);
    if (req.consent === "declined") throw refuse(codes.STATE_FORBIDS, R.requestAnswered);
    await suppliers.deleteSupplierMembers(ctx.db, req.id);
    await repo.answerRequest(ctx.db, req.id, me.boId, "declined", me.memberId);
    return requestFor(ctx, req.id);
  },
};
