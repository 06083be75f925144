import type { Readable } from "node:stream";
import {
  type BatchShipColumnKey,
  type BatchShipLine,
  batchShipColumns,
  type contract,
  type DeliveryMode,
  deliveryModeWords,
  fulfilRefusals as F,
  MAX_BATCH_SHIP_ROWS,
  type OrderStatus,
  type OutputOf,
  orderStatusWords,
  type Params,
  type ParsedInputOf,
  type Refusal,
} from "@sbo/contract";
import { readTemplateSheet, templateWorkbook, workbookFile } from "../../../platform/export/sheet";
import type { FileResult, Upload } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { AppError, badField } from "../../../platform/http/errors";
import { canDo } from "../order.machine";
import { shipOrder } from "../orders.service";
import * as fr from "./fulfil.repository";

/*
 * Batch ship from a sheet (docs/domains/orders.md "Fulfilment"), the goods import's pattern: a template in the
 * caller's language; the upload read as a stream (≤ 1,000 rows, headers in either language); every row checked (the
 * order is the shop's, shippable, delivered by express, named once; the logistics company is a dictionary item by code
 * or name; the tracking number's form). A dry run answers the line-by-line report; a commit ships every valid row
 * through the seller's one ship (the order machine) in the call's one transaction and reports each row's outcome.
 */

type C = typeof contract.orderFulfil;
type Out<K extends keyof C> = OutputOf<C[K]>;

const SHEET = { en: "Orders to ship", zh: "批量发货" };
const TRACKING = /^[A-Za-z0-9-]{1,40}$/;

export async function batchShipTemplate(ctx: Ctx): Promise<FileResult> {
  const wb = templateWorkbook(SHEET[ctx.lang], batchShipColumns, ctx.lang, (key) => (key === "orderNo" ? 26 : 20));
  return workbookFile(wb, ctx.lang === "zh" ? "批量发货模板.xlsx" : "batch-ship-template.xlsx");
}

type SheetRow = { row: number; cells: Partial<Record<BatchShipColumnKey, string | null>> };

/** The upload's rows by column, each cell as text (an order number typed as a number is its digits). */
async function readSheet(stream: Readable): Promise<SheetRow[]> {
  const read = await readTemplateSheet(
    stream,
    batchShipColumns,
    batchShipColumns.map((c) => c.key),
    MAX_BATCH_SHIP_ROWS,
  );
  if (!read.ok) {
    if (read.problem === "limit") throw badField("file", read.refusal, read.params);
    if (read.problem === "tooManyRows") throw badField("file", F.sheetTooManyRows, { max: read.max });
    throw badField("file", read.problem === "empty" ? F.sheetEmpty : F.sheetNotTemplate);
  }
  return read.rows.map((r) => ({
    row: r.row,
    cells: Object.fromEntries(Object.entries(r.cells).map(([k, v]) => [k, v === null || v === undefined ? null : String(v)])),
  }));
}

interface Checked {
  line: BatchShipLine;
  ship?: { orderId: string; expressCode: string; trackingNo: string };
}

const refused = (base: Omit<BatchShipLine, "outcome" | "field" | "reason">, field: string, r: Refusal, params?: Params): Checked => ({
  line: { ...base, outcome: "refused", field, reason: r.reason, ...(params ? { params } : {}) },
});

async function check(ctx: Ctx, sheet: SheetRow[]): Promise<Checked[]> {
  const boId = ctx.me().boId;
  const dictionary = await fr.expressDictionary(ctx.db);
  const byName = new Map<string, { code: string; name: string; nameEn: string }>();
  for (const d of dictionary) {
    const item = { code: d.code, name: d.name, nameEn: d.name_en ?? d.name };
    for (const k of [d.code, d.name, d.name_en]) if (k) byName.set(k.trim().toLowerCase(), item);
  }
  const orderNos = [...new Set(sheet.flatMap((r) => (r.cells.orderNo ? [r.cells.orderNo] : [])))];
  const orders = new Map((await fr.ordersByNo(ctx.db, boId, orderNos)).map((o) => [o.order_no, o]));
  const firstRow = new Map<string, number>();
  return sheet.map((r) => {
    const orderNo = r.cells.orderNo ?? "";
    const expressText = r.cells.express ?? "";
    const trackingNo = r.cells.trackingNo ?? "";
    const express = byName.get(expressText.toLowerCase());
    const base = {
      row: r.row,
      orderNo,
      expressName: express ? (ctx.lang === "zh" ? express.name : express.nameEn) : expressText,
      trackingNo,
    };
    for (const c of batchShipColumns) if (!r.cells[c.key]) return refused(base, c.key, F.rowRequired);
    const order = orders.get(orderNo);
    if (!order) return refused(base, "orderNo", F.rowOrderUnknown);
    const first = firstRow.get(orderNo);
    if (first !== undefined) return refused(base, "orderNo", F.rowOrderTwice, { first });
    firstRow.set(orderNo, r.row);
    if (order.mode) {
      const w = deliveryModeWords[order.mode as DeliveryMode];
      return refused(base, "orderNo", F.rowNotExpress, { "mode.en": w.en, "mode.zh": w.zh });
    }
    if (!canDo("ship", order.status as OrderStatus)) {
      const w = orderStatusWords[order.status as OrderStatus];
      return refused(base, "orderNo", F.rowWrongState, { "status.en": w.en, "status.zh": w.zh });
    }
    if (!express) return refused(base, "express", F.rowExpressUnknown);
    if (!TRACKING.test(trackingNo)) return refused(base, "trackingNo", F.rowTrackingNo);
    return {
      line: { ...base, outcome: "ship", field: "", reason: F.rowWillShip.reason },
      ship: { orderId: order.id, expressCode: express.code, trackingNo },
    };
  });
}

export function createBatchShipService() {
  /** Check every row; on commit, ship the valid ones through the seller's one ship, each row's outcome reported. */
  async function run(ctx: Ctx, sheet: SheetRow[], mode: "dryRun" | "commit"): Promise<Out<"batchDeliveryByExcel">> {
    const checked = await check(ctx, sheet);
    let shipped = 0;
    if (mode === "commit") {
      for (const c of checked) {
        if (!c.ship) continue;
        try {
          // Refusals come before any write of the order (the machine's check, the ship's own checks).
          await shipOrder(ctx, { id: c.ship.orderId, expressCode: c.ship.expressCode, trackingNo: c.ship.trackingNo });
          c.line = { ...c.line, outcome: "shipped", reason: F.rowShipped.reason };
          shipped++;
        } catch (err) {
          if (!(err instanceof AppError) || !err.reason) throw err;
          c.line = { ...c.line, outcome: "refused", field: "orderNo", reason: err.reason, ...(err.params ? { params: err.params } : {}) };
        }
      }
    }
    const invalidRows = checked.filter((c) => !c.ship).length;
    return { mode, rows: sheet.length, validRows: sheet.length - invalidRows, invalidRows, shipped, report: checked.map((c) => c.line) };
  }

  return {
    batchDeliveryTemplate: (_input: unknown, ctx: Ctx) => batchShipTemplate(ctx),

    async batchDeliveryByExcel(input: ParsedInputOf<C["batchDeliveryByExcel"]> & Upload, ctx: Ctx): Promise<Out<"batchDeliveryByExcel">> {
      return run(ctx, await readSheet(input.file.file), input.mode);
    },

    /** The list's selection: each chosen order a row, checked and shipped as a sheet's rows are. */
    async batchDeliveryByRows(input: ParsedInputOf<C["batchDeliveryByRows"]>, ctx: Ctx): Promise<Out<"batchDeliveryByRows">> {
      const rows = input.rows.map((r, i) => ({
        row: i + 1,
        cells: { orderNo: r.orderNo, express: r.expressCode, trackingNo: r.trackingNo },
      }));
      return run(ctx, rows, "commit");
    },
  };
}
