import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../platform/db/client";
import { rowsOf } from "../../../platform/db/rows";
import { memberView } from "../../identity/identity.port";
import { expressNamesSql } from "../../reference/reference.port";
import type { AddressSnapshot } from "../orders.tables";
import { orderInfo, orderLine, orderShipment } from "../orders.tables";

/* The warehouse's queries: what to print for a set of orders, and the line export's pages. */

export interface WarehouseLine {
  id: string;
  goodsId: string;
  skuId: string;
  goodsName: string;
  specValues: string[];
  quantity: number;
  shippedQuantity: number;
  unitPrice: number;
  amount: number;
  revisedAmount: number | null;
  batches: { batchId: string; quantity: number }[];
}

export interface WarehouseShipment {
  expressCode: string;
  expressName: string | null;
  expressNameEn: string | null;
  trackingNo: string;
  lines: { lineId: string; quantity: number }[];
}

/** An order with everything the warehouse reads: its buyer, address snapshot, remarks, lines and parcels. */
export interface WarehouseOrderRow {
  id: string;
  created_key: string;
  order_no: string;
  status: string;
  created_at: Date;
  paid_at: Date | null;
  address: AddressSnapshot;
  buyer_remark: string;
  seller_remark: string;
  buyer_name: string | null;
  buyer_phone: string | null;
  lines: WarehouseLine[] | null;
  shipments: WarehouseShipment[] | null;
}

/**
 * The orders matching `where` (keyset included), sorted by `orderBy`, at most `limit`, each with its lines (in their
 * order) and parcels as JSON: one statement.
 */
export async function warehouseOrders(db: Executor, where: SQL, orderBy: SQL[], limit: number): Promise<WarehouseOrderRow[]> {
  return rowsOf<WarehouseOrderRow>(
    db,
    sql`select ${orderInfo.id} as id, ${orderInfo.createdAt}::text as created_key, ${orderInfo.orderNo} as order_no,
               ${orderInfo.status} as status, ${orderInfo.createdAt} as created_at, ${orderInfo.paidAt} as paid_at,
               ${orderInfo.address} as address, ${orderInfo.buyerRemark} as buyer_remark, ${orderInfo.sellerRemark} as seller_remark,
               m.name as buyer_name, m.phone as buyer_phone,
               (select json_agg(json_build_object('id', ol.id, 'goodsId', ol.goods_id, 'skuId', ol.sku_id, 'goodsName', ol.goods_name,
                                                  'specValues', ol.spec_values, 'quantity', ol.quantity,
                                                  'shippedQuantity', ol.shipped_quantity, 'unitPrice', ol.unit_price,
                                                  'amount', ol.amount, 'revisedAmount', ol.revised_amount, 'batches', ol.batches)
                                order by ol.sort, ol.id)
                  from ${orderLine} ol where ol.order_id = ${orderInfo.id}) as lines,
               (select json_agg(json_build_object('expressCode', s.express_code, 'expressName', d.name, 'expressNameEn', d.name_en,
                                                  'trackingNo', s.tracking_no, 'lines', s.lines)
                                order by s.shipped_at, s.id)
                  from ${orderShipment} s left join lateral ${expressNamesSql(sql`s.express_code`)} d on true
                  where s.order_id = ${orderInfo.id}) as shipments
        from ${orderInfo}
        left join ${memberView} m on m.id = ${orderInfo.buyerMemberId}
        where ${where}
        order by ${sql.join(orderBy, sql`, `)} limit ${limit}`,
  );
}

/** The organisation's orders among `ids` (not deleted by the seller); others' ids find nothing. */
export const ownOrdersWhere = (boId: string, ids: string[]) =>
  sql`${orderInfo.boId} = ${boId} and ${orderInfo.sellerDeletedAt} is null and ${orderInfo.id} in ${ids}`;
