import { sql } from "drizzle-orm";
import { area, category, dictItem, unit } from "../domains/basic/basic.tables";
import { profession } from "../domains/staff/staff.tables";
import { sysVersion, webContent } from "../domains/system/system.tables";
import type { Executor } from "../platform/db/client";

/** Platform reference data every database needs (not demo data): written once, kept if edited. */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(category).values(categories()).onConflictDoNothing();
    await tx.insert(unit).values(units).onConflictDoNothing();
    await tx.insert(dictItem).values(dictionaries()).onConflictDoNothing();
    await tx.insert(area).values(areas()).onConflictDoNothing();
    await tx.insert(profession).values(professions).onConflictDoNothing();
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

const units = [
  ["kg", "千克", "kg"],
  ["g", "克", "g"],
  ["jin", "斤", "jin (500 g)"],
  ["piece", "个", "piece"],
  ["box", "箱", "box"],
  ["bag", "袋", "bag"],
  ["bottle", "瓶", "bottle"],
  ["pack", "盒", "pack"],
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
  };
  return Object.entries(dicts).flatMap(([dictCode, items]) =>
    items.map(([code, name, nameEn], i) => ({ id: `${dictCode}:${code}`, dictCode, code, name, nameEn, sort: i + 1 })),
  );
};

const areas = () => {
  const provinces: Array<[string, string, string, Array<[string, string, string]>]> = [
    ["110000", "北京市", "Beijing", [["110100", "北京市", "Beijing"]]],
    ["120000", "天津市", "Tianjin", [["120100", "天津市", "Tianjin"]]],
    ["310000", "上海市", "Shanghai", [["310100", "上海市", "Shanghai"]]],
    ["500000", "重庆市", "Chongqing", [["500100", "重庆市", "Chongqing"]]],
    [
      "130000",
      "河北省",
      "Hebei",
      [
        ["130100", "石家庄市", "Shijiazhuang"],
        ["130200", "唐山市", "Tangshan"],
      ],
    ],
    ["140000", "山西省", "Shanxi", [["140100", "太原市", "Taiyuan"]]],
    ["150000", "内蒙古自治区", "Inner Mongolia", [["150100", "呼和浩特市", "Hohhot"]]],
    [
      "210000",
      "辽宁省",
      "Liaoning",
      [
        ["210100", "沈阳市", "Shenyang"],
        ["210200", "大连市", "Dalian"],
      ],
    ],
    ["220000", "吉林省", "Jilin", [["220100", "长春市", "Changchun"]]],
    ["230000", "黑龙江省", "Heilongjiang", [["230100", "哈尔滨市", "Harbin"]]],
    [
      "320000",
      "江苏省",
      "Jiangsu",
      [
        ["320100", "南京市", "Nanjing"],
        ["320500", "苏州市", "Suzhou"],
      ],
    ],
    [
      "330000",
      "浙江省",
      "Zhejiang",
      [
        ["330100", "杭州市", "Hangzhou"],
        ["330200", "宁波市", "Ningbo"],
      ],
    ],
    ["340000", "安徽省", "Anhui", [["340100", "合肥市", "Hefei"]]],
    [
      "350000",
      "福建省",
      "Fujian",
      [
        ["350100", "福州市", "Fuzhou"],
        ["350200", "厦门市", "Xiamen"],
      ],
    ],
    ["360000", "江西省", "Jiangxi", [["360100", "南昌市", "Nanchang"]]],
    [
      "370000",
      "山东省",
      "Shandong",
      [
        ["370100", "济南市", "Jinan"],
        ["370200", "青岛市", "Qingdao"],
      ],
    ],
    ["410000", "河南省", "Henan", [["410100", "郑州市", "Zhengzhou"]]],
    ["420000", "湖北省", "Hubei", [["420100", "武汉市", "Wuhan"]]],
    ["430000", "湖南省", "Hunan", [["430100", "长沙市", "Changsha"]]],
    [
      "440000",
      "广东省",
      "Guangdong",
      [
        ["440100", "广州市", "Guangzhou"],
        ["440300", "深圳市", "Shenzhen"],
      ],
    ],
    ["450000", "广西壮族自治区", "Guangxi", [["450100", "南宁市", "Nanning"]]],
    [
      "460000",
      "海南省",
      "Hainan",
      [
        ["460100", "海口市", "Haikou"],
        ["460200", "三亚市", "Sanya"],
      ],
    ],
    ["510000", "四川省", "Sichuan", [["510100", "成都市", "Chengdu"]]],
    ["520000", "贵州省", "Guizhou", [["520100", "贵阳市", "Guiyang"]]],
    ["530000", "云南省", "Yunnan", [["530100", "昆明市", "Kunming"]]],
    ["540000", "西藏自治区", "Tibet", [["540100", "拉萨市", "Lhasa"]]],
    ["610000", "陕西省", "Shaanxi", [["610100", "西安市", "Xi'an"]]],
    ["620000", "甘肃省", "Gansu", [["620100", "兰州市", "Lanzhou"]]],
    ["630000", "青海省", "Qinghai", [["630100", "西宁市", "Xining"]]],
    ["640000", "宁夏回族自治区", "Ningxia", [["640100", "银川市", "Yinchuan"]]],
    ["650000", "新疆维吾尔自治区", "Xinjiang", [["650100", "乌鲁木齐市", "Urumqi"]]],
    ["710000", "台湾省", "Taiwan", [["710100", "台北市", "Taipei"]]],
    ["810000", "香港特别行政区", "Hong Kong", [["810100", "香港", "Hong Kong"]]],
    ["820000", "澳门特别行政区", "Macao", [["820100", "澳门", "Macao"]]],
  ];
  return provinces.flatMap(([code, name, nameEn, cities]) => [
    { code, parentCode: null, name, nameEn, level: 1 },
    ...cities.map(([cc, cn, ce]) => ({ code: cc, parentCode: code, name: cn, nameEn: ce, level: 2 })),
  ]);
};

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
