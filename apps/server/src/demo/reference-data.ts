import { SPEC_NAMES, specValuesDict } from "@sbo/contract/reference";
import { areaList } from "@vant/area-data";
import { sql } from "drizzle-orm";
import { goodsAttrDef } from "../domains/goods/goods.tables";
import { area, category, categoryRelation, dictItem, unit } from "../domains/reference/reference.tables";
import { profession } from "../domains/staff/staff.tables";
import { sysVersion, webContent } from "../domains/system/system.tables";
import type { Executor } from "../platform/db/client";
import { rowsOf } from "../platform/db/rows";
import areaNamesEn from "./area-names-en.json" with { type: "json" };
import { goodsAttrDefs } from "./goods-attr-defs";

/** Platform reference data every database needs (not demo data): written once, kept if edited. */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(category).values(categories()).onConflictDoNothing();
    await tx.insert(categoryRelation).values(categoryRelations()).onConflictDoNothing();
    await tx.insert(unit).values(units).onConflictDoNothing();
    await tx.insert(dictItem).values(dictionaries()).onConflictDoNothing();
    await seedAreas(tx);
    await tx.insert(profession).values(professions).onConflictDoNothing();
    await tx.insert(goodsAttrDef).values(goodsAttrDefs()).onConflictDoNothing();
  });
  const versions = (await db.execute(sql`select count(*)::int as n from ${sysVersion}`)) as unknown as { rows: { n: number }[] };
  if (Number(versions.rows[0]?.n ?? 0) === 0) {
    await db.insert(sysVersion).values([
      {
        version: "0.9.0",
        title: "Preview",
        notes: "Login, menus and the shop shell for early sellers.",
        releasedAt: new Date("2026-10-01T02:00:00Z"),
      },
      {
        version: "1.0.0",
        title: "Platform",
        notes: "Password and SMS login, roles and function permissions, audit log, English and Chinese.",
        releasedAt: new Date("2026-11-20T02:00:00Z"),
      },
    ]);
  }
  await db.insert(webContent).values(agreements).onConflictDoNothing();
}

/** The platform's standard professions (staff may have one; organisations add their own). */
const professions = [
  ["农场主管", "Farm manager"],
  ["兽医", "Veterinarian"],
  ["采购员", "Buyer"],
  ["仓库管理员", "Warehouse keeper"],
  ["销售", "Salesperson"],
  ["质检员", "Quality inspector"],
  ["物流司机", "Delivery driver"],
  ["财务", "Accountant"],
].map(([name, nameEn], i) => ({ id: `PROF${String(i + 1).padStart(2, "0")}`, boId: null, name: name as string, nameEn: nameEn as string }));

const categories = () => {
  const tree: Array<[string, string, Array<[string, string]>]> = [
    [
      "水果",
      "Fruit",
      [
        ["柑橘", "Citrus"],
        ["苹果梨", "Apples and pears"],
        ["浆果", "Berries"],
        ["热带水果", "Tropical fruit"],
      ],
    ],
    [
      "蔬菜",
      "Vegetables",
      [
        ["叶菜", "Leafy greens"],
        ["根茎", "Roots and tubers"],
        ["菌菇", "Mushrooms"],
        ["豆类", "Beans"],
      ],
    ],
    [
      "肉禽蛋",
      "Meat, poultry and eggs",
      [
        ["猪肉", "Pork"],
        ["牛羊肉", "Beef and lamb"],
        ["禽肉", "Poultry"],
        ["蛋类", "Eggs"],
      ],
    ],
    [
      "水产海鲜",
      "Seafood",
      [
        ["鱼类", "Fish"],
        ["虾蟹", "Shrimp and crab"],
        ["贝类", "Shellfish"],
      ],
    ],
    [
      "乳品烘焙",
      "Dairy and bakery",
      [
        ["牛奶", "Milk"],
        ["酸奶", "Yoghurt"],
        ["面包", "Bread"],
      ],
    ],
    [
      "粮油调味",
      "Grain, oil and seasoning",
      [
        ["大米", "Rice"],
        ["食用油", "Cooking oil"],
        ["调味品", "Seasoning"],
      ],
    ],
    [
      "礼盒",
      "Gift boxes",
      [
        ["水果礼盒", "Fruit gift boxes"],
        ["海鲜礼盒", "Seafood gift boxes"],
        ["粮油礼盒", "Grain and oil gift boxes"],
      ],
    ],
    // Farm services: where service listings are filed (the category does not decide the listing type).
    [
      "农业服务",
      "Farm services",
      [
        ["冷链运输", "Cold-chain transport"],
        ["冷库仓储", "Cold storage"],
        ["农机作业", "Machine work (harvesting, ploughing)"],
        ["分拣包装", "Sorting and packing"],
      ],
    ],
  ];
  return tree.flatMap(([name, nameEn, children], i) => {
    const id = `C${String(i + 1).padStart(2, "0")}`;
    return [
      { id, parentId: null, name, nameEn, level: 1, sort: i + 1 },
      ...children.map(([cn, ce], j) => ({
        id: `${id}${String(j + 1).padStart(2, "0")}`,
        parentId: id,
        name: cn,
        nameEn: ce,
        level: 2,
        sort: j + 1,
      })),
    ];
  });
};

/**
 * Related categories (platform-maintained, both directions; docs/domains/reference.md): the goods form suggests them
 * under the category picker, and a shop's business scope takes in those related to its main category. A relation
 * made on a top category holds for every category under it.
 */
export const CATEGORY_RELATIONS: ReadonlyArray<[string, string]> = [
  ["C01", "C0701"], // fruit ↔ fruit gift boxes
  ["C04", "C0702"], // seafood ↔ seafood gift boxes
  ["C06", "C0703"], // grain, oil and seasoning ↔ grain and oil gift boxes
  ["C0101", "C0104"], // citrus ↔ tropical fruit
  ["C0201", "C0203"], // leafy greens ↔ mushrooms
  ["C0301", "C0603"], // pork ↔ seasoning
  ["C0302", "C0603"], // beef and lamb ↔ seasoning
  ["C0401", "C0402"], // fish ↔ shrimp and crab
  ["C0501", "C0503"], // milk ↔ bread
  ["C0502", "C01"], // yoghurt ↔ fruit
  ["C0601", "C0602"], // rice ↔ cooking oil
];

const categoryRelations = () =>
  CATEGORY_RELATIONS.map(([a, b], i) =>
    a < b ? { categoryId: a, relatedId: b, sort: i + 1 } : { categoryId: b, relatedId: a, sort: i + 1 },
  );

const units = [
  ["kg", "千克", "kg"],
  ["g", "克", "g"],
  ["jin", "斤", "jin (500 g)"],
  ["piece", "个", "piece"],
  ["box", "箱", "box"],
  ["bag", "袋", "bag"],
  ["bottle", "瓶", "bottle"],
  ["pack", "盒", "pack"],
  // What services are priced by (docs/domains/goods.md, "Listing types and rebates").
  ["hour", "小时", "hour"],
  ["day", "天", "day"],
  ["tonne", "吨", "tonne"],
  ["mu", "亩", "mu (667 m²)"],
  ["trip", "趟", "trip"],
].map(([id, name, nameEn], i) => ({ id: id as string, name: name as string, nameEn: nameEn as string, sort: i + 1 }));

const dictionaries = () => {
  const dicts: Record<string, Array<[string, string, string]>> = {
    express: [
      ["SF", "顺丰速运", "SF Express"],
      ["JD", "京东物流", "JD Logistics"],
      ["ZTO", "中通快递", "ZTO Express"],
      ["YTO", "圆通速递", "YTO Express"],
      ["STO", "申通快递", "STO Express"],
      ["EMS", "中国邮政EMS", "China Post EMS"],
    ],
    // The settlement card form's banks (issue 25 §5: named in the UI language); the card keeps the Chinese name.
    bank: [
      ["ICBC", "中国工商银行", "Industrial and Commercial Bank of China"],
      ["ABC", "中国农业银行", "Agricultural Bank of China"],
      ["BOC", "中国银行", "Bank of China"],
      ["CCB", "中国建设银行", "China Construction Bank"],
      ["BOCOM", "交通银行", "Bank of Communications"],
      ["PSBC", "中国邮政储蓄银行", "Postal Savings Bank of China"],
      ["CMB", "招商银行", "China Merchants Bank"],
      ["CITIC", "中信银行", "China CITIC Bank"],
      ["CEB", "中国光大银行", "China Everbright Bank"],
      ["HXB", "华夏银行", "Hua Xia Bank"],
      ["CMBC", "中国民生银行", "China Minsheng Bank"],
      ["CGB", "广发银行", "China Guangfa Bank"],
      ["PAB", "平安银行", "Ping An Bank"],
      ["CIB", "兴业银行", "Industrial Bank"],
      ["SPDB", "上海浦东发展银行", "Shanghai Pudong Development Bank"],
      ["CZB", "浙商银行", "China Zheshang Bank"],
      ["EGB", "恒丰银行", "Evergrowing Bank"],
      ["CBHB", "渤海银行", "China Bohai Bank"],
      ["BOB", "北京银行", "Bank of Beijing"],
      ["BOS", "上海银行", "Bank of Shanghai"],
      ["NBCB", "宁波银行", "Bank of Ningbo"],
      ["HZB", "杭州银行", "Bank of Hangzhou"],
      ["JSB", "江苏银行", "Bank of Jiangsu"],
      ["NJCB", "南京银行", "Bank of Nanjing"],
      ["RCB", "农村商业银行", "Rural Commercial Bank"],
      ["RCC", "农村信用合作社", "Rural Credit Cooperative"],
      ["WEBANK", "微众银行", "WeBank"],
      ["MYBANK", "网商银行", "MYbank"],
    ],
    afterSaleReason: [
      ["quality", "质量问题", "Quality problem"],
      ["damaged", "运输损坏", "Damaged in transit"],
      ["wrong", "发错货", "Wrong item sent"],
      ["notWanted", "不想要了", "No longer wanted"],
      ["missing", "少件漏发", "Item missing"],
    ],
    invoiceType: [
      ["normal", "增值税普通发票", "VAT ordinary invoice"],
      ["special", "增值税专用发票", "VAT special invoice"],
      ["electronic", "电子发票", "Electronic invoice"],
    ],
    storage: [
      ["ambient", "常温", "Ambient"],
      ["chilled", "冷藏", "Chilled"],
      ["frozen", "冷冻", "Frozen"],
    ],
    // The goods form's spec suggestions: the spec names, then each name's common values under `specValue.<code>`.
    [SPEC_NAMES]: [
      ["weight", "重量", "Weight"],
      ["packaging", "包装", "Packaging"],
      ["size", "大小", "Size"],
      ["colour", "颜色", "Colour"],
      ["origin", "产地", "Origin"],
      ["grade", "等级", "Grade"],
    ],
    [specValuesDict("weight")]: [
      ["250g", "250克", "250 g"],
      ["500g", "500克", "500 g"],
      ["1kg", "1千克", "1 kg"],
      ["2.5kg", "2.5千克", "2.5 kg"],
      ["5kg", "5千克", "5 kg"],
    ],
    [specValuesDict("packaging")]: [
      ["bag", "袋装", "Bag"],
      ["box", "盒装", "Box"],
      ["giftBox", "礼盒装", "Gift box"],
      ["crate", "筐装", "Crate"],
    ],
    [specValuesDict("size")]: [
      ["small", "小", "Small"],
      ["medium", "中", "Medium"],
      ["large", "大", "Large"],
      ["extraLarge", "特大", "Extra large"],
    ],
    [specValuesDict("colour")]: [
      ["red", "红色", "Red"],
      ["yellow", "黄色", "Yellow"],
      ["green", "绿色", "Green"],
      ["purple", "紫色", "Purple"],
      ["white", "白色", "White"],
    ],
    [specValuesDict("origin")]: [
      ["domestic", "国产", "Domestic"],
      ["imported", "进口", "Imported"],
      ["shandong", "山东", "Shandong"],
      ["yunnan", "云南", "Yunnan"],
      ["hainan", "海南", "Hainan"],
      ["xinjiang", "新疆", "Xinjiang"],
      ["zhejiang", "浙江", "Zhejiang"],
    ],
    [specValuesDict("grade")]: [
      ["premium", "特级", "Premium"],
      ["first", "一级", "First grade"],
      ["second", "二级", "Second grade"],
    ],
  };
  return Object.entries(dicts).flatMap(([dictCode, items]) =>
    items.map(([code, name, nameEn], i) => ({ id: `${dictCode}:${code}`, dictCode, code, name, nameEn, sort: i + 1 })),
  );
};

/**
 * The national administrative divisions, province → city → district (county), from `@vant/area-data`
 * (MIT, maintained with the Vant UI library; GB/T 2260 codes as published by the Ministry of Civil Affairs
 * and the National Bureau of Statistics). The data has Chinese names only: `name_en` comes from `area-names-en.json`
 * (established names of provinces, pinyin of cities and districts, written by `npm run areas:english`;
 * docs/domains/reference.md). Streets are not included: no maintained package carries them with a clear
 * licence and current codes that match these.
 */
export function nationalAreas() {
  const { province_list: provinces, city_list: cities, county_list: districts } = areaList;
  const english = areaNamesEn as Record<string, string>;
  const row = (code: string, name: string, parentCode: string | null, level: number) => ({
    code,
    parentCode,
    name,
    nameEn: english[code] ?? name,
    level,
  });
  return [
    ...Object.entries(provinces).map(([code, name]) => row(code, name, null, 1)),
    ...Object.entries(cities).map(([code, name]) => row(code, name, `${code.slice(0, 2)}0000`, 2)),
    ...Object.entries(districts).map(([code, name]) => row(code, name, `${code.slice(0, 4)}00`, 3)),
  ];
}

/**
 * Writes the national areas once per database: when the table already holds as many areas as the data, with as many
 * English names of their own, nothing is written (one count; a database seeded before the English names gets them
 * at its next start). Otherwise every area is upserted by one statement that reads the rows
 * from a JSON parameter (about 3,900 rows: four times faster than multi-row VALUES batches, which matters
 * because every test file seeds a fresh database), so names and parents follow the package after an upgrade.
 * Areas the data no longer has stay: stored addresses may still name them.
 */
async function seedAreas(tx: Executor): Promise<void> {
  const rows = nationalAreas();
  const named = rows.filter((r) => r.nameEn !== r.name).length;
  const [{ n, en } = { n: 0, en: 0 }] = await rowsOf<{ n: number; en: number }>(
    tx,
    sql`select count(*)::int as n, (count(*) filter (where name_en <> name))::int as en from ${area}`,
  );
  if (Number(n) === rows.length && Number(en) >= named) return;
  await tx.execute(sql`
    insert into ${area} (code, parent_code, name, name_en, level)
    select r->>'code', r->>'parentCode', r->>'name', r->>'nameEn', (r->>'level')::int
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) r
    on conflict (code) do update
    set parent_code = excluded.parent_code, name = excluded.name, name_en = excluded.name_en, level = excluded.level`);
}

const agreement = (title: string, body: string[]) => `<h1>${title}</h1>${body.map((p) => `<p>${p}</p>`).join("")}`;

const agreements = [
  {
    code: "user-agreement",
    lang: "en",
    type: "user",
    title: "Seller service agreement",
    content: agreement("Seller service agreement", [
      "This agreement governs your use of the Seller Back Office to run your shop on the marketplace.",
      "You are responsible for the accounts of your staff, the goods you publish, the prices you set and the orders you accept.",
      "Keep your password secret. Tell us at once if you believe your account has been used by someone else.",
      "We may suspend a shop that breaks the marketplace rules, after telling you why.",
    ]),
  },
  {
    code: "user-agreement",
    lang: "zh",
    type: "user",
    title: "商家服务协议",
    content: agreement("商家服务协议", [
      "本协议约定您使用商家后台在平台上经营店铺的权利与义务。",
      "您对员工账号、发布的商品、设定的价格以及接受的订单负责。",
      "请妥善保管密码。如发现账号被他人使用，请立即通知我们。",
      "店铺违反平台规则时，我们会在说明原因后暂停其经营。",
    ]),
  },
  {
    code: "privacy-policy",
    lang: "en",
    type: "privacy",
    title: "Privacy policy",
    content: agreement("Privacy policy", [
      "We keep your login name, phone number and the records of your shop to provide the service.",
      "Passwords are stored only as argon2id hashes; login tickets only as hashes.",
      "Every change made in your organisation is recorded in its audit log, which the owner can read and export.",
    ]),
  },
  {
    code: "privacy-policy",
    lang: "zh",
    type: "privacy",
    title: "隐私政策",
    content: agreement("隐私政策", [
      "我们保存您的登录名、手机号及店铺记录，用于提供服务。",
      "密码仅以 argon2id 哈希保存；登录凭证仅保存其哈希。",
      "组织内的每一次修改都会记入操作日志，店主可以查看和导出。",
    ]),
  },
];
