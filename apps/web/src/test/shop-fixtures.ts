import type { OutputOf } from "@sbo/contract/define";
import type * as contract from "@sbo/contract/shop";

export type ShopSettings = OutputOf<typeof contract.shop.selShopSettingByShopId>;

/** A shop's settings as the settings call answers them (shop s1, weekly hours, Monday 08:00–21:30). */
export const shopSettings = (over: Partial<ShopSettings> = {}): ShopSettings => ({
  shopId: "s1",
  businessHours: { mode: "weekly", days: [{ weekday: 1, open: "08:00", close: "21:30" }] },
  acceptingOrders: true,
  contactPhone: "13800000001",
  servicePhone: "0571-88886666",
  notice: "",
  autoConfirmDays: 7,
  autoCloseMinutes: 30,
  invoice: "none",
  selfPickup: false,
  timeZone: "Asia/Shanghai",
  afterSaleAutoApproveDays: 3,
  logo: null,
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});
