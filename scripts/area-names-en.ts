// `npm run areas:english`: writes apps/server/src/demo/area-names-en.json, the English name of each area of
// `@vant/area-data` (which has Chinese names only). Run it after upgrading that package and commit the file; the
// server only reads the JSON (pinyin-pro is a development dependency, never loaded at run time).
// Provinces take their established English names; cities and districts Hanyu Pinyin with the kind of division in
// English ("杭州市" → "Hangzhou", "西湖区" → "Xihu District", "延边朝鲜族自治州" → "Yanbian Autonomous Prefecture").
// docs/domains/reference.md, "Names in English".
import { writeFileSync } from "node:fs";
import { areaList } from "@vant/area-data";
import { pinyin } from "pinyin-pro";

const provinces: Record<string, string> = {
  北京市: "Beijing",
  天津市: "Tianjin",
  河北省: "Hebei",
  山西省: "Shanxi",
  内蒙古自治区: "Inner Mongolia",
  辽宁省: "Liaoning",
  吉林省: "Jilin",
  黑龙江省: "Heilongjiang",
  上海市: "Shanghai",
  江苏省: "Jiangsu",
  浙江省: "Zhejiang",
  安徽省: "Anhui",
  福建省: "Fujian",
  江西省: "Jiangxi",
  山东省: "Shandong",
  河南省: "Henan",
  湖北省: "Hubei",
  湖南省: "Hunan",
  广东省: "Guangdong",
  广西壮族自治区: "Guangxi",
  海南省: "Hainan",
  重庆市: "Chongqing",
  四川省: "Sichuan",
  贵州省: "Guizhou",
  云南省: "Yunnan",
  西藏自治区: "Tibet",
  陕西省: "Shaanxi",
  甘肃省: "Gansu",
  青海省: "Qinghai",
  宁夏回族自治区: "Ningxia",
  新疆维吾尔自治区: "Xinjiang",
  台湾省: "Taiwan",
  香港特别行政区: "Hong Kong",
  澳门特别行政区: "Macao",
};

/** Names whose English is established, or that pinyin-pro reads with the wrong sound of a character. */
const fixed: Record<string, string> = {
  香港岛: "Hong Kong Island",
  九龙: "Kowloon",
  新界: "New Territories",
  澳门半岛: "Macao Peninsula",
  离岛: "Islands",
  省直辖县: "County-level divisions",
  自治区直辖县级行政区划: "County-level divisions",
  县: "Counties",
  六安市: "Lu'an",
  蚌埠市: "Bengbu",
  丽水市: "Lishui",
  厦门市: "Xiamen",
  东莞市: "Dongguan",
  乐清市: "Yueqing",
  长沙市: "Changsha",
  重庆市: "Chongqing",
  长春市: "Changchun",
  长治市: "Changzhi",
  朝阳区: "Chaoyang District",
  朝阳市: "Chaoyang",
  朝阳县: "Chaoyang County",
  番禺区: "Panyu District",
  洪洞县: "Hongtong County",
  大理白族自治州: "Dali Autonomous Prefecture",
  阿里地区: "Ngari Prefecture",
  哈尔滨市: "Harbin",
  呼和浩特市: "Hohhot",
  拉萨市: "Lhasa",
  日喀则市: "Shigatse",
  乌鲁木齐市: "Urumqi",
  喀什地区: "Kashgar Prefecture",
  台北市: "Taipei",
  高雄市: "Kaohsiung",
  台中市: "Taichung",
  台南市: "Tainan",
  基隆市: "Keelung",
  新竹市: "Hsinchu",
  嘉义市: "Chiayi",
};

/** Ethnic groups named in autonomous divisions: left out of the English name, as official usage does. */
const peoples = [
  "蒙古族",
  "蒙古",
  "回族",
  "藏族",
  "维吾尔族",
  "苗族",
  "彝族",
  "壮族",
  "布依族",
  "朝鲜族",
  "满族",
  "侗族",
  "瑶族",
  "白族",
  "土家族",
  "哈尼族",
  "哈萨克族",
  "哈萨克",
  "傣族",
  "黎族",
  "傈僳族",
  "佤族",
  "畲族",
  "拉祜族",
  "水族",
  "东乡族",
  "纳西族",
  "景颇族",
  "柯尔克孜族",
  "柯尔克孜",
  "土族",
  "达斡尔族",
  "仫佬族",
  "羌族",
  "布朗族",
  "撒拉族",
  "毛南族",
  "仡佬族",
  "锡伯族",
  "普米族",
  "塔吉克族",
  "怒族",
  "鄂温克族",
  "鄂伦春族",
  "裕固族",
  "保安族",
  "独龙族",
  "各族",
];

/** Suffixes of a division's name and their English, longest first. */
const kinds: [string, string][] = [
  ["自治州", "Autonomous Prefecture"],
  ["自治县", "Autonomous County"],
  ["自治旗", "Autonomous Banner"],
  ["特别行政区", ""],
  ["地区", "Prefecture"],
  ["林区", "Forestry District"],
  ["特区", "Special District"],
  ["新区", "New District"],
  ["街道", "Subdistrict"],
  ["管委会", "Administrative Committee"],
  ["区", "District"],
  ["县", "County"],
  ["旗", "Banner"],
  ["盟", "League"],
  ["镇", "Town"],
  ["乡", "Township"],
];

/** Hanyu Pinyin of a place name as one capitalised word, an apostrophe before a vowel syllable ("Xi'an"). */
function word(han: string): string {
  const syllables = pinyin(han, { toneType: "none", type: "array" });
  const joined = syllables.map((s, i) => (i > 0 && /^[aeo]/.test(s) ? `'${s}` : s)).join("");
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/** A city or district: its stem in pinyin and its kind in English; a city's "市" is left out, a district's kept as City. */
function placeName(name: string, level: 2 | 3): string {
  const own = fixed[name];
  if (own) return own;
  for (const [suffix, english] of kinds) {
    if (!name.endsWith(suffix) || name.length <= suffix.length) continue;
    let stem = name.slice(0, -suffix.length);
    if (suffix.startsWith("自治")) {
      for (let changed = true; changed; ) {
        changed = false;
        for (const p of peoples)
          if (stem.endsWith(p) && stem.length > p.length) {
            stem = stem.slice(0, -p.length);
            changed = true;
          }
      }
    }
    return english ? `${word(stem)} ${english}` : word(stem);
  }
  if (name.endsWith("市") && name.length > 2) return level === 2 ? word(name.slice(0, -1)) : `${word(name.slice(0, -1))} City`;
  return word(name);
}

const names: Record<string, string> = {};
for (const [code, name] of Object.entries(areaList.province_list)) {
  const english = provinces[name];
  if (!english) throw new Error(`no English name for the province ${name} (${code})`);
  names[code] = english;
}
for (const [code, name] of Object.entries(areaList.city_list)) names[code] = placeName(name, 2);
for (const [code, name] of Object.entries(areaList.county_list)) names[code] = placeName(name, 3);

const out = new URL("../apps/server/src/demo/area-names-en.json", import.meta.url);
writeFileSync(out, `${JSON.stringify(names, null, 2)}\n`);
console.log(`${Object.keys(names).length} English area names written to ${out.pathname}`);
