import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/*
 * The finance account (docs/domains/finance.md): the organisation's settlement bank cards and the bill numbers of
 * its signings; `settlement_bank_request` is the local settlement bank's own record of what it was asked.
 * Balances and cash flows are not stored: they are computed from the orders and refunds.
 */

/** A bank card signed for settlement. At most one `active` per organisation (the partial unique index). */
export const financeBankCard = pgTable(
  "finance_bank_card",
  {
    id: idColumn(),
    boId: boIdColumn(),
    holderName: text("holder_name").notNull(),
    bankName: text("bank_name").notNull(),
    /** The whole number (the bank needs it); answered masked. */
    cardNo: text("card_no").notNull(),
    /** active | replaced | removed */
    state: text("state").notNull().default("active"),
    /** The bank's agreement number. */
    signNo: text("sign_no").notNull(),
    billNo: text("bill_no").notNull(),
    signedAt: instantColumn("signed_at").notNull(),
    endedAt: instantColumn("ended_at"),
    ...timestamps,
  },
  (t) => [
    check("finance_bank_card_state_ck", sql`${t.state} in ('active', 'replaced', 'removed')`),
    check("finance_bank_card_ended_ck", sql`(${t.state} = 'active') = (${t.endedAt} is null)`),
    uniqueIndex("finance_bank_card_active_uq").on(t.boId).where(sql`${t.state} = 'active'`),
    index("finance_bank_card_bo_idx").on(t.boId, t.signedAt),
  ],
);

/** A bill number issued for one signing: used once, within BILL_TTL_MINUTES, or withdrawn. */
export const financeBill = pgTable(
  "finance_bill",
  {
    id: idColumn(),
    boId: boIdColumn(),
    billNo: text("bill_no").notNull(),
    /** issued | used | withdrawn */
    state: text("state").notNull().default("issued"),
    expiresAt: instantColumn("expires_at").notNull(),
    usedAt: instantColumn("used_at"),
    ...timestamps,
  },
  (t) => [
    check("finance_bill_state_ck", sql`${t.state} in ('issued', 'used', 'withdrawn')`),
    uniqueIndex("finance_bill_no_uq").on(t.billNo),
    index("finance_bill_bo_idx").on(t.boId, t.createdAt),
  ],
);

/** What the local settlement bank was asked (settlement-bank.ts): its side of every signing. */
export const settlementBankRequest = pgTable(
  "settlement_bank_request",
  {
    id: idColumn(),
    boId: boIdColumn(),
    /** sign | update | remove */
    action: text("action").notNull(),
    billNo: text("bill_no"),
    signNo: text("sign_no").notNull(),
    cardLast4: text("card_last4").notNull(),
    ...timestamps,
  },
  (t) => [
    check("settlement_bank_request_action_ck", sql`${t.action} in ('sign', 'update', 'remove')`),
    index("settlement_bank_request_bo_idx").on(t.boId, t.createdAt),
  ],
);
