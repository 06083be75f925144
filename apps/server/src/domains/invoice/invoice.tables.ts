import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * Invoices (docs/domains/invoice.md). Money in cents, times timestamptz (UTC).
 */

/** The title as it was when an invoice was requested. */
export interface TitleSnapshot {
  kind: "personal" | "company";
  name: string;
  taxNo: string;
  invoiceType: "ordinary" | "special";
  bankName: string;
  bankAccount: string;
  registeredAddress: string;
  registeredPhone: string;
  email: string;
}

/** A saved invoice title: a buyer account's (`member_id`) or an organisation's own (`bo_id`), never both. */
export const invoiceTitle = pgTable(
  "invoice_title",
  {
    id: idColumn(),
    boId: text("bo_id"),
    memberId: text("member_id"),
    /** personal | company */
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    taxNo: text("tax_no").notNull().default(""),
    /** ordinary | special */
    invoiceType: text("invoice_type").notNull().default("ordinary"),
    bankName: text("bank_name").notNull().default(""),
    bankAccount: text("bank_account").notNull().default(""),
    registeredAddress: text("registered_address").notNull().default(""),
    registeredPhone: text("registered_phone").notNull().default(""),
    email: text("email").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    check("invoice_title_owner_ck", sql`(${t.boId} is null) <> (${t.memberId} is null)`),
    check("invoice_title_kind_ck", sql`${t.kind} in ('personal', 'company')`),
    check("invoice_title_type_ck", sql`${t.invoiceType} in ('ordinary', 'special')`),
    check(
      "invoice_title_special_ck",
      sql`${t.invoiceType} = 'ordinary' or (${t.kind} = 'company' and ${t.taxNo} <> '' and ${t.bankName} <> '' and ${t.bankAccount} <> '' and ${t.registeredAddress} <> '' and ${t.registeredPhone} <> '')`,
    ),
    index("invoice_title_bo_idx").on(t.boId, t.createdAt).where(sql`${t.boId} is not null`),
    index("invoice_title_member_idx").on(t.memberId, t.createdAt).where(sql`${t.memberId} is not null`),
  ],
);

/**
 * An invoice request on a paid order: its title snapshotted, the order's paid amount, then issued (number, time, file)
 * or refused (reason). At most one request per order is requested or issued (a refused one may be asked again).
 */
export const invoiceRequest = pgTable(
  "invoice_request",
  {
    id: idColumn(),
    /** The seller: the order's organisation. */
    boId: text("bo_id").notNull(),
    shopId: text("shop_id").notNull(),
    // The foreign key to order_info stays in the migration SQL; the orders' tables are not imported here.
    orderId: text("order_id").notNull(),
    orderNo: text("order_no").notNull(),
    buyerMemberId: text("buyer_member_id").notNull(),
    /** buyer | organization (an organisation's own purchase, asked by its staff) */
    requestedBy: text("requested_by").notNull().default("buyer"),
    /** The organisation that asked for its own purchase (requested_by = organization). */
    requesterBoId: text("requester_bo_id"),
    titleId: text("title_id"),
    title: jsonb("title").$type<TitleSnapshot>().notNull(),
    /** ordinary | special (the title's, kept as a column for the list's filter). */
    invoiceType: text("invoice_type").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** requested | issued | refused */
    state: text("state").notNull().default("requested"),
    invoiceNo: text("invoice_no"),
    issuedAt: instantColumn("issued_at"),
    fileId: text("file_id"),
    refuseReason: text("refuse_reason"),
    decidedAt: instantColumn("decided_at"),
    decidedBy: text("decided_by"),
    ...timestamps,
  },
  (t) => [
    check("invoice_request_state_ck", sql`${t.state} in ('requested', 'issued', 'refused')`),
    check("invoice_request_amount_ck", sql`${t.amount} >= 0`),
    check(
      "invoice_request_outcome_ck",
      sql`(${t.state} <> 'issued' or (${t.invoiceNo} is not null and ${t.issuedAt} is not null and ${t.fileId} is not null))
        and (${t.state} <> 'refused' or ${t.refuseReason} is not null)`,
    ),
    // One open (requested) or issued request per order.
    uniqueIndex("invoice_request_order_open_uq").on(t.orderId).where(sql`${t.state} in ('requested', 'issued')`),
    // An invoice number is used once per seller.
    uniqueIndex("invoice_request_bo_no_uq").on(t.boId, t.invoiceNo).where(sql`${t.invoiceNo} is not null`),
    // The seller's list: every request and each state, newest first by keyset (ascending: read backwards).
    index("invoice_request_bo_created_idx").on(t.boId, t.createdAt, t.id),
    index("invoice_request_bo_state_created_idx").on(t.boId, t.state, t.createdAt, t.id),
    index("invoice_request_bo_order_no_idx").on(t.boId, t.orderNo),
    index("invoice_request_order_idx").on(t.orderId, t.createdAt),
    index("invoice_request_buyer_created_idx").on(t.buyerMemberId, t.createdAt, t.id),
  ],
);
