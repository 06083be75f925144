import { index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, instantColumn } from "../db/columns";

/*
 * The platform's own tables for logging in: sessions (seller and buyer), SMS codes and their outbox, failed logins,
 * call rates, unconfirmed phones. The accounts they point at (`member`) are the identity domain's
 * (domains/identity/identity.tables.ts); the platform reads them only through the `IdentitySource` it is handed.
 */

/** A login. Only the SHA-256 of the ticket is stored; the ticket itself lives in the browser's cookie. */
export const userSession = pgTable(
  "user_session",
  {
    id: idColumn(),
    tokenHash: text("token_hash").notNull(),
    memberId: text("member_id").notNull(),
    boId: text("bo_id").notNull(),
    employeeId: text("employee_id").notNull(),
    manufacturerId: text("manufacturer_id"),
    createdAt: instantColumn("created_at").notNull().defaultNow(),
    lastSeenAt: instantColumn("last_seen_at").notNull().defaultNow(),
    expiresAt: instantColumn("expires_at").notNull(),
    revokedAt: instantColumn("revoked_at"),
    /** logout | ended (disabled, deleted, password reset elsewhere) */
    revokeReason: text("revoke_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("user_session_token_uq").on(t.tokenHash), index("user_session_member_idx").on(t.memberId)],
);

/** Codes sent by SMS: kept hashed, 5 minutes, 5 attempts. */
export const smsCode = pgTable(
  "sms_code",
  {
    id: idColumn(),
    phone: text("phone").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: instantColumn("created_at").notNull().defaultNow(),
    expiresAt: instantColumn("expires_at").notNull(),
    consumedAt: instantColumn("consumed_at"),
  },
  (t) => [index("sms_code_phone_idx").on(t.phone, t.purpose, t.createdAt)],
);

/** What the log SMS provider "sent": the message text as a phone would show it. */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: idColumn(),
    phone: text("phone").notNull(),
    body: text("body").notNull(),
    provider: text("provider").notNull(),
    createdAt: instantColumn("created_at").notNull().defaultNow(),
  },
  (t) => [index("sms_outbox_phone_idx").on(t.phone, t.createdAt)],
);

/**
 * Failed logins per normalised login name (trimmed, lower-case), whether or not an account has that name,
 * so that an unknown name counts and locks exactly like an existing one.
 */
export const loginAttempt = pgTable("login_attempt", {
  loginKey: text("login_key").primaryKey(),
  failed: integer("failed").notNull().default(0),
  lockedUntil: instantColumn("locked_until"),
  updatedAt: instantColumn("updated_at").notNull().defaultNow(),
});

/** Login, SMS and password-reset calls per client IP per minute, shared by every server process. */
export const rateCounter = pgTable(
  "rate_counter",
  {
    ip: text("ip").notNull(),
    windowStart: instantColumn("window_start").notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ip, t.windowStart] }), index("rate_counter_window_idx").on(t.windowStart)],
);

/**
 * A buyer's login to the buyer API (`/api/buyer/…`): like `user_session` but without an organisation. Only the
 * SHA-256 of the ticket is stored; the ticket lives in the `buyer_ticket` cookie.
 */
export const buyerSession = pgTable(
  "buyer_session",
  {
    id: idColumn(),
    tokenHash: text("token_hash").notNull(),
    memberId: text("member_id").notNull(),
    createdAt: instantColumn("created_at").notNull().defaultNow(),
    expiresAt: instantColumn("expires_at").notNull(),
    revokedAt: instantColumn("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [uniqueIndex("buyer_session_token_uq").on(t.tokenHash), index("buyer_session_member_idx").on(t.memberId)],
);
