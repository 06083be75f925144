import {
  AFTER_SALE_AUTO_APPROVE_DAYS,
  codes,
  type contract,
  DEFAULT_TIME_ZONE,
  type OutputOf,
  openShopUrlOf,
  type ParsedInputOf,
  platformRefusals,
  shopRefusals,
} from "@sbo/contract";
import type { Executor } from "../../platform/db/client";
import type { Ctx, Session } from "../../platform/http/context";
import { notFound, refuse, stateForbids } from "../../platform/http/errors";
import { organizationSummary, recordAccountOpening } from "../organization/organization.service";
import { areaRef, categoryRef, checkArea, checkCategory, checkFiles, fileRefs } from "../reference/reference.service";
import type { ShopRow } from "./shop.repository";
import * as repo from "./shop.repository";
import type { shopSetting } from "./shop.tables";

type Sh = typeof contract.shop;
type In<K extends keyof Sh> = ParsedInputOf<Sh[K]>;
type Out<K extends keyof Sh> = OutputOf<Sh[K]>;
type SettingRow = typeof shopSetting.$inferSelect;

/** What a shop's settings are until they are first saved. */
export const DEFAULT_SETTINGS = {
  businessHours: { mode: "allDay" as const },
  acceptingOrders: true,
  notice: "",
  autoConfirmDays: 7,
  autoCloseMinutes: 30,
  invoice: "none" as const,
  selfPickup: false,
  timeZone: DEFAULT_TIME_ZONE,
  afterSaleAutoApproveDays: AFTER_SALE_AUTO_APPROVE_DAYS.default,
};

async function profileOut(db: Executor, s: ShopRow): Promise<Out<"updShop">> {
  const files = await fileRefs(db, s.boId, [s.logoFileId]);
  return {
    shopId: s.id,
    name: s.name,
    brand: s.brand,
    logo: s.logoFileId ? (files.get(s.logoFileId) ?? null) : null,
    intro: s.intro,
    contactName: s.contactName,
    contactPhone: s.contactPhone,
    servicePhone: s.servicePhone,
    area: await areaRef(db, s.areaCode),
    address: s.address,
    mainCategory: await categoryRef(db, s.mainCategoryId),
    status: s.status as Out<"updShop">["status"],
    openedAt: s.openedAt?.toISOString() ?? null,
    closedAt: s.closedAt?.toISOString() ?? null,
    closedReason: s.closedReason,
    updatedAt: s.updatedAt.toISOString(),
  };
}

async function settingsOut(db: Executor, s: ShopRow, row: SettingRow | undefined): Promise<Out<"selShopSettingByShopId">> {
  const files = await fileRefs(db, s.boId, [s.logoFileId]);
  const base = row
    ? {
        businessHours: row.businessHours,
        acceptingOrders: row.acceptingOrders,
        notice: row.notice,
        autoConfirmDays: row.autoConfirmDays,
        autoCloseMinutes: row.autoCloseMinutes,
        invoice: row.invoice as Out<"selShopSettingByShopId">["invoice"],
        selfPickup: row.selfPickup,
        timeZone: row.timeZone,
        afterSaleAutoApproveDays: row.afterSaleAutoApproveDays,
      }
    : DEFAULT_SETTINGS;
  return {
    shopId: s.id,
    ...base,
    contactPhone: s.contactPhone,
    servicePhone: s.servicePhone,
    logo: s.logoFileId ? (files.get(s.logoFileId) ?? null) : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The active organisation's shop once it is opened (open or closed); while it has none, or is opening, 021101. */
async function openedShop(db: Executor, me: Session): Promise<ShopRow> {
  const s = await repo.findByBoId(db, me.boId);
  const openShopUrl = openShopUrlOf(s);
  if (!s || openShopUrl) throw refuse(codes.NO_SHOP, platformRefusals.openShopFirst, undefined, { data: openShopUrl });
  return s;
}

/** The shop named by an input's shopId: it must be the caller's own (another seller's is "not found"). */
async function ownShop(db: Executor, me: Session, shopId: string): Promise<ShopRow> {
  const s = await openedShop(db, me);
  if (s.id !== shopId) throw notFound(shopRefusals.shopNotFound);
  return s;
}

function ownerOnly(me: Session) {
  if (!me.isOwner) throw refuse(codes.FORBIDDEN, shopRefusals.ownerOpensShop, undefined, { status: 403 });
}

async function checkProfile(db: Executor, boId: string, input: In<"updShop">) {
  await checkFiles(db, boId, { logoFileId: input.logoFileId });
  await checkArea(db, input.areaCode, "areaCode");
  await checkCategory(db, input.mainCategoryId, "mainCategoryId");
}

/** Which statuses the seller may move the shop to (opening ends only through the open-shop flow). */
const TRANSITIONS: Record<string, readonly string[]> = { open: ["closed"], closed: ["open"] };

export const shopService = {
  async selShopByBoId(_input: unknown, ctx: Ctx): Promise<Out<"selShopByBoId">> {
    const s = await repo.findByBoId(ctx.db, ctx.me().boId);
    return s ? profileOut(ctx.db, s) : null;
  },

  async updShop(input: In<"updShop">, ctx: Ctx): Promise<Out<"updShop">> {
    const me = ctx.me();
    await openedShop(ctx.db, me);
    await checkProfile(ctx.db, me.boId, input);
    const row = await repo.updateInStatus(ctx.db, me.boId, ["open", "closed"], input);
    if (!row) throw notFound(shopRefusals.shopNotFound);
    return profileOut(ctx.db, row);
  },

  async updShopStatus(input: In<"updShopStatus">, ctx: Ctx): Promise<Out<"updShopStatus">> {
    const me = ctx.me();
    const current = await openedShop(ctx.db, me);
    if (!TRANSITIONS[current.status]?.includes(input.status)) {
      throw stateForbids(input.status === "closed" ? shopRefusals.alreadyClosed : shopRefusals.alreadyOpen);
    }
    const patch =
      input.status === "closed"
        ? { status: "closed", closedAt: new Date(), closedReason: input.reason ?? "" }
        : { status: "open", closedAt: null, closedReason: "" };
    // Guarded by the expected status, so of two concurrent changes only one wins.
    const row = await repo.updateInStatus(ctx.db, me.boId, [current.status], patch);
    if (!row) throw stateForbids(shopRefusals.statusChanged);
    return profileOut(ctx.db, row);
  },

  async selShopAndOrg(_input: unknown, ctx: Ctx): Promise<Out<"selShopAndOrg">> {
    const me = ctx.me();
    const s = await openedShop(ctx.db, me);
    return {
      shop: await profileOut(ctx.db, s),
      organization: await organizationSummary(ctx.db, me.boId),
      settings: await settingsOut(ctx.db, s, await repo.findSetting(ctx.db, s.id)),
    };
  },

  async selShopSettingByShopId(input: In<"selShopSettingByShopId">, ctx: Ctx): Promise<Out<"selShopSettingByShopId">> {
    const s = await ownShop(ctx.db, ctx.me(), input.shopId);
    return settingsOut(ctx.db, s, await repo.findSetting(ctx.db, s.id));
  },

  async addOrUpdShopSettingByShopId(input: In<"addOrUpdShopSettingByShopId">, ctx: Ctx): Promise<Out<"addOrUpdShopSettingByShopId">> {
    const me = ctx.me();
    const s = await ownShop(ctx.db, me, input.shopId);
    await checkFiles(ctx.db, me.boId, { logoFileId: input.logoFileId });
    const { shopId, contactPhone, servicePhone, logoFileId, ...settings } = input;
    const shopRow = await repo.updateInStatus(ctx.db, me.boId, ["open", "closed"], { contactPhone, servicePhone, logoFileId });
    const row = await repo.upsertSetting(ctx.db, { shopId, boId: me.boId, ...settings });
    return settingsOut(ctx.db, shopRow ?? s, row);
  },

  async openShop(input: In<"openShop">, ctx: Ctx): Promise<Out<"openShop">> {
    const me = ctx.me();
    ownerOnly(me);
    await checkProfile(ctx.db, me.boId, input);
    const row = await repo.upsertOpening(ctx.db, me.boId, input);
    if (!row) throw stateForbids(shopRefusals.yourShopOpen);
    return profileOut(ctx.db, row);
  },

  async submitAccountOpening(input: In<"submitAccountOpening">, ctx: Ctx): Promise<Out<"submitAccountOpening">> {
    const me = ctx.me();
    ownerOnly(me);
    const current = await repo.findByBoId(ctx.db, me.boId);
    if (!current) throw stateForbids(shopRefusals.detailsFirst);
    if (current.status !== "opening") throw stateForbids(shopRefusals.yourShopOpen);
    // No platform operator reviews applications: the checks are automatic (complete, well-formed,
    // ID and credit-code check characters, files of this organisation), so passing them approves it.
    await recordAccountOpening(ctx.db, me.boId, input);
    const row = await repo.updateInStatus(ctx.db, me.boId, ["opening"], { status: "open", openedAt: new Date() });
    if (!row) throw stateForbids(shopRefusals.yourShopOpen);
    return profileOut(ctx.db, row);
  },
};
