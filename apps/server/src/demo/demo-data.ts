import { eq, sql } from "drizzle-orm";
import { createSellerAccount } from "../domains/identity/identity.port";
import { employee, employeeRole, manufacturer, member, role, roleFunction } from "../domains/identity/identity.tables";
import { openShopRow } from "../domains/shop/shop.port";
import { hashPassword } from "../platform/auth/passwords";
import type { Executor } from "../platform/db/client";
import { seedAdvertDemo } from "./advert.demo";
import { seedAfterSaleDemo } from "./aftersale.demo";
import { seedCatalogueShopDemo } from "./catalogue-shop.demo";
import { seedContentDemo } from "./content.demo";
import { seedCouponDemo } from "./coupon.demo";
import { DEMO_EVALUATIONS_PER_SELLER, seedEvaluationDemo } from "./evaluation.demo";
import { seedFinanceDemo } from "./finance.demo";
import { seedFreightDemo } from "./freight.demo";
import { seedGoodsDemo } from "./goods.demo";
import { seedInvoiceDemo } from "./invoice.demo";
import { seedMediaDemo } from "./media.demo";
import { DEMO_MEMBERS_PER_SELLER, seedMemberDemo } from "./member.demo";
import { DEMO_ORDERS_PER_SELLER, seedOrdersDemo } from "./orders.demo";
import { seedPromotionDemo } from "./promotion.demo";
import { seedPurchasesDemo } from "./purchases.demo";
import { seedShopDemo } from "./shop.demo";
import { seedStaffDemo } from "./staff.demo";
import { seedSupplierDemo } from "./supplier.demo";

export const DEMO_PASSWORD = "Demo@2026!";

export const demoLogins = [
  { loginName: "demo", password: DEMO_PASSWORD, who: "owner of Green Valley Fresh" },
  { loginName: "demo2", password: DEMO_PASSWORD, who: "owner of Harbor Seafood" },
  { loginName: "demo-clerk", password: DEMO_PASSWORD, who: "order clerk at Green Valley Fresh (may only see and ship orders)" },
  {
    loginName: "demo-manager",
    password: DEMO_PASSWORD,
    who: "store manager at Green Valley Fresh (shop, suppliers, goods; sees the staff list)",
  },
];

/** The clerk's role: see and ship orders, nothing else. */
export const ORDER_CLERK_FUNCTIONS = ["order.manage", "order.manage.ship"];

/**
 * How far the seed has got, told as it goes (the server prints it at first start: docs/operations.md): the part being
 * written and, for a part with a count, its rows so far and in all (equal when the part is done). Each part is told
 * once when it starts (`done: 0` where counted) and once when it is done; the orders also every few placed.
 */
export interface SeedProgress {
  step: SeedStep;
  rows?: { done: number; total: number };
  /** The part is written. */
  finished: boolean;
}
export type SeedStep = (typeof SEED_STEPS)[number];
/** The parts in the order they are written. */
export const SEED_STEPS = [
  "sellers",
  "members",
  "staff",
  "shops",
  "suppliers",
  "goods",
  "freight",
  "shop categories",
  "adverts",
  "content",
  "coupons",
  "orders",
  "invoices",
  "evaluations",
  "after-sales",
  "purchases",
  "finance",
  "promotions",
  "videos",
] as const;

/** The table whose rows of the demo sellers a part counts when it is done (the others are told without a count). */
const COUNTED: Partial<Record<SeedStep, string>> = {
  members: "shop_member",
  suppliers: "shop_supplier",
  goods: "goods",
  freight: "freight_template",
  adverts: "shop_advert",
  content: "shop_content",
  coupons: "coupon_rule",
  orders: "order_info",
  invoices: "invoice_request",
  evaluations: "order_evaluation",
  "after-sales": "after_sale_apply",
  promotions: "promotion",
  videos: "media_video",
};

/** The demo sellers, written once on an empty database; `onProgress` is told how far it has got. */
export async function seedDemoData(db: Executor, opts: { onProgress?: (progress: SeedProgress) => void } = {}): Promise<boolean> {
  const [exists] = await db.select({ id: member.id }).from(member).where(eq(member.loginName, "demo")).limit(1);
  if (exists) return false;
  const tell = opts.onProgress ?? (() => {});
  let boIds: string[] = [];
  const step = async <T>(name: SeedStep, write: () => Promise<T>, expected?: number): Promise<T> => {
    tell({ step: name, finished: false, ...(expected ? { rows: { done: 0, total: expected } } : {}) });
    const out = await write();
    const table = COUNTED[name];
    if (!table) {
      tell({ step: name, finished: true });
      return out;
    }
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where bo_id in (${sql.join(
        boIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const n = Number(rows[0]?.n ?? 0);
    tell({ step: name, finished: true, rows: { done: n, total: n } });
    return out;
  };

  const sellers = await step("sellers", () => seedSellers(db));
  const { green, harbor } = sellers;
  boIds = [green.boId, harbor.boId];
  const both = [green, harbor];
  await step("members", () => seedMemberDemo(db, sellers), DEMO_MEMBERS_PER_SELLER * both.length);
  await step("staff", () => seedStaffDemo(db, sellers));
  await step("shops", () => seedShopDemo(db, sellers));
  await step("suppliers", () => seedSupplierDemo(db, sellers));
  await step("goods", () => seedGoodsDemo(db, sellers));
  await step("freight", () => seedFreightDemo(db, sellers));
  await step("shop categories", () => seedCatalogueShopDemo(db, sellers));
  // Adverts link to the goods above; custom content pages.
  await step("adverts", () => seedAdvertDemo(db, both));
  await step("content", () => seedContentDemo(db, both));
  // Coupon rules before the orders: some orders use a coupon the buyer receives.
  await step("coupons", () => seedCouponDemo(db, both));
  // Orders last: they buy the goods above, through the orders domain's own services (and copies of those).
  const orders = DEMO_ORDERS_PER_SELLER * both.length;
  await step(
    "orders",
    () => seedOrdersDemo(db, both, (done) => tell({ step: "orders", finished: false, rows: { done, total: orders } })),
    orders,
  );
  // Invoice requests over the paid orders above.
  await step("invoices", () => seedInvoiceDemo(db, both));
  // Evaluations of those orders: 600 per seller, part replied, with the shop's score aggregates.
  await step("evaluations", () => seedEvaluationDemo(db, both), DEMO_EVALUATIONS_PER_SELLER * both.length);
  // After-sales on those orders, in every type and state (set-based).
  await step("after-sales", () => seedAfterSaleDemo(db, both));
  // Green Valley's own purchases at Harbor Seafood (placed for the organisation), and its manager's personal one.
  await step("purchases", () => seedPurchasesDemo(db, green, harbor));
  // Green Valley's settlement account is open (a card signed, then changed); Harbor Seafood's is not.
  await step("finance", () => seedFinanceDemo(db, green));
  // Promotions after the orders (the demo orders were priced without them): running, ended and coming.
  await step("promotions", () => seedPromotionDemo(db, both));
  // The video library: approved, rejected (by the check of their bytes) and pending.
  await step("videos", () => seedMediaDemo(db, both));
  return true;
}

/** The two demo organisations with their owners and shops, the clerk, and demo2 as staff at Green Valley. */
async function seedSellers(db: Executor) {
  const green = await createSellerAccount(
    db,
    {
      loginName: "demo",
      password: DEMO_PASSWORD,
      name: "Lin Qing",
      phone: "13800000001",
      orgName: "Green Valley Fresh Co., Ltd.",
      shop: { name: "Green Valley Fresh", brand: "Green Valley Fresh" },
    },
    openShopRow,
  );
  const harbor = await createSellerAccount(
    db,
    {
      loginName: "demo2",
      password: DEMO_PASSWORD,
      name: "Chen Hai",
      phone: "13800000002",
      orgName: "Harbor Seafood Trading Co., Ltd.",
      shop: { name: "Harbor Seafood", brand: "Harbor Seafood" },
    },
    openShopRow,
  );

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [clerk] = await tx
      .insert(member)
      .values({ loginName: "demo-clerk", name: "Zhou Min", phone: "13800000003", passwordHash })
      .returning();
    const [clerkRole] = await tx
      .insert(role)
      .values({ boId: green.boId, name: "Order clerk", description: "Sees orders and ships them" })
      .returning();
    if (!clerk || !clerkRole) throw new Error("insert returned nothing");
    await tx.insert(roleFunction).values(ORDER_CLERK_FUNCTIONS.map((funcCode) => ({ roleId: clerkRole.id, funcCode })));
    const [emp] = await tx.insert(employee).values({ boId: green.boId, memberId: clerk.id }).returning();
    if (!emp) throw new Error("insert returned nothing");
    await tx.insert(employeeRole).values({ employeeId: emp.id, roleId: clerkRole.id });
    // The owner of Harbor Seafood also helps out at Green Valley: two identities to switch between.
    await tx.insert(employee).values({ boId: green.boId, memberId: harbor.memberId });
    await tx.insert(manufacturer).values([
      { boId: green.boId, name: "Green Valley Farms", code: "GVF" },
      { boId: green.boId, name: "Sunny Orchard Cooperative", code: "SOC" },
      { boId: harbor.boId, name: "Harbor Fishing Fleet", code: "HFF" },
    ]);
  });
  return { green, harbor };
}
