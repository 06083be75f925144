import { codes, contract, type InputOf } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, createStaff, memberByLoginName, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { shopSupplier, shopSupplierMember } from "./supplier.tables";

const S = contract.supplier;
let t: TestApp;
let green: string;
let harbor: string;
let owner: string;
let harborOwner: string;
let seller: Awaited<ReturnType<typeof createSeller>>;
let sellerTicket: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  harborOwner = await t.login("demo2");
  green = (await meOf(t, owner)).boId;
  harbor = (await meOf(t, harborOwner)).boId;
  seller = await createSeller(t);
  sellerTicket = await t.login(seller.loginName, seller.password);
});
afterAll(() => t.close());

const suppliersOf = (boId: string) => t.db.select().from(shopSupplier).where(eq(shopSupplier.boId, boId));
const addPurchase = (input: Partial<Extract<InputOf<typeof S.addShopSupplier>, { kind: "purchase" }>>, ticket = owner) =>
  t.call(S.addShopSupplier, { kind: "purchase", name: "Test Farm", ...input }, { ticket });
const issuePaths = (data: unknown) => (data as { issues: { path: string }[] }).issues.map((i) => i.path);

describe("demo data", () => {
  it("gives each demo seller 3 purchase suppliers and the other demo organisation as authorised supplier with 2 accounts", async () => {
    const purchase = await t.call(S.selShopSupplierPage, { kind: "purchase" }, { ticket: owner });
    expect(purchase.data.total).toBe(3);
    const authorised = await t.call(S.selShopSupplierPage, { kind: "authorised" }, { ticket: owner });
    expect(authorised.data.list).toHaveLength(1);
    expect(authorised.data.list[0]).toMatchObject({
      supplierBoId: harbor,
      memberCount: 2,
      supplierOrgName: "Harbor Seafood Trading Co., Ltd.",
      consent: "accepted",
    });
  });
});

describe("purchase suppliers", () => {
  it("when one is added, then it is listed with its category names", async () => {
    const res = await addPurchase({
      name: "Riverside Mushrooms",
      contactName: "Li",
      phone: "13712345678",
      categoryIds: ["C0203", "C0203"],
      settlement: "monthly",
    });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({ kind: "purchase", status: "enabled", settlement: "monthly", categoryIds: ["C0203"] });
    expect(res.data.categories[0]?.nameEn).toBe("Mushrooms");
    const page = await t.call(S.selShopSupplierPage, { kind: "purchase", name: "riverside" }, { ticket: owner });
    expect(page.data.list.map((s) => s.id)).toEqual([res.data.id]);
    const list = await t.call(S.selShopSupplierList, { kind: "purchase" }, { ticket: owner });
    expect(list.data.map((s) => s.name)).toContain("Riverside Mushrooms");
  });

  it.each([
    ["name", { name: "" }],
    ["name", { name: "riverside mushrooms" }],
    ["phone", { name: "Phone Farm", phone: "123" }],
    ["categoryIds.0", { name: "Cat Farm", categoryIds: ["NOPE"] }],
    ["supplierBoId", { name: "Self Farm", supplierBoId: "" }],
    ["settlement", { name: "Term Farm", settlement: "yearly" as never }],
  ])("when %s is wrong, then HTTP 400 names it and nothing is written", async (field, input) => {
    const before = await suppliersOf(green);
    const res = await addPurchase(input);
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toContain(field);
    expect(await suppliersOf(green)).toHaveLength(before.length);
  });

  it("when it is linked to the shop's own organisation, then HTTP 400 names supplierBoId", async () => {
    const res = await addPurchase({ name: "Myself", supplierBoId: green });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/supplierBoId: cannot be your own/);
  });

  it("when edited, disabled and deleted, then the list follows", async () => {
    const added = await addPurchase({ name: "Short Lived" });
    const upd = await t.call(
      S.updShopSupplierById,
      { id: added.data.id, kind: "purchase", name: "Short Lived Ltd", status: "disabled", remark: "paused" },
      { ticket: owner },
    );
    expect(upd.data).toMatchObject({ name: "Short Lived Ltd", status: "disabled", remark: "paused" });
    const enabled = await t.call(S.selShopSupplierList, { kind: "purchase" }, { ticket: owner });
    expect(enabled.data.map((s) => s.id)).not.toContain(added.data.id);
    const del = await t.call(S.delShopSupplierById, { id: added.data.id }, { ticket: owner });
    expect(del.code).toBe(codes.OK);
    expect((await suppliersOf(green)).map((s) => s.id)).not.toContain(added.data.id);
  });

  it("when renamed to another supplier's name, then HTTP 400 names name and the row is unchanged", async () => {
    const a = await addPurchase({ name: "Alpha Farm" });
    await addPurchase({ name: "Beta Farm" });
    const res = await t.call(S.updShopSupplierById, { id: a.data.id, kind: "purchase", name: "BETA FARM" }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toEqual(["name"]);
    const [row] = await t.db.select().from(shopSupplier).where(eq(shopSupplier.id, a.data.id));
    expect(row?.name).toBe("Alpha Farm");
  });

  it("when an edit names the wrong kind, then the supplier is not found", async () => {
    const [auth] = (await suppliersOf(green)).filter((s) => s.kind === "authorised");
    const res = await t.call(S.updShopSupplierById, { id: auth?.id ?? "", kind: "purchase", name: "Hijack" }, { ticket: owner });
    expect(res.code).toBe(codes.NOT_FOUND);
  });
});

describe("authorised suppliers", () => {
  it("when an organisation is authorised, then it is listed with its name, and selByShopIdAndBoId finds it", async () => {
    const res = await t.call(
      S.addShopSupplier,
      { kind: "authorised", supplierBoId: green, validFrom: "2026-01-01", validTo: null },
      { ticket: sellerTicket },
    );
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({ kind: "authorised", name: "Green Valley Fresh Co., Ltd.", supplierBoId: green, validTo: null });
    const found = await t.call(S.selByShopIdAndBoId, { boId: green }, { ticket: sellerTicket });
    expect(found.data?.id).toBe(res.data.id);
    const none = await t.call(S.selByShopIdAndBoId, { boId: harbor }, { ticket: sellerTicket });
    expect(none.data).toBeNull();
  });

  it.each([
    ["supplierBoId", "already", () => ({ supplierBoId: green })],
    ["supplierBoId", "own", () => ({ supplierBoId: seller.boId })],
    ["supplierBoId", "unknown", () => ({ supplierBoId: "NOSUCHORG" })],
    ["validTo", "before start", () => ({ supplierBoId: harbor, validTo: "2025-01-01" })],
    ["validFrom", "not a date", () => ({ supplierBoId: harbor, validFrom: "soon" })],
  ])("when %s is wrong (%s), then HTTP 400 names it and nothing is written", async (field, _why, input) => {
    const before = await suppliersOf(seller.boId);
    const res = await t.call(S.addShopSupplier, { kind: "authorised", validFrom: "2026-01-01", ...input() }, { ticket: sellerTicket });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toContain(field);
    expect(await suppliersOf(seller.boId)).toHaveLength(before.length);
  });

  it("an edit changes the validity and status but never the organisation", async () => {
    const [rel] = (await suppliersOf(seller.boId)).filter((s) => s.kind === "authorised");
    const res = await t.call(
      S.updShopSupplierById,
      { id: rel?.id ?? "", kind: "authorised", validFrom: "2026-02-01", validTo: "2026-12-31", status: "disabled" },
      { ticket: sellerTicket },
    );
    expect(res.data).toMatchObject({ validFrom: "2026-02-01", validTo: "2026-12-31", status: "disabled", supplierBoId: green });
    const sneaky = await t.post(
      S.updShopSupplierById.path,
      { id: rel?.id, kind: "authorised", validFrom: "2026-02-01", supplierBoId: harbor },
      { ticket: sellerTicket },
    );
    expect(sneaky.status).toBe(400);
    expect(sneaky.msg).toMatch(/supplierBoId: is not a known field/);
  });
});

/** The envelope with its `reason` (the harness answers code/msg/data only). */
async function raw(path: string, body: Record<string, unknown>, ticket: string) {
  const res = await t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/json", "sign-token": t.config.signToken },
    cookies: { ticket },
    payload: JSON.stringify({ systemId: 71, ...body }),
  });
  return { status: res.statusCode, ...(res.json() as { code: string; reason?: string; params?: Record<string, string> }) };
}

describe("an authorisation is a request the other organisation answers (issue 8, item 2)", () => {
  let relId: string;
  beforeAll(async () => {
    const [rel] = (await suppliersOf(seller.boId)).filter((s) => s.kind === "authorised");
    relId = rel?.id ?? "";
  });

  it("when a seller authorises an organisation, then it is pending and nothing of that organisation's staff can be read or added", async () => {
    const item = (await t.call(S.selShopSupplierPage, { kind: "authorised" }, { ticket: sellerTicket })).data.list[0];
    expect(item).toMatchObject({ id: relId, consent: "pending" });
    const staff = await raw(S.selSupplierStaffList.path, { supplierId: relId }, sellerTicket);
    expect(staff).toMatchObject({
      code: codes.STATE_FORBIDS,
      reason: "supplier.notAccepted",
      params: { org: "Green Valley Fresh Co., Ltd." },
    });
    const demoMemberId = (await memberByLoginName(t, "demo")).id;
    const add = await raw(
      S.addShopSupplierMemberList.path,
      { supplierId: relId, members: [{ memberId: demoMemberId, role: "sales" }] },
      sellerTicket,
    );
    expect(add.code).toBe(codes.STATE_FORBIDS);
    expect(await t.db.select().from(shopSupplierMember).where(eq(shopSupplierMember.supplierId, relId))).toHaveLength(0);
  });

  it("when the named organisation lists requests received, then it sees this one pending; others do not", async () => {
    const received = await t.call(S.selAuthRequestPage, { consent: "pending" }, { ticket: owner });
    expect(received.data.list).toEqual([
      expect.objectContaining({ id: relId, requesterBoId: seller.boId, consent: "pending", decidedAt: null, shopName: expect.any(String) }),
    ]);
    const elsewhere = await t.call(S.selAuthRequestPage, {}, { ticket: harborOwner });
    expect(elsewhere.data.list.map((r) => r.id)).not.toContain(relId);
  });

  it("when another organisation or a member without the function answers, then it is missing or 403 and stays pending", async () => {
    expect((await t.call(S.acceptAuthRequest, { id: relId }, { ticket: harborOwner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(S.acceptAuthRequest, { id: relId }, { ticket: sellerTicket })).code).toBe(codes.NOT_FOUND);
    const clerk = await createStaff(t, green, ["shop", "shop.authSupplier"]);
    const noEdit = await t.call(S.acceptAuthRequest, { id: relId }, { ticket: clerk });
    expect(noEdit.status).toBe(403);
    expect((await t.call(S.selAuthRequestPage, {}, { ticket: clerk })).code).toBe(codes.OK);
    const [row] = await t.db.select().from(shopSupplier).where(eq(shopSupplier.id, relId));
    expect(row?.consent).toBe("pending");
  });

  it("when it declines, then the requester sees it declined and still reads nothing; asking again makes it pending", async () => {
    const declined = await t.call(S.declineAuthRequest, { id: relId }, { ticket: owner });
    expect(declined.data).toMatchObject({ consent: "declined", decidedAt: expect.any(String) });
    expect((await t.call(S.declineAuthRequest, { id: relId }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
    const mine = await t.call(S.selByShopIdAndBoId, { boId: green }, { ticket: sellerTicket });
    expect(mine.data?.consent).toBe("declined");
    expect((await t.call(S.selSupplierStaffList, { supplierId: relId }, { ticket: sellerTicket })).code).toBe(codes.STATE_FORBIDS);
    const again = await t.call(
      S.addShopSupplier,
      { kind: "authorised", supplierBoId: green, validFrom: "2026-03-01" },
      { ticket: sellerTicket },
    );
    expect(again.data).toMatchObject({ id: relId, consent: "pending", validFrom: "2026-03-01" });
  });

  it("when it accepts, then the requester may read its staff", async () => {
    const accepted = await t.call(S.acceptAuthRequest, { id: relId }, { ticket: owner });
    expect(accepted.data.consent).toBe("accepted");
    expect((await t.call(S.acceptAuthRequest, { id: relId }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
    expect((await t.call(S.selSupplierStaffList, { supplierId: relId }, { ticket: sellerTicket })).code).toBe(codes.OK);
  });
});

describe("supplier member accounts", () => {
  let relId: string;
  let demoMemberId: string;
  let clerkMemberId: string;

  beforeAll(async () => {
    const [rel] = (await suppliersOf(seller.boId)).filter((s) => s.kind === "authorised");
    relId = rel?.id ?? "";
    demoMemberId = (await memberByLoginName(t, "demo")).id;
    clerkMemberId = (await memberByLoginName(t, "demo-clerk")).id;
  });

  it("lists the supplier organisation's staff to choose from", async () => {
    const res = await t.call(S.selSupplierStaffList, { supplierId: relId }, { ticket: sellerTicket });
    expect(res.code).toBe(codes.OK);
    expect(res.data.map((s) => s.loginName)).toEqual(expect.arrayContaining(["demo", "demo-clerk"]));
    expect(res.data.every((s) => !s.added)).toBe(true);
  });

  it("when staff are added, then they are the supplier's members and marked as added", async () => {
    const res = await t.call(
      S.addShopSupplierMemberList,
      {
        supplierId: relId,
        members: [
          { memberId: demoMemberId, role: "sales" },
          { memberId: clerkMemberId, role: "logistics" },
        ],
      },
      { ticket: sellerTicket },
    );
    expect(res.code).toBe(codes.OK);
    expect(res.data.map((m) => [m.loginName, m.role, m.enabled])).toEqual([
      ["demo", "sales", true],
      ["demo-clerk", "logistics", true],
    ]);
    const staff = await t.call(S.selSupplierStaffList, { supplierId: relId }, { ticket: sellerTicket });
    expect(staff.data.filter((s) => s.added).map((s) => s.loginName)).toEqual(expect.arrayContaining(["demo", "demo-clerk"]));
  });

  it.each([
    ["members.0.memberId", "already added", () => [{ memberId: demoMemberId, role: "sales" as const }]],
    [
      "members.1.memberId",
      "listed twice",
      () => [
        { memberId: "A", role: "sales" as const },
        { memberId: "A", role: "sales" as const },
      ],
    ],
    ["members.0.memberId", "not their staff", () => [{ memberId: seller.memberId, role: "sales" as const }]],
    ["members", "empty", () => []],
  ])("when %s is wrong (%s), then HTTP 400 names it and nothing is written", async (field, _why, members) => {
    const before = await t.db.select().from(shopSupplierMember).where(eq(shopSupplierMember.supplierId, relId));
    const res = await t.call(S.addShopSupplierMemberList, { supplierId: relId, members: members() }, { ticket: sellerTicket });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toContain(field);
    expect(await t.db.select().from(shopSupplierMember).where(eq(shopSupplierMember.supplierId, relId))).toHaveLength(before.length);
  });

  it("when accounts are updated, then their role and enabled flag change", async () => {
    const list = await t.call(S.selShopSupplierMember, { supplierId: relId }, { ticket: sellerTicket });
    const clerk = list.data.find((m) => m.loginName === "demo-clerk");
    const res = await t.call(
      S.updShopSupplierMemberList,
      { supplierId: relId, members: [{ id: clerk?.id ?? "", role: "finance", enabled: false }] },
      { ticket: sellerTicket },
    );
    expect(res.data.find((m) => m.loginName === "demo-clerk")).toMatchObject({ role: "finance", enabled: false });
  });

  it("a purchase supplier has no member accounts", async () => {
    const [purchase] = (await suppliersOf(green)).filter((s) => s.kind === "purchase");
    const res = await t.call(S.selShopSupplierMember, { supplierId: purchase?.id ?? "" }, { ticket: owner });
    expect(res.code).toBe(codes.NOT_FOUND);
  });

  it("when the supplier is deleted, then its member accounts go with it (one transaction)", async () => {
    const del = await t.call(S.delShopSupplierById, { id: relId }, { ticket: sellerTicket });
    expect(del.code).toBe(codes.OK);
    expect(await t.db.select().from(shopSupplierMember).where(eq(shopSupplierMember.supplierId, relId))).toHaveLength(0);
  });
});

describe("another seller's suppliers", () => {
  it("are invisible and unchanged through every call", async () => {
    const theirs = await suppliersOf(green);
    const [auth] = theirs.filter((s) => s.kind === "authorised");
    const [purchase] = theirs.filter((s) => s.kind === "purchase");
    if (!auth || !purchase) throw new Error("demo data missing");
    const members = await t.db.select().from(shopSupplierMember).where(eq(shopSupplierMember.supplierId, auth.id));
    const as = { ticket: sellerTicket };
    const answers = [
      await t.call(S.updShopSupplierById, { id: purchase.id, kind: "purchase", name: "Taken over" }, as),
      await t.call(S.delShopSupplierById, { id: purchase.id }, as),
      await t.call(S.selShopSupplierMember, { supplierId: auth.id }, as),
      await t.call(S.selSupplierStaffList, { supplierId: auth.id }, as),
      await t.call(S.addShopSupplierMemberList, { supplierId: auth.id, members: [{ memberId: seller.memberId, role: "sales" }] }, as),
      await t.call(
        S.updShopSupplierMemberList,
        { supplierId: auth.id, members: [{ id: members[0]?.id ?? "", role: "other", enabled: false }] },
        as,
      ),
    ];
    for (const res of answers) expect(res.code).toBe(codes.NOT_FOUND);
    const page = await t.call(S.selShopSupplierPage, { kind: "purchase" }, as);
    expect(page.data.list.map((s) => s.id)).not.toContain(purchase.id);
    expect(await suppliersOf(green)).toEqual(theirs);
    expect(await t.db.select().from(shopSupplierMember).where(eq(shopSupplierMember.supplierId, auth.id))).toEqual(members);
  });

  it("a member row of another seller cannot be updated through one's own supplier", async () => {
    const [mine] = (await suppliersOf(harbor)).filter((s) => s.kind === "authorised");
    const [greenAuth] = (await suppliersOf(green)).filter((s) => s.kind === "authorised");
    const [theirMember] = await t.db
      .select()
      .from(shopSupplierMember)
      .where(eq(shopSupplierMember.supplierId, greenAuth?.id ?? ""));
    const res = await t.call(
      S.updShopSupplierMemberList,
      { supplierId: mine?.id ?? "", members: [{ id: theirMember?.id ?? "", role: "other", enabled: false }] },
      { ticket: harborOwner },
    );
    expect(res.code).toBe(codes.NOT_FOUND);
    const [after] = await t.db
      .select()
      .from(shopSupplierMember)
      .where(eq(shopSupplierMember.id, theirMember?.id ?? ""));
    expect(after).toEqual(theirMember);
  });
});

describe("permissions by kind", () => {
  it("a buyer with shop.supplier(.edit) manages purchase suppliers but gets 403 on authorised ones", async () => {
    const buyer = await createStaff(t, green, ["shop.supplier", "shop.supplier.edit"]);
    expect((await t.call(S.selShopSupplierPage, { kind: "purchase" }, { ticket: buyer })).code).toBe(codes.OK);
    expect((await addPurchase({ name: "Buyer Farm" }, buyer)).code).toBe(codes.OK);
    const [auth] = (await suppliersOf(green)).filter((s) => s.kind === "authorised");
    const refused = [
      await t.call(S.selShopSupplierPage, { kind: "authorised" }, { ticket: buyer }),
      await t.call(S.selShopSupplierList, { kind: "authorised" }, { ticket: buyer }),
      await t.call(S.addShopSupplier, { kind: "authorised", supplierBoId: seller.boId, validFrom: "2026-01-01" }, { ticket: buyer }),
      await t.call(S.updShopSupplierById, { id: auth?.id ?? "", kind: "authorised", validFrom: "2026-01-01" }, { ticket: buyer }),
      await t.call(S.delShopSupplierById, { id: auth?.id ?? "" }, { ticket: buyer }),
      await t.call(S.selShopSupplierMember, { supplierId: auth?.id ?? "" }, { ticket: buyer }),
      await t.call(S.selSupplierStaffList, { supplierId: auth?.id ?? "" }, { ticket: buyer }),
      await t.call(S.selByShopIdAndBoId, { boId: harbor }, { ticket: buyer }),
      await t.call(
        S.addShopSupplierMemberList,
        { supplierId: auth?.id ?? "", members: [{ memberId: "X", role: "sales" }] },
        { ticket: buyer },
      ),
      await t.call(
        S.updShopSupplierMemberList,
        { supplierId: auth?.id ?? "", members: [{ id: "X", role: "sales", enabled: true }] },
        { ticket: buyer },
      ),
    ];
    for (const res of refused) expect(res.status).toBe(403);
    expect((await suppliersOf(green)).find((s) => s.id === auth?.id)).toEqual(auth);
  });

  it("a viewer with shop.supplier only may list purchase suppliers but not change them (403)", async () => {
    const viewer = await createStaff(t, green, ["shop.supplier"]);
    expect((await t.call(S.selShopSupplierList, { kind: "purchase" }, { ticket: viewer })).code).toBe(codes.OK);
    const [purchase] = (await suppliersOf(green)).filter((s) => s.kind === "purchase");
    expect((await addPurchase({ name: "Viewer Farm" }, viewer)).status).toBe(403);
    expect((await t.call(S.updShopSupplierById, { id: purchase?.id ?? "", kind: "purchase", name: "X" }, { ticket: viewer })).status).toBe(
      403,
    );
    expect((await t.call(S.delShopSupplierById, { id: purchase?.id ?? "" }, { ticket: viewer })).status).toBe(403);
  });

  it("a member account manager with shop.authSupplier only may read accounts but not change them (403)", async () => {
    const reader = await createStaff(t, green, ["shop.authSupplier"]);
    const [auth] = (await suppliersOf(green)).filter((s) => s.kind === "authorised");
    expect((await t.call(S.selShopSupplierMember, { supplierId: auth?.id ?? "" }, { ticket: reader })).code).toBe(codes.OK);
    expect((await t.call(S.selShopSupplierPage, { kind: "purchase" }, { ticket: reader })).status).toBe(403);
    const res = await t.call(
      S.updShopSupplierMemberList,
      { supplierId: auth?.id ?? "", members: [{ id: "X", role: "sales", enabled: true }] },
      { ticket: reader },
    );
    expect(res.status).toBe(403);
  });
});

describe("organisation search", () => {
  it("finds organisations by name prefix, case-insensitively, with short public information only", async () => {
    const res = await t.call(S.selOrgShortByNameList, { name: "harbor" }, { ticket: sellerTicket });
    expect(res.code).toBe(codes.OK);
    const found = res.data.find((o) => o.boId === harbor);
    expect(found).toMatchObject({ name: "Harbor Seafood Trading Co., Ltd.", hasShop: true });
    expect(Object.keys(found ?? {}).sort()).toEqual(["area", "boId", "hasShop", "name", "shortName"]);
    expect(JSON.stringify(res.data)).not.toMatch(/1380000|credit|licence|legal|contact/i);
  });

  it("treats % and _ literally and bounds the list", async () => {
    expect((await t.call(S.selOrgShortByNameList, { name: "%" }, { ticket: sellerTicket })).data).toEqual([]);
    const some = await t.call(S.selOrgShortByNameList, { name: "t", limit: 1 }, { ticket: sellerTicket });
    expect(some.data.length).toBeLessThanOrEqual(1);
  });

  it("pages the same matches with a total", async () => {
    const res = await t.call(S.selOrgShortByNamePage, { name: "Green", pageSize: 5 }, { ticket: sellerTicket });
    expect(res.data.total).toBeGreaterThanOrEqual(1);
    expect(res.data.list[0]?.boId).toBe(green);
  });

  it.each([
    ["name", { name: " " }],
    ["limit", { name: "a", limit: 500 }],
  ])("when %s is wrong, then HTTP 400 names it", async (field, input) => {
    const res = await t.call(S.selOrgShortByNameList, input as never, { ticket: sellerTicket });
    expect(res.status).toBe(400);
    expect(issuePaths(res.data)).toContain(field);
  });

  it("needs a logged-in member, but no function", async () => {
    const anonymous = await t.call(S.selOrgShortByNameList, { name: "Green" }, { ticket: null });
    expect(anonymous.code).toBe(codes.NOT_LOGGED_IN);
    const nobody = await createStaff(t, green, []);
    expect((await t.call(S.selOrgShortByNamePage, { name: "Green" }, { ticket: nobody })).code).toBe(codes.OK);
  });
});

describe("withdrawing an acceptance", () => {
  it("when the supplier organisation declines an accepted authorisation, then its member accounts there end", async () => {
    const [rel] = (await suppliersOf(green)).filter((s) => s.kind === "authorised");
    expect(rel?.consent).toBe("accepted");
    expect(
      (
        await t.db
          .select()
          .from(shopSupplierMember)
          .where(eq(shopSupplierMember.supplierId, rel?.id ?? ""))
      ).length,
    ).toBeGreaterThan(0);
    const res = await t.call(S.declineAuthRequest, { id: rel?.id ?? "" }, { ticket: harborOwner });
    expect(res.data.consent).toBe("declined");
    expect(
      await t.db
        .select()
        .from(shopSupplierMember)
        .where(eq(shopSupplierMember.supplierId, rel?.id ?? "")),
    ).toHaveLength(0);
    expect((await t.call(S.selSupplierStaffList, { supplierId: rel?.id ?? "" }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
  });
});
