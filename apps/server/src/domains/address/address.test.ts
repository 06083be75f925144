import { codes, contract, type InputOf } from "@sbo/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, createStaff, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { sellerAddress } from "./address.tables";

let t: TestApp;
let seller: Awaited<ReturnType<typeof createSeller>>;
let ticket: string;
let other: string;
let otherBoId: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createSeller(t);
  ticket = await t.login(seller.loginName, seller.password);
  other = await t.login("demo2");
  otherBoId = (await meOf(t, other)).boId;
});
afterAll(() => t.close());

const base = {
  contactName: "Ada",
  phone: "13812345678",
  provinceCode: "330000",
  cityCode: "330100",
  districtCode: "330106",
  detail: "1 Test Road",
};
const add = (input: Partial<InputOf<typeof contract.address.addAddr>>, who = ticket) =>
  t.call(contract.address.addAddr, { type: "shipping", ...base, ...input } as InputOf<typeof contract.address.addAddr>, { ticket: who });
const rowsOf = (boId: string) => t.db.select().from(sellerAddress).where(eq(sellerAddress.boId, boId));
const defaultsOf = async (boId: string, type: string) =>
  (
    await t.db
      .select()
      .from(sellerAddress)
      .where(and(eq(sellerAddress.boId, boId), eq(sellerAddress.type, type)))
  ).filter((r) => r.isDefault);

describe("adding addresses", () => {
  it("when the first address of a type is added, then it is the default and its area is named", async () => {
    const res = await add({ type: "return", phone: "0571-86001234", postcode: "310000" });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({ type: "return", isDefault: true, phone: "0571-86001234", postcode: "310000" });
    expect(res.data.areaPath.map((a) => a.name)).toEqual(["浙江省", "杭州市", "西湖区"]);
  });

  it("when a second address of the type is added, then the first stays the one default", async () => {
    const second = await add({ type: "return", detail: "2 Test Road" });
    expect(second.data.isDefault).toBe(false);
    expect(await defaultsOf(seller.boId, "return")).toHaveLength(1);
  });

  it("when a pickup point is added, then it keeps its hours and coordinates; other types drop them", async () => {
    const pickup = await add({ type: "pickup", openTime: "08:00", closeTime: "20:00", latitude: 30.1, longitude: 120.2 });
    expect(pickup.data).toMatchObject({ openTime: "08:00", closeTime: "20:00", latitude: 30.1, longitude: 120.2, isDefault: true });
    const shipping = await add({ type: "shipping", openTime: "08:00", closeTime: "20:00" });
    expect(shipping.data).toMatchObject({ openTime: null, closeTime: null, isDefault: true });
  });

  it.each([
    ["phone", { phone: "12345" }],
    ["provinceCode", { provinceCode: "999999" }],
    ["cityCode", { cityCode: "440100" }],
    ["districtCode", { districtCode: "330101" }],
    ["districtCode", { districtCode: "330203" }],
    ["districtCode", { districtCode: null }],
    ["contactName", { contactName: "  " }],
    ["openTime", { type: "pickup" as const }],
    ["closeTime", { type: "pickup" as const, openTime: "18:00", closeTime: "09:00" }],
    ["longitude", { latitude: 30 }],
    ["type", { type: "warehouse" as never }],
  ])("when %s is wrong, then HTTP 400 names it and nothing is written", async (field, input) => {
    const before = (await rowsOf(seller.boId)).length;
    const res = await add(input);
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect((res.data as unknown as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(field);
    expect((await rowsOf(seller.boId)).length).toBe(before);
  });
});

describe("listing addresses", () => {
  it("lists only the seller's own addresses, defaults first within each type, filtered by type", async () => {
    const all = await t.call(contract.address.selAddrListPage, {}, { ticket });
    expect(all.code).toBe(codes.OK);
    expect(all.data.total).toBe((await rowsOf(seller.boId)).length);
    expect(all.data.list.map((a) => a.type)).toEqual([...all.data.list.map((a) => a.type)].sort((a, b) => order(a) - order(b)));
    const returns = await t.call(contract.address.selAddrListPage, { type: "return" }, { ticket });
    expect(returns.data.list.every((a) => a.type === "return")).toBe(true);
    expect(returns.data.list[0]?.isDefault).toBe(true);
    const theirs = await t.call(contract.address.selAddrListPage, {}, { ticket: other });
    expect(theirs.data.list.map((a) => a.id)).not.toContain(all.data.list[0]?.id);
  });

  it("when the page input is wrong, then HTTP 400 names the field", async () => {
    const res = await t.call(contract.address.selAddrListPage, { pageSize: 1000 }, { ticket });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/pageSize/);
  });
});
const order = (type: string) => ["shipping", "return", "pickup"].indexOf(type);

describe("the one default per type", () => {
  it("when another address is made the default, then the switch leaves exactly one default", async () => {
    const [, second] = (await t.call(contract.address.selAddrListPage, { type: "return" }, { ticket })).data.list;
    if (!second) throw new Error("need two return addresses");
    const res = await t.call(contract.address.updDefaultAddr, { id: second.id }, { ticket });
    expect(res.data.isDefault).toBe(true);
    const defaults = await defaultsOf(seller.boId, "return");
    expect(defaults.map((d) => d.id)).toEqual([second.id]);
  });

  it("when the default is deleted, then the newest other address of its type becomes the default", async () => {
    const a = await add({ type: "shipping", detail: "Older" });
    const b = await add({ type: "shipping", detail: "Newest" });
    const [current] = await defaultsOf(seller.boId, "shipping");
    if (!current) throw new Error("no default");
    const res = await t.call(contract.address.delAddrById, { id: current.id }, { ticket });
    expect(res.code).toBe(codes.OK);
    const defaults = await defaultsOf(seller.boId, "shipping");
    expect(defaults.map((d) => d.id)).toEqual([b.data.id]);
    expect(a.data.isDefault).toBe(false);
  });

  it("when the last address of a type is deleted, then the type has none and the next one added is the default", async () => {
    const fresh = await createSeller(t);
    const who = await t.login(fresh.loginName, fresh.password);
    const only = await add({ type: "return" }, who);
    await t.call(contract.address.delAddrById, { id: only.data.id }, { ticket: who });
    expect(await rowsOf(fresh.boId)).toHaveLength(0);
    expect((await add({ type: "return" }, who)).data.isDefault).toBe(true);
  });

  it("when an edit changes fields, then the default stays where it was", async () => {
    const [current] = await defaultsOf(seller.boId, "pickup");
    if (!current) throw new Error("no default");
    const res = await t.call(
      contract.address.updAddrById,
      { id: current.id, ...base, detail: "Moved", openTime: "09:00", closeTime: "21:00" },
      { ticket },
    );
    expect(res.data).toMatchObject({ detail: "Moved", isDefault: true, type: "pickup", openTime: "09:00" });
    expect(await defaultsOf(seller.boId, "pickup")).toHaveLength(1);
  });

  it("the database itself refuses a second default of a type", async () => {
    const [current] = await defaultsOf(seller.boId, "return");
    await expect(
      t.db.insert(sellerAddress).values({ boId: seller.boId, type: "return", ...base, isDefault: true, id: `X${current?.id}` }),
    ).rejects.toThrow();
  });
});

describe("editing addresses", () => {
  it("when a pickup point loses its hours, then HTTP 400 names openTime and the row is unchanged", async () => {
    const [pickup] = await defaultsOf(seller.boId, "pickup");
    if (!pickup) throw new Error("no pickup");
    const res = await t.call(contract.address.updAddrById, { id: pickup.id, ...base }, { ticket });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/openTime/);
    const [after] = await t.db.select().from(sellerAddress).where(eq(sellerAddress.id, pickup.id));
    expect(after?.openTime).toBe(pickup.openTime);
  });

  it("when the city is not in the province, then HTTP 400 names cityCode", async () => {
    const [row] = await defaultsOf(seller.boId, "return");
    const res = await t.call(contract.address.updAddrById, { id: row?.id ?? "", ...base, cityCode: "110100" }, { ticket });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/cityCode/);
  });
});

describe("another seller's addresses", () => {
  it("are not found by edit, delete or set-default, and stay unchanged", async () => {
    const theirs = await rowsOf(otherBoId);
    const target = theirs.find((r) => !r.isDefault) ?? theirs[0];
    if (!target) throw new Error("demo2 has no addresses");
    const edit = await t.call(contract.address.updAddrById, { id: target.id, ...base, openTime: "01:00", closeTime: "02:00" }, { ticket });
    const del = await t.call(contract.address.delAddrById, { id: target.id }, { ticket });
    const def = await t.call(contract.address.updDefaultAddr, { id: target.id }, { ticket });
    for (const res of [edit, del, def]) expect(res.code).toBe(codes.NOT_FOUND);
    expect(await rowsOf(otherBoId)).toEqual(theirs);
  });
});

describe("permissions", () => {
  it("a staff member with shop.setting but not shop.setting.address may list but not change addresses (403)", async () => {
    const reader = await createStaff(t, seller.boId, ["shop.setting"]);
    expect((await t.call(contract.address.selAddrListPage, {}, { ticket: reader })).code).toBe(codes.OK);
    const [row] = await rowsOf(seller.boId);
    if (!row) throw new Error("no rows");
    const before = await rowsOf(seller.boId);
    for (const res of [
      await add({}, reader),
      await t.call(contract.address.updAddrById, { id: row.id, ...base }, { ticket: reader }),
      await t.call(contract.address.delAddrById, { id: row.id }, { ticket: reader }),
      await t.call(contract.address.updDefaultAddr, { id: row.id }, { ticket: reader }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.msg).toMatch(/shop\.setting\.address/);
    }
    expect(await rowsOf(seller.boId)).toEqual(before);
  });

  it("a staff member without shop.setting cannot list addresses (403)", async () => {
    const none = await createStaff(t, seller.boId, ["order.manage"]);
    const res = await t.call(contract.address.selAddrListPage, {}, { ticket: none });
    expect(res.status).toBe(403);
  });
});
