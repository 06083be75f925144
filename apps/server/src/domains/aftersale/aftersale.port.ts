import { type SQL, sql } from "drizzle-orm";
import { afterSaleApply, orderRefund } from "./aftersale.tables";

/*
 * The after-sales domain's declared module for others (docs/architecture.md, "Inside a domain"): the refunds made and
 * the applications, as views finance and the statements' rollups join without naming after-sales' tables.
 */

/** Refunds made to buyers (order_refund_bo_created_idx serves them by organisation and time), to join as a table. */
export const orderRefundView: SQL = sql`(select id, order_id, bo_id, after_sale_id, amount, provider, provider_ref, created_at
  from ${orderRefund})`;

/** After-sale applications (id, after_sale_no, order_id, bo_id), to join as a table. */
export const afterSaleView: SQL = sql`(select id, after_sale_no, order_id, bo_id from ${afterSaleApply})`;

/** Every organisation with refunds, for a union. */
export const organisationsWithRefunds: SQL = sql`select bo_id from ${orderRefund}`;
