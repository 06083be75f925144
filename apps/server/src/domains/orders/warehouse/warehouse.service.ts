import { type contract, type Lang, type OutputOf, orderStatusWords, type ParsedInputOf, type PrintOrder } from "@sbo/contract";
import type { SQL } from "drizzle-orm";
import { todayIn } from "../../../platform/days";
import type { Executor } from "../../../platform/db/client";
import { col, type ExportColumn, sheetColumns } from "../../../platform/export/columns";
import { xlsxStream } from "../../../platform/export/xlsx";
import type { FileResult } from "../../../platform/http/bind-domain";
import type { Ctx } from "../../../platform/http/context";
import { keysetBatches } from "../../../platform/http/paging";
import { areaNames, areaRefs } from "../../reference/reference.service";
import { sellerWhere, TAB_STATUSES } from "../orders.repository";
import { orderInfo } from "../orders.tables";
import { phoneFor, seesFullPhones } from "../orders.view";
import type { OrderPorts } from "../orders-needs.port";
import * as repo from "./warehouse.repository";

/*
 * What the warehouse works from (docs/domains/orders.md "Warehouse: printing and the line export"): the print data of
 * a set of orders (pick lists and packing slips are drawn from it on the web), and the line export. Phones are shown
 * in full only to members holding `order.manage.phone`.
 */

type W = typeof contract.orderWarehouse;
type In<K extends keyof W> = ParsedInputOf<W[K]>;
type Out<K extends keyof W> = OutputOf<W[K]>;

/** Province, city and district of area codes (names in both languages): two statements for any number of codes. */
async function areaPaths(db: Executor, codes: string[]) {
  const refs = await areaRefs(db, codes);
  const names = await areaNames(
    db,
    [...refs.values()].flatMap((r) => r.codes),
  );
  const out = new Map<string, { path: { name: string; nameEn: string }[]; name: string; nameEn: string }>();
  for (const [code, ref] of refs)
    out.set(code, {
      path: ref.codes.map((c) => names.get(c) ?? { name: c, nameEn: c }),
      name: ref.name,
      nameEn: ref.nameEn,
    });
  return out;
}

const lineAmount = (l: repo.WarehouseLine) => l.revisedAmount ?? l.amount;

/** One row of the line export: an order line with its order, goods facts, area path and parcels. */
export interface LineExportRow {
  order: repo.WarehouseOrderRow;
  line: repo.WarehouseLine;
  skuCode: string | null;
  batches: { batchNo: string; expiresOn: string | null; quantity: number }[];
  area: { path: { name: string; nameEn: string }[] } | undefined;
  parcels: repo.WarehouseShipment[];
}

const statusWords = Object.fromEntries(
  Object.entries(orderStatusWords).map(([k, w]) => [k, { en: w.en[0]?.toUpperCase() + w.en.slice(1), zh: w.zh }]),
);

/** The line export's columns, in the reader's language (money given in cents, written in yuan); phones masked unless `fullPhones`. */
export function lineExportColumns(opts: { lang: Lang; fullPhones: boolean }): ExportColumn<LineExportRow>[] {
  const zh = opts.lang === "zh";
  const level = (r: LineExportRow, i: number) => {
    const a = r.area?.path[i];
    return a ? (zh ? a.name : a.nameEn) : "";
  };
  const carrier = (s: repo.WarehouseShipment) => (zh ? s.expressName : s.expressNameEn) ?? s.expressCode;
  return [
    col.text({ en: "Order number", zh: "订单编号" }, (r) => r.order.order_no, 24),
    col.enum({ en: "Status", zh: "订单状态" }, statusWords, (r) => r.order.status, 12),
    col.datetime({ en: "Placed at", zh: "下单时间" }, (r) => r.order.created_at),
    col.datetime({ en: "Paid at", zh: "付款时间" }, (r) => r.order.paid_at),
    col.text({ en: "Buyer", zh: "买家" }, (r) => r.order.buyer_name ?? "", 16),
    col.text({ en: "Buyer phone", zh: "买家手机" }, (r) => phoneFor(opts.fullPhones, r.order.buyer_phone), 16),
    col.text({ en: "Recipient", zh: "收货人" }, (r) => r.order.address.name, 16),
    col.text({ en: "Recipient phone", zh: "收货人手机" }, (r) => phoneFor(opts.fullPhones, r.order.address.phone), 16),
    col.text({ en: "Province", zh: "省份" }, (r) => level(r, 0), 12),
    col.text({ en: "City", zh: "城市" }, (r) => level(r, 1), 12),
    col.text({ en: "District", zh: "区县" }, (r) => level(r, 2), 12),
    col.text({ en: "Address", zh: "详细地址" }, (r) => r.order.address.detail, 32),
    col.text({ en: "Goods", zh: "商品名称" }, (r) => r.line.goodsName, 32),
    col.text({ en: "SKU code", zh: "规格编码" }, (r) => r.skuCode ?? "", 16),
    col.text({ en: "Spec", zh: "规格" }, (r) => r.line.specValues.join(" / "), 20),
    col.integer({ en: "Quantity", zh: "数量" }, (r) => r.line.quantity),
    col.money({ en: "Unit price (¥)", zh: "单价（元）" }, (r) => r.line.unitPrice),
    col.money({ en: "Line amount (¥)", zh: "小计（元）" }, (r) => lineAmount(r.line)),
    col.text(
      { en: "Batches", zh: "批次" },
      (r) => r.batches.map((b) => `${b.batchNo}${b.expiresOn ? ` (${b.expiresOn})` : ""} ×${b.quantity}`).join("; "),
      28,
    ),
    col.text({ en: "Carrier", zh: "快递公司" }, (r) => [...new Set(r.parcels.map(carrier))].join("; "), 16),
    col.text({ en: "Tracking number", zh: "快递单号" }, (r) => r.parcels.map((s) => s.trackingNo).join("; "), 24),
    col.text({ en: "Seller remark", zh: "卖家备注" }, (r) => r.order.seller_remark, 32),
    col.text({ en: "Buyer remark", zh: "买家留言" }, (r) => r.order.buyer_remark, 32),
  ];
}

/** Orders a line export page reads (their lines come with them; the embedded database reads smaller pages). */
export const LINE_EXPORT_PAGE = 500;

export function createWarehouseService(ports: Pick<OrderPorts, "goods">) {
  /** Goods facts (SKU codes, storage locations, batch numbers) and area paths of a page of orders. */
  async function factsOf(db: Executor, boId: string, orders: repo.WarehouseOrderRow[]) {
    const lines = orders.flatMap((o) => o.lines ?? []);
    const [goods, areas] = await Promise.all([
      ports.goods.warehouseFacts(
        db,
        boId,
        [...new Set(lines.map((l) => l.skuId))],
        [...new Set(lines.flatMap((l) => l.batches.map((b) => b.batchId)))],
      ),
      areaPaths(db, [...new Set(orders.map((o) => o.address.areaCode).filter(Boolean))]),
    ]);
    const batchesOf = (l: repo.WarehouseLine) =>
      l.batches.map((b) => {
        const f = goods.batches.get(b.batchId);
        return { batchId: b.batchId, batchNo: f?.batchNo ?? b.batchId, expiresOn: f?.expiresOn ?? null, quantity: b.quantity };
      });
    return { goods, areas, batchesOf };
  }

  /** The export's rows of `where`: pages of orders by keyset, each flattened to its lines. */
  async function* linePages(db: Executor, boId: string, where: SQL, pageSize = LINE_EXPORT_PAGE): AsyncGenerator<LineExportRow[]> {
    const pages = keysetBatches(
      { at: orderInfo.createdAt, id: orderInfo.id },
      where,
      (w, orderBy, size) => repo.warehouseOrders(db, w, orderBy, size),
      (r) => ({ at: r.created_key, id: r.id }),
      pageSize,
    );
    for await (const orders of pages) {
      const { goods, areas, batchesOf } = await factsOf(db, boId, orders);
      yield orders.flatMap((order) =>
        (order.lines ?? []).map((line) => ({
          order,
          line,
          skuCode: goods.skus.get(line.skuId)?.code ?? null,
          batches: batchesOf(line),
          area: areas.get(order.address.areaCode),
          parcels: (order.shipments ?? []).filter((s) => s.lines.some((x) => x.lineId === line.id)),
        })),
      );
    }
  }

  return {
    /** The line export's rows, a page of orders at a time (exposed for the paging test). */
    linePages,

    async selOrderPrintData(input: In<"selOrderPrintData">, ctx: Ctx): Promise<Out<"selOrderPrintData">> {
      const me = ctx.me();
      const ids = [...new Set(input.ids)];
      const rows = await repo.warehouseOrders(ctx.db, repo.ownOrdersWhere(me.boId, ids), [orderInfo.id as never], ids.length);
      const { goods, areas, batchesOf } = await factsOf(ctx.db, me.boId, rows);
      const full = seesFullPhones(ctx);
      const byId = new Map(
        rows.map((o): [string, PrintOrder] => {
          const area = areas.get(o.address.areaCode);
          return [
            o.id,
            {
              id: o.id,
              orderNo: o.order_no,
              status: o.status as PrintOrder["status"],
              createdAt: new Date(o.created_at).toISOString(),
              paidAt: o.paid_at ? new Date(o.paid_at).toISOString() : null,
              buyerName: o.buyer_name ?? "",
              recipient: {
                name: o.address.name,
                phone: phoneFor(full, o.address.phone),
                areaName: area?.name ?? o.address.areaName,
                areaNameEn: area?.nameEn ?? o.address.areaName,
                detail: o.address.detail,
              },
              buyerRemark: o.buyer_remark,
              sellerRemark: o.seller_remark,
              lines: (o.lines ?? []).map((l) => {
                const facts = goods.skus.get(l.skuId);
                return {
                  lineId: l.id,
                  goodsId: l.goodsId,
                  skuId: l.skuId,
                  goodsName: l.goodsName,
                  specValues: l.specValues,
                  skuCode: facts?.code ?? null,
                  storageLocation: facts?.storageLocation ?? null,
                  quantity: l.quantity,
                  shippedQuantity: l.shippedQuantity,
                  batches: batchesOf(l),
                };
              }),
            },
          ];
        }),
      );
      return {
        shopName: me.shop?.name ?? "",
        timeZone: me.timeZone,
        phonesMasked: !full,
        orders: ids.flatMap((id) => {
          const o = byId.get(id);
          return o ? [o] : [];
        }),
      };
    },

    async exportOrderLines(input: In<"exportOrderLines">, ctx: Ctx): Promise<FileResult> {
      const { boId, timeZone } = ctx.me();
      const where = sellerWhere(boId, input, TAB_STATUSES[input.tab] ?? null);
      const zh = ctx.lang === "zh";
      const columns = lineExportColumns({ lang: ctx.lang, fullPhones: seesFullPhones(ctx) });
      const stream = xlsxStream(
        zh ? "订单明细" : "Order lines",
        sheetColumns(columns, { lang: ctx.lang, timeZone }),
        linePages(ctx.db, boId, where),
      );
      return { fileName: `${zh ? "订单明细" : "order-lines"}-${todayIn(timeZone)}.xlsx`, stream };
    },
  };
}
