import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/**
 * The identity tables: accounts (`member`), organisations, their employees, roles and the functions a role grants,
 * the organisation's manufacturers, and a phone set by someone other than its holder and not yet confirmed. The identity domain owns them and their rules: identity.repository.ts reads and
 * writes them; other domains go through identity.port.ts (its views, reads and writes), and the platform reads them
 * only through the `IdentitySource` the identity domain hands it when the app is built (the session's one statement,
 * the buyer's account, the grants of functions that left the tree). The function tree itself (`sys_function`) and the
 * session, SMS and login tables stay the platform's (platform/access/access.tables.ts, platform/auth/auth.tables.ts).
 */

/**
 * A person who can log in. One member may work for several organisations.
 * `phone` is the seller side's phone (SMS login, password reset), unique among accounts that are not a buyer
 * login's; `buyer_phone` is the phone whose SMS code opens the account on the buyer API, set once by the buyer
 * login and never by a seller-side call (docs/domains/platform.md "Buyer and staff logins by one phone").
 */
export const member = pgTable(
  "member",
  {
    id: idColumn(),
    loginName: text("login_name").notNull(),
    phone: text("phone"),
    buyerPhone: text("buyer_phone"),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    lastLoginAt: instantColumn("last_login_at"),
    passwordChangedAt: instantColumn("password_changed_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("member_login_name_uq").on(sql`lower(${t.loginName})`),
    uniqueIndex("member_phone_uq").on(t.phone).where(sql`buyer_phone is null`),
    uniqueIndex("member_buyer_phone_uq").on(t.buyerPhone),
  ],
);

/** A seller organisation: the tenant. Its id is the `boId` of everything it owns. */
export const organization = pgTable(
  "organization",
  {
    id: idColumn(),
    name: text("name").notNull(),
    ...timestamps,
  },
  // Name search by prefix (organisation pickers): byte order so `like 'x%'` and the sort both use it.
  (t) => [index("organization_name_search_idx").on(sql`lower(${t.name}) collate "C"`)],
);

/** A member's place in an organisation: its owner, or staff with roles. */
export const employee = pgTable(
  "employee",
  {
    id: idColumn(),
    boId: boIdColumn(),
    memberId: text("member_id").notNull(),
    isOwner: boolean("is_owner").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("employee_bo_member_uq").on(t.boId, t.memberId), index("employee_member_idx").on(t.memberId)],
);

export const role = pgTable(
  "role",
  {
    id: idColumn(),
    boId: boIdColumn(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("role_bo_name_uq").on(t.boId, t.name)],
);

export const roleFunction = pgTable(
  "role_function",
  {
    roleId: text("role_id").notNull(),
    funcCode: text("func_code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.funcCode] })],
);

export const employeeRole = pgTable(
  "employee_role",
  {
    employeeId: text("employee_id").notNull(),
    roleId: text("role_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.roleId] }), index("employee_role_role_idx").on(t.roleId)],
);

/** Producers an organisation sells for; the manufacturer switch picks one per session. */
export const manufacturer = pgTable(
  "manufacturer",
  {
    id: idColumn(),
    boId: boIdColumn(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("manufacturer_bo_code_uq").on(t.boId, t.code)],
);

/**
 * The confirmation state of a member's phone: a row means the phone was set by someone other than its
 * holder (a colleague, the owner, account creation) and has not been confirmed with a code sent to it.
 * Until it is, no SMS code goes to it (login, forgot password, change password). Confirming deletes the row.
 */
export const unconfirmedPhone = pgTable("unconfirmed_phone", {
  memberId: text("member_id").primaryKey(),
  phone: text("phone").notNull(),
  /** Who set it (a member id). */
  setBy: text("set_by").notNull(),
  /** The organisation it was set in (its audit log shows the change). */
  boId: boIdColumn(),
  ...timestamps,
});
