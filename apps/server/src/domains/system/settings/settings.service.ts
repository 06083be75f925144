import { codes, type contract, MAX_SETTINGS, type OutputOf, type ParsedInputOf, settingRefusals } from "@sbo/contract";
import { recordChange } from "../../../platform/db/audit";
import type { Ctx } from "../../../platform/http/context";
import { refuse } from "../../../platform/http/errors";
import type { SettingStore, StoredSetting } from "./settings.repository";

type Sc = typeof contract.sellerSettings;
type In<K extends keyof Sc> = ParsedInputOf<Sc[K]>;
type Out<K extends keyof Sc> = OutputOf<Sc[K]>;

const itemOf = (s: StoredSetting) => ({ key: s.key, value: s.value as Out<"setByBoId">["value"], updatedAt: s.updatedAt.toISOString() });
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A seller organisation's key-value settings (docs/domains/reference.md, "Seller settings"), kept by `store`. Every
 * change is recorded in the audit log here, for either store, as "Saved a setting" / "Deleted a setting" with the key
 * and the value before and after. With Redis the value is written first and the audit row after it in the call's
 * transaction: should the database fail right then, the call answers 500 and the value stays changed unrecorded.
 */
export function createSettingsService(store: SettingStore) {
  return {
    async getByBoId(input: In<"getByBoId">, ctx: Ctx): Promise<Out<"getByBoId">> {
      const keys = [...new Set(input.keys)];
      const found = new Map((await store.get(ctx.db, ctx.me().boId, keys)).map((s) => [s.key, s]));
      return keys.flatMap((k) => {
        const s = found.get(k);
        return s ? [itemOf(s)] : [];
      });
    },

    async setByBoId(input: In<"setByBoId">, ctx: Ctx): Promise<Out<"setByBoId">> {
      const { boId } = ctx.me();
      const at = new Date();
      const done = await store.set(ctx.db, boId, input.key, input.value, at, MAX_SETTINGS);
      if (done === "full") throw refuse(codes.CONFLICT, settingRefusals.tooMany, { max: MAX_SETTINGS });
      if (done.before === undefined || !same(done.before, input.value)) {
        await recordChange(ctx.db, {
          table: "seller_setting",
          boId,
          recordId: input.key,
          label: input.key,
          action: done.before === undefined ? "insert" : "update",
          diff: { value: { before: done.before ?? null, after: input.value } },
        });
      }
      return itemOf({ key: input.key, value: input.value, updatedAt: at });
    },

    async delByBoId(input: In<"delByBoId">, ctx: Ctx): Promise<Out<"delByBoId">> {
      const { boId } = ctx.me();
      const { before } = await store.del(ctx.db, boId, input.key);
      if (before === undefined) return { key: input.key, deleted: false };
      await recordChange(ctx.db, {
        table: "seller_setting",
        boId,
        recordId: input.key,
        label: input.key,
        action: "delete",
        diff: { value: { before, after: null } },
      });
      return { key: input.key, deleted: true };
    },
  };
}
