import type { SupplierConsent, SupplierItem, SupplierKind } from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import * as identity from "../identity/identity.port";
import { type CategoryRef, categoryRefs } from "../reference/reference.service";
import type { SupplierSelected } from "./supplier.repository";

/** A supplier as the contract shows it, given its categories and the named organisation's name. */
const supplierItemOf = (
  { row: r, memberCount }: SupplierSelected,
  categories: Map<string, CategoryRef>,
  orgName: string | null,
): SupplierItem => ({
  id: r.id,
  kind: r.kind as SupplierKind,
  name: r.name,
  contactName: r.contactName,
  phone: r.phone,
  address: r.address,
  categoryIds: r.categoryIds,
  categories: r.categoryIds.flatMap((id) => categories.get(id) ?? []),
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
});

/** Rows as the contract shows them; category names and the named organisations' names come from one query each. */
export async function itemsOf(db: Executor, rows: SupplierSelected[]): Promise<SupplierItem[]> {
  const categories = await categoryRefs(
    db,
    rows.flatMap((r) => r.row.categoryIds),
  );
  const orgNames = await identity.organizationNames(db, [
    ...new Set(rows.flatMap((r) => (r.row.supplierBoId ? [r.row.supplierBoId] : []))),
  ]);
  return rows.map((r) => supplierItemOf(r, categories, r.row.supplierBoId ? (orgNames.get(r.row.supplierBoId) ?? null) : null));
}
