import { codes, contract, wordsOf } from "@sbo/contract";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { MAX_TEMPLATES } from "./templates.service";
import { dataTemp } from "./templates.tables";

/** Saved list templates: a platform feature; the member list's filters and export columns are its first kinds. */
const T = contract.templates;
let t: TestApp;
let owner: string;
let harborOwner: string;
let clerk: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  harborOwner = await t.login("demo2");
  clerk = await t.login("demo-clerk");
});
afterAll(() => t.close());

describe("data templates", () => {
  const filters = { type: "memberList.filters", name: "Gold VIPs", content: { status: "active", spendMin: 100 } } as const;

  it("when a template is saved twice under one name, then the second overwrites the first", async () => {
    const first = await t.call(T.addDataTemp, filters, { ticket: owner });
    expect(first.data).toMatchObject({ type: "memberList.filters", name: "Gold VIPs", content: { status: "active", spendMin: 100 } });
    const second = await t.call(T.addDataTemp, { ...filters, content: { name: "Li" } }, { ticket: owner });
    expect(second.data.id).toBe(first.data.id);
    const list = await t.call(T.selDataTempByType, { type: "memberList.filters" }, { ticket: owner });
    expect(list.data).toEqual([expect.objectContaining({ name: "Gold VIPs", content: { name: "Li" } })]);
    const cols = await t.call(
      T.addDataTemp,
      { type: "memberList.exportColumns", name: "Short", content: { columns: ["name", "phone"] } },
      { ticket: owner },
    );
    expect(cols.code).toBe(codes.OK);
    expect((await t.call(T.selDataTempByType, { type: "memberList.exportColumns" }, { ticket: owner })).data).toHaveLength(1);
  });

  it.each([
    ["content.colour", { ...filters, content: { colour: "red" } }],
    ["content.status", { ...filters, content: { status: "gone" } }],
    ["content.columns", { type: "memberList.exportColumns", name: "x", content: { columns: ["password"] } }],
    ["type", { type: "noSuchList.exportColumns", name: "x", content: { columns: ["name"] } }],
    ["content.columns", { type: "memberList.exportColumns", name: "x", content: { columns: [] } }],
    ["type", { type: "orders.filters", name: "x", content: {} }],
    ["name", { ...filters, name: " " }],
  ])("when the content does not fit its type (%s), then 400 names it and nothing is written", async (field, body) => {
    const before = await t.db.select({ n: count() }).from(dataTemp);
    const res = await t.post(T.addDataTemp.path, body, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg.startsWith(`${field}: `), res.msg).toBe(true);
    expect(await t.db.select({ n: count() }).from(dataTemp)).toEqual(before);
  });

  it("when another member asks, then they see only their own templates and cannot delete the owner's", async () => {
    const mine = (await t.call(T.selDataTempByType, { type: "memberList.filters" }, { ticket: owner })).data[0];
    expect((await t.call(T.selDataTempByType, { type: "memberList.filters" }, { ticket: harborOwner })).data).toEqual([]);
    expect((await t.call(T.selDataTempByType, { type: "memberList.filters" }, { ticket: clerk })).data).toEqual([]);
    expect((await t.call(T.delDataTemp, { id: mine?.id ?? "" }, { ticket: harborOwner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(T.selDataTempByType, { type: "memberList.filters" }, { ticket: owner })).data).toHaveLength(1);
  });

  it("when a template is deleted, then it is gone; an unknown type asked for is 400", async () => {
    const mine = (await t.call(T.selDataTempByType, { type: "memberList.filters" }, { ticket: owner })).data[0];
    expect((await t.call(T.delDataTemp, { id: mine?.id ?? "" }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(T.selDataTempByType, { type: "memberList.filters" }, { ticket: owner })).data).toEqual([]);
    const bad = await t.post(T.selDataTempByType.path, { type: "nope" }, { ticket: owner });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^type: /);
  });

  it("when a member already keeps the most templates of a type, then a new name is refused (in both languages) and an old name still saves", async () => {
    const { boId, memberId } = await meOf(t, clerk);
    await t.db
      .insert(dataTemp)
      .values(
        Array.from({ length: MAX_TEMPLATES }, (_, i) => ({ boId, memberId, type: "memberList.filters", name: `Saved ${i}`, content: {} })),
      );
    const res = await t.call(T.addDataTemp, { ...filters, name: "One more" }, { ticket: clerk });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ issues: [{ path: "name", reason: "templates.limit", params: { max: MAX_TEMPLATES } }] });
    expect(wordsOf("templates.limit", "zh", { max: MAX_TEMPLATES })).toContain("最多保存 50 个模板");
    expect((await t.call(T.addDataTemp, { ...filters, name: "Saved 3" }, { ticket: clerk })).code).toBe(codes.OK);
  });

  it("when nobody is logged in, then the templates answer 001107", async () => {
    expect((await t.call(T.selDataTempByType, { type: "memberList.filters" })).code).toBe(codes.NOT_LOGGED_IN);
  });
});
