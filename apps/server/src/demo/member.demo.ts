import { memberRank, memberTag, rechargePromotion, shopMember, shopMemberTag } from "../domains/member/member.tables";
import type { Executor } from "../platform/db/client";
import { newId } from "../platform/db/ids";

interface Seller {
  boId: string;
}

/** A small deterministic generator (mulberry32): the same demo members on every database. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = ["Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou", "Xu", "Sun", "Ma", "Zhu", "Hu", "Guo"];
const GIVEN = ["Wei", "Fang", "Na", "Min", "Jing", "Lei", "Qiang", "Yan", "Jie", "Tao", "Ming", "Xia", "Hui", "Bo", "Ling", "Yun"];
const SOURCES = ["miniapp", "miniapp", "miniapp", "store", "import"];

/** Five ranks, level 1 (lowest) to 5; spend thresholds in cents. */
export const DEMO_RANKS = [
  { name: "Regular", level: 1, thresholdType: "spend", thresholdValue: 0, discount: 10_000, benefits: "" },
  { name: "Silver", level: 2, thresholdType: "spend", thresholdValue: 100_000, discount: 9_800, benefits: "Birthday coupon" },
  { name: "Gold", level: 3, thresholdType: "spend", thresholdValue: 500_000, discount: 9_500, benefits: "Birthday coupon, free delivery" },
  { name: "Platinum", level: 4, thresholdType: "spend", thresholdValue: 2_000_000, discount: 9_200, benefits: "Priority support" },
  { name: "Diamond", level: 5, thresholdType: "points", thresholdValue: 25_000, discount: 9_000, benefits: "Personal shopper" },
] as const;

export const DEMO_TAGS = [
  { name: "VIP", color: "#cf1322" },
  { name: "New customer", color: "#1677ff" },
  { name: "Wholesale", color: "#389e0d" },
  { name: "Restaurant", color: "#d46b08" },
  { name: "Inactive", color: "#595959" },
  { name: "Likes seafood", color: "#08979c" },
];

export const DEMO_MEMBERS_PER_SELLER = 200;

async function seedOne(db: Executor, seller: Seller, seed: number, phonePrefix: string) {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const ranks = DEMO_RANKS.map((r) => ({ ...r, id: newId(), boId: seller.boId }));
  const tags = DEMO_TAGS.map((t) => ({ ...t, id: newId(), boId: seller.boId }));
  await db.insert(memberRank).values(ranks);
  await db.insert(memberTag).values(tags);

  const now = Date.UTC(2026, 10, 1);
  const members = Array.from({ length: DEMO_MEMBERS_PER_SELLER }, (_, i) => {
    // Spend spread over three orders of magnitude, so every rank is held.
    const totalSpend = Math.floor(rnd() ** 2 * 3_000_000);
    const orderCount = totalSpend === 0 ? 0 : 1 + Math.floor(totalSpend / 20_000);
    const points = Math.floor(totalSpend / 100);
    const rank = [...ranks].reverse().find((r) => (r.thresholdType === "spend" ? totalSpend : points) >= r.thresholdValue) ?? ranks[0];
    const joinedAt = new Date(now - Math.floor(rnd() * 730) * 86_400_000 - i * 60_000);
    return {
      id: newId(),
      boId: seller.boId,
      memberNo: `M${String(100001 + i)}`,
      name: `${pick(SURNAMES)} ${pick(GIVEN)}`,
      phone: `${phonePrefix}${String(Math.floor(rnd() * 1e8)).padStart(8, "0")}`,
      gender: rnd() < 0.1 ? null : rnd() < 0.5 ? "female" : "male",
      birthday: rnd() < 0.3 ? null : `${1960 + Math.floor(rnd() * 45)}-${String(1 + Math.floor(rnd() * 12)).padStart(2, "0")}-15`,
      rankId: rank?.id ?? null,
      points,
      totalSpend,
      orderCount,
      lastOrderAt: orderCount ? new Date(Math.max(joinedAt.getTime(), now - Math.floor(rnd() * 90) * 86_400_000)) : null,
      joinedAt,
      status: rnd() < 0.05 ? "frozen" : "active",
      source: pick(SOURCES),
    };
  });
  await db.insert(shopMember).values(members);
  const links = members.flatMap((m) => {
    const n = Math.floor(rnd() * 3);
    const chosen = new Set(Array.from({ length: n }, () => pick(tags).id));
    return [...chosen].map((tagId) => ({ boId: seller.boId, memberId: m.id, tagId }));
  });
  if (links.length) await db.insert(shopMemberTag).values(links);

  const gold = ranks[2]?.id ?? "";
  await db.insert(rechargePromotion).values([
    {
      boId: seller.boId,
      name: "Pay 500, get 50",
      payAmount: 50_000,
      bonusAmount: 5_000,
      validFrom: new Date(Date.UTC(2026, 0, 1)),
      validTo: new Date(Date.UTC(2027, 11, 31)),
      status: "active",
    },
    {
      boId: seller.boId,
      name: "Gold members: pay 1000, get 150 and 500 points",
      payAmount: 100_000,
      bonusAmount: 15_000,
      bonusPoints: 500,
      validFrom: new Date(Date.UTC(2027, 0, 1)),
      validTo: new Date(Date.UTC(2027, 5, 30)),
      status: "draft",
      rankIds: [gold],
    },
    {
      boId: seller.boId,
      name: "Spring festival: pay 200, get 30",
      payAmount: 20_000,
      bonusAmount: 3_000,
      validFrom: new Date(Date.UTC(2026, 0, 20)),
      validTo: new Date(Date.UTC(2026, 1, 20)),
      status: "ended",
    },
  ]);
}

/** Both demo sellers: 5 ranks, 6 tags, 200 members spread across the ranks with tags, 3 recharge offers. */
export async function seedMemberDemo(db: Executor, sellers: { green: Seller; harbor: Seller }) {
  await seedOne(db, sellers.green, 71, "137");
  await seedOne(db, sellers.harbor, 72, "136");
}
