import { z } from "zod";
import { instant } from "./common";
import { read, seller, write } from "./define";
import { rule } from "./field-issues";
import { refusals } from "./refusals";

/*
 * A seller organisation's own key-value settings (the spec's "redis get/set by boId"): small JSON values the
 * screens keep per organisation (a default, a layout, a choice), stored in PostgreSQL, or in Redis when the
 * server has REDIS_URL. Keys are namespaced by the function tree's area whose screens use them.
 */

/** The namespaces a key may start with: the areas of the function tree. */
export const SETTING_NAMESPACES = ["home", "shop", "goods", "order", "marketing", "finance", "setup"] as const;
/** The longest JSON text (UTF-8 bytes) one value may take. */
export const MAX_SETTING_BYTES = 4096;
/** The most keys one organisation keeps. */
export const MAX_SETTINGS = 100;
/** The most keys one read asks for. */
export const MAX_SETTING_KEYS_READ = 50;

export const settingRefusals = refusals("settings", {
  key: {
    en: "{field} must be a key such as goods.listColumns: an area (home, shop, goods, order, marketing, finance, setup), then one to three names of letters and digits, dot-separated",
    zh: "{field}必须是形如 goods.listColumns 的键：以功能区（home、shop、goods、order、marketing、finance、setup）开头，后接一至三段以点分隔的字母数字名称",
  },
  valueTooLarge: { en: "{field} must take at most 4096 bytes as JSON", zh: "{field}转为 JSON 后不能超过 4096 字节" },
  valueRequired: { en: "{field} is required (delete the setting to clear it)", zh: "请填写{field}（清除设置请删除该项）" },
  tooMany: {
    en: "Your organisation keeps at most {max} settings; delete one first",
    zh: "每个组织最多保存 {max} 项设置，请先删除不用的设置",
  },
});

const KEY = new RegExp(`^(${SETTING_NAMESPACES.join("|")})(\\.[a-z][A-Za-z0-9]{0,39}){1,3}$`);

/** A setting's key: `<area>.<name>[.<name>[.<name>]]`, at most 100 characters. */
export const settingKey = z.string().trim().max(100).regex(KEY, rule(settingRefusals.key));

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Any JSON but null (deleting clears a setting), at most MAX_SETTING_BYTES as JSON text. Declared `unknown` (the body is
 * JSON already): zod's recursive JSON schema would give the OpenAPI document a reference it cannot resolve.
 */
export const settingValue = z
  .unknown()
  .refine((v) => v !== null && v !== undefined, rule(settingRefusals.valueRequired))
  .refine((v) => utf8Bytes(JSON.stringify(v) ?? "") <= MAX_SETTING_BYTES, rule(settingRefusals.valueTooLarge));

export const settingItem = z.object({ key: z.string(), value: z.unknown(), updatedAt: instant });
export type SettingItem = z.infer<typeof settingItem>;

export const sellerSettings = {
  getByBoId: read({
    path: seller("/basic/redis/getByBoId"),
    summary:
      "The organisation's settings by key (the spec's redis get by boId): the keys that are set, each with its JSON value; keys never set are left out",
    access: "member",
    input: z.strictObject({ keys: z.array(settingKey).min(1).max(MAX_SETTING_KEYS_READ) }),
    output: z.array(settingItem),
  }),
  setByBoId: write({
    path: seller("/basic/redis/setByBoId"),
    summary: "Set one of the organisation's settings (the spec's redis set by boId): a JSON value of at most 4 KB, at most 100 keys",
    access: { func: "shop.setting.edit" },
    shop: false,
    input: z.strictObject({ key: settingKey, value: settingValue }),
    output: settingItem,
  }),
  delByBoId: write({
    path: seller("/basic/redis/delByBoId"),
    summary: "Delete one of the organisation's settings; deleting a key that is not set changes nothing (deleted: false)",
    access: { func: "shop.setting.edit" },
    shop: false,
    input: z.strictObject({ key: settingKey }),
    output: z.object({ key: z.string(), deleted: z.boolean() }),
  }),
};
