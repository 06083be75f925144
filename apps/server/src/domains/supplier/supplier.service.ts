import {
  codes,
  type contract,
  type OutputOf,
  type ParsedInputOf,
  supplierRefusals as R,
  type SupplierItem,
  type SupplierKind,
  supplierFunctions,
} from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badField, refuse } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import * as identity from "../identity/identity.port";
import { enterpriseSummaries } from "../organization/organization.port";
import { areaRefs, checkCategories } from "../reference/reference.service";
import { organizationsWithShop } from "../shop/shop.port";
import { supplierMemberService } from "./member/member.service";
import { requestService } from "./request/request.service";
import { exportShopSupplierList } from "./supplier.export";
import * as repo from "./supplier.repository";
import { itemsOf } from "./supplier.view";

type S = typeof contract.supplier;
type In<K extends keyof S> = ParsedInputOf<S[K]>;
type Out<K extends keyof S> = OutputOf<S[K]>;

/** Which function a supplier call needs depends on the kind of supplier it touches. */
function requireKind(ctx: Ctx, kind: SupplierKind, access: "read" | "write"): void {
  const func = supplierFunctions[kind][access];
  if (!ctx.me().functions.has(func)) {
    throw refuse(codes.FORBIDDEN, R.forbidden, { func }, { status: 403 });
  }
}

async function itemById(db: Executor, boId: string, id: string): Promise<SupplierItem> {
  const [row] = await repo.selectSuppliers(db, repo.ownWhere(boId, id), { limit: 1 });
  if (!row) throw refuse(codes.NOT_FOUND, R.notFound);
  return (await itemsOf(db, [row]))[0] as SupplierItem;
}

/** One of the caller's suppliers (of a kind), or a refusal. */
async function findOwn(db: Executor, boId: string, id: string, kind?: SupplierKind): Promise<repo.SupplierRow> {
  const row = await repo.findOwn(db, boId, id, kind);
  if (!row) throw refuse(codes.NOT_FOUND, kind === "authorised" ? R.authorisedNotFound : R.notFound);
  return row;
}

/** A platform organisation other than the caller's own. */
async function checkOrganization(db: Executor, boId: string, supplierBoId: string) {
  if (supplierBoId === boId) throw badField("supplierBoId", R.ownOrganisation);
  const org = await identity.findOrganization(db, supplierBoId);
  if (!org) throw badField("supplierBoId", R.notOrganisation);
  return org;
}

async function checkPurchaseName(db: Executor, boId: string, name: string, exceptId?: string): Promise<void> {
  if (await repo.purchaseNameTaken(db, boId, name, exceptId)) throw badField("name", R.nameTaken);
}

/** Organisations by the start of their name, with their short name, area and whether they have a shop. */
async function searchOrgs(db: Executor, name: string, limit: number, offset: number): Promise<Out<"selOrgShortByNameList">> {
  const orgs = await identity.searchOrganizations(db, name, limit, offset);
  const boIds = orgs.map((o) => o.boId);
  const enterprises = await enterpriseSummaries(db, boIds);
  const withShop = await organizationsWithShop(db, boIds);
  const areas = await areaRefs(
    db,
    orgs.map((o) => enterprises.get(o.boId)?.areaCode),
  );
  return orgs.map((o) => {
    const e = enterprises.get(o.boId);
    return {
      boId: o.boId,
      name: o.name,
      shortName: e?.shortName || null,
      area: (e?.areaCode && areas.get(e.areaCode)) || null,
      hasShop: withShop.has(o.boId),
    };
  });
}

/** The suppliers themselves: purchase suppliers the seller keeps, and other organisations authorised as suppliers. */
export const suppliers = {
  async selShopSupplierPage(input: In<"selShopSupplierPage">, ctx: Ctx): Promise<Out<"selShopSupplierPage">> {
    requireKind(ctx, input.kind, "read");
    const where = repo.suppliersWhere(ctx.me().boId, input.kind, input.name, input.status);
    return pageOf(ctx.db, input, repo.supplierCount(where), async (limit, offset) =>
      itemsOf(ctx.db, await repo.selectSuppliers(ctx.db, where, { limit, offset })),
    );
  },

  async selShopSupplierList(input: In<"selShopSupplierList">, ctx: Ctx): Promise<Out<"selShopSupplierList">> {
    requireKind(ctx, input.kind, "read");
    const where = repo.suppliersWhere(ctx.me().boId, input.kind, input.name, "enabled");
    return itemsOf(ctx.db, await repo.selectSuppliers(ctx.db, where, { limit: 200, byName: true }));
  },

  async addShopSupplier(input: In<"addShopSupplier">, ctx: Ctx): Promise<Out<"addShopSupplier">> {
    requireKind(ctx, input.kind, "write");
    const me = ctx.me();
    const shopId = me.shop?.id;
    if (!shopId) throw new Error("a shop-guarded call ran without a shop");
    let values: Parameters<typeof repo.insertSupplier>[1];
    if (input.kind === "purchase") {
      await checkPurchaseName(ctx.db, me.boId, input.name);
      const categoryIds = await checkCategories(ctx.db, input.categoryIds, "categoryIds");
      if (input.supplierBoId) await checkOrganization(ctx.db, me.boId, input.supplierBoId);
      values = { ...input, categoryIds, boId: me.boId, shopId };
    } else {
      const org = await checkOrganization(ctx.db, me.boId, input.supplierBoId);
      const already = await repo.findAuthorisation(ctx.db, me.boId, org.id);
      if (already && already.consent !== "declined") throw badField("supplierBoId", R.alreadyAuthorised);
      if (already) {
        // Declined before: asking again makes it a new request, pending until the organisation answers.
        const { kind: _k, supplierBoId: _s, ...fields } = input;
        await repo.updateSupplier(ctx.db, already.id, { ...fields, name: org.name, consent: "pending", consentAt: null, consentBy: null });
        return itemById(ctx.db, me.boId, already.id);
      }
      // A request: the named organisation accepts or declines it on its own supplier screen.
      values = { ...input, name: org.name, boId: me.boId, shopId, consent: "pending" };
    }
    const row = await repo.insertSupplier(ctx.db, values);
    return itemById(ctx.db, me.boId, row.id);
  },

  async updShopSupplierById(input: In<"updShopSupplierById">, ctx: Ctx): Promise<Out<"updShopSupplierById">> {
    requireKind(ctx, input.kind, "write");
    const { boId } = ctx.me();
    const current = await findOwn(ctx.db, boId, input.id, input.kind);
    const { id: _id, kind: _kind, ...fields } = input;
    let set: Parameters<typeof repo.updateSupplier>[2];
    if (input.kind === "purchase") {
      await checkPurchaseName(ctx.db, boId, input.name, current.id);
      const categoryIds = await checkCategories(ctx.db, input.categoryIds, "categoryIds");
      if (input.supplierBoId) await checkOrganization(ctx.db, boId, input.supplierBoId);
      set = { ...fields, categoryIds };
    } else {
      set = fields;
    }
    await repo.updateSupplier(ctx.db, current.id, set, boId);
    return itemById(ctx.db, boId, current.id);
  },

  /** Deleting a supplier removes its member accounts in the same transaction. */
  async delShopSupplierById(input: In<"delShopSupplierById">, ctx: Ctx): Promise<null> {
    const { boId } = ctx.me();
    const row = await findOwn(ctx.db, boId, input.id);
    requireKind(ctx, row.kind as SupplierKind, "write");
    await repo.deleteSupplierMembers(ctx.db, row.id);
    await repo.deleteSupplier(ctx.db, boId, row.id);
    return null;
  },

  async selByShopIdAndBoId(input: In<"selByShopIdAndBoId">, ctx: Ctx): Promise<Out<"selByShopIdAndBoId">> {
    const rows = await repo.selectSuppliers(ctx.db, repo.authorisationWhere(ctx.me().boId, input.boId), { limit: 1 });
    const [item] = await itemsOf(ctx.db, rows);
    return item ?? null;
  },

  async selOrgShortByNameList(input: In<"selOrgShortByNameList">, ctx: Ctx): Promise<Out<"selOrgShortByNameList">> {
    return searchOrgs(ctx.db, input.name, input.limit, 0);
  },

  async selOrgShortByNamePage(input: In<"selOrgShortByNamePage">, ctx: Ctx): Promise<Out<"selOrgShortByNamePage">> {
    return pageOf(ctx.db, input, identity.organizationSearchCount(input.name), (limit, offset) =>
      searchOrgs(ctx.db, input.name, limit, offset),
    );
  },
};

/** Every supplier call, from the aggregates that serve them (the routes bind this object). */
export const supplierCalls = {
  ...suppliers,
  exportShopSupplierList,
  ...supplierMemberService,
  ...requestService,
};
