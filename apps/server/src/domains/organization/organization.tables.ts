import { pgTable, text } from "drizzle-orm/pg-core";
import { instantColumn, timestamps } from "../../platform/db/columns";

/** An organisation's enterprise information (one row per organisation; its name lives on `organization`). */
export const orgEnterprise = pgTable("org_enterprise", {
  boId: text("bo_id").primaryKey(),
  shortName: text("short_name").notNull().default(""),
  creditCode: text("credit_code").notNull().default(""),
  legalPersonName: text("legal_person_name").notNull().default(""),
  legalPersonIdNo: text("legal_person_id_no").notNull().default(""),
  licenceFileId: text("licence_file_id"),
  idFrontFileId: text("id_front_file_id"),
  idBackFileId: text("id_back_file_id"),
  areaCode: text("area_code"),
  address: text("address").notNull().default(""),
  industry: text("industry").notNull().default(""),
  contactName: text("contact_name").notNull().default(""),
  contactPhone: text("contact_phone").notNull().default(""),
  contactEmail: text("contact_email").notNull().default(""),
  intro: text("intro").notNull().default(""),
  /** unverified | verified (the automatic checks passed on a complete set) */
  verificationStatus: text("verification_status").notNull().default("unverified"),
  verifiedAt: instantColumn("verified_at"),
  ...timestamps,
});
