import { codes, contract, isCreditCode, isIdCardNo } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, expectBadFields, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { staffWith, uploadedFile } from "../../test/organization.fixtures";
import { organization } from "../identity/identity.tables";
import { orgEnterprise } from "./organization.tables";

let t: TestApp;
let green: string;
let harbor: string;
let clerk: string;
let greenBoId: string;
let harborBoId: string;

const edit = {
  name: "Green Valley Fresh Co., Ltd.",
  shortName: "Green Valley",
  creditCode: "91330100MA2GREEN0Y",
  legalPersonName: "Lin Qing",
  licenceFileId: null,
  idFrontFileId: null,
  idBackFileId: null,
  areaCode: "330100",
  address: "1 New Road",
  industry: "Fresh produce",
  contactName: "Lin Qing",
  contactPhone: "13800000001",
  contactEmail: "lin@example.com",
  intro: "Edited",
};

const enterpriseOf = async (boId: string) => (await t.db.select().from(orgEnterprise).where(eq(orgEnterprise.boId, boId)))[0];

beforeAll(async () => {
  t = await createTestApp();
  green = await t.login("demo");
  harbor = await t.login("demo2");
  clerk = await t.login("demo-clerk");
  greenBoId = (await meOf(t, green)).boId;
  harborBoId = (await meOf(t, harbor)).boId;
});
afterAll(() => t.close());

describe("check characters", () => {
  it("accepts valid credit codes and ID numbers and refuses altered ones", () => {
    expect(isCreditCode("91350100M000100Y43")).toBe(true);
    expect(isCreditCode("91350100M000100Y44")).toBe(false);
    expect(isCreditCode("91350100M000100I43")).toBe(false);
    expect(isIdCardNo("11010519491231002X")).toBe(true);
    expect(isIdCardNo("110105194912310021")).toBe(false);
    expect(isIdCardNo("110105194902310025")).toBe(false);
  });
});

describe("selById", () => {
  it("answers the active organisation's enterprise information, the ID number masked even to the owner", async () => {
    const res = await t.call(contract.organization.selById, {}, { ticket: green });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({
      boId: greenBoId,
      name: "Green Valley Fresh Co., Ltd.",
      creditCode: "91330100MA2GREEN0Y",
      legalPersonIdNo: "330***********1235",
      verificationStatus: "verified",
      area: { codes: ["330000", "330100", "330106"] },
    });
  });

  it("masks the ID number for staff who may read it", async () => {
    const staff = await staffWith(t, greenBoId, ["setup.enterprise"]);
    const res = await t.call(contract.organization.selById, {}, { ticket: staff });
    expect(res.data).toMatchObject({ legalPersonIdNo: "330***********1235" });
    expect(JSON.stringify(res.data)).not.toContain("330106198001011235");
  });

  it("treats another organisation's id as not found", async () => {
    const res = await t.call(contract.organization.selById, { boId: harborBoId }, { ticket: green });
    expect(res.code).toBe(codes.NOT_FOUND);
    expect(res.data).toBeNull();
  });

  it("answers an empty, unverified record for an organisation that never filled it in", async () => {
    const s = await createSeller(t, { shop: false });
    const res = await t.call(contract.organization.selById, {}, { ticket: await t.login(s.loginName, s.password) });
    expect(res.data).toMatchObject({ creditCode: "", verificationStatus: "unverified", updatedAt: null });
  });

  it("refuses staff without setup.enterprise with 403", async () => {
    const res = await t.call(contract.organization.selById, {}, { ticket: clerk });
    expect(res.status).toBe(403);
    expect(res.msg).toContain("setup.enterprise");
  });
});

describe("updById", () => {
  it("saves the information, renames the organisation and keeps the ID number when it is omitted", async () => {
    const s = await createSeller(t);
    const ticket = await t.login(s.loginName, s.password);
    const licence = await uploadedFile(t, s.boId);
    const first = await t.call(
      contract.organization.updById,
      { ...edit, name: "Renamed Co.", legalPersonIdNo: "110105199003071239", licenceFileId: licence.id },
      { ticket },
    );
    expect(first.code).toBe(codes.OK);
    // Entered in full, answered masked: the full number never leaves the server again.
    expect(JSON.stringify(first.data)).not.toContain("110105199003071239");
    expect(first.data).toMatchObject({
      legalPersonIdNo: "110***********1239",
      name: "Renamed Co.",
      verificationStatus: "verified",
      licence: { id: licence.id },
      contactEmail: "lin@example.com",
    });
    expect((await t.db.select().from(organization).where(eq(organization.id, s.boId)))[0]?.name).toBe("Renamed Co.");

    const second = await t.call(contract.organization.updById, { ...edit, name: "Renamed Co.", intro: "Again" }, { ticket });
    expect(second.data).toMatchObject({
      intro: "Again",
      legalPersonIdNo: "110***********1239",
      licence: null,
      verificationStatus: "verified",
    });
    expect((await enterpriseOf(s.boId))?.legalPersonIdNo).toBe("110105199003071239");
  });

  it("stays unverified while the ID number is missing", async () => {
    const s = await createSeller(t);
    const res = await t.call(contract.organization.updById, edit, { ticket: await t.login(s.loginName, s.password) });
    expect(res.data.verificationStatus).toBe("unverified");
  });

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    const before = await enterpriseOf(greenBoId);
    await expectBadFields(t, contract.organization.updById.path, green, edit, [
      ["creditCode", { creditCode: "91330100MA2GREEN01" }],
      ["legalPersonIdNo", { legalPersonIdNo: "330106198001011234" }],
      ["contactEmail", { contactEmail: "not-an-email" }],
      ["contactPhone", { contactPhone: "555" }],
      ["name", { name: " " }],
      ["areaCode", { areaCode: "123456" }],
    ]);
    expect(await enterpriseOf(greenBoId)).toEqual(before);
  });

  it("refuses another seller's files (400 on the field) and changes neither organisation", async () => {
    const theirs = await uploadedFile(t, harborBoId);
    const harborBefore = await enterpriseOf(harborBoId);
    const res = await t.post(contract.organization.updById.path, { ...edit, idFrontFileId: theirs.id }, { ticket: green });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("idFrontFileId");
    expect((await enterpriseOf(greenBoId))?.idFrontFileId).toBeNull();
    expect(await enterpriseOf(harborBoId)).toEqual(harborBefore);
  });

  it("refuses staff without setup.enterprise.edit with 403, and lets staff holding it edit", async () => {
    const reader = await staffWith(t, greenBoId, ["setup.enterprise"]);
    const res = await t.call(contract.organization.updById, edit, { ticket: reader });
    expect(res.status).toBe(403);
    expect(res.msg).toContain("setup.enterprise.edit");

    const s = await createSeller(t);
    const editor = await staffWith(t, s.boId, ["setup.enterprise", "setup.enterprise.edit"]);
    const ok = await t.call(contract.organization.updById, { ...edit, legalPersonIdNo: "310101197512314561" }, { ticket: editor });
    expect(ok.data).toMatchObject({ legalPersonIdNo: "310***********4561", verificationStatus: "verified" });
  });
});
