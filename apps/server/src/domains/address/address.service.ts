import {
  type AddressItem,
  type AddressType,
  addressRefusals,
  addressRuleIssues,
  type contract,
  type OutputOf,
  type ParsedInputOf,
} from "@sbo/contract";
import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badInput, notFound } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import { areaNames, checkAddressArea } from "../reference/reference.service";
import { sellerAddress } from "./address.tables";

type A = typeof contract.address;
type Row = typeof sellerAddress.$inferSelect;
type Editable = Omit<ParsedInputOf<A["addAddr"]>, "type">;

/** Shipping, return, pickup: the order lists show them in. */
const typeOrder = sql`case ${sellerAddress.type} when 'shipping' then 1 when 'return' then 2 else 3 end`;

/** What is stored: coordinates and opening hours only for pickup points. */
function columnsOf(type: AddressType, v: Editable) {
  const pickup = type === "pickup";
  return {
    contactName: v.contactName,
    phone: v.phone,
    provinceCode: v.provinceCode,
    cityCode: v.cityCode,
    districtCode: v.districtCode,
    detail: v.detail,
    postcode: v.postcode,
    latitude: pickup ? v.latitude : null,
    longitude: pickup ? v.longitude : null,
    openTime: pickup ? v.openTime : null,
    closeTime: pickup ? v.closeTime : null,
  };
}

/** Rows as the contract shows them, with area names from one query. */
async function itemsOf(db: Executor, rows: Row[]): Promise<AddressItem[]> {
  const byCode = await areaNames(
    db,
    rows.flatMap((r) => [r.provinceCode, r.cityCode, ...(r.districtCode ? [r.districtCode] : [])]),
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type as AddressType,
    contactName: r.contactName,
    phone: r.phone,
    provinceCode: r.provinceCode,
    cityCode: r.cityCode,
    districtCode: r.districtCode,
    areaPath: [r.provinceCode, r.cityCode, ...(r.districtCode ? [r.districtCode] : [])].map(
      (code) => byCode.get(code) ?? { code, name: code, nameEn: code },
    ),
    detail: r.detail,
    postcode: r.postcode,
    latitude: r.latitude,
    longitude: r.longitude,
    openTime: r.openTime,
    closeTime: r.closeTime,
    isDefault: r.isDefault,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

async function itemOf(db: Executor, row: Row | undefined): Promise<AddressItem> {
  if (!row) throw new Error("the address row is missing");
  const [item] = await itemsOf(db, [row]);
  return item as AddressItem;
}

/**
 * Address writes of one seller run one after another (a transaction-scoped advisory lock), so two
 * concurrent "first address of a type" writes cannot both make a default.
 */
async function lockAddresses(db: Executor, boId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`seller_address:${boId}`}))`);
}

async function findOwn(db: Executor, boId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(sellerAddress)
    .where(and(eq(sellerAddress.id, id), eq(sellerAddress.boId, boId)));
  if (!row) throw notFound(addressRefusals.addressNotFound);
  return row;
}

export const addressService = {
  async selAddrListPage(ctx: Ctx, input: ParsedInputOf<A["selAddrListPage"]>): Promise<OutputOf<A["selAddrListPage"]>> {
    const conditions: SQL[] = [eq(sellerAddress.boId, ctx.me().boId)];
    if (input.type) conditions.push(eq(sellerAddress.type, input.type));
    const where = and(...conditions) as SQL;
    return pageOf(ctx.db, input, { from: sql`${sellerAddress}`, where }, async (limit, offset) =>
      itemsOf(
        ctx.db,
        await ctx.db
          .select()
          .from(sellerAddress)
          .where(where)
          .orderBy(asc(typeOrder), desc(sellerAddress.isDefault), desc(sellerAddress.createdAt), desc(sellerAddress.id))
          .limit(limit)
          .offset(offset),
      ),
    );
  },

  async addAddr(ctx: Ctx, input: ParsedInputOf<A["addAddr"]>): Promise<OutputOf<A["addAddr"]>> {
    const { boId } = ctx.me();
    await checkAddressArea(ctx.db, input);
    await lockAddresses(ctx.db, boId);
    const [existingDefault] = await ctx.db
      .select({ id: sellerAddress.id })
      .from(sellerAddress)
      .where(and(eq(sellerAddress.boId, boId), eq(sellerAddress.type, input.type), eq(sellerAddress.isDefault, true)));
    const [row] = await ctx.db
      .insert(sellerAddress)
      .values({ boId, type: input.type, ...columnsOf(input.type, input), isDefault: !existingDefault })
      .returning();
    return itemOf(ctx.db, row);
  },

  async updAddrById(ctx: Ctx, input: ParsedInputOf<A["updAddrById"]>): Promise<OutputOf<A["updAddrById"]>> {
    const { boId } = ctx.me();
    const current = await findOwn(ctx.db, boId, input.id);
    const type = current.type as AddressType;
    const issues = addressRuleIssues(type, input);
    if (issues.length) throw badInput(issues);
    await checkAddressArea(ctx.db, input);
    const [row] = await ctx.db
      .update(sellerAddress)
      .set(columnsOf(type, input))
      .where(and(eq(sellerAddress.id, current.id), eq(sellerAddress.boId, boId)))
      .returning();
    return itemOf(ctx.db, row);
  },

  /** Deleting the default makes the newest other address of its type the default. */
  async delAddrById(ctx: Ctx, input: ParsedInputOf<A["delAddrById"]>): Promise<null> {
    const { boId } = ctx.me();
    await lockAddresses(ctx.db, boId);
    const row = await findOwn(ctx.db, boId, input.id);
    await ctx.db.delete(sellerAddress).where(and(eq(sellerAddress.id, row.id), eq(sellerAddress.boId, boId)));
    if (row.isDefault) {
      const [next] = await ctx.db
        .select({ id: sellerAddress.id })
        .from(sellerAddress)
        .where(and(eq(sellerAddress.boId, boId), eq(sellerAddress.type, row.type)))
        .orderBy(desc(sellerAddress.createdAt), desc(sellerAddress.id))
        .limit(1);
      if (next) await ctx.db.update(sellerAddress).set({ isDefault: true }).where(eq(sellerAddress.id, next.id));
    }
    return null;
  },

  /** Clear the old default, then set the new one: two statements in the call's one transaction. */
  async updDefaultAddr(ctx: Ctx, input: ParsedInputOf<A["updDefaultAddr"]>): Promise<OutputOf<A["updDefaultAddr"]>> {
    const { boId } = ctx.me();
    await lockAddresses(ctx.db, boId);
    const row = await findOwn(ctx.db, boId, input.id);
    if (row.isDefault) return itemOf(ctx.db, row);
    await ctx.db
      .update(sellerAddress)
      .set({ isDefault: false })
      .where(
        and(
          eq(sellerAddress.boId, boId),
          eq(sellerAddress.type, row.type),
          eq(sellerAddress.isDefault, true),
          ne(sellerAddress.id, row.id),
        ),
      );
    const [updated] = await ctx.db.update(sellerAddress).set({ isDefault: true }).where(eq(sellerAddress.id, row.id)).returning();
    return itemOf(ctx.db, updated);
  },
};
