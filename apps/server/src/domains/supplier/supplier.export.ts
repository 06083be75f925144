import { type contract, type Lang, type ParsedInputOf, type SheetKey, type SupplierItem, supplierSheet } from "@sbo/contract";
import type { SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { keysetBatches } from "../../platform/http/paging";
import { supplierBatch, suppliersWhere } from "./supplier.repository";
import { shopSupplier } from "./supplier.tables";
import { itemsOf } from "./supplier.view";

/*
 * The purchase supplier list's export: the sheet in the contract (supplierSheet), the list's own where-clause
 * (suppliersWhere). The contact phone is the supplier's business number the seller typed, shown in full as the list does.
 */

/** A supplier as exported: its categories named in the reader's language. */
type Row = SupplierItem & { categoryNames: string };

const settlementWords = {
  cash: { en: "Cash on delivery", zh: "现结" },
  weekly: { en: "Weekly", zh: "周结" },
  monthly: { en: "Monthly", zh: "月结" },
};
const statusWords = { enabled: { en: "Enabled", zh: "启用" }, disabled: { en: "Disabled", zh: "停用" } };

/** How each column of the supplier sheet reads an exported supplier. */
export const supplierCells: SheetCells<SheetKey<typeof supplierSheet>, Row> = {
  name: cell.text((r) => r.name, 24),
  contactName: cell.text((r) => r.contactName, 14),
  phone: cell.text((r) => r.phone, 16),
  address: cell.text((r) => r.address, 32),
  categories: cell.text((r) => r.categoryNames, 28),
  settlement: cell.enum(settlementWords, (r) => r.settlement, 14),
  status: cell.enum(statusWords, (r) => r.status, 10),
  supplierOrgName: cell.text((r) => r.supplierOrgName, 24),
  memberCount: cell.integer((r) => r.memberCount),
  remark: cell.text((r) => r.remark, 28),
  createdAt: cell.datetime((r) => r.createdAt),
};

/** The list's suppliers, newest first, in keyset batches; each batch's category names in one query (itemsOf). */
async function* batches(db: Executor, where: SQL, lang: Lang): AsyncGenerator<Row[]> {
  const rows = keysetBatches(
    { at: shopSupplier.createdAt, id: shopSupplier.id },
    where,
    (w, orderBy, size) => supplierBatch(db, w, orderBy, size),
    (r) => ({ at: r.at, id: r.row.id }),
  );
  for await (const batch of rows) {
    const items = await itemsOf(db, batch);
    yield items.map((s) => ({ ...s, categoryNames: s.categories.map((c) => (lang === "en" ? c.nameEn || c.name : c.name)).join(", ") }));
  }
}

/** The purchase supplier list as a spreadsheet: the list's filters, the reader's language, the shop's time zone. */
export async function exportShopSupplierList(
  input: ParsedInputOf<typeof contract.supplier.exportShopSupplierList>,
  ctx: Ctx,
): Promise<FileResult> {
  const where = suppliersWhere(ctx.me().boId, "purchase", input.name, input.status);
  return sheetFile(ctx, supplierSheet, supplierCells, input.columns, batches(ctx.db, where, ctx.lang));
}
