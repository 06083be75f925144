import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { refreshAggregatesMany } from "../domains/goods/goods.repository";
import {
  goods,
  goodsBatch,
  goodsLadderPrice,
  goodsMemberPrice,
  goodsPackageItem,
  goodsSku,
  goodsTrace,
} from "../domains/goods/goods.tables";
import { memberRank } from "../domains/member/member.tables";
import { storedFile } from "../domains/system/system.tables";
import { addDays, todayIn } from "../platform/days";
import type { Executor } from "../platform/db/client";
import { newId } from "../platform/db/ids";
import type { FileStore } from "../platform/files/file-store";
import { lighter, pngOf } from "./png";

/*
 * Demo goods (docs/domains/goods.md): 60 items per demo seller across categories, with specs, images (tiny PNGs made
 * here: one colour per top category), fresh batches (some near expiry, one expired), 4 packages, member and ladder
 * prices, trace records, rebates on every fourth item, and 3 service listings (2 offered, 1 wanted). Batch inserts only:
 * every test database is seeded with them.
 */

interface Seller {
  boId: string;
  memberId: string;
  shopId?: string | null;
}

/** A small deterministic generator (mulberry32), as the member demo. */
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

/** A 16×16 PNG of one colour with a lighter square in the middle (a recognisable thumbnail, ~90 bytes). */
export function solidPng(colour: [number, number, number]): Buffer {
  const inner = lighter(colour, 80);
  return pngOf(16, 16, (x, y) => (x >= 5 && x < 11 && y >= 5 && y < 11 ? inner : colour));
}

/** One image per top category: its colour and file name. */
const IMAGES: Record<string, { rgb: [number, number, number]; name: string }> = {
  C01: { rgb: [230, 120, 20], name: "fruit.png" },
  C02: { rgb: [60, 160, 60], name: "vegetables.png" },
  C03: { rgb: [180, 40, 50], name: "meat.png" },
  C04: { rgb: [30, 110, 200], name: "seafood.png" },
  C05: { rgb: [235, 225, 190], name: "dairy.png" },
  C06: { rgb: [170, 130, 70], name: "grain.png" },
  C08: { rgb: [90, 90, 160], name: "services.png" },
};

export const demoImages = () =>
  Object.entries(IMAGES).map(([top, { rgb, name }]) => {
    const bytes = solidPng(rgb);
    return { top, name, bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
  });

/** The demo images' bytes in the file store (content-addressed: written once, kept after). */
export async function ensureDemoImageFiles(files: FileStore): Promise<void> {
  for (const img of demoImages()) if (!(await files.exists(img.sha256))) await files.put(Readable.from([img.bytes]), () => true);
}

type Catalogue = Array<{ category: string; names: string[]; unit: string; fresh: boolean; base: number; attrs: Record<string, unknown> }>;

const GREEN: Catalogue = [
  {
    category: "C0101",
    names: ["Navel oranges", "Mandarins", "Pomelo", "Lemons", "Blood oranges", "Kumquats"],
    unit: "kg",
    fresh: true,
    base: 1200,
    attrs: { "C01.grade": "premium", "C01.storage": "chilled", "C0101.brix": 12 },
  },
  {
    category: "C0102",
    names: ["Fuji apples", "Gala apples", "Crown pears", "Nashi pears", "Green apples", "Red pears"],
    unit: "kg",
    fresh: true,
    base: 900,
    attrs: { "C01.grade": "first", "C01.storage": "ambient" },
  },
  {
    category: "C0103",
    names: ["Strawberries", "Blueberries", "Raspberries", "Mulberries", "Cherries", "Grapes"],
    unit: "pack",
    fresh: true,
    base: 2500,
    attrs: { "C01.grade": "premium", "C01.storage": "chilled" },
  },
  {
    category: "C0104",
    names: ["Mangoes", "Pineapples", "Bananas", "Dragon fruit", "Lychees", "Durian"],
    unit: "kg",
    fresh: true,
    base: 1800,
    attrs: { "C01.grade": "first", "C01.storage": "ambient" },
  },
  {
    category: "C0201",
    names: ["Pak choi", "Spinach", "Lettuce", "Choy sum", "Kale", "Napa cabbage"],
    unit: "bag",
    fresh: true,
    base: 500,
    attrs: { "C02.grade": "first", "C02.storage": "chilled", "C02.cert": ["green"] },
  },
  {
    category: "C0202",
    names: ["Potatoes", "Carrots", "Sweet potatoes", "Yams", "Lotus root", "Taro"],
    unit: "kg",
    fresh: false,
    base: 400,
    attrs: { "C02.grade": "second", "C02.storage": "ambient" },
  },
  {
    category: "C0203",
    names: ["Shiitake", "Enoki", "King oyster", "Wood ear", "Button mushrooms", "Morels"],
    unit: "pack",
    fresh: true,
    base: 800,
    attrs: { "C02.grade": "first", "C02.storage": "chilled" },
  },
  {
    category: "C0204",
    names: ["Edamame", "Green beans", "Snow peas", "Broad beans", "Mung beans", "Soybeans"],
    unit: "bag",
    fresh: false,
    base: 600,
    attrs: { "C02.grade": "first", "C02.storage": "ambient", "C02.cert": ["organic"] },
  },
  {
    category: "C0601",
    names: ["Jasmine rice", "Northeast rice", "Brown rice", "Glutinous rice", "Black rice", "Red rice"],
    unit: "bag",
    fresh: false,
    base: 3500,
    attrs: { "C06.grade": "premium", "C06.shelfLife": 365 },
  },
  {
    category: "C0603",
    names: ["Light soy sauce", "Black vinegar", "Sesame oil", "Chilli oil", "Oyster sauce", "Sea salt"],
    unit: "bottle",
    fresh: false,
    base: 1500,
    attrs: { "C06.shelfLife": 540 },
  },
];

const HARBOR: Catalogue = [
  {
    category: "C0401",
    names: ["Yellow croaker", "Sea bass", "Pomfret", "Hairtail", "Cod fillet", "Salmon"],
    unit: "kg",
    fresh: true,
    base: 6800,
    attrs: { "C04.storage": "chilled", "C04.source": "wild" },
  },
  {
    category: "C0402",
    names: ["Tiger prawns", "River shrimp", "Hairy crab", "Mantis shrimp", "Swimming crab", "Lobster"],
    unit: "kg",
    fresh: true,
    base: 12800,
    attrs: { "C04.storage": "chilled", "C04.source": "farmed" },
  },
  {
    category: "C0403",
    names: ["Scallops", "Clams", "Oysters", "Mussels", "Abalone", "Razor clams"],
    unit: "kg",
    fresh: true,
    base: 4800,
    attrs: { "C04.storage": "chilled", "C04.source": "farmed" },
  },
  {
    category: "C0301",
    names: ["Pork belly", "Pork ribs", "Pork loin", "Minced pork", "Pork trotters", "Pork shoulder"],
    unit: "kg",
    fresh: true,
    base: 3600,
    attrs: { "C03.storage": "chilled", "C03.shelfLife": 5 },
  },
  {
    category: "C0302",
    names: ["Beef brisket", "Lamb chops", "Beef shank", "Lamb leg", "Sirloin", "Beef tenderloin"],
    unit: "kg",
    fresh: true,
    base: 8800,
    attrs: { "C03.storage": "frozen", "C03.shelfLife": 180 },
  },
  {
    category: "C0303",
    names: ["Whole chicken", "Chicken wings", "Duck breast", "Chicken thighs", "Goose", "Pigeon"],
    unit: "piece",
    fresh: true,
    base: 3200,
    attrs: { "C03.storage": "chilled", "C03.shelfLife": 4 },
  },
  {
    category: "C0304",
    names: ["Free-range eggs", "Duck eggs", "Quail eggs", "Salted eggs", "Century eggs", "Omega eggs"],
    unit: "box",
    fresh: true,
    base: 2600,
    attrs: { "C03.storage": "chilled", "C03.shelfLife": 30 },
  },
  {
    category: "C0501",
    names: ["Fresh milk", "Skimmed milk", "Goat milk", "A2 milk", "Buffalo milk", "Oat milk"],
    unit: "bottle",
    fresh: true,
    base: 1200,
    attrs: { "C05.storage": "chilled", "C05.shelfLife": 7 },
  },
  {
    category: "C0502",
    names: ["Plain yoghurt", "Greek yoghurt", "Fruit yoghurt", "Drinking yoghurt", "Kefir", "Set yoghurt"],
    unit: "pack",
    fresh: true,
    base: 900,
    attrs: { "C05.storage": "chilled", "C05.shelfLife": 21 },
  },
  {
    category: "C0602",
    names: ["Peanut oil", "Rapeseed oil", "Camellia oil", "Sunflower oil", "Corn oil", "Rice bran oil"],
    unit: "bottle",
    fresh: false,
    base: 7800,
    attrs: { "C06.shelfLife": 540 },
  },
];

const WEIGHTS = ["500 g", "1 kg", "2.5 kg"];
const PACKS = ["bag", "gift box"];

async function seedOne(db: Executor, seller: Seller, catalogue: Catalogue, seed: number, prefix: string) {
  const rnd = random(seed);
  const today = todayIn("Asia/Shanghai");
  const shopId = seller.shopId ?? "";
  const images = demoImages();
  const fileRows = images.map((img) => ({
    id: newId(),
    boId: seller.boId,
    memberId: seller.memberId,
    name: img.name,
    contentType: "image/png",
    size: img.bytes.length,
    sha256: img.sha256,
    purpose: "goods",
  }));
  await db.insert(storedFile).values(fileRows);
  const imageOf = (category: string) => fileRows[images.findIndex((i) => category.startsWith(i.top))]?.id ?? (fileRows[0]?.id as string);

  const goodsRows: (typeof goods.$inferInsert)[] = [];
  const skuRows: (typeof goodsSku.$inferInsert & { id: string })[] = [];
  const batchRows: (typeof goodsBatch.$inferInsert)[] = [];
  const traceRows: (typeof goodsTrace.$inferInsert)[] = [];
  const now = Date.now();
  let n = 0;
  for (const line of catalogue) {
    for (const name of line.names) {
      n += 1;
      const id = newId();
      const shape = n % 3; // 0: no specs, 1: weight, 2: weight × pack
      const specs =
        shape === 0
          ? []
          : shape === 1
            ? [{ name: "Weight", values: WEIGHTS }]
            : [
                { name: "Weight", values: WEIGHTS.slice(0, 2) },
                { name: "Pack", values: PACKS },
              ];
      const combos = specs.reduce<string[][]>((acc, d) => acc.flatMap((c) => d.values.map((v) => [...c, v])), [[]]);
      const status = n % 10 === 0 ? "draft" : n % 5 === 0 ? "off" : "on";
      const updatedAt = new Date(now - n * 3_600_000);
      goodsRows.push({
        id,
        boId: seller.boId,
        shopId,
        kind: "goods",
        name,
        subtitle: line.fresh ? "Picked and packed to order" : "From our own suppliers",
        categoryId: line.category,
        unitId: line.unit,
        attrs: line.attrs as Record<string, string | number | string[]>,
        specs,
        images: [imageOf(line.category)],
        descriptionHtml: `<p>${name}: ${line.fresh ? "fresh, traceable to its farm and batch" : "stored dry, long shelf life"}.</p>`,
        logistics: n % 4 === 0 ? ["express", "selfPickup"] : ["express", "cityDelivery"],
        fresh: line.fresh,
        status,
        sales: Math.floor(rnd() * 500),
        // Every fourth item pays resellers a rebate (5–15 %).
        rebateBp: n % 4 === 1 ? ([500, 800, 1000, 1500][(n >> 2) % 4] ?? null) : null,
        onShelfAt: status === "on" ? updatedAt : null,
        createdAt: updatedAt,
        updatedAt,
      });
      let traceId: string | null = null;
      if (line.fresh && n % 2 === 0) {
        traceId = newId();
        traceRows.push({
          id: traceId,
          boId: seller.boId,
          goodsId: id,
          origin: ["Ganzhou, Jiangxi", "Yantai, Shandong", "Zhoushan, Zhejiang", "Dalian, Liaoning"][n % 4] ?? "",
          farm: `${prefix} partner farm ${1 + (n % 5)}`,
          harvestDate: addDays(today, -1 - (n % 4)),
          remark: "",
        });
      }
      combos.forEach((values, sort) => {
        const skuId = newId();
        const price = Math.round((line.base * (1 + sort * 0.6) * (0.8 + rnd() * 0.4)) / 10) * 10;
        const stock = line.fresh ? 0 : Math.floor(rnd() * 200);
        skuRows.push({
          id: skuId,
          boId: seller.boId,
          goodsId: id,
          specValues: values,
          price,
          marketPrice: Math.round(price * 1.2),
          costPrice: Math.round(price * 0.6),
          stock,
          code: `${prefix}-${String(n).padStart(3, "0")}-${sort + 1}`,
          weightG: 500 * (sort + 1),
          sort,
        });
        if (line.fresh) {
          // Two batches: one of them near its expiry for every fifth item, one long gone for every seventh.
          const near = n % 5 === 1;
          for (const [b, expires] of [
            [1, near ? 1 + (n % 3) : 6 + Math.floor(rnd() * 20)],
            [2, n % 7 === 0 ? -2 : 15 + Math.floor(rnd() * 30)],
          ] as const) {
            const quantity = 10 + Math.floor(rnd() * 60);
            batchRows.push({
              boId: seller.boId,
              goodsId: id,
              skuId,
              batchNo: `${prefix}${today.replaceAll("-", "").slice(2)}-${n}-${sort + 1}-${b}`,
              quantity,
              left: Math.max(0, quantity - Math.floor(rnd() * 10)),
              productionDate: addDays(today, expires - 30),
              expiresOn: addDays(today, expires),
              traceId,
            });
          }
        }
      });
    }
  }
  // Fresh SKUs hold what their unexpired batches hold.
  const freshStock = new Map<string, number>();
  for (const b of batchRows) if (b.expiresOn >= today) freshStock.set(b.skuId, (freshStock.get(b.skuId) ?? 0) + (b.left ?? 0));
  for (const s of skuRows) if (freshStock.has(s.id)) s.stock = freshStock.get(s.id) ?? 0;

  await db.insert(goods).values(goodsRows);
  await db.insert(goodsSku).values(skuRows);
  if (traceRows.length) await db.insert(goodsTrace).values(traceRows);
  if (batchRows.length) await db.insert(goodsBatch).values(batchRows);

  // 4 packages of on-shelf items' first SKUs.
  const onShelf = goodsRows.filter((g) => g.status === "on");
  const firstSku = (goodsId: string) => skuRows.find((s) => s.goodsId === goodsId) as (typeof skuRows)[number];
  const packages = [0, 1, 2, 3].map((p) => {
    const parts = [onShelf[p * 3], onShelf[p * 3 + 1], ...(p % 2 ? [onShelf[p * 3 + 2]] : [])].filter((g) => g !== undefined);
    const id = newId();
    const price = Math.round(parts.reduce((sum, g) => sum + (firstSku(g.id as string).price ?? 0), 0) * 0.85);
    return { id, parts, price, name: `${prefix === "GV" ? "Family fresh box" : "Seafood feast box"} ${p + 1}` };
  });
  await db.insert(goods).values(
    packages.map((p, i) => ({
      id: p.id,
      boId: seller.boId,
      shopId,
      kind: "package",
      name: p.name,
      subtitle: "Save 15 % on the set",
      images: [imageOf(p.parts[0]?.categoryId ?? "C01")],
      logistics: ["express"],
      status: i === 3 ? "off" : "on",
      stockLimit: i === 0 ? 20 : null,
      onShelfAt: i === 3 ? null : new Date(now),
    })),
  );
  const packageSkus = packages.map((p) => ({
    id: newId(),
    boId: seller.boId,
    goodsId: p.id,
    specValues: [],
    price: p.price,
    stock: 0,
    code: null,
  }));
  await db.insert(goodsSku).values(packageSkus);
  await db.insert(goodsPackageItem).values(
    packages.flatMap((p) =>
      p.parts.map((g, sort) => ({
        boId: seller.boId,
        packageId: p.id,
        goodsId: g.id as string,
        skuId: firstSku(g.id as string).id,
        quantity: 1 + (sort % 2),
        sort,
      })),
    ),
  );

  // Member prices for 10 items (Silver, Gold, Platinum) and ladders for 8.
  const ranks = await db.select().from(memberRank).where(eq(memberRank.boId, seller.boId));
  const byName = new Map(ranks.map((r) => [r.name, r]));
  const priced = onShelf.slice(0, 10).map((g) => firstSku(g.id as string));
  const memberPrices = priced.flatMap((s) =>
    (["Silver", "Gold", "Platinum"] as const).flatMap((name, i) => {
      const rank = byName.get(name);
      return rank
        ? [{ boId: seller.boId, goodsId: s.goodsId, skuId: s.id, rankId: rank.id, price: Math.round((s.price * (96 - i * 4)) / 100) }]
        : [];
    }),
  );
  if (memberPrices.length) await db.insert(goodsMemberPrice).values(memberPrices);
  const laddered = onShelf.slice(10, 18).map((g) => firstSku(g.id as string));
  await db.insert(goodsLadderPrice).values(
    laddered.map((s) => ({
      boId: seller.boId,
      goodsId: s.goodsId,
      skuId: s.id,
      tiers: [
        { minQuantity: 5, price: Math.round((s.price * 95) / 100) },
        { minQuantity: 20, price: Math.round((s.price * 90) / 100) },
      ],
    })),
  );
  // Service listings (offered and wanted), older than every item so the goods list opens on goods.
  const services = SERVICES[prefix] ?? [];
  const serviceRows = services.map((sv, i) => {
    const at = new Date(now - (70 + i) * 3_600_000);
    return {
      id: newId(),
      boId: seller.boId,
      shopId,
      kind: "goods",
      listingType: sv.type,
      name: sv.name,
      subtitle: sv.subtitle,
      categoryId: sv.category,
      unitId: sv.unit,
      specs: sv.specs,
      images: [imageOf("C08")],
      descriptionHtml: `<p>${sv.subtitle}.</p>`,
      logistics: [],
      serviceAreas: sv.areas,
      status: "on",
      onShelfAt: at,
      createdAt: at,
      updatedAt: at,
    };
  });
  if (serviceRows.length) {
    await db.insert(goods).values(serviceRows);
    await db.insert(goodsSku).values(
      services.flatMap((sv, i) =>
        sv.prices.map(([specValues, price], sort) => ({
          id: newId(),
          boId: seller.boId,
          goodsId: serviceRows[i]?.id as string,
          specValues,
          price,
          stock: 0,
          sort,
        })),
      ),
    );
  }
  await refreshAggregatesMany(db, [...goodsRows.map((g) => g.id as string), ...packages.map((p) => p.id), ...serviceRows.map((r) => r.id)]);
}

interface DemoService {
  type: "serviceOffer" | "serviceWant";
  name: string;
  subtitle: string;
  category: string;
  unit: string;
  areas: string[];
  specs: { name: string; values: string[] }[];
  prices: [string[], number][];
}

/** Per demo seller: two services offered and one wanted (prices per unit, or the budget), in their provinces and cities. */
const SERVICES: Record<string, DemoService[]> = {
  GV: [
    {
      type: "serviceOffer",
      name: "Cold-chain transport, Zhejiang and Shanghai",
      subtitle: "Refrigerated trucks at 0–4 °C, door to door",
      category: "C0801",
      unit: "tonne",
      areas: ["330000", "310000"],
      specs: [{ name: "Truck", values: ["4.2 m", "9.6 m"] }],
      prices: [
        [["4.2 m"], 38000],
        [["9.6 m"], 32000],
      ],
    },
    {
      type: "serviceOffer",
      name: "Machine harvesting of rice",
      subtitle: "Combine harvesters with drivers, booked by the day",
      category: "C0803",
      unit: "mu",
      areas: ["330100", "330500"],
      specs: [],
      prices: [[[], 8000]],
    },
    {
      type: "serviceWant",
      name: "Sorting and packing help for the citrus season",
      subtitle: "Six people for three weeks in November",
      category: "C0804",
      unit: "day",
      areas: ["330100"],
      specs: [],
      prices: [[[], 30000]],
    },
  ],
  HS: [
    {
      type: "serviceOffer",
      name: "Cold storage at −18 °C in Zhoushan",
      subtitle: "Frozen seafood stored by the tonne and day",
      category: "C0802",
      unit: "day",
      areas: ["330900"],
      specs: [{ name: "Temperature", values: ["−18 °C", "0–4 °C"] }],
      prices: [
        [["−18 °C"], 1500],
        [["0–4 °C"], 1200],
      ],
    },
    {
      type: "serviceOffer",
      name: "Seafood sorting and vacuum packing",
      subtitle: "Graded, weighed and packed on the quay",
      category: "C0804",
      unit: "tonne",
      areas: ["330000"],
      specs: [],
      prices: [[[], 60000]],
    },
    {
      type: "serviceWant",
      name: "Refrigerated truck wanted, Zhoushan to Ningbo",
      subtitle: "Three trips a week through the winter",
      category: "C0801",
      unit: "trip",
      areas: ["330900", "330200"],
      specs: [],
      prices: [[[], 120000]],
    },
  ],
};

/** Both demo sellers: Green Valley sells fruit, vegetables and pantry goods; Harbor Seafood fish, meat and dairy. */
export async function seedGoodsDemo(db: Executor, sellers: { green: Seller; harbor: Seller }) {
  await seedOne(db, sellers.green, GREEN, 91, "GV");
  await seedOne(db, sellers.harbor, HARBOR, 92, "HS");
}
