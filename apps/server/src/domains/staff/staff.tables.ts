import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/**
 * Professions (industries) a member works in. `bo_id` null: the platform's standard list (reference
 * data); otherwise an organisation's own addition. Names are unique per organisation, case-insensitively.
 */
export const profession = pgTable(
  "profession",
  {
    id: idColumn(),
    boId: text("bo_id"),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("profession_bo_name_uq").on(sql`coalesce(${t.boId}, '')`, sql`lower(${t.name})`)],
);

/** A base of an organisation: a farm, a site or a warehouse. */
export const base = pgTable(
  "base",
  {
    id: idColumn(),
    boId: boIdColumn(),
    name: text("name").notNull(),
    /** farm | site | warehouse */
    kind: text("kind").notNull(),
    areaCode: text("area_code").notNull(),
    address: text("address").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("base_bo_name_uq").on(t.boId, sql`lower(${t.name})`)],
);

/** What the staff screens add to an employee: an optional profession. */
export const staffProfile = pgTable("staff_profile", {
  employeeId: text("employee_id").primaryKey(),
  boId: boIdColumn(),
  professionId: text("profession_id"),
  ...timestamps,
});

/** The bases a staff member is assigned to (the owner is authorised for all). */
export const employeeBase = pgTable(
  "employee_base",
  {
    employeeId: text("employee_id").notNull(),
    baseId: text("base_id").notNull(),
    boId: boIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.baseId] }), index("employee_base_base_idx").on(t.baseId)],
);

/**
 * An invitation to join an organisation as staff: the account's holder accepts or declines it after
 * logging in. Roles, profession and bases are what the inviter chose (checked against the inviter's
 * own functions and bases when sent); on acceptance the employee row is created with them.
 */
export const staffInvitation = pgTable(
  "staff_invitation",
  {
    id: idColumn(),
    boId: boIdColumn(),
    memberId: text("member_id").notNull(),
    invitedBy: text("invited_by").notNull(),
    roleIds: text("role_ids").array().notNull().default(sql`'{}'::text[]`),
    professionId: text("profession_id"),
    baseIds: text("base_ids").array().notNull().default(sql`'{}'::text[]`),
    /** pending | accepted | declined | cancelled */
    state: text("state").notNull().default("pending"),
    decidedAt: instantColumn("decided_at"),
    ...timestamps,
  },
  (t) => [
    index("staff_invitation_bo_idx").on(t.boId, t.createdAt),
    index("staff_invitation_member_idx").on(t.memberId, t.state),
    uniqueIndex("staff_invitation_pending_uq").on(t.boId, t.memberId).where(sql`${t.state} = 'pending'`),
  ],
);
