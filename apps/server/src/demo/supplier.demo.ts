import { and, eq, inArray } from "drizzle-orm";
import { sellerAddress } from "../domains/address/address.tables";
import { employee, member } from "../domains/identity/identity.tables";
import { shopSupplier, shopSupplierMember } from "../domains/supplier/supplier.tables";
import type { Executor } from "../platform/db/client";

interface Seller {
  boId: string;
  shopId: string | null;
  memberId: string;
}

type Sellers = { green: Seller; harbor: Seller };

const addresses = (s: Sellers) => [
  {
    boId: s.green.boId,
    type: "shipping",
    contactName: "Lin Qing",
    phone: "13800000001",
    provinceCode: "330000",
    cityCode: "330100",
    districtCode: "330110",
    detail: "5 Logistics Park Road, Yuhang District (Hangzhou Cold Store)",
    postcode: "311100",
  },
  {
    boId: s.green.boId,
    type: "return",
    contactName: "Zhou Min",
    phone: "0571-86001234",
    provinceCode: "330000",
    cityCode: "330100",
    districtCode: "330106",
    detail: "Returns desk, 88 Longwu Road, Xihu District",
    postcode: "310024",
  },
  {
    boId: s.green.boId,
    type: "pickup",
    contactName: "Sun Li",
    phone: "13800000011",
    provinceCode: "330000",
    cityCode: "330100",
    districtCode: "330106",
    detail: "Green Valley store, 16 Wensan Road, Xihu District",
    latitude: 30.2799,
    longitude: 120.1318,
    openTime: "08:00",
    closeTime: "20:00",
  },
  {
    boId: s.harbor.boId,
    type: "shipping",
    contactName: "Chen Hai",
    phone: "13800000002",
    provinceCode: "330000",
    cityCode: "330200",
    districtCode: "330206",
    detail: "Cold Chain Centre, 3 Harbour Road, Beilun District",
    postcode: "315800",
  },
  {
    boId: s.harbor.boId,
    type: "return",
    contactName: "Wu Lan",
    phone: "0574-87005678",
    provinceCode: "330000",
    cityCode: "330200",
    districtCode: "330206",
    detail: "Returns, 3 Harbour Road, Beilun District",
    postcode: "315800",
  },
  {
    boId: s.harbor.boId,
    type: "pickup",
    contactName: "Xu Tao",
    phone: "13900002002",
    provinceCode: "370000",
    cityCode: "370200",
    districtCode: "370211",
    detail: "Harbor Seafood counter, 21 Port Avenue, Huangdao District",
    latitude: 35.9601,
    longitude: 120.1985,
    openTime: "06:30",
    closeTime: "18:00",
  },
];

/**
 * Each demo seller: 3 addresses (one per type, each the default), 3 purchase suppliers and the other demo
 * organisation as its authorised supplier (Green Valley buys seafood from Harbor; Harbor buys vegetables
 * and fruit from Green Valley), with two of that organisation's staff as supplier member accounts.
 */
export async function seedSupplierDemo(db: Executor, sellers: Sellers): Promise<void> {
  const { green, harbor } = sellers;
  await db.insert(sellerAddress).values(addresses(sellers).map((a) => ({ ...a, isDefault: true })));

  const purchase = (
    s: Seller,
    name: string,
    contactName: string,
    phone: string,
    address: string,
    categoryIds: string[],
    settlement: string,
  ) => ({
    boId: s.boId,
    shopId: s.shopId ?? "",
    kind: "purchase",
    name,
    contactName,
    phone,
    address,
    categoryIds,
    settlement,
  });
  const authorised = (s: Seller, other: Seller, name: string, remark: string) => ({
    boId: s.boId,
    shopId: s.shopId ?? "",
    kind: "authorised",
    name,
    supplierBoId: other.boId,
    validFrom: "2026-01-01",
    validTo: "2027-12-31",
    remark,
    // Each demo seller has accepted the other's request (the owner answered it on its supplier screen).
    consent: "accepted",
    consentAt: new Date("2026-01-02T02:00:00Z"),
    consentBy: other.memberId,
  });
  const rows = await db
    .insert(shopSupplier)
    .values([
      purchase(
        green,
        "Sunny Orchard Cooperative",
        "Fang Ming",
        "13700001001",
        "12 Orchard Lane, Minhou County, Fuzhou",
        ["C01", "C0101"],
        "monthly",
      ),
      purchase(
        green,
        "Hillside Vegetable Farm",
        "Gao Jun",
        "0571-88112233",
        "Hillside Village, Yuhang District, Hangzhou",
        ["C02"],
        "weekly",
      ),
      purchase(green, "Fresh Dairy Partners", "Ma Rui", "13700001003", "9 Dairy Road, Hohhot", ["C05"], "cash"),
      authorised(green, harbor, "Harbor Seafood Trading Co., Ltd.", "Seafood for the fresh counter"),
      purchase(
        harbor,
        "Zhoushan Fishing Cooperative",
        "Yu Bo",
        "13700002001",
        "Shenjiamen Port, Putuo District, Zhoushan",
        ["C04", "C0401"],
        "weekly",
      ),
      purchase(harbor, "Coastal Shrimp Farm", "Lu Ping", "0574-86223344", "Coastal Road, Xiangshan County, Ningbo", ["C0402"], "monthly"),
      purchase(harbor, "Ningbo Ice Supply", "Qian Hao", "13700002003", "18 Industrial Road, Beilun District, Ningbo", [], "cash"),
      authorised(harbor, green, "Green Valley Fresh Co., Ltd.", "Vegetables and fruit for the seafood boxes"),
    ])
    .returning({ id: shopSupplier.id, boId: shopSupplier.boId, supplierBoId: shopSupplier.supplierBoId, kind: shopSupplier.kind });

  // Two staff of each supplier organisation act for the shop: its owner (sales) and its clerk (logistics).
  const accounts: Record<string, string[]> = { [green.boId]: ["demo", "demo-clerk"], [harbor.boId]: ["demo2", "harbor-clerk"] };
  const members = [];
  for (const row of rows.filter((r) => r.kind === "authorised")) {
    const logins = accounts[row.supplierBoId ?? ""] ?? [];
    const staff = await db
      .select({ memberId: employee.memberId, loginName: member.loginName })
      .from(employee)
      .innerJoin(member, eq(member.id, employee.memberId))
      .where(and(eq(employee.boId, row.supplierBoId ?? ""), eq(employee.enabled, true), inArray(member.loginName, logins)));
    staff.sort((a, b) => logins.indexOf(a.loginName) - logins.indexOf(b.loginName));
    members.push(
      ...staff.map((s, i) => ({ boId: row.boId, supplierId: row.id, memberId: s.memberId, role: i === 0 ? "sales" : "logistics" })),
    );
  }
  if (members.length) await db.insert(shopSupplierMember).values(members);
}
