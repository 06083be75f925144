import { codes, contract } from "@sbo/contract";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MEMBERS_PER_SELLER, DEMO_RANKS } from "../../demo/member.demo";
import { hashPassword } from "../../platform/auth/passwords";
import { meOf } from "../../test/fixtures";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../test/harness";
import { employee, employeeRole, member, role, roleFunction } from "../identity/identity.tables";
import { memberRank, memberTag, rechargePromotion, shopMember, shopMemberTag } from "./member.tables";

const M = contract.member;
let t: TestApp;
let owner: string;
let harborOwner: string;
let clerk: string;
let viewer: string;
let green: string;
let harbor: string;

/** A staff member of Green Valley holding only the given functions. */
async function staffWith(loginName: string, functions: string[]) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await t.db.transaction(async (tx) => {
    const [m] = await tx.insert(member).values({ loginName, name: loginName, passwordHash }).returning();
    const [r] = await tx
      .insert(role)
      .values({ boId: green, name: `Role ${loginName}`, description: "" })
      .returning();
    if (!m || !r) throw new Error("insert returned nothing");
    await tx.insert(roleFunction).values(functions.map((funcCode) => ({ roleId: r.id, funcCode })));
    const [e] = await tx.insert(employee).values({ boId: green, memberId: m.id }).returning();
    if (!e) throw new Error("insert returned nothing");
    await tx.insert(employeeRole).values({ employeeId: e.id, roleId: r.id });
  });
  return t.login(loginName);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  harborOwner = await t.login("demo2");
  clerk = await t.login("demo-clerk");
  green = (await meOf(t, owner)).boId;
  harbor = (await meOf(t, harborOwner)).boId;
  viewer = await staffWith("rank-viewer", ["setup.rank"]);
});
afterAll(() => t.close());

const ranksOf = (boId: string) => t.db.select().from(memberRank).where(eq(memberRank.boId, boId));
const rankNamed = async (boId: string, name: string) => {
  const [r] = await t.db
    .select()
    .from(memberRank)
    .where(and(eq(memberRank.boId, boId), eq(memberRank.name, name)));
  if (!r) throw new Error(`no rank ${name}`);
  return r;
};
const tagNamed = async (boId: string, name: string) => {
  const [r] = await t.db
    .select()
    .from(memberTag)
    .where(and(eq(memberTag.boId, boId), eq(memberTag.name, name)));
  if (!r) throw new Error(`no tag ${name}`);
  return r;
};
const oneMember = async (boId: string, offset = 0) => {
  const [r] = await t.db.select().from(shopMember).where(eq(shopMember.boId, boId)).orderBy(shopMember.memberNo).offset(offset).limit(1);
  if (!r) throw new Error("no member");
  return r;
};
const countWhere = async (query: ReturnType<typeof sql>) =>
  Number(((await t.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);

const newRank = { name: "Bronze", level: 6, thresholdType: "points", thresholdValue: 100, discount: 9900 } as const;

describe("ranks", () => {
  it("when the ranks are listed, then they come by level with a member count each that adds up to every member", async () => {
    const res = await t.call(M.selMemberRankList, {}, { ticket: owner });
    expect(res.code).toBe(codes.OK);
    expect(res.data.map((r) => r.name)).toEqual(DEMO_RANKS.map((r) => r.name));
    expect(res.data.reduce((n, r) => n + r.memberCount, 0)).toBe(DEMO_MEMBERS_PER_SELLER);
    const gold = res.data.find((r) => r.name === "Gold");
    const inDb = await countWhere(sql`select count(*)::int as n from shop_member where rank_id = ${gold?.id}`);
    expect(gold?.memberCount).toBe(inDb);
    expect(res.data.every((r) => r.memberCount > 0)).toBe(true);
  });

  it("when a rank is added and then updated by id, then the list shows the new values", async () => {
    const added = await t.call(M.addMemberRank, { ...newRank, benefits: "Free gift" }, { ticket: owner });
    expect(added.code).toBe(codes.OK);
    expect(added.data).toMatchObject({ ...newRank, benefits: "Free gift", memberCount: 0 });
    const updated = await t.call(M.addMemberRank, { ...newRank, id: added.data.id, name: "Bronze+", discount: 9700 }, { ticket: owner });
    expect(updated.data).toMatchObject({ id: added.data.id, name: "Bronze+", discount: 9700, benefits: "" });
    const list = await t.call(M.selMemberRankList, {}, { ticket: owner });
    expect(list.data.at(-1)).toMatchObject({ name: "Bronze+", level: 6 });
  });

  it.each([
    ["name", { ...newRank, name: "gold", level: 7 }, /already used/],
    ["level", { ...newRank, name: "Copper", level: 3 }, /rank "Gold"/],
    ["discount", { ...newRank, name: "Copper", level: 7, discount: 0 }, /at least 1/],
    ["discount", { ...newRank, name: "Copper", level: 7, discount: 10001 }, /at most 10000/],
    ["thresholdType", { ...newRank, name: "Copper", level: 7, thresholdType: "visits" }, /./],
    ["level", { ...newRank, name: "Copper", level: 0 }, /1 or more/],
  ])("when %s is wrong, then 400 names it and nothing is written", async (field, body, message) => {
    const before = (await ranksOf(green)).length;
    const res = await t.post(M.addMemberRank.path, body, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ issues: [{ path: field, message: expect.stringMatching(message) }] });
    expect((await ranksOf(green)).length).toBe(before);
  });

  it("when another seller's rank id is updated or deleted, then 000004 and it is unchanged", async () => {
    const theirs = await rankNamed(harbor, "Silver");
    const upd = await t.call(M.addMemberRank, { ...newRank, id: theirs.id, name: "Hijacked", level: 9 }, { ticket: owner });
    expect(upd.code).toBe(codes.NOT_FOUND);
    const del = await t.call(M.delMemberRank, { id: theirs.id }, { ticket: owner });
    expect(del.code).toBe(codes.NOT_FOUND);
    expect(await rankNamed(harbor, "Silver")).toEqual(theirs);
  });

  it("when a rank members hold is deleted, then it is refused naming how many hold it", async () => {
    const silver = await rankNamed(green, "Silver");
    const n = await countWhere(sql`select count(*)::int as n from shop_member where rank_id = ${silver.id}`);
    const res = await t.call(M.delMemberRank, { id: silver.id }, { ticket: owner });
    expect(res.code).toBe(codes.CONFLICT);
    expect(res.msg).toBe(`The rank "Silver" is in use by ${n} members; move them to another rank first, then delete it`);
    expect((await ranksOf(green)).some((r) => r.id === silver.id)).toBe(true);
  });

  it("when a rank only an open recharge offer names is deleted, then it is refused naming the offer", async () => {
    const added = await t.call(M.addMemberRank, { ...newRank, name: "Offer only", level: 20 }, { ticket: owner });
    await t.call(
      M.addOrUpdRechargePromotion,
      {
        name: "For offer-only",
        payAmount: 1000,
        bonusAmount: 100,
        validFrom: "2026-01-01T00:00:00Z",
        validTo: "2099-01-01T00:00:00Z",
        rankIds: [added.data.id],
      },
      { ticket: owner },
    );
    const res = await t.call(M.delMemberRank, { id: added.data.id }, { ticket: owner });
    expect(res.code).toBe(codes.CONFLICT);
    expect(res.msg).toBe('The rank "Offer only" is in use by 1 open recharge offer; move them to another rank first, then delete it');
  });

  it("when an unused rank is deleted, then it is gone", async () => {
    const added = await t.call(M.addMemberRank, { ...newRank, name: "Temporary", level: 30 }, { ticket: owner });
    const res = await t.call(M.delMemberRank, { id: added.data.id }, { ticket: owner });
    expect(res.code).toBe(codes.OK);
    expect((await ranksOf(green)).some((r) => r.id === added.data.id)).toBe(false);
  });

  it("when staff without setup.rank read, or without setup.rank.edit write, then HTTP 403 and nothing changes", async () => {
    expect((await t.call(M.selMemberRankList, {}, { ticket: clerk })).status).toBe(403);
    expect((await t.call(M.selMemberRankList, {}, { ticket: viewer })).code).toBe(codes.OK);
    const before = (await ranksOf(green)).length;
    const add = await t.call(M.addMemberRank, { ...newRank, name: "Nope", level: 40 }, { ticket: viewer });
    expect(add.status).toBe(403);
    expect(add.msg).toContain("setup.rank.edit");
    const silver = await rankNamed(green, "Silver");
    expect((await t.call(M.delMemberRank, { id: silver.id }, { ticket: viewer })).status).toBe(403);
    expect((await ranksOf(green)).length).toBe(before);
  });
});

describe("the member list", () => {
  it("when page 1 is asked for, then members come newest first with masked phones, rank and tags", async () => {
    const res = await t.call(M.selMemberByParam, { pageSize: 50 }, { ticket: owner });
    expect(res.data.total).toBe(DEMO_MEMBERS_PER_SELLER);
    expect(res.data.list).toHaveLength(50);
    const joined = res.data.list.map((m) => m.joinedAt);
    expect([...joined].sort().reverse()).toEqual(joined);
    for (const m of res.data.list) expect(m.phone).toMatch(/^137\*{4}\d{4}$/);
    expect(res.data.list.some((m) => m.tags.length > 0)).toBe(true);
    expect(res.data.list.every((m) => m.rank !== null)).toBe(true);
  });

  it("when filtered by rank, tag, status, name, phone, number, spend and joining date, then exactly the matching members come", async () => {
    const gold = await rankNamed(green, "Gold");
    const vip = await tagNamed(green, "VIP");
    const sample = await oneMember(green, 7);
    const cases: [Record<string, unknown>, ReturnType<typeof sql>][] = [
      [{ rankId: gold.id }, sql`rank_id = ${gold.id}`],
      [{ tagId: vip.id }, sql`id in (select member_id from shop_member_tag where tag_id = ${vip.id})`],
      [{ status: "frozen" }, sql`status = 'frozen'`],
      [{ name: "Wang" }, sql`name like 'Wang%'`],
      [{ phone: sample.phone.slice(0, 6) }, sql`phone like ${`${sample.phone.slice(0, 6)}%`}`],
      [{ memberNo: "M10001" }, sql`member_no like 'M10001%'`],
      [{ spendMin: 500_000, spendMax: 1_000_000 }, sql`total_spend between 500000 and 1000000`],
      [
        { joinedFrom: "2026-01-01T00:00:00.000Z", joinedTo: "2026-06-30T23:59:59.999Z" },
        sql`joined_at between '2026-01-01T00:00:00Z' and '2026-06-30T23:59:59.999Z'`,
      ],
      [
        { rankId: gold.id, tagId: vip.id },
        sql`rank_id = ${gold.id} and id in (select member_id from shop_member_tag where tag_id = ${vip.id})`,
      ],
    ];
    for (const [filters, where] of cases) {
      const expected = await countWhere(sql`select count(*)::int as n from shop_member where bo_id = ${green} and ${where}`);
      const res = await t.call(M.selMemberByParam, { ...filters, pageSize: 100 }, { ticket: owner });
      expect(res.code, JSON.stringify(filters)).toBe(codes.OK);
      expect(res.data.total, JSON.stringify(filters)).toBe(expected);
      expect(res.data.list.length, JSON.stringify(filters)).toBe(Math.min(expected, 100));
      expect(expected, `the demo data has members for ${JSON.stringify(filters)}`).toBeGreaterThan(0);
    }
  });

  it("when another seller's rank or tag is the filter, then nothing of theirs appears", async () => {
    const theirs = await rankNamed(harbor, "Gold");
    const res = await t.call(M.selMemberByParam, { rankId: theirs.id }, { ticket: owner });
    expect(res.data).toMatchObject({ list: [], total: 0 });
    const tag = await tagNamed(harbor, "VIP");
    expect((await t.call(M.selMemberByParam, { tagId: tag.id }, { ticket: owner })).data.total).toBe(0);
  });

  it.each([
    ["phone", { phone: "13a" }],
    ["spendMin", { spendMin: -1 }],
    ["status", { status: "deleted" }],
    ["joinedFrom", { joinedFrom: "yesterday" }],
    ["pageSize", { pageSize: 101 }],
  ])("when %s is malformed, then 400 names it", async (field, body) => {
    const res = await t.post(M.selMemberByParam.path, body, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg.startsWith(`${field}: `)).toBe(true);
  });

  it("when the clerk lists members, then HTTP 403", async () => {
    expect((await t.call(M.selMemberByParam, {}, { ticket: clerk })).status).toBe(403);
    expect((await t.call(M.selMemberInfoById, { id: "x" }, { ticket: clerk })).status).toBe(403);
    expect((await t.post(M.exportMemberList.path, {}, { ticket: clerk })).status).toBe(403);
  });

  it("when the list is exported, then an .xlsx file of the matching members streams", async () => {
    const gold = await rankNamed(green, "Gold");
    const res = await t.post(M.exportMemberList.path, { rankId: gold.id, columns: ["memberNo", "name", "totalSpend"] }, { ticket: owner });
    expect(res.status).toBe(200);
    expect(String(res.headers["content-disposition"])).toMatch(/members-.*\.xlsx/);
    expect((res.data as unknown as Buffer).subarray(0, 2).toString()).toBe("PK");
    const bad = await t.post(M.exportMemberList.path, { columns: ["password"] }, { ticket: owner });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^columns\.0: /);
  });
});

describe("one member", () => {
  it("when a member is read, then profile, rank, tags, orders, spend and points come with the full phone", async () => {
    const m = await oneMember(green);
    const res = await t.call(M.selMemberInfoById, { id: m.id }, { ticket: owner });
    expect(res.data).toMatchObject({
      id: m.id,
      memberNo: m.memberNo,
      phone: m.phone,
      points: m.points,
      totalSpend: m.totalSpend,
      orderCount: m.orderCount,
      rank: { id: m.rankId },
    });
  });

  it("when another seller's member is read or edited, then 000004 and it is unchanged", async () => {
    const theirs = await oneMember(harbor);
    expect((await t.call(M.selMemberInfoById, { id: theirs.id }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    const upd = await t.call(M.updMemberById, { id: theirs.id, status: "frozen", remark: "x" }, { ticket: owner });
    expect(upd.code).toBe(codes.NOT_FOUND);
    const [after] = await t.db.select().from(shopMember).where(eq(shopMember.id, theirs.id));
    expect(after).toEqual(theirs);
  });

  it("when rank, tags, status and remark are edited, then the member shows them", async () => {
    const m = await oneMember(green, 1);
    const diamond = await rankNamed(green, "Diamond");
    const tags = [await tagNamed(green, "Wholesale"), await tagNamed(green, "Restaurant")];
    const res = await t.call(
      M.updMemberById,
      { id: m.id, rankId: diamond.id, tagIds: tags.map((x) => x.id), status: "frozen", remark: "Asked for invoices" },
      { ticket: owner },
    );
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({ rank: { id: diamond.id, name: "Diamond" }, status: "frozen", remark: "Asked for invoices" });
    expect(res.data.tags.map((x) => x.name)).toEqual(["Restaurant", "Wholesale"]);
    const cleared = await t.call(M.updMemberById, { id: m.id, rankId: null, tagIds: [] }, { ticket: owner });
    expect(cleared.data).toMatchObject({ rank: null, tags: [], status: "frozen" });
  });

  it("when another seller's rank or tag is given, then 400 names the field and nothing is written", async () => {
    const m = await oneMember(green, 2);
    const before = await t.call(M.selMemberInfoById, { id: m.id }, { ticket: owner });
    const rank = await rankNamed(harbor, "Gold");
    const r = await t.call(M.updMemberById, { id: m.id, rankId: rank.id, remark: "changed" }, { ticket: owner });
    expect(r.status).toBe(400);
    expect(r.msg).toMatch(/^rankId: /);
    const tag = await tagNamed(harbor, "VIP");
    const g = await t.call(M.updMemberById, { id: m.id, tagIds: [tag.id], status: "frozen" }, { ticket: owner });
    expect(g.status).toBe(400);
    expect(g.msg).toMatch(/^tagIds: /);
    const bad = await t.post(M.updMemberById.path, { id: m.id, status: "gone" }, { ticket: owner });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^status: /);
    expect((await t.call(M.selMemberInfoById, { id: m.id }, { ticket: owner })).data).toEqual(before.data);
  });

  it("when a staff member without setup.rank.edit edits a member, then HTTP 403", async () => {
    const m = await oneMember(green, 3);
    expect((await t.call(M.updMemberById, { id: m.id, remark: "x" }, { ticket: viewer })).status).toBe(403);
    expect((await t.call(M.selMemberInfoById, { id: m.id }, { ticket: viewer })).data.remark).toBe("");
  });
});

describe("tags", () => {
  it("when the tags are listed, then each has its member count; a name filter narrows them", async () => {
    const res = await t.call(M.selMemberTagByParam, {}, { ticket: owner });
    const vip = res.data.find((x) => x.name === "VIP");
    const n = await countWhere(sql`select count(*)::int as n from shop_member_tag where tag_id = ${vip?.id}`);
    expect(vip?.memberCount).toBe(n);
    expect(n).toBeGreaterThan(0);
    const filtered = await t.call(M.selMemberTagByParam, { name: "sea" }, { ticket: owner });
    expect(filtered.data.map((x) => x.name)).toEqual(["Likes seafood"]);
    expect((await t.call(M.selMemberTagByParam, {}, { ticket: clerk })).status).toBe(403);
  });

  it("when a tag is added, renamed, and a duplicate name or bad colour is given, then the rules hold", async () => {
    const added = await t.call(M.addOrUpdMemberTag, { name: "Office", color: "#ABCDEF" }, { ticket: owner });
    expect(added.data).toMatchObject({ name: "Office", color: "#abcdef" });
    const renamed = await t.call(M.addOrUpdMemberTag, { id: added.data.id, name: "Offices", color: "#abcdef" }, { ticket: owner });
    expect(renamed.data.name).toBe("Offices");
    const dup = await t.call(M.addOrUpdMemberTag, { name: "vip", color: "#000000" }, { ticket: owner });
    expect(dup.status).toBe(400);
    expect(dup.msg).toBe("name: is already used by another tag");
    const colour = await t.call(M.addOrUpdMemberTag, { name: "Blue", color: "blue" }, { ticket: owner });
    expect(colour.status).toBe(400);
    expect(colour.msg).toMatch(/^color: /);
    expect((await t.db.select().from(memberTag).where(eq(memberTag.name, "Blue"))).length).toBe(0);
    expect((await t.call(M.addOrUpdMemberTag, { name: "Nope", color: "#000000" }, { ticket: viewer })).status).toBe(403);
  });

  it("when members are tagged and untagged in a batch, then the links change and the count is answered", async () => {
    const ids = [(await oneMember(green, 10)).id, (await oneMember(green, 11)).id];
    const tag = await t.call(M.addOrUpdMemberTag, { name: "Batch", color: "#123456" }, { ticket: owner });
    const add = await t.call(M.batchTagMembers, { memberIds: ids, tagIds: [tag.data.id], action: "add" }, { ticket: owner });
    expect(add.data.changed).toBe(2);
    const again = await t.call(M.batchTagMembers, { memberIds: ids, tagIds: [tag.data.id], action: "add" }, { ticket: owner });
    expect(again.data.changed).toBe(0);
    // Issue 25 §3: the bulk report names each member left as they were, and why.
    expect(add.data.done.sort()).toEqual([...ids].sort());
    expect(again.data.done).toEqual([]);
    expect(again.data.refused.map((r) => [r.id, r.reason, r.name.length > 0])).toEqual(ids.map((id) => [id, "member.bulkHasTags", true]));
    const list = await t.call(M.selMemberByParam, { tagId: tag.data.id }, { ticket: owner });
    expect(list.data.list.map((m) => m.id).sort()).toEqual([...ids].sort());
    const remove = await t.call(M.batchTagMembers, { memberIds: ids, tagIds: [tag.data.id], action: "remove" }, { ticket: owner });
    expect(remove.data.changed).toBe(2);
    const none = await t.call(M.batchTagMembers, { memberIds: ids, tagIds: [tag.data.id], action: "remove" }, { ticket: owner });
    expect(none.data).toMatchObject({ changed: 0, done: [] });
    expect(none.data.refused.map((r) => r.reason)).toEqual(["member.bulkHasNoTags", "member.bulkHasNoTags"]);
  });

  it("when a batch names another seller's member, then 400 names memberIds and nothing is written", async () => {
    const mine = await oneMember(green, 12);
    const theirs = await oneMember(harbor);
    const tag = await tagNamed(green, "Inactive");
    const before = await t.db.select({ n: count() }).from(shopMemberTag);
    const res = await t.call(M.batchTagMembers, { memberIds: [mine.id, theirs.id], tagIds: [tag.id], action: "add" }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^memberIds: /);
    expect(await t.db.select({ n: count() }).from(shopMemberTag)).toEqual(before);
    const empty = await t.call(M.batchTagMembers, { memberIds: [], tagIds: [tag.id], action: "add" }, { ticket: owner });
    expect(empty.msg).toMatch(/^memberIds: /);
    expect((await t.call(M.batchTagMembers, { memberIds: [mine.id], tagIds: [tag.id], action: "add" }, { ticket: viewer })).status).toBe(
      403,
    );
  });

  it("when a tag is deleted, then it comes off its members; another seller's tag cannot be deleted", async () => {
    const tag = await t.call(M.addOrUpdMemberTag, { name: "Short-lived", color: "#654321" }, { ticket: owner });
    const m = await oneMember(green, 13);
    await t.call(M.batchTagMembers, { memberIds: [m.id], tagIds: [tag.data.id], action: "add" }, { ticket: owner });
    expect((await t.call(M.delMemberTagById, { id: tag.data.id }, { ticket: owner })).code).toBe(codes.OK);
    expect(await t.db.select().from(shopMemberTag).where(eq(shopMemberTag.tagId, tag.data.id))).toEqual([]);
    const theirs = await tagNamed(harbor, "VIP");
    expect((await t.call(M.delMemberTagById, { id: theirs.id }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect(await tagNamed(harbor, "VIP")).toEqual(theirs);
  });

  it("when another seller's tag is edited, then 000004 and it is unchanged", async () => {
    const theirs = await tagNamed(harbor, "VIP");
    const res = await t.call(M.addOrUpdMemberTag, { id: theirs.id, name: "Taken over", color: "#000000" }, { ticket: owner });
    expect(res.code).toBe(codes.NOT_FOUND);
    expect(await tagNamed(harbor, "VIP")).toEqual(theirs);
  });
});

describe("recharge offers", () => {
  const offer = {
    name: "Pay 100 get 10",
    payAmount: 10_000,
    bonusAmount: 1_000,
    validFrom: "2026-01-01T00:00:00.000Z",
    validTo: "2099-01-01T00:00:00.000Z",
  };

  it("when the offers are listed, then the demo's three come newest first; a status filter narrows them", async () => {
    const res = await t.call(M.selRechargeManageByPage, {}, { ticket: owner });
    expect(res.data.total).toBeGreaterThanOrEqual(3);
    const ended = await t.call(M.selRechargeManageByPage, { status: "ended" }, { ticket: owner });
    expect(ended.data.list.map((o) => o.name)).toContain("Spring festival: pay 200, get 30");
    expect(ended.data.list.every((o) => o.status === "ended")).toBe(true);
    const draft = await t.call(M.selRechargeManageByPage, { status: "draft" }, { ticket: owner });
    const gold = draft.data.list.find((o) => o.name.startsWith("Gold members"));
    expect(gold?.ranks.map((r) => r.name)).toEqual(["Gold"]);
    expect((await t.call(M.selRechargeManageByPage, {}, { ticket: clerk })).status).toBe(403);
  });

  it("when an offer goes draft → active → ended, then edits are allowed only as a draft and there is no way back", async () => {
    const added = await t.call(M.addOrUpdRechargePromotion, offer, { ticket: owner });
    expect(added.data).toMatchObject({ status: "draft", bonusPoints: 0, ranks: [] });
    const id = added.data.id;
    const edited = await t.call(M.addOrUpdRechargePromotion, { ...offer, id, bonusPoints: 20 }, { ticket: owner });
    expect(edited.data.bonusPoints).toBe(20);
    expect((await t.call(M.updRechargeStatus, { id, status: "ended" }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
    expect((await t.call(M.updRechargeStatus, { id, status: "active" }, { ticket: owner })).data.status).toBe("active");
    const editActive = await t.call(M.addOrUpdRechargePromotion, { ...offer, id, name: "Changed" }, { ticket: owner });
    expect(editActive.code).toBe(codes.STATE_FORBIDS);
    expect((await t.call(M.updRechargeStatus, { id, status: "active" }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
    expect((await t.call(M.updRechargeStatus, { id, status: "ended" }, { ticket: owner })).data.status).toBe("ended");
    expect((await t.call(M.updRechargeStatus, { id, status: "active" }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
    const [row] = await t.db.select().from(rechargePromotion).where(eq(rechargePromotion.id, id));
    expect(row).toMatchObject({ status: "ended", name: "Pay 100 get 10" });
  });

  it("when an active offer's validity has passed, then it reads as ended and cannot be ended again", async () => {
    const added = await t.call(M.addOrUpdRechargePromotion, offer, { ticket: owner });
    await t.call(M.updRechargeStatus, { id: added.data.id, status: "active" }, { ticket: owner });
    await t.db
      .update(rechargePromotion)
      .set({ validTo: new Date(Date.now() - 1000) })
      .where(eq(rechargePromotion.id, added.data.id));
    const list = await t.call(M.selRechargeManageByPage, { status: "ended", pageSize: 100 }, { ticket: owner });
    expect(list.data.list.find((o) => o.id === added.data.id)?.status).toBe("ended");
    expect((await t.call(M.updRechargeStatus, { id: added.data.id, status: "ended" }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
  });

  it.each([
    ["bonusAmount", { ...offer, bonusAmount: 0 }],
    ["validTo", { ...offer, validTo: "2025-01-01T00:00:00.000Z" }],
    ["payAmount", { ...offer, payAmount: 0 }],
    ["payAmount", { ...offer, payAmount: 10.5 }],
    ["rankIds", { ...offer, rankIds: ["NOT-A-RANK"] }],
  ])("when %s is wrong, then 400 names it and nothing is written", async (field, body) => {
    const before = await t.db.select({ n: count() }).from(rechargePromotion);
    const res = await t.post(M.addOrUpdRechargePromotion.path, body, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg.startsWith(`${field}: `)).toBe(true);
    expect(await t.db.select({ n: count() }).from(rechargePromotion)).toEqual(before);
  });

  it("when another seller's offer is edited or started, then 000004 and it is unchanged", async () => {
    const [theirs] = await t.db
      .select()
      .from(rechargePromotion)
      .where(and(eq(rechargePromotion.boId, harbor), eq(rechargePromotion.status, "draft")));
    if (!theirs) throw new Error("no draft offer");
    expect((await t.call(M.addOrUpdRechargePromotion, { ...offer, id: theirs.id }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(M.updRechargeStatus, { id: theirs.id, status: "active" }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    const [after] = await t.db.select().from(rechargePromotion).where(eq(rechargePromotion.id, theirs.id));
    expect(after).toEqual(theirs);
  });

  it("when a staff member without setup.rank.recharge writes, then HTTP 403", async () => {
    expect((await t.call(M.addOrUpdRechargePromotion, offer, { ticket: viewer })).status).toBe(403);
    const any = (await t.call(M.selRechargeManageByPage, { status: "draft" }, { ticket: viewer })).data.list[0];
    expect((await t.call(M.updRechargeStatus, { id: any?.id ?? "x", status: "active" }, { ticket: viewer })).status).toBe(403);
  });
});
