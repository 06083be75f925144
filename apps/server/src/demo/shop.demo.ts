import { eq } from "drizzle-orm";
import { orgEnterprise } from "../domains/organization/organization.tables";
import { shop, shopSetting } from "../domains/shop/shop.tables";
import type { Executor } from "../platform/db/client";

interface DemoSeller {
  boId: string;
  shopId: string | null;
  memberId: string;
}

const OPENED_AT = new Date("2026-03-01T02:00:00Z");

/** Both demo sellers: a complete shop profile, settings and verified enterprise information. */
export async function seedShopDemo(db: Executor, sellers: { green: DemoSeller; harbor: DemoSeller }): Promise<void> {
  const { green, harbor } = sellers;
  if (!green.shopId || !harbor.shopId) throw new Error("the demo sellers need their shops");
  const profiles = [
    {
      boId: green.boId,
      intro: "Vegetables and fruit picked the morning they are delivered, from our own farms around Hangzhou.",
      contactName: "Lin Qing",
      contactPhone: "13800000001",
      servicePhone: "0571-8888-1001",
      areaCode: "330106",
      address: "88 Wensan Road, Xihu District",
      mainCategoryId: "C02",
    },
    {
      boId: harbor.boId,
      intro: "Fish and shellfish from the Xiamen harbour, shipped chilled the same day.",
      contactName: "Chen Hai",
      contactPhone: "13800000002",
      servicePhone: "0592-6666-2002",
      areaCode: "350203",
      address: "12 Haigang Avenue, Siming District",
      mainCategoryId: "C04",
    },
  ];
  await db.transaction(async (tx) => {
    for (const { boId, ...profile } of profiles) {
      await tx
        .update(shop)
        .set({ ...profile, openedAt: OPENED_AT })
        .where(eq(shop.boId, boId));
    }
    await tx.insert(shopSetting).values([
      {
        shopId: green.shopId as string,
        boId: green.boId,
        businessHours: {
          mode: "weekly",
          days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: weekday > 5 ? "09:00" : "07:30", close: "20:00" })),
        },
        acceptingOrders: true,
        notice: "Orders placed before 16:00 are delivered the next morning.",
        autoConfirmDays: 7,
        autoCloseMinutes: 30,
        invoice: "ordinary",
        selfPickup: true,
      },
      {
        shopId: harbor.shopId as string,
        boId: harbor.boId,
        businessHours: { mode: "allDay" },
        acceptingOrders: true,
        notice: "Live seafood ships Monday to Saturday; chilled goods every day.",
        autoConfirmDays: 5,
        autoCloseMinutes: 15,
        invoice: "vat",
        selfPickup: false,
      },
    ]);
    await tx.insert(orgEnterprise).values([
      {
        boId: green.boId,
        shortName: "Green Valley",
        creditCode: "91330100MA2GREEN0Y",
        legalPersonName: "Lin Qing",
        legalPersonIdNo: "330106198001011235",
        areaCode: "330106",
        address: "88 Wensan Road, Xihu District, Hangzhou",
        industry: "Fresh produce retail",
        contactName: "Lin Qing",
        contactPhone: "13800000001",
        contactEmail: "contact@greenvalley.example.com",
        intro: "A family farm cooperative selling its own vegetables and fruit since 2012.",
        verificationStatus: "verified",
        verifiedAt: OPENED_AT,
      },
      {
        boId: harbor.boId,
        shortName: "Harbor Seafood",
        creditCode: "91350200MA31HARB04",
        legalPersonName: "Chen Hai",
        legalPersonIdNo: "350203198205152347",
        areaCode: "350203",
        address: "12 Haigang Avenue, Siming District, Xiamen",
        industry: "Seafood wholesale and retail",
        contactName: "Chen Hai",
        contactPhone: "13800000002",
        contactEmail: "sales@harborseafood.example.com",
        intro: "Seafood traders at the Xiamen harbour, supplying restaurants and households.",
        verificationStatus: "verified",
        verifiedAt: OPENED_AT,
      },
    ]);
  });
}
