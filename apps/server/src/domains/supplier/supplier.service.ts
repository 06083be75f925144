import {
  type AuthRequestItem,
  codes,
  type contract,
  type OutputOf,
  type ParsedInputOf,
  supplierRefusals as R,
  type SupplierConsent,
  type SupplierItem,
  type SupplierKind,
  supplierFunctions,
} from "@sbo/contract";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { employee, organization } from "../../platform/access/access.tables";
import { member } from "../../platform/auth/auth.tables";
import type { Executor } from "../../platform/db/client";
import { containing, startingWith } from "../../platform/db/like";
import { nameTaken } from "../../platform/db/names";
import type { Ctx } from "../../platform/http/context";
import { badField, refuse } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import { orgEnterprise } from "../organization/organization.tables";
import { areaRefs, categoryRefs, checkCategories } from "../reference/reference.service";
import { shop } from "../shop/shop.tables";
import { shopSupplier, shopSupplierMember } from "./supplier.tables";

type S = typeof contract.supplier;
type Row = typeof shopSupplier.$inferSelect;
type MemberItem = OutputOf<S["selShopSupplierMember"]>[number];

/** Which function a supplier call needs depends on the kind of supplier it touches. */
function requireKind(ctx: Ctx, kind: SupplierKind, access: "read" | "write"): void {
  const func = supplierFunctions[kind][access];
  if (!ctx.me().functions.has(func)) {
    throw refuse(codes.FORBIDDEN, R.forbidden, { func }, { status: 403 });
  }
}

/** The caller's suppliers of a kind, optionally by (part of) the name and by status (the list and its export). */
export function suppliersWhere(ctx: Ctx, kind: SupplierKind, name: string | undefined, status: SupplierItem["status"] | undefined): SQL {
  const conditions: SQL[] = [eq(shopSupplier.boId, ctx.me().boId), eq(shopSupplier.kind, kind)];
  if (name) conditions.push(sql`lower(${shopSupplier.name}) like ${containing(name.toLowerCase())}`);
  if (status) conditions.push(eq(shopSupplier.status, status));
  return and(...conditions) as SQL;
}

/** An id named twice in `members` is refused on the second mention. */
function refuseRepeats(ids: string[], key: string): void {
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) throw badField(`members.${twice}.${key}`, R.listedTwice);
}

export const supplierSelect = {
  row: shopSupplier,
  orgName: organization.name,
  memberCount: sql<number>`(select count(*)::int from ${shopSupplierMember} where ${shopSupplierMember.supplierId} = ${shopSupplier.id})`,
};

/** Rows as the contract shows them; category names come from one query. */
export async function itemsOf(db: Executor, rows: { row: Row; orgName: string | null; memberCount: number }[]): Promise<SupplierItem[]> {
  const byId = await categoryRefs(
    db,
    rows.flatMap((r) => r.row.categoryIds),
  );
  return rows.map(({ row: r, orgName, memberCount }) => ({
    id: r.id,
    kind: r.kind as SupplierKind,
    name: r.name,
    contactName: r.contactName,
    phone: r.phone,
    address: r.address,
    categoryIds: r.categoryIds,
    categories: r.categoryIds.flatMap((id) => byId.get(id) ?? []),
    settlement: r.settlement as SupplierItem["settlement"],
    status: r.status as SupplierItem["status"],
    remark: r.remark,
    supplierBoId: r.supplierBoId,
    supplierOrgName: orgName,
    consent: (r.consent as SupplierConsent | null) ?? null,
    validFrom: r.validFrom,
    validTo: r.validTo,
    memberCount: Number(memberCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function selectItems(db: Executor, where: SQL, opts: { limit: number; offset?: number; byName?: boolean }) {
  const rows = await db
    .select(supplierSelect)
    .from(shopSupplier)
    .leftJoin(organization, eq(organization.id, shopSupplier.supplierBoId))
    .where(where)
    .orderBy(...(opts.byName ? [asc(shopSupplier.name)] : [desc(shopSupplier.createdAt)]), desc(shopSupplier.id))
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
  return itemsOf(db, rows);
}

async function itemById(db: Executor, boId: string, id: string): Promise<SupplierItem> {
  const [item] = await selectItems(db, and(eq(shopSupplier.id, id), eq(shopSupplier.boId, boId)) as SQL, { limit: 1 });
  if (!item) throw refuse(codes.NOT_FOUND, R.notFound);
  return item;
}

async function findOwn(db: Executor, boId: string, id: string, kind?: SupplierKind): Promise<Row> {
  const conditions = [eq(shopSupplier.id, id), eq(shopSupplier.boId, boId)];
  if (kind) conditions.push(eq(shopSupplier.kind, kind));
  const [row] = await db
    .select()
    .from(shopSupplier)
    .where(and(...conditions));
  if (!row) throw refuse(codes.NOT_FOUND, kind === "authorised" ? R.authorisedNotFound : R.notFound);
  return row;
}

/**
 * Nothing of an organisation named by an authorisation is readable (its staff) or usable (as member
 * accounts) until that organisation has accepted the request.
 */
async function refuseUnlessAccepted(db: Executor, supplier: Row): Promise<void> {
  if (supplier.consent === "accepted") return;
  const [org] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, supplier.supplierBoId ?? ""));
  throw refuse(codes.STATE_FORBIDS, R.notAccepted, { org: org?.name ?? supplier.name });
}

/** Requests addressed to `boId` (the organisation named as supplier), as that organisation sees them. */
async function requestsOf(db: Executor, where: SQL, limit: number, offset: number): Promise<AuthRequestItem[]> {
  const rows = await db
    .select({ r: shopSupplier, requesterName: organization.name, shopName: shop.name })
    .from(shopSupplier)
    .innerJoin(organization, eq(organization.id, shopSupplier.boId))
    .leftJoin(shop, eq(shop.id, shopSupplier.shopId))
    .where(where)
    .orderBy(desc(shopSupplier.createdAt), desc(shopSupplier.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ r, requesterName, shopName }) => ({
    id: r.id,
    requesterBoId: r.boId,
    requesterName,
    shopName: shopName ?? "",
    validFrom: r.validFrom,
    validTo: r.validTo,
    consent: (r.consent ?? "pending") as SupplierConsent,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.consentAt?.toISOString() ?? null,
  }));
}

const requestsWhere = (boId: string, consent?: SupplierConsent, id?: string) =>
  and(
    eq(shopSupplier.supplierBoId, boId),
    eq(shopSupplier.kind, "authorised"),
    ...(consent ? [eq(shopSupplier.consent, consent)] : []),
    ...(id ? [eq(shopSupplier.id, id)] : []),
  ) as SQL;

/** A request addressed to the caller's organisation; another's id behaves as missing. */
async function requestFor(ctx: Ctx, id: string): Promise<AuthRequestItem> {
  const [item] = await requestsOf(ctx.db, requestsWhere(ctx.me().boId, undefined, id), 1, 0);
  if (!item) throw refuse(codes.NOT_FOUND, R.requestNotFound);
  return item;
}

/** A platform organisation other than the caller's own. */
async function checkOrganization(db: Executor, boId: string, supplierBoId: string) {
  if (supplierBoId === boId) throw badField("supplierBoId", R.ownOrganisation);
  const [org] = await db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(eq(organization.id, supplierBoId));
  if (!org) throw badField("supplierBoId", R.notOrganisation);
  return org;
}

async function checkPurchaseName(db: Executor, boId: string, name: string, exceptId?: string): Promise<void> {
  if (await nameTaken(db, shopSupplier, { boId, name, exceptId, within: eq(shopSupplier.kind, "purchase") }))
    throw badField("name", R.nameTaken);
}

async function membersOf(db: Executor, supplierId: string): Promise<MemberItem[]> {
  const rows = await db
    .select({ m: shopSupplierMember, name: member.name, loginName: member.loginName })
    .from(shopSupplierMember)
    .innerJoin(member, eq(member.id, shopSupplierMember.memberId))
    .where(eq(shopSupplierMember.supplierId, supplierId))
    .orderBy(asc(shopSupplierMember.createdAt), asc(shopSupplierMember.id));
  return rows.map(({ m, name, loginName }) => ({
    id: m.id,
    supplierId: m.supplierId,
    memberId: m.memberId,
    name,
    loginName,
    role: m.role as MemberItem["role"],
    enabled: m.enabled,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** Prefix search on the organisation's lower-cased name (index organization_name_search_idx). */
const orgNameMatches = (name: string) => sql`lower(${organization.name}) collate "C" like ${startingWith(name.toLowerCase())}`;

async function searchOrgs(db: Executor, name: string, limit: number, offset: number): Promise<OutputOf<S["selOrgShortByNameList"]>> {
  const rows = await db
    .select({
      boId: organization.id,
      name: organization.name,
      shortName: orgEnterprise.shortName,
      areaCode: orgEnterprise.areaCode,
      shopId: shop.id,
    })
    .from(organization)
    .leftJoin(shop, eq(shop.boId, organization.id))
    .leftJoin(orgEnterprise, eq(orgEnterprise.boId, organization.id))
    .where(orgNameMatches(name))
    .orderBy(sql`lower(${organization.name}) collate "C"`, asc(organization.id))
    .limit(limit)
    .offset(offset);
  const areas = await areaRefs(
    db,
    rows.map((r) => r.areaCode),
  );
  return rows.map((r) => ({
    boId: r.boId,
    name: r.name,
    shortName: r.shortName || null,
    area: (r.areaCode && areas.get(r.areaCode)) || null,
    hasShop: r.shopId !== null,
  }));
}

export const supplierService = {
  async selShopSupplierPage(ctx: Ctx, input: ParsedInputOf<S["selShopSupplierPage"]>): Promise<OutputOf<S["selShopSupplierPage"]>> {
    requireKind(ctx, input.kind, "read");
    const where = suppliersWhere(ctx, input.kind, input.name, input.status);
    return pageOf(ctx.db, input, { from: sql`${shopSupplier}`, where }, (limit, offset) => selectItems(ctx.db, where, { limit, offset }));
  },

  async selShopSupplierList(ctx: Ctx, input: ParsedInputOf<S["selShopSupplierList"]>): Promise<OutputOf<S["selShopSupplierList"]>> {
    requireKind(ctx, input.kind, "read");
    return selectItems(ctx.db, suppliersWhere(ctx, input.kind, input.name, "enabled"), { limit: 200, byName: true });
  },

  async addShopSupplier(ctx: Ctx, input: ParsedInputOf<S["addShopSupplier"]>): Promise<OutputOf<S["addShopSupplier"]>> {
    requireKind(ctx, input.kind, "write");
    const me = ctx.me();
    const shopId = me.shop?.id;
    if (!shopId) throw new Error("a shop-guarded call ran without a shop");
    let values: typeof shopSupplier.$inferInsert;
    if (input.kind === "purchase") {
      await checkPurchaseName(ctx.db, me.boId, input.name);
      const categoryIds = await checkCategories(ctx.db, input.categoryIds, "categoryIds");
      if (input.supplierBoId) await checkOrganization(ctx.db, me.boId, input.supplierBoId);
      values = { ...input, categoryIds, boId: me.boId, shopId };
    } else {
      const org = await checkOrganization(ctx.db, me.boId, input.supplierBoId);
      const [already] = await ctx.db
        .select({ id: shopSupplier.id, consent: shopSupplier.consent })
        .from(shopSupplier)
        .where(and(eq(shopSupplier.boId, me.boId), eq(shopSupplier.kind, "authorised"), eq(shopSupplier.supplierBoId, org.id)));
      if (already && already.consent !== "declined") throw badField("supplierBoId", R.alreadyAuthorised);
      if (already) {
        // Declined before: asking again makes it a new request, pending until the organisation answers.
        const { kind: _k, supplierBoId: _s, ...fields } = input;
        await ctx.db
          .update(shopSupplier)
          .set({ ...fields, name: org.name, consent: "pending", consentAt: null, consentBy: null })
          .where(eq(shopSupplier.id, already.id));
        return itemById(ctx.db, me.boId, already.id);
      }
      // A request: the named organisation accepts or declines it on its own supplier screen.
      values = { ...input, name: org.name, boId: me.boId, shopId, consent: "pending" };
    }
    const [row] = await ctx.db.insert(shopSupplier).values(values).returning({ id: shopSupplier.id });
    if (!row) throw new Error("insert returned nothing");
    return itemById(ctx.db, me.boId, row.id);
  },

  async updShopSupplierById(ctx: Ctx, input: ParsedInputOf<S["updShopSupplierById"]>): Promise<OutputOf<S["updShopSupplierById"]>> {
    requireKind(ctx, input.kind, "write");
    const { boId } = ctx.me();
    const current = await findOwn(ctx.db, boId, input.id, input.kind);
    const { id: _id, kind: _kind, ...fields } = input;
    let set: Partial<typeof shopSupplier.$inferInsert>;
    if (input.kind === "purchase") {
      await checkPurchaseName(ctx.db, boId, input.name, current.id);
      const categoryIds = await checkCategories(ctx.db, input.categoryIds, "categoryIds");
      if (input.supplierBoId) await checkOrganization(ctx.db, boId, input.supplierBoId);
      set = { ...fields, categoryIds };
    } else {
      set = fields;
    }
    await ctx.db
      .update(shopSupplier)
      .set(set)
      .where(and(eq(shopSupplier.id, current.id), eq(shopSupplier.boId, boId)));
    return itemById(ctx.db, boId, current.id);
  },

  /** Deleting a supplier removes its member accounts in the same transaction. */
  async delShopSupplierById(ctx: Ctx, input: ParsedInputOf<S["delShopSupplierById"]>): Promise<null> {
    const { boId } = ctx.me();
    const row = await findOwn(ctx.db, boId, input.id);
    requireKind(ctx, row.kind as SupplierKind, "write");
    await ctx.db.delete(shopSupplierMember).where(eq(shopSupplierMember.supplierId, row.id));
    await ctx.db.delete(shopSupplier).where(and(eq(shopSupplier.id, row.id), eq(shopSupplier.boId, boId)));
    return null;
  },

  async addShopSupplierMemberList(
    ctx: Ctx,
    input: ParsedInputOf<S["addShopSupplierMemberList"]>,
  ): Promise<OutputOf<S["addShopSupplierMemberList"]>> {
    const { boId } = ctx.me();
    const supplier = await findOwn(ctx.db, boId, input.supplierId, "authorised");
    await refuseUnlessAccepted(ctx.db, supplier);
    const ids = input.members.map((m) => m.memberId);
    refuseRepeats(ids, "memberId");
    const staff = new Set(
      (
        await ctx.db
          .select({ memberId: employee.memberId })
          .from(employee)
          .innerJoin(member, eq(member.id, employee.memberId))
          .where(
            and(
              eq(employee.boId, supplier.supplierBoId ?? ""),
              inArray(employee.memberId, ids),
              eq(employee.enabled, true),
              eq(member.enabled, true),
            ),
          )
      ).map((r) => r.memberId),
    );
    const notStaff = ids.findIndex((id) => !staff.has(id));
    if (notStaff >= 0) throw badField(`members.${notStaff}.memberId`, R.notStaff);
    const existing = new Set(
      (
        await ctx.db
          .select({ memberId: shopSupplierMember.memberId })
          .from(shopSupplierMember)
          .where(and(eq(shopSupplierMember.supplierId, supplier.id), inArray(shopSupplierMember.memberId, ids)))
      ).map((r) => r.memberId),
    );
    const already = ids.findIndex((id) => existing.has(id));
    if (already >= 0) throw badField(`members.${already}.memberId`, R.alreadyMember);
    await ctx.db
      .insert(shopSupplierMember)
      .values(input.members.map((m) => ({ boId, supplierId: supplier.id, memberId: m.memberId, role: m.role })));
    return membersOf(ctx.db, supplier.id);
  },

  async updShopSupplierMemberList(
    ctx: Ctx,
    input: ParsedInputOf<S["updShopSupplierMemberList"]>,
  ): Promise<OutputOf<S["updShopSupplierMemberList"]>> {
    const { boId } = ctx.me();
    const supplier = await findOwn(ctx.db, boId, input.supplierId, "authorised");
    const ids = input.members.map((m) => m.id);
    refuseRepeats(ids, "id");
    const found = new Set(
      (
        await ctx.db
          .select({ id: shopSupplierMember.id })
          .from(shopSupplierMember)
          .where(
            and(eq(shopSupplierMember.supplierId, supplier.id), eq(shopSupplierMember.boId, boId), inArray(shopSupplierMember.id, ids)),
          )
      ).map((r) => r.id),
    );
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw refuse(codes.NOT_FOUND, R.memberAccountNotFound, { id: missing });
    for (const m of input.members) {
      await ctx.db
        .update(shopSupplierMember)
        .set({ role: m.role, enabled: m.enabled })
        .where(and(eq(shopSupplierMember.id, m.id), eq(shopSupplierMember.supplierId, supplier.id)));
    }
    return membersOf(ctx.db, supplier.id);
  },

  async selByShopIdAndBoId(ctx: Ctx, input: ParsedInputOf<S["selByShopIdAndBoId"]>): Promise<OutputOf<S["selByShopIdAndBoId"]>> {
    const where = and(
      eq(shopSupplier.boId, ctx.me().boId),
      eq(shopSupplier.kind, "authorised"),
      eq(shopSupplier.supplierBoId, input.boId),
    ) as SQL;
    const [item] = await selectItems(ctx.db, where, { limit: 1 });
    return item ?? null;
  },

  async selShopSupplierMember(ctx: Ctx, input: ParsedInputOf<S["selShopSupplierMember"]>): Promise<OutputOf<S["selShopSupplierMember"]>> {
    const supplier = await findOwn(ctx.db, ctx.me().boId, input.supplierId, "authorised");
    return membersOf(ctx.db, supplier.id);
  },

  /** The supplier organisation's enabled staff (at most 500, by name), marking those already added. */
  async selSupplierStaffList(ctx: Ctx, input: ParsedInputOf<S["selSupplierStaffList"]>): Promise<OutputOf<S["selSupplierStaffList"]>> {
    const supplier = await findOwn(ctx.db, ctx.me().boId, input.supplierId, "authorised");
    await refuseUnlessAccepted(ctx.db, supplier);
    const rows = await ctx.db
      .select({ memberId: member.id, name: member.name, loginName: member.loginName, added: shopSupplierMember.id })
      .from(employee)
      .innerJoin(member, eq(member.id, employee.memberId))
      .leftJoin(shopSupplierMember, and(eq(shopSupplierMember.supplierId, supplier.id), eq(shopSupplierMember.memberId, member.id)))
      .where(and(eq(employee.boId, supplier.supplierBoId ?? ""), eq(employee.enabled, true), eq(member.enabled, true)))
      .orderBy(asc(member.name), asc(member.id))
      .limit(500);
    return rows.map((r) => ({ memberId: r.memberId, name: r.name, loginName: r.loginName, added: r.added !== null }));
  },

  async selAuthRequestPage(ctx: Ctx, input: ParsedInputOf<S["selAuthRequestPage"]>): Promise<OutputOf<S["selAuthRequestPage"]>> {
    const where = requestsWhere(ctx.me().boId, input.consent);
    return pageOf(ctx.db, input, { from: sql`${shopSupplier}`, where }, (limit, offset) => requestsOf(ctx.db, where, limit, offset));
  },

  async acceptAuthRequest(ctx: Ctx, input: ParsedInputOf<S["acceptAuthRequest"]>): Promise<OutputOf<S["acceptAuthRequest"]>> {
    const me = ctx.me();
    const req = await requestFor(ctx, input.id);
    if (req.consent === "accepted") throw refuse(codes.STATE_FORBIDS, R.requestAnswered);
    await ctx.db
      .update(shopSupplier)
      .set({ consent: "accepted", consentAt: new Date(), consentBy: me.memberId })
      .where(and(eq(shopSupplier.id, req.id), eq(shopSupplier.supplierBoId, me.boId)));
    return requestFor(ctx, req.id);
  },

  /** Declining (or withdrawing an acceptance) ends the requester's member accounts of this organisation. */
  async declineAuthRequest(ctx: Ctx, input: ParsedInputOf<S["declineAuthRequest"]>): Promise<OutputOf<S["declineAuthRequest"]>> {
    const me = ctx.me();
    const req = await requestFor(ctx, input.id);
    if (req.consent === "declined") throw refuse(codes.STATE_FORBIDS, R.requestAnswered);
    await ctx.db.delete(shopSupplierMember).where(eq(shopSupplierMember.supplierId, req.id));
    await ctx.db
      .update(shopSupplier)
      .set({ consent: "declined", consentAt: new Date(), consentBy: me.memberId })
      .where(and(eq(shopSupplier.id, req.id), eq(shopSupplier.supplierBoId, me.boId)));
    return requestFor(ctx, req.id);
  },

  async selOrgShortByNameList(ctx: Ctx, input: ParsedInputOf<S["selOrgShortByNameList"]>): Promise<OutputOf<S["selOrgShortByNameList"]>> {
    return searchOrgs(ctx.db, input.name, input.limit, 0);
  },

  async selOrgShortByNamePage(ctx: Ctx, input: ParsedInputOf<S["selOrgShortByNamePage"]>): Promise<OutputOf<S["selOrgShortByNamePage"]>> {
    return pageOf(ctx.db, input, { from: sql`${organization}`, where: orgNameMatches(input.name) }, (limit, offset) =>
      searchOrgs(ctx.db, input.name, limit, offset),
    );
  },
};
