import { afterSaleSheet, afterSaleStateWords, afterSaleTypeWords, type contract, type ParsedInputOf, type SheetKey } from "@sbo/contract";
import { cell, type SheetCells, sheetFile } from "../../platform/export/sheet-file";
import type { FileResult } from "../../platform/http/bind-domain";
import type { Ctx } from "../../platform/http/context";
import { keysetBatches } from "../../platform/http/paging";
import { seesFullPhones } from "../orders/orders.port";
import * as repo from "./aftersale.repository";
import { afterSaleApply } from "./aftersale.tables";
import { itemOf } from "./aftersale.view";

/* The after-sale list's export: the sheet in the contract (afterSaleSheet), the rows from the list's own conditions. */

type ExportRow = ReturnType<typeof itemOf> & { reason: string };

/** How each column of the after-sale sheet reads an exported application. */
const afterSaleCells: SheetCells<SheetKey<typeof afterSaleSheet>, ExportRow> = {
  afterSaleNo: cell.text((r) => r.afterSaleNo, 24),
  orderNo: cell.text((r) => r.orderNo, 22),
  goodsName: cell.text((r) => r.goodsName, 28),
  specValues: cell.text((r) => r.specValues.join(" / "), 18),
  type: cell.enum(afterSaleTypeWords, (r) => r.type, 16),
  state: cell.enum(afterSaleStateWords, (r) => r.state, 18),
  quantity: cell.integer((r) => r.quantity),
  amount: cell.money((r) => r.amount),
  reason: cell.text((r) => r.reason, 20),
  buyerName: cell.text((r) => r.buyerName, 16),
  buyerPhone: cell.text((r) => r.buyerPhone, 16),
  appliedAt: cell.datetime((r) => r.appliedAt),
  updatedAt: cell.datetime((r) => r.updatedAt),
};

/**
 * The after-sale list as a spreadsheet: exactly the list's filters (its own conditions, `sellerWhere`), newest first,
 * in the reader's language; buyers' phones masked unless the member holds `order.manage.phone`.
 */
export async function exportAfterSaleList(
  input: ParsedInputOf<typeof contract.afterSale.exportAfterSaleList>,
  ctx: Ctx,
): Promise<FileResult> {
  const { columns, ...filters } = input;
  const boId = ctx.me().boId;
  const maskPhone = !seesFullPhones(ctx);
  const lang = ctx.lang;
  async function* batches() {
    const keyed = keysetBatches(
      { at: afterSaleApply.createdAt, id: afterSaleApply.id },
      repo.sellerWhere(boId, filters, filters.type, filters.state),
      (where, orderBy, size) => repo.sellerBatch(ctx.db, where, orderBy, size),
      (r) => ({ at: r.at, id: r.id }),
    );
    for await (const rows of keyed)
      yield rows.map((r) => {
        const item = itemOf(r, { maskPhone });
        return { ...item, reason: lang === "zh" ? item.reasonName : item.reasonNameEn };
      });
  }
  return sheetFile(ctx, afterSaleSheet, afterSaleCells, columns, batches());
}
