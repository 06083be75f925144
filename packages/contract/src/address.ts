import { z } from "zod";
import { type Issue, id, instant, ok, page, pageInput } from "./common";
import { read, seller, write } from "./define";
import { fieldRefusals, rule } from "./field-issues";
import { areaCode } from "./reference";
import { type Refusal, refusals } from "./refusals";

/** What the address calls refuse with, in both languages. */
export const addressRefusals = refusals("address", {
  phone: {
    en: "{field} must be a mobile number or a landline with its area code (e.g. 010-12345678)",
    zh: "{field}必须是手机号或带区号的固定电话（如 010-12345678）",
  },
  postcode: { en: "{field} must be 6 digits", zh: "{field}必须是 6 位数字" },
  coordinatePair: { en: "{field}: give both coordinates or neither", zh: "{field}：经纬度要么都填，要么都不填" },
  pickupHours: { en: "{field} is required for a pickup point", zh: "自提点必须填写{field}" },
  unknownProvince: { en: "{field} is not a known province", zh: "{field}不是已知的省份" },
  cityOutside: { en: "{field} is not a city of the chosen province", zh: "{field}不属于所选省份" },
  districtOutside: { en: "{field} is not a district of the chosen city", zh: "{field}不属于所选城市" },
  districtRequired: { en: "{field} is required for this city", zh: "该城市需要选择{field}" },
  addressNotFound: { en: "That address was not found", zh: "未找到该地址" },
});

/** shipping: goods are sent from here; return: buyers send returns here; pickup: a self-pickup point. */
export const addressTypes = ["shipping", "return", "pickup"] as const;
export const addressType = z.enum(addressTypes);
export type AddressType = z.infer<typeof addressType>;

/** A mobile number (11 digits starting with 1) or a landline with area code, e.g. 010-12345678 or 0571-8888888-12. */
export const contactPhone = z
  .string()
  .trim()
  .regex(/^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/, rule(addressRefusals.phone));

/** Area codes are reference data (reference.ts): province, city and district of the national list. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, rule(fieldRefusals.clock));

/** The fields a seller edits. Coordinates and opening hours belong to pickup points only. */
const editable = {
  contactName: z.string().trim().min(1, "is required").max(50),
  phone: contactPhone,
  provinceCode: areaCode,
  cityCode: areaCode,
  /** Required when the city has districts in the area table. */
  districtCode: areaCode.nullable().default(null),
  detail: z.string().trim().min(1, "is required").max(200),
  postcode: z
    .string()
    .regex(/^\d{6}$/, rule(addressRefusals.postcode))
    .nullable()
    .default(null),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  openTime: clock.nullable().default(null),
  closeTime: clock.nullable().default(null),
};

interface PickupFields {
  latitude: number | null;
  longitude: number | null;
  openTime: string | null;
  closeTime: string | null;
}

/**
 * Pickup points need their opening hours; coordinates come in pairs; hours close after they open.
 * Shared by the add schema and the server's edit check (an edit keeps the type, known only from the row).
 */
export function addressRuleIssues(type: AddressType, v: PickupFields): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, r: Refusal) => issues.push({ path, message: rule(r), reason: r.reason });
  if ((v.latitude === null) !== (v.longitude === null)) add(v.latitude === null ? "latitude" : "longitude", addressRefusals.coordinatePair);
  if (type === "pickup") {
    if (!v.openTime) add("openTime", addressRefusals.pickupHours);
    if (!v.closeTime) add("closeTime", addressRefusals.pickupHours);
  }
  if (v.openTime && v.closeTime && v.openTime >= v.closeTime) add("closeTime", fieldRefusals.afterOpening);
  return issues;
}

export const addressItem = z.object({
  id,
  type: addressType,
  contactName: z.string(),
  phone: z.string(),
  provinceCode: z.string(),
  cityCode: z.string(),
  districtCode: z.string().nullable(),
  /** Province, city (and district) with their names in both languages, for display. */
  areaPath: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string() })),
  detail: z.string(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  openTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});
export type AddressItem = z.infer<typeof addressItem>;

export const address = {
  selAddrListPage: read({
    path: seller("/basic/address/selAddrListPage"),
    summary: "The shop's addresses (shipping, return, pickup), defaults first",
    access: { func: "shop.setting" },
    input: pageInput({ type: addressType.optional() }),
    output: page(addressItem),
  }),
  addAddr: write({
    path: seller("/basic/address/addAddr"),
    summary: "Add an address (the first of its type becomes the default)",
    access: { func: "shop.setting.address" },
    input: z.strictObject({ type: addressType, ...editable }).superRefine((v, ctx) => {
      for (const i of addressRuleIssues(v.type, v)) ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
    }),
    output: addressItem,
  }),
  updAddrById: write({
    path: seller("/basic/address/updAddrById"),
    summary: "Edit an address (its type stays)",
    access: { func: "shop.setting.address" },
    input: z.strictObject({ id, ...editable }),
    output: addressItem,
  }),
  delAddrById: write({
    path: seller("/basic/address/delAddrById"),
    summary: "Delete an address (deleting the default makes the newest other one of its type the default)",
    access: { func: "shop.setting.address" },
    input: z.strictObject({ id }),
    output: ok,
  }),
  updDefaultAddr: write({
    path: seller("/basic/address/updDefaultAddr"),
    summary: "Make an address the default of its type",
    access: { func: "shop.setting.address" },
    input: z.strictObject({ id }),
    output: addressItem,
  }),
};
