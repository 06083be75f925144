import type { goodsAttrDef } from "../domains/goods/goods.tables";

/**
 * The platform's goods attribute definitions (reference data, like categories): what a category's goods describe.
 * A leaf category's form shows its own and its parent's. Options carry codes; goods store the codes.
 */
type Opt = [string, string, string];
const grade: Opt[] = [
  ["premium", "特级", "Premium"],
  ["first", "一级", "First grade"],
  ["second", "二级", "Second grade"],
];
const storage: Opt[] = [
  ["ambient", "常温", "Ambient"],
  ["chilled", "冷藏", "Chilled"],
  ["frozen", "冷冻", "Frozen"],
];
const certification: Opt[] = [
  ["organic", "有机认证", "Organic"],
  ["green", "绿色食品", "Green food"],
  ["gi", "地理标志", "Geographical indication"],
];
const options = (list: Opt[]) => list.map(([code, name, nameEn]) => ({ code, name, nameEn }));

type Def = {
  id: string;
  name: string;
  nameEn: string;
  type: "text" | "number" | "select" | "multiSelect";
  options?: Opt[];
  required?: boolean;
  unit?: string;
};

const byCategory: Record<string, Def[]> = {
  C01: [
    { id: "grade", name: "等级", nameEn: "Grade", type: "select", options: grade, required: true },
    { id: "storage", name: "储存方式", nameEn: "Storage", type: "select", options: storage, required: true },
    { id: "variety", name: "品种", nameEn: "Variety", type: "text" },
  ],
  C0101: [{ id: "brix", name: "糖度", nameEn: "Sweetness", type: "number", unit: "°Bx" }],
  C02: [
    { id: "grade", name: "等级", nameEn: "Grade", type: "select", options: grade, required: true },
    { id: "storage", name: "储存方式", nameEn: "Storage", type: "select", options: storage, required: true },
    { id: "cert", name: "认证", nameEn: "Certification", type: "multiSelect", options: certification },
  ],
  C03: [
    { id: "storage", name: "储存方式", nameEn: "Storage", type: "select", options: storage, required: true },
    { id: "shelfLife", name: "保质期", nameEn: "Shelf life", type: "number", required: true, unit: "days" },
    { id: "cut", name: "部位", nameEn: "Cut", type: "text" },
  ],
  C04: [
    { id: "storage", name: "储存方式", nameEn: "Storage", type: "select", options: storage, required: true },
    {
      id: "source",
      name: "来源",
      nameEn: "Wild or farmed",
      type: "select",
      required: true,
      options: [
        ["wild", "野生", "Wild"],
        ["farmed", "养殖", "Farmed"],
      ],
    },
  ],
  C05: [
    { id: "storage", name: "储存方式", nameEn: "Storage", type: "select", options: storage, required: true },
    { id: "shelfLife", name: "保质期", nameEn: "Shelf life", type: "number", required: true, unit: "days" },
  ],
  C06: [
    { id: "grade", name: "等级", nameEn: "Grade", type: "select", options: grade },
    { id: "shelfLife", name: "保质期", nameEn: "Shelf life", type: "number", unit: "days" },
    { id: "cert", name: "认证", nameEn: "Certification", type: "multiSelect", options: certification },
  ],
};

/** The rows: ids are `<category>.<attribute>`, so a leaf and its parent never clash. */
export const goodsAttrDefs = (): (typeof goodsAttrDef.$inferInsert)[] =>
  Object.entries(byCategory).flatMap(([categoryId, defs]) =>
    defs.map((d, i) => ({
      id: `${categoryId}.${d.id}`,
      categoryId,
      name: d.name,
      nameEn: d.nameEn,
      type: d.type,
      options: options(d.options ?? []),
      required: d.required ?? false,
      unit: d.unit ?? null,
      sort: i + 1,
    })),
  );
