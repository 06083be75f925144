import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { boIdColumn, idColumn, instantColumn, timestamps } from "../../platform/db/columns";

/** The organisation's shop (one per organisation) and its profile. */
export const shop = pgTable(
  "shop",
  {
    id: idColumn(),
    boId: boIdColumn(),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    /** opening (the open-shop flow is under way) | open | closed */
    status: text("status").notNull().default("open"),
    logoFileId: text("logo_file_id"),
    intro: text("intro").notNull().default(""),
    contactName: text("contact_name").notNull().default(""),
    contactPhone: text("contact_phone").notNull().default(""),
    servicePhone: text("service_phone").notNull().default(""),
    areaCode: text("area_code"),
    address: text("address").notNull().default(""),
    mainCategoryId: text("main_category_id"),
    openedAt: instantColumn("opened_at"),
    closedAt: instantColumn("closed_at"),
    closedReason: text("closed_reason").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("shop_bo_uq").on(t.boId),
    // The shop directory (selShopByParam): open shops by name, keyset on (name, id).
    index("shop_directory_idx").on(t.name, t.id).where(sql`${t.status} = 'open'`),
  ],
);

/** Business hours: all day, or the open weekdays (1 = Monday) with their times. */
export type BusinessHours = { mode: "allDay" } | { mode: "weekly"; days: { weekday: number; open: string; close: string }[] };

/** A shop's settings; the contact phones and the logo live on the shop itself. */
export const shopSetting = pgTable("shop_setting", {
  shopId: text("shop_id").primaryKey(),
  boId: boIdColumn(),
  businessHours: jsonb("business_hours").$type<BusinessHours>().notNull(),
  acceptingOrders: boolean("accepting_orders").notNull(),
  notice: text("notice").notNull(),
  autoConfirmDays: integer("auto_confirm_days").notNull(),
  autoCloseMinutes: integer("auto_close_minutes").notNull(),
  /** none | ordinary | vat */
  invoice: text("invoice").notNull(),
  selfPickup: boolean("self_pickup").notNull(),
  /** The IANA zone the shop keeps its hours and reads its exports in. */
  timeZone: text("time_zone").notNull().default("Asia/Shanghai"),
  /** After-sale applications unanswered this many days are approved by the job (aftersale domain). */
  afterSaleAutoApproveDays: integer("after_sale_auto_approve_days").notNull().default(3),
  ...timestamps,
});
