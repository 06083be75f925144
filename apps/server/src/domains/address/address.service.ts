import {
  type AddressItem,
  type AddressType,
  addressRefusals,
  addressRuleIssues,
  type contract,
  type OutputOf,
  type ParsedInputOf,
} from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx } from "../../platform/http/context";
import { badInput, notFound } from "../../platform/http/errors";
import { pageOf } from "../../platform/http/paging";
import { areaNames, checkAddressArea } from "../reference/reference.service";
import * as repo from "./address.repository";

type A = typeof contract.address;
type Row = repo.AddressRow;
type Editable = Omit<ParsedInputOf<A["addAddr"]>, "type">;

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

async function findOwn(db: Executor, boId: string, id: string): Promise<Row> {
  const row = await repo.findOwn(db, boId, id);
  if (!row) throw notFound(addressRefusals.addressNotFound);
  return row;
}

/** Every address call, as the routes bind it. */
export const addressCalls = {
  async selAddrListPage(input: ParsedInputOf<A["selAddrListPage"]>, ctx: Ctx): Promise<OutputOf<A["selAddrListPage"]>> {
    const count = repo.addressCount(ctx.me().boId, input.type);
    return pageOf(ctx.db, input, count, async (limit, offset) =>
      itemsOf(ctx.db, await repo.pageAddresses(ctx.db, count.where, limit, offset)),
    );
  },

  async addAddr(input: ParsedInputOf<A["addAddr"]>, ctx: Ctx): Promise<OutputOf<A["addAddr"]>> {
    const { boId } = ctx.me();
    await checkAddressArea(ctx.db, input);
    await repo.lockAddresses(ctx.db, boId);
    const hasDefault = await repo.hasDefault(ctx.db, boId, input.type);
    const row = await repo.insertAddress(ctx.db, { boId, type: input.type, ...columnsOf(input.type, input), isDefault: !hasDefault });
    return itemOf(ctx.db, row);
  },

  async updAddrById(input: ParsedInputOf<A["updAddrById"]>, ctx: Ctx): Promise<OutputOf<A["updAddrById"]>> {
    const { boId } = ctx.me();
    const current = await findOwn(ctx.db, boId, input.id);
    const type = current.type as AddressType;
    const issues = addressRuleIssues(type, input);
    if (issues.length) throw badInput(issues);
    await checkAddressArea(ctx.db, input);
    const row = await repo.updateAddress(ctx.db, boId, current.id, columnsOf(type, input));
    return itemOf(ctx.db, row);
  },

  /** Deleting the default makes the newest other address of its type the default. */
  async delAddrById(input: ParsedInputOf<A["delAddrById"]>, ctx: Ctx): Promise<null> {
    const { boId } = ctx.me();
    await repo.lockAddresses(ctx.db, boId);
    const row = await findOwn(ctx.db, boId, input.id);
    await repo.deleteAddress(ctx.db, boId, row.id);
    if (row.isDefault) {
      const next = await repo.newestOfType(ctx.db, boId, row.type);
      if (next) await repo.setDefault(ctx.db, next.id);
    }
    return null;
  },

  /** Clear the old default, then set the new one: two statements in the call's one transaction. */
  async updDefaultAddr(input: ParsedInputOf<A["updDefaultAddr"]>, ctx: Ctx): Promise<OutputOf<A["updDefaultAddr"]>> {
    const { boId } = ctx.me();
    await repo.lockAddresses(ctx.db, boId);
    const row = await findOwn(ctx.db, boId, input.id);
    if (row.isDefault) return itemOf(ctx.db, row);
    await repo.clearDefault(ctx.db, boId, row.type, row.id);
    const updated = await repo.setDefault(ctx.db, row.id);
    return itemOf(ctx.db, updated);
  },
};
