import { sql } from "drizzle-orm";
import { boolean, date, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/**
 * A shop's suppliers, two kinds on one table:
 * - purchase: a supplier the shop buys from (name unique per shop among purchase suppliers);
 * - authorised: a platform organisation (`supplier_bo_id`) authorised to supply the shop (once per shop).
 */
export const shopSupplier = pgTable(
  "shop_supplier",
  {
    id: idColumn(),
    boId: boIdColumn(),
    shopId: text("shop_id").notNull(),
    /** purchase | authorised */
    kind: text("kind").notNull(),
    /** A purchase supplier's own name; an authorised one's organisation name when it was authorised. */
    name: text("name").notNull(),
    contactName: text("contact_name").notNull().default(""),
    phone: text("phone"),
    address: text("address").notNull().default(""),
    categoryIds: text("category_ids").array().notNull().default(sql`'{}'::text[]`),
    /** Purchase suppliers: cash | weekly | monthly. */
    settlement: text("settlement"),
    /** enabled | disabled */
    status: text("status").notNull().default("enabled"),
    remark: text("remark").notNull().default(""),
    /** The platform organisation: required for authorised suppliers, optional for purchase ones. */
    supplierBoId: text("supplier_bo_id"),
    /**
     * Authorised suppliers: pending | accepted | declined, answered by the named organisation on its own
     * supplier screen; nothing of that organisation is readable until it accepts. Null for purchase suppliers.
     */
    consent: text("consent"),
    /** When the named organisation answered, and who answered (a member id). */
    consentAt: instantColumn("consent_at"),
    consentBy: text("consent_by"),
    /** Authorised suppliers: the authorisation's validity (inclusive dates; no end when null). */
    validFrom: date("valid_from", { mode: "string" }),
    validTo: date("valid_to", { mode: "string" }),
    ...timestamps,
  },
  (t) => [
    index("shop_supplier_bo_kind_idx").on(t.boId, t.kind, t.createdAt),
    uniqueIndex("shop_supplier_purchase_name_uq").on(t.boId, sql`lower(${t.name})`).where(sql`${t.kind} = 'purchase'`),
    uniqueIndex("shop_supplier_authorised_uq").on(t.boId, t.supplierBoId).where(sql`${t.kind} = 'authorised'`),
    index("shop_supplier_supplier_bo_idx").on(t.supplierBoId),
  ],
);

/** Staff of an authorised supplier's organisation who may act for the shop, with their role in the relation. */
export const shopSupplierMember = pgTable(
  "shop_supplier_member",
  {
    id: idColumn(),
    boId: boIdColumn(),
    supplierId: text("supplier_id").notNull(),
    memberId: text("member_id").notNull(),
    /** sales | finance | logistics | other */
    role: text("role").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("shop_supplier_member_uq").on(t.supplierId, t.memberId), index("shop_supplier_member_member_idx").on(t.memberId)],
);
