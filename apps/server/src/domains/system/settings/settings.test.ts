import { codes, contract, MAX_SETTINGS } from "@sbo/contract";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../platform/db/rows";
import { createSeller, createStaff, meOf } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/harness";

const S = contract.sellerSettings;
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** The same cases against both stores: PostgreSQL (no REDIS_URL) and Redis. */
describe.each([
  ["PostgreSQL", {}],
  ["Redis", { REDIS_URL }],
] as const)("a seller's settings kept in %s", (storeName, env) => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let boId: string;
  let redis: Redis | null = null;

  beforeAll(async () => {
    t = await createTestApp({ env });
    // A fresh organisation per store, so the two runs (and a Redis kept between runs) never share a hash.
    const seller = await createSeller(t);
    owner = await t.login(seller.loginName, seller.password);
    boId = (await meOf(t, owner)).boId;
    other = await t.login("demo2");
    if (storeName === "Redis") redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await redis?.quit();
    await t.close();
  });

  const auditOf = async (key: string) => {
    const page = await t.call(contract.system.selAuditLogByPage, { pageSize: 50 }, { ticket: owner });
    const entries = page.data.list.filter((e) => e.record?.type === "Setting" && e.record.id === key);
    return Promise.all(entries.map(async (e) => (await t.call(contract.system.selAuditLogById, { id: e.id }, { ticket: owner })).data));
  };

  it("when a setting is saved, then it is read back by key with its time; keys never set are left out", async () => {
    const value = { columns: ["name", "price", "stock"], compact: true, note: "价格列在前" };
    const saved = await t.call(S.setByBoId, { key: "goods.listColumns", value }, { ticket: owner });
    expect(saved.code).toBe(codes.OK);
    expect(saved.data).toMatchObject({ key: "goods.listColumns", value });
    const read = await t.call(S.getByBoId, { keys: ["goods.listColumns", "home.cards", "goods.listColumns"] }, { ticket: owner });
    expect(read.data).toEqual([{ key: "goods.listColumns", value, updatedAt: saved.data.updatedAt }]);
    // Plain JSON values too: a number, a string, false.
    for (const [key, v] of [
      ["order.printCopies", 2],
      ["home.greeting", "早上好"],
      ["shop.showNotice", false],
    ] as const)
      expect((await t.call(S.setByBoId, { key, value: v }, { ticket: owner })).data.value).toBe(v);
    const three = await t.call(S.getByBoId, { keys: ["order.printCopies", "home.greeting", "shop.showNotice"] }, { ticket: owner });
    expect(three.data.map((s) => s.value)).toEqual([2, "早上好", false]);
  });

  it(`when settings are written, then they live in ${storeName} only`, async () => {
    await t.call(S.setByBoId, { key: "home.where", value: "here" }, { ticket: owner });
    const rows = await rowsOf(t.db, sql`select key from seller_setting where bo_id = ${boId} and key = 'home.where'`);
    if (redis) {
      expect(rows).toEqual([]);
      expect(JSON.parse((await redis.hget(`sbo:settings:${boId}`, "home.where")) ?? "null")).toMatchObject({ value: "here" });
    } else {
      expect(rows).toEqual([{ key: "home.where" }]);
    }
  });

  it("when a setting is saved, changed and deleted, then the audit log says so in seller words with before and after", async () => {
    await t.call(S.setByBoId, { key: "order.defaultExpress", value: "SF" }, { ticket: owner });
    await t.call(S.setByBoId, { key: "order.defaultExpress", value: "SF" }, { ticket: owner });
    await t.call(S.setByBoId, { key: "order.defaultExpress", value: "JD" }, { ticket: owner });
    const deleted = await t.call(S.delByBoId, { key: "order.defaultExpress" }, { ticket: owner });
    expect(deleted.data).toEqual({ key: "order.defaultExpress", deleted: true });
    expect((await t.call(S.getByBoId, { keys: ["order.defaultExpress"] }, { ticket: owner })).data).toEqual([]);
    // Saving the same value again changed nothing, so it is not recorded; newest first.
    const entries = await auditOf("order.defaultExpress");
    expect(entries.map((e) => [e.what, e.area, e.record?.action, e.record?.label])).toEqual([
      ["Deleted a setting", "shop", "delete", "order.defaultExpress"],
      ["Saved a setting", "shop", "update", "order.defaultExpress"],
      ["Saved a setting", "shop", "insert", "order.defaultExpress"],
    ]);
    expect(entries.map((e) => e.records[0]?.changes)).toEqual([
      [{ field: "Value", before: "JD", after: "—" }],
      [{ field: "Value", before: "SF", after: "JD" }],
      [{ field: "Value", before: "—", after: "SF" }],
    ]);
    // What the log stored (the answers above word it): the call, the table and column, the raw values.
    const stored = await rowsOf<{ call: string; table_name: string; diff: unknown }>(
      t.db,
      sql`select call, table_name, diff from audit_log where entry_id = any(${sql.raw(`ARRAY[${entries.map((e) => Number(e.id)).join(",")}]::bigint[]`)}) order by id desc`,
    );
    expect(stored).toEqual([
      { call: S.delByBoId.path, table_name: "seller_setting", diff: { value: { before: "JD", after: null } } },
      { call: S.setByBoId.path, table_name: "seller_setting", diff: { value: { before: "SF", after: "JD" } } },
      { call: S.setByBoId.path, table_name: "seller_setting", diff: { value: { before: null, after: "SF" } } },
    ]);
    expect(entries.every((e) => e.memberName)).toBe(true);
  });

  it("when a key that is not set is deleted, then nothing changes and nothing is recorded", async () => {
    const res = await t.call(S.delByBoId, { key: "home.neverSet" }, { ticket: owner });
    expect(res.data).toEqual({ key: "home.neverSet", deleted: false });
    expect(await auditOf("home.neverSet")).toEqual([]);
  });

  it("when the key or value is wrong, then the answer is 400 naming the field and nothing is written", async () => {
    const base = { key: "goods.defaults", value: { a: 1 } };
    for (const [field, patch] of [
      ["key", { key: "nope.thing" }],
      ["key", { key: "goods" }],
      ["key", { key: "goods.Upper" }],
      ["key", { key: "goods.a.b.c.d" }],
      ["key", { key: "goods.has space" }],
      ["value", { value: null }],
      ["value", { value: "x".repeat(4095) }],
      ["value", { value: { list: Array(1000).fill("汉字") } }],
      ["colour", { colour: "red" }],
    ] as const) {
      const res = await t.post(S.setByBoId.path, { ...base, ...patch }, { ticket: owner });
      expect(res.status, `${field} ${JSON.stringify(patch).slice(0, 40)}`).toBe(400);
      expect(res.msg).toContain(field);
    }
    expect((await t.post(S.setByBoId.path, { key: "goods.defaults" }, { ticket: owner })).status).toBe(400);
    expect((await t.call(S.getByBoId, { keys: [] }, { ticket: owner })).status).toBe(400);
    expect((await t.call(S.getByBoId, { keys: ["bad key"] }, { ticket: owner })).status).toBe(400);
    expect((await t.call(S.delByBoId, { key: "shop" }, { ticket: owner })).status).toBe(400);
    expect((await t.call(S.getByBoId, { keys: ["goods.defaults"] }, { ticket: owner })).data).toEqual([]);
    // Exactly at the limit is fine: 4096 bytes of JSON text (a string of 4094 characters and its quotes).
    expect((await t.call(S.setByBoId, { key: "goods.big", value: "x".repeat(4094) }, { ticket: owner })).code).toBe(codes.OK);
  });

  it("when another seller reads and writes the same keys, then each sees only its own", async () => {
    await t.call(S.setByBoId, { key: "home.motto", value: "ours" }, { ticket: owner });
    expect((await t.call(S.getByBoId, { keys: ["home.motto"] }, { ticket: other })).data).toEqual([]);
    await t.call(S.setByBoId, { key: "home.motto", value: "theirs" }, { ticket: other });
    expect((await t.call(S.delByBoId, { key: "home.motto" }, { ticket: other })).data.deleted).toBe(true);
    expect((await t.call(S.getByBoId, { keys: ["home.motto"] }, { ticket: owner })).data.map((s) => s.value)).toEqual(["ours"]);
  });

  it("when a staff member lacks 'Edit settings', then they may read the settings but not change them", async () => {
    const clerk = await createStaff(t, boId, ["shop.setting"]);
    await t.call(S.setByBoId, { key: "shop.banner", value: 1 }, { ticket: owner });
    expect((await t.call(S.getByBoId, { keys: ["shop.banner"] }, { ticket: clerk })).data.map((s) => s.value)).toEqual([1]);
    const set = await t.call(S.setByBoId, { key: "shop.banner", value: 2 }, { ticket: clerk });
    expect([set.status, set.code]).toEqual([403, codes.FORBIDDEN]);
    const del = await t.call(S.delByBoId, { key: "shop.banner" }, { ticket: clerk });
    expect([del.status, del.code]).toEqual([403, codes.FORBIDDEN]);
    expect((await t.call(S.getByBoId, { keys: ["shop.banner"] }, { ticket: owner })).data.map((s) => s.value)).toEqual([1]);
    expect((await t.call(S.getByBoId, { keys: ["shop.banner"] })).code).toBe(codes.NOT_LOGGED_IN);
    expect((await t.call(S.setByBoId, { key: "shop.banner", value: 3 })).code).toBe(codes.NOT_LOGGED_IN);
  });

  it(`when an organisation keeps ${MAX_SETTINGS} settings, then a new key is refused and the kept ones can still change`, async () => {
    const seller = await createSeller(t);
    const full = await t.login(seller.loginName, seller.password);
    for (let i = 0; i < MAX_SETTINGS; i++) {
      const res = await t.call(S.setByBoId, { key: `setup.k${i}`, value: i }, { ticket: full });
      expect(res.code, res.msg).toBe(codes.OK);
    }
    const refused = await t.call(S.setByBoId, { key: "setup.oneMore", value: 1 }, { ticket: full });
    expect([refused.code, refused.reason, refused.params]).toEqual([codes.CONFLICT, "settings.tooMany", { max: MAX_SETTINGS }]);
    expect((await t.call(S.getByBoId, { keys: ["setup.oneMore"] }, { ticket: full })).data).toEqual([]);
    expect((await t.call(S.setByBoId, { key: "setup.k0", value: "changed" }, { ticket: full })).code).toBe(codes.OK);
    await t.call(S.delByBoId, { key: "setup.k1" }, { ticket: full });
    expect((await t.call(S.setByBoId, { key: "setup.oneMore", value: 1 }, { ticket: full })).code).toBe(codes.OK);
  });
});
