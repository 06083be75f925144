import { eq } from "drizzle-orm";
import { openShopRow } from "../domains/shop/shop-port";
import { employee, employeeRole, manufacturer, role, roleFunction } from "../platform/access/access.tables";
import { createSellerAccount } from "../platform/access/seller-account";
import { member } from "../platform/auth/auth.tables";
import { hashPassword } from "../platform/auth/passwords";
import type { Executor } from "../platform/db/client";
import { seedAdvertDemo } from "./advert.demo";
import { seedAfterSaleDemo } from "./aftersale.demo";
import { seedCatalogueShopDemo } from "./catalogue-shop.demo";
import { seedContentDemo } from "./content.demo";
import { seedCouponDemo } from "./coupon.demo";
import { seedEvaluationDemo } from "./evaluation.demo";
import { seedFinanceDemo } from "./finance.demo";
import { seedFreightDemo } from "./freight.demo";
import { seedGoodsDemo } from "./goods.demo";
import { seedInvoiceDemo } from "./invoice.demo";
import { seedMediaDemo } from "./media.demo";
import { seedMemberDemo } from "./member.demo";
import { seedOrdersDemo } from "./orders.demo";
import { seedPromotionDemo } from "./promotion.demo";
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

/** The demo sellers, written once on an empty database. Later domains extend this set. */
export async function seedDemoData(db: Executor): Promise<boolean> {
  const [exists] = await db.select({ id: member.id }).from(member).where(eq(member.loginName, "demo")).limit(1);
  if (exists) return false;

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
  await seedMemberDemo(db, { green, harbor });
  await seedStaffDemo(db, { green, harbor });
  await seedShopDemo(db, { green, harbor });
  await seedSupplierDemo(db, { green, harbor });
  await seedGoodsDemo(db, { green, harbor });
  await seedFreightDemo(db, { green, harbor });
  await seedCatalogueShopDemo(db, { green, harbor });
  // Adverts link to the goods above; custom content pages.
  await seedAdvertDemo(db, [green, harbor]);
  await seedContentDemo(db, [green, harbor]);
  // Coupon rules before the orders: some orders use a coupon the buyer receives.
  await seedCouponDemo(db, [green, harbor]);
  // Orders last: they buy the goods above, through the orders domain's own services.
  await seedOrdersDemo(db, [green, harbor]);
  // Invoice requests over the paid orders above.
  await seedInvoiceDemo(db, [green, harbor]);
  // Evaluations of those orders: 600 per seller, part replied, with the shop's score aggregates.
  await seedEvaluationDemo(db, [green, harbor]);
  // After-sales on those orders, in every type and state (set-based).
  await seedAfterSaleDemo(db, [green, harbor]);
  // Green Valley's settlement account is open (a card signed, then changed); Harbor Seafood's is not.
  await seedFinanceDemo(db, green);
  // Promotions after the orders (the demo orders were priced without them): running, ended and coming.
  await seedPromotionDemo(db, [green, harbor]);
  // The video library: approved, rejected (by the check of their bytes) and pending.
  await seedMediaDemo(db, [green, harbor]);
  return true;
}
