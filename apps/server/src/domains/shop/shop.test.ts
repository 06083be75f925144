import { codes, contract, empty, OPEN_SHOP_PATH, read } from "@sbo/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createSeller, expectBadFields, meOf, probeApp as probeAppOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { staffWith, uploadedFile } from "../../test/organization.fixtures";
import { orgEnterprise } from "../organization/organization.tables";
import { shop, shopSetting } from "./shop.tables";

/** A shop-scoped call (function-guarded, shop defaults to true), bound on a second app over the same database. */
const probe = {
  shopScoped: read({
    path: "/api/seller/test/shopProbe/shopScoped",
    summary: "Served only while the shop is open",
    access: { func: "shop.manage" },
    input: empty,
    output: z.object({ served: z.boolean() }),
  }),
};

let t: TestApp;
let probeApp: FastifyInstance;
let green: string;
let harbor: string;
let clerk: string;
let greenBoId: string;
let greenShopId: string;
let harborShopId: string;

const profile = {
  name: "Green Valley Fresh",
  brand: "Green Valley",
  logoFileId: null,
  intro: "Fresh from the farm",
  contactName: "Lin Qing",
  contactPhone: "13800000001",
  servicePhone: "0571-8888-1001",
  areaCode: "330100",
  address: "88 Wensan Road",
  mainCategoryId: "C02",
};

const settingsInput = (shopId: string) => ({
  shopId,
  businessHours: { mode: "weekly" as const, days: [{ weekday: 1, open: "08:00", close: "18:00" }] },
  acceptingOrders: false,
  contactPhone: "13800000009",
  servicePhone: "400-800-1234",
  logoFileId: null,
  notice: "Closed on public holidays",
  autoConfirmDays: 10,
  autoCloseMinutes: 45,
  invoice: "vat" as const,
  selfPickup: true,
  afterSaleAutoApproveDays: 5,
});

const opening = {
  legalPersonName: "Wang Fang",
  legalPersonIdNo: "110105199003071239",
  creditCode: "91110000MA01AB12CX",
};

async function probeCall(ticket: string) {
  const res = await probeApp.inject({
    method: "POST",
    url: probe.shopScoped.path,
    headers: { "content-type": "application/json", "sign-token": t.config.signToken },
    cookies: { ticket },
    payload: JSON.stringify({ systemId: 71 }),
  });
  return res.json() as { code: string; data: unknown };
}

const shopRow = async (boId: string) => (await t.db.select().from(shop).where(eq(shop.boId, boId)))[0];

beforeAll(async () => {
  t = await createTestApp();
  probeApp = await probeAppOf(t, probe, {
    shopScoped: async () => ({ served: true }),
  });
  green = await t.login("demo");
  harbor = await t.login("demo2");
  clerk = await t.login("demo-clerk");
  const me = await meOf(t, green);
  greenBoId = me.boId;
  greenShopId = me.shop?.shopId ?? "";
  harborShopId = (await meOf(t, harbor)).shop?.shopId ?? "";
});
afterAll(async () => {
  await probeApp.close();
  await t.close();
});

describe("selShopByBoId", () => {
  it("answers the active organisation's shop with its profile", async () => {
    const res = await t.call(contract.shop.selShopByBoId, {}, { ticket: green });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({
      shopId: greenShopId,
      name: "Green Valley Fresh",
      status: "open",
      area: {
        code: "330106",
        codes: ["330000", "330100", "330106"],
        name: "浙江省 杭州市 西湖区",
        nameEn: "Zhejiang, Hangzhou, Xihu District",
      },
      mainCategory: { id: "C02", nameEn: "Vegetables" },
    });
    expect(res.data?.openedAt).not.toBeNull();
  });

  it("answers null for an organisation without a shop", async () => {
    const s = await createSeller(t, { shop: false });
    const res = await t.call(contract.shop.selShopByBoId, {}, { ticket: await t.login(s.loginName, s.password) });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toBeNull();
  });

  it("refuses unknown fields with 400", async () => {
    const res = await t.post(contract.shop.selShopByBoId.path, { boId: "x" }, { ticket: green });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/boId/);
  });
});

describe("updShop", () => {
  it("saves the profile of the caller's shop only", async () => {
    const logo = await uploadedFile(t, greenBoId);
    const res = await t.call(contract.shop.updShop, { ...profile, intro: "Edited intro", logoFileId: logo.id }, { ticket: green });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({ intro: "Edited intro", logo: { id: logo.id, url: `/files/${logo.id}` } });
    expect((await shopRow(greenBoId))?.intro).toBe("Edited intro");
    expect((await t.call(contract.shop.selShopByBoId, {}, { ticket: harbor })).data?.name).toBe("Harbor Seafood");
  });

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    const before = await shopRow(greenBoId);
    await expectBadFields(t, contract.shop.updShop.path, green, profile, [
      ["contactPhone", { contactPhone: "12345" }],
      ["name", { name: "" }],
      ["areaCode", { areaCode: "999999" }],
      ["mainCategoryId", { mainCategoryId: "NOPE" }],
    ]);
    expect((await shopRow(greenBoId))?.updatedAt).toEqual(before?.updatedAt);
  });

  it("refuses a logo file of another seller (400 on logoFileId) and changes nothing", async () => {
    const harborBoId = (await meOf(t, harbor)).boId;
    const theirs = await uploadedFile(t, harborBoId);
    const res = await t.post(contract.shop.updShop.path, { ...profile, logoFileId: theirs.id }, { ticket: green });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("logoFileId");
    expect((await shopRow(greenBoId))?.logoFileId).not.toBe(theirs.id);
  });

  it("refuses staff without shop.manage.edit with 403", async () => {
    const res = await t.call(contract.shop.updShop, profile, { ticket: clerk });
    expect(res.status).toBe(403);
    expect(res.msg).toContain("shop.manage.edit");
  });
});

describe("closing and reopening the shop", () => {
  it("closes: shop-scoped calls answer 003301, shop:false calls still work; reopening restores them", async () => {
    const seller = await createSeller(t);
    const ticket = await t.login(seller.loginName, seller.password);
    expect((await probeCall(ticket)).code).toBe(codes.OK);

    const closed = await t.call(contract.shop.updShopStatus, { status: "closed", reason: "Holiday" }, { ticket });
    expect(closed.code).toBe(codes.OK);
    expect(closed.data).toMatchObject({ status: "closed", closedReason: "Holiday" });
    expect((await probeCall(ticket)).code).toBe(codes.SHOP_CLOSED);
    expect((await t.call(contract.shop.selShopByBoId, {}, { ticket })).data?.status).toBe("closed");
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket })).data.shop?.status).toBe("closed");
    expect((await t.call(contract.shop.updShop, { ...profile, name: "Renamed while closed" }, { ticket })).code).toBe(codes.OK);

    const again = await t.call(contract.shop.updShopStatus, { status: "closed" }, { ticket });
    expect(again.code).toBe(codes.STATE_FORBIDS);

    const reopened = await t.call(contract.shop.updShopStatus, { status: "open" }, { ticket });
    expect(reopened.data).toMatchObject({ status: "open", closedAt: null, closedReason: "" });
    expect((await probeCall(ticket)).code).toBe(codes.OK);
    expect((await t.call(contract.shop.updShopStatus, { status: "open" }, { ticket })).code).toBe(codes.STATE_FORBIDS);
  });

  it("refuses a status that is not open or closed with 400, and staff without shop.manage.status with 403", async () => {
    const bad = await t.post(contract.shop.updShopStatus.path, { status: "opening" }, { ticket: green });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("status");
    const res = await t.call(contract.shop.updShopStatus, { status: "closed" }, { ticket: clerk });
    expect(res.status).toBe(403);
    expect((await shopRow(greenBoId))?.status).toBe("open");
  });

  it("lets a staff member holding shop.manage.status close and reopen", async () => {
    const s = await createSeller(t);
    const staff = await staffWith(t, s.boId, ["shop.manage", "shop.manage.status"]);
    expect((await t.call(contract.shop.updShopStatus, { status: "closed" }, { ticket: staff })).data?.status).toBe("closed");
    expect((await t.call(contract.shop.updShopStatus, { status: "open" }, { ticket: staff })).data?.status).toBe("open");
  });
});

describe("selShopAndOrg", () => {
  it("answers the shop, the organisation summary and the settings", async () => {
    const res = await t.call(contract.shop.selShopAndOrg, {}, { ticket: harbor });
    expect(res.code).toBe(codes.OK);
    expect(res.data.shop.shopId).toBe(harborShopId);
    expect(res.data.organization).toMatchObject({ name: "Harbor Seafood Trading Co., Ltd.", verificationStatus: "verified" });
    expect(res.data.settings).toMatchObject({ shopId: harborShopId, businessHours: { mode: "allDay" }, invoice: "vat" });
  });

  it("refuses staff without shop.manage with 403 and unknown fields with 400", async () => {
    expect((await t.call(contract.shop.selShopAndOrg, {}, { ticket: clerk })).status).toBe(403);
    const bad = await t.post(contract.shop.selShopAndOrg.path, { shopId: harborShopId }, { ticket: green });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain("shopId");
  });
});

describe("shop settings", () => {
  it("answers the defaults before the first save, then saves and answers them", async () => {
    const s = await createSeller(t);
    const ticket = await t.login(s.loginName, s.password);
    const before = await t.call(contract.shop.selShopSettingByShopId, { shopId: s.shopId ?? "" }, { ticket });
    expect(before.data).toMatchObject({
      businessHours: { mode: "allDay" },
      autoConfirmDays: 7,
      afterSaleAutoApproveDays: 3,
      invoice: "none",
      updatedAt: null,
    });

    const logo = await uploadedFile(t, s.boId);
    const saved = await t.call(
      contract.shop.addOrUpdShopSettingByShopId,
      { ...settingsInput(s.shopId ?? ""), logoFileId: logo.id },
      { ticket },
    );
    expect(saved.code).toBe(codes.OK);
    expect(saved.data).toMatchObject({
      acceptingOrders: false,
      autoConfirmDays: 10,
      afterSaleAutoApproveDays: 5,
      servicePhone: "400-800-1234",
      logo: { id: logo.id },
    });
    const after = await t.call(contract.shop.selShopSettingByShopId, { shopId: s.shopId ?? "" }, { ticket });
    expect(after.data).toEqual(saved.data);
    expect((await shopRow(s.boId))?.contactPhone).toBe("13800000009");

    // Saving again updates the same row.
    const again = await t.call(
      contract.shop.addOrUpdShopSettingByShopId,
      { ...settingsInput(s.shopId ?? ""), selfPickup: false },
      { ticket },
    );
    expect(again.data.selfPickup).toBe(false);
    expect(
      await t.db
        .select()
        .from(shopSetting)
        .where(eq(shopSetting.shopId, s.shopId ?? "")),
    ).toHaveLength(1);
  });

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ["autoConfirmDays", { autoConfirmDays: 31 }],
      ["afterSaleAutoApproveDays", { afterSaleAutoApproveDays: 0 }],
      ["autoCloseMinutes", { autoCloseMinutes: 0 }],
      ["notice", { notice: "x".repeat(501) }],
      ["invoice", { invoice: "gold" }],
      ["businessHours.days.0.close", { businessHours: { mode: "weekly", days: [{ weekday: 1, open: "18:00", close: "08:00" }] } }],
      [
        "businessHours.days.1.weekday",
        {
          businessHours: {
            mode: "weekly",
            days: [
              { weekday: 2, open: "08:00", close: "09:00" },
              { weekday: 2, open: "10:00", close: "11:00" },
            ],
          },
        },
      ],
    ];
    await expectBadFields(t, contract.shop.addOrUpdShopSettingByShopId.path, green, settingsInput(greenShopId), cases);
    const row = (await t.db.select().from(shopSetting).where(eq(shopSetting.shopId, greenShopId)))[0];
    expect(row?.autoConfirmDays).toBe(7);
  });

  it("when a time zone is saved, then it must be an IANA zone; when it is omitted, then the saved one stays", async () => {
    const before = await t.call(contract.shop.selShopSettingByShopId, { shopId: greenShopId }, { ticket: green });
    expect(before.data.timeZone).toBe("Asia/Shanghai");
    for (const timeZone of ["Mars/Olympus", "GMT+8; drop table", ""]) {
      const bad = await t.post(
        contract.shop.addOrUpdShopSettingByShopId.path,
        { ...settingsInput(greenShopId), timeZone },
        { ticket: green },
      );
      expect(bad.status).toBe(400);
      expect((bad.data as { issues: Array<{ path: string; reason?: string }> }).issues).toContainEqual(
        expect.objectContaining({ path: "timeZone", reason: "shop.timeZone" }),
      );
    }
    const saved = await t.call(
      contract.shop.addOrUpdShopSettingByShopId,
      { ...settingsInput(greenShopId), timeZone: "Asia/Urumqi" },
      { ticket: green },
    );
    expect(saved.data.timeZone).toBe("Asia/Urumqi");
    const kept = await t.call(contract.shop.addOrUpdShopSettingByShopId, settingsInput(greenShopId), { ticket: green });
    expect(kept.data.timeZone).toBe("Asia/Urumqi");
    await t.call(
      contract.shop.addOrUpdShopSettingByShopId,
      { ...settingsInput(greenShopId), timeZone: "Asia/Shanghai" },
      { ticket: green },
    );
  });

  it("when the shop is closed or reopened twice, then the refusal is declared in both languages", async () => {
    const res = await t.post(contract.shop.updShopStatus.path, { status: "open" }, { ticket: green });
    expect(res.code).toBe(codes.STATE_FORBIDS);
    expect(res.msg).toBe("The shop is already open");
    const raw = await t.app.inject({
      method: "POST",
      url: contract.shop.updShopStatus.path,
      headers: { "content-type": "application/json", "sign-token": t.config.signToken },
      cookies: { ticket: green },
      payload: JSON.stringify({ systemId: 71, status: "open" }),
    });
    expect(raw.json()).toMatchObject({ reason: "shop.alreadyOpen" });
  });

  it("treats another seller's shop id as not found and changes nothing", async () => {
    const read = await t.call(contract.shop.selShopSettingByShopId, { shopId: harborShopId }, { ticket: green });
    expect(read.code).toBe(codes.NOT_FOUND);
    const write = await t.call(contract.shop.addOrUpdShopSettingByShopId, settingsInput(harborShopId), { ticket: green });
    expect(write.code).toBe(codes.NOT_FOUND);
    const row = (await t.db.select().from(shopSetting).where(eq(shopSetting.shopId, harborShopId)))[0];
    expect(row?.invoice).toBe("vat");
    expect((await shopRow((await meOf(t, harbor)).boId))?.contactPhone).toBe("13800000002");
  });

  it("refuses staff without the functions with 403", async () => {
    expect((await t.call(contract.shop.selShopSettingByShopId, { shopId: greenShopId }, { ticket: clerk })).status).toBe(403);
    expect((await t.call(contract.shop.addOrUpdShopSettingByShopId, settingsInput(greenShopId), { ticket: clerk })).status).toBe(403);
  });
});

describe("opening a shop", () => {
  it("step 1 creates the shop as opening (still no shop: 021101), step 2 verifies the account and opens it", async () => {
    const s = await createSeller(t, { shop: false });
    const ticket = await t.login(s.loginName, s.password);
    const noShop = await probeCall(ticket);
    expect(noShop).toMatchObject({ code: codes.NO_SHOP, data: OPEN_SHOP_PATH });

    const early = await t.call(contract.shop.submitAccountOpening, { ...opening, ...(await openingFiles(s.boId)) }, { ticket });
    expect(early.code).toBe(codes.STATE_FORBIDS);

    const step1 = await t.call(contract.shop.openShop, { ...profile, name: "Draft name" }, { ticket });
    expect(step1.code).toBe(codes.OK);
    expect(step1.data).toMatchObject({ name: "Draft name", status: "opening", openedAt: null });
    // The draft can be corrected; the shop stays one.
    expect((await t.call(contract.shop.openShop, { ...profile, name: "Final name" }, { ticket })).data.name).toBe("Final name");
    expect(await t.db.select().from(shop).where(eq(shop.boId, s.boId))).toHaveLength(1);

    expect(await probeCall(ticket)).toMatchObject({ code: codes.NO_SHOP, data: OPEN_SHOP_PATH });
    expect((await t.call(contract.shop.updShop, profile, { ticket })).code).toBe(codes.NO_SHOP);
    const me = (await t.call(contract.session.getMemberByToken, {}, { ticket })).data;
    expect(me.shop?.status).toBe("opening");
    expect(me.openShopUrl).toBe(OPEN_SHOP_PATH);
    const relogin = await t.call(contract.login.login, { loginName: s.loginName, password: s.password });
    expect(relogin.data.openShopUrl).toBe(OPEN_SHOP_PATH);

    const step2 = await t.call(contract.shop.submitAccountOpening, { ...opening, ...(await openingFiles(s.boId)) }, { ticket });
    expect(step2.code).toBe(codes.OK);
    expect(step2.data.status).toBe("open");
    expect(step2.data.openedAt).not.toBeNull();
    const [e] = await t.db.select().from(orgEnterprise).where(eq(orgEnterprise.boId, s.boId));
    expect(e).toMatchObject({ verificationStatus: "verified", creditCode: opening.creditCode, legalPersonIdNo: opening.legalPersonIdNo });
    expect((await probeCall(ticket)).code).toBe(codes.OK);
    const after = (await t.call(contract.session.getMemberByToken, {}, { ticket })).data;
    expect(after.openShopUrl).toBeNull();

    expect((await t.call(contract.shop.openShop, profile, { ticket })).code).toBe(codes.STATE_FORBIDS);
    expect((await t.call(contract.shop.submitAccountOpening, { ...opening, ...(await openingFiles(s.boId)) }, { ticket })).code).toBe(
      codes.STATE_FORBIDS,
    );
  });

  it("refuses an ID number or credit code with a wrong check character (400 naming it) and writes nothing", async () => {
    const s = await createSeller(t, { shop: false });
    const ticket = await t.login(s.loginName, s.password);
    await t.call(contract.shop.openShop, profile, { ticket });
    const files = await openingFiles(s.boId);
    for (const [field, value] of [
      ["legalPersonIdNo", "110105199003071230"],
      ["legalPersonIdNo", "110105199013071239"],
      ["creditCode", "91110000MA01AB12C1"],
      ["creditCode", "123"],
    ] as const) {
      const res = await t.post(contract.shop.submitAccountOpening.path, { ...opening, ...files, [field]: value }, { ticket });
      expect(res.status, value).toBe(400);
      expect(res.msg).toContain(field);
    }
    const missing = await t.post(contract.shop.submitAccountOpening.path, { ...opening, licenceFileId: files.licenceFileId }, { ticket });
    expect(missing.status).toBe(400);
    expect(missing.msg).toContain("idFrontFileId");
    expect((await shopRow(s.boId))?.status).toBe("opening");
    expect(await t.db.select().from(orgEnterprise).where(eq(orgEnterprise.boId, s.boId))).toHaveLength(0);
  });

  it("refuses step 1 with bad input (400 naming the field) without creating a shop", async () => {
    const s = await createSeller(t, { shop: false });
    const ticket = await t.login(s.loginName, s.password);
    const res = await t.post(contract.shop.openShop.path, { ...profile, contactPhone: "abc" }, { ticket });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("contactPhone");
    expect(await shopRow(s.boId)).toBeUndefined();
  });

  it("refuses another seller's files in step 2 and leaves the shop opening", async () => {
    const s = await createSeller(t, { shop: false });
    const ticket = await t.login(s.loginName, s.password);
    await t.call(contract.shop.openShop, profile, { ticket });
    const theirs = await uploadedFile(t, greenBoId);
    const res = await t.post(
      contract.shop.submitAccountOpening.path,
      { ...opening, ...(await openingFiles(s.boId)), licenceFileId: theirs.id },
      { ticket },
    );
    expect(res.status).toBe(400);
    expect(res.msg).toContain("licenceFileId");
    expect((await shopRow(s.boId))?.status).toBe("opening");
  });

  it("lets only the owner open the shop (403 for staff)", async () => {
    const s = await createSeller(t, { shop: false });
    const staff = await staffWith(t, s.boId, []);
    const res = await t.call(contract.shop.openShop, profile, { ticket: staff });
    expect(res.status).toBe(403);
    expect(res.msg).toMatch(/owner/);
    expect(await shopRow(s.boId)).toBeUndefined();
  });

  it("never touches an opened shop of the caller's organisation through openShop", async () => {
    const before = await shopRow(greenBoId);
    expect((await t.call(contract.shop.openShop, { ...profile, name: "Hijack" }, { ticket: green })).code).toBe(codes.STATE_FORBIDS);
    expect((await shopRow(greenBoId))?.name).toBe(before?.name);
  });
});

async function openingFiles(boId: string) {
  const [licence, front, back] = [await uploadedFile(t, boId), await uploadedFile(t, boId), await uploadedFile(t, boId)];
  return { licenceFileId: licence.id, idFrontFileId: front.id, idBackFileId: back.id };
}
