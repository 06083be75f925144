import { z } from "zod";
import { OPEN_SHOP_PATH } from "./codes";
import { empty, id, instant, phone } from "./common";
import { read, seller, write } from "./define";
import { fieldRefusals, rule } from "./field-issues";
import { areaCode, areaRef, creditCode, fileRef, idCardNo, requiredText, servicePhone, text, verificationStatus } from "./organization";
import { refusals } from "./refusals";

/** What the shop calls refuse with, in both languages. */
export const shopRefusals = refusals("shop", {
  chooseDay: { en: "{field}: choose at least one day", zh: "{field}：请至少选择一天" },
  shopNotFound: { en: "The shop was not found", zh: "未找到该店铺" },
  ownerOpensShop: { en: "Only the owner of the organisation can open its shop", zh: "只有组织的所有者才能开设店铺" },
  alreadyClosed: { en: "The shop is already closed", zh: "店铺已经关闭" },
  alreadyOpen: { en: "The shop is already open", zh: "店铺已经开业" },
  statusChanged: { en: "The shop's status changed meanwhile; reload and try again", zh: "店铺状态刚刚被修改，请刷新后重试" },
  yourShopOpen: { en: "Your shop is already open", zh: "你的店铺已经开通" },
  detailsFirst: { en: "Fill in the shop's details first", zh: "请先填写店铺信息" },
  timeZone: { en: "{field} must be a time zone such as Asia/Shanghai", zh: "{field}必须是时区，例如 Asia/Shanghai" },
});

/** opening: the open-shop flow is under way (counts as no shop); open; closed (by the seller). */
export const shopStatus = z.enum(["opening", "open", "closed"]);

/** Where a member is sent until their organisation's shop is opened (none yet, or still `opening`); null once it is. */
export const openShopUrlOf = (shop: { status: string } | null | undefined): string | null =>
  shop && shop.status !== "opening" ? null : OPEN_SHOP_PATH;

const shopProfile = z.object({
  shopId: id,
  name: z.string(),
  brand: z.string(),
  logo: fileRef.nullable(),
  intro: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  servicePhone: z.string(),
  area: areaRef.nullable(),
  address: z.string(),
  mainCategory: z.object({ id, name: z.string(), nameEn: z.string() }).nullable(),
  status: shopStatus,
  openedAt: instant.nullable(),
  closedAt: instant.nullable(),
  closedReason: z.string(),
  updatedAt: instant,
});

/** The shop's profile as entered on the open-shop and shop manage screens. */
const shopProfileInput = z.strictObject({
  name: requiredText(60),
  brand: requiredText(60),
  logoFileId: id.nullable(),
  intro: text(500),
  contactName: requiredText(30),
  contactPhone: phone,
  servicePhone,
  areaCode,
  address: requiredText(200),
  mainCategoryId: id,
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, rule(fieldRefusals.clock));
export const businessHours = z.discriminatedUnion("mode", [
  z.strictObject({ mode: z.literal("allDay") }),
  z.strictObject({
    mode: z.literal("weekly"),
    /** The days the shop opens (1 = Monday … 7 = Sunday), each once, open before close. */
    days: z
      .array(z.strictObject({ weekday: z.int().min(1).max(7), open: hhmm, close: hhmm }))
      .min(1, rule(shopRefusals.chooseDay))
      .max(7)
      .superRefine((days, ctx) => {
        const seen = new Set<number>();
        days.forEach((d, i) => {
          if (seen.has(d.weekday)) ctx.addIssue({ code: "custom", path: [i, "weekday"], message: rule(fieldRefusals.listedTwice) });
          seen.add(d.weekday);
          if (d.open >= d.close) ctx.addIssue({ code: "custom", path: [i, "close"], message: rule(fieldRefusals.afterOpening) });
        });
      }),
  }),
]);

export const invoiceSupport = z.enum(["none", "ordinary", "vat"]);

/** The zone a shop works in until it chooses another. */
export const DEFAULT_TIME_ZONE = "Asia/Shanghai";

/** An IANA time zone this runtime knows (Asia/Shanghai, Europe/Berlin, UTC …). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The shop's time zone: its hours and the dates of its exports are read in it. */
export const timeZone = z.string().trim().max(64).refine(isTimeZone, rule(shopRefusals.timeZone));
export const NOTICE_MAX = 500;
export const AUTO_CONFIRM_DAYS = { min: 1, max: 30 } as const;
export const AUTO_CLOSE_MINUTES = { min: 5, max: 1440 } as const;
/** Days an after-sale application may wait for the seller's decision before the job approves it (aftersale domain). */
export const AFTER_SALE_AUTO_APPROVE_DAYS = { min: 1, max: 30, default: 3 } as const;

const settingsFields = {
  businessHours,
  acceptingOrders: z.boolean(),
  contactPhone: phone,
  servicePhone,
  notice: text(NOTICE_MAX),
  autoConfirmDays: z.int().min(AUTO_CONFIRM_DAYS.min).max(AUTO_CONFIRM_DAYS.max),
  autoCloseMinutes: z.int().min(AUTO_CLOSE_MINUTES.min).max(AUTO_CLOSE_MINUTES.max),
  invoice: invoiceSupport,
  selfPickup: z.boolean(),
  /** Omitted: the saved zone stays (Asia/Shanghai until one is saved). */
  timeZone: timeZone.optional(),
  /** Days an after-sale application may wait for a decision before it is approved automatically; omitted: kept (3). */
  afterSaleAutoApproveDays: z.int().min(AFTER_SALE_AUTO_APPROVE_DAYS.min).max(AFTER_SALE_AUTO_APPROVE_DAYS.max).optional(),
};

const settings = z.object({
  shopId: id,
  ...settingsFields,
  contactPhone: z.string(),
  servicePhone: z.string(),
  notice: z.string(),
  timeZone: z.string(),
  afterSaleAutoApproveDays: z.int(),
  logo: fileRef.nullable(),
  /** null while the defaults were never saved. */
  updatedAt: instant.nullable(),
});

export const shop = {
  selShopByBoId: read({
    path: seller("/trading/shop/info/selShopByBoId"),
    summary: "The active organisation's shop and its profile (null when it has none); readable while closed or opening",
    access: "member",
    shop: false,
    input: empty,
    output: shopProfile.nullable(),
  }),
  updShop: write({
    path: seller("/trading/shop/info/updShop"),
    summary: "Edit the shop profile (works while the shop is closed)",
    access: { func: "shop.manage.edit" },
    shop: false,
    input: shopProfileInput,
    output: shopProfile,
  }),
  updShopStatus: write({
    path: seller("/trading/shop/info/updShopStatus"),
    summary: "Close the shop (every shop-scoped call then answers 003301) or reopen it (beyond the spec)",
    access: { func: "shop.manage.status" },
    shop: false,
    input: z.strictObject({ status: z.enum(["open", "closed"]), reason: text(200).optional() }),
    output: shopProfile,
  }),
  selShopAndOrg: read({
    path: seller("/trading/shop/info/selShopAndOrg"),
    summary: "The shop, its organisation and its settings, for the shop manage screen",
    access: { func: "shop.manage" },
    shop: false,
    input: empty,
    output: z.object({
      shop: shopProfile,
      organization: z.object({ boId: id, name: z.string(), shortName: z.string(), creditCode: z.string(), verificationStatus }),
      settings,
    }),
  }),
  selShopSettingByShopId: read({
    path: seller("/trading/shop/info/selShopSettingByShopId"),
    summary: "The shop's settings (beyond the spec: the settings screen's read)",
    access: { func: "shop.setting" },
    shop: false,
    input: z.strictObject({ shopId: id }),
    output: settings,
  }),
  addOrUpdShopSettingByShopId: write({
    path: seller("/trading/shop/info/addOrUpdShopSettingByShopId"),
    summary: "Save the shop's settings: business hours, orders on/off, contacts, logo, notice, order timers, invoices, self-pickup",
    access: { func: "shop.setting.edit" },
    shop: false,
    input: z.strictObject({ shopId: id, ...settingsFields, logoFileId: id.nullable() }),
    output: settings,
  }),
  openShop: write({
    path: seller("/trading/shop/info/openShop"),
    summary: "Open-shop step 1 (beyond the spec; owner only): the shop's details; creates the shop as `opening` or updates the draft",
    access: "member",
    shop: false,
    input: shopProfileInput,
    output: shopProfile,
  }),
  submitAccountOpening: write({
    path: seller("/trading/shop/info/submitAccountOpening"),
    summary:
      "Open-shop step 2 (beyond the spec; owner only): legal person, ID and licence; checked automatically, then the account is verified and the shop opens",
    access: "member",
    shop: false,
    input: z.strictObject({
      legalPersonName: requiredText(30),
      legalPersonIdNo: idCardNo,
      creditCode,
      licenceFileId: id,
      idFrontFileId: id,
      idBackFileId: id,
    }),
    output: shopProfile,
  }),
};
