import { contract } from "@sbo/contract";
import { and, asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { shopSetting } from "../shop/shop.tables";
import { shopMember } from "./member.tables";

const M = contract.member;
let t: TestApp;
let owner: string;
let boId: string;
let memberNo: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  boId = (await meOf(t, owner)).boId;
  const [first] = await t.db.select().from(shopMember).where(eq(shopMember.boId, boId)).orderBy(asc(shopMember.memberNo)).limit(1);
  if (!first) throw new Error("the demo seller has no members");
  memberNo = first.memberNo;
  // 16:30 UTC on 1 March is 00:30 on 2 March in Shanghai and 17:30 on 1 March in Berlin.
  await t.db
    .update(shopMember)
    .set({ gender: "female", status: "active", source: "miniapp", totalSpend: 12345, joinedAt: new Date("2026-03-01T16:30:00Z") })
    .where(and(eq(shopMember.boId, boId), eq(shopMember.id, first.id)));
});
afterAll(() => t.close());

/** Exports this one member in a language and opens the file the way a seller's spreadsheet would. */
async function exportOne(lang: string) {
  const res = await t.post(
    M.exportMemberList.path,
    { memberNo, columns: ["memberNo", "gender", "status", "source", "totalSpend", "points", "joinedAt"] },
    { ticket: owner, headers: { "accept-language": lang } },
  );
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const row = sheet.getRow(2);
  return { res, sheet, headers, row };
}

describe("member export", () => {
  it("when a Chinese seller exports, then headers and values are Chinese, money is a number with 2 decimals and dates are real dates in Shanghai time", async () => {
    const { res, sheet, headers, row } = await exportOne("zh-CN,zh;q=0.9,en;q=0.8");
    expect(decodeURIComponent(String(res.headers["content-disposition"]))).toMatch(/会员-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(sheet.name).toBe("会员");
    expect(headers).toEqual(["会员编号", "性别", "状态", "来源", "消费金额（元）", "积分", "加入时间"]);
    expect(row.getCell(1).value).toBe(memberNo);
    expect([row.getCell(2).value, row.getCell(3).value, row.getCell(4).value]).toEqual(["女", "正常", "小程序"]);
    expect(row.getCell(5).value).toBe(123.45);
    expect(row.getCell(5).numFmt).toBe("0.00");
    expect(typeof row.getCell(6).value).toBe("number");
    const joined = row.getCell(7).value;
    expect(joined).toBeInstanceOf(Date);
    // A spreadsheet date has no zone: it holds the shop's wall-clock time.
    expect((joined as Date).toISOString()).toBe("2026-03-02T00:30:00.000Z");
    expect(row.getCell(7).numFmt).toBe("yyyy-mm-dd hh:mm:ss");
  });

  it("when the user's language is English, then headers and values are English", async () => {
    const { headers, row } = await exportOne("en");
    expect(headers).toEqual(["Member no.", "Gender", "Status", "Source", "Total spend (¥)", "Points", "Joined"]);
    expect([row.getCell(2).value, row.getCell(3).value, row.getCell(4).value]).toEqual(["Female", "Active", "Mini program"]);
  });

  it("when the shop works in another time zone, then the dates are in that zone", async () => {
    const shopId = (await meOf(t, owner)).shop?.shopId ?? "";
    const settings = await t.call(contract.shop.selShopSettingByShopId, { shopId }, { ticket: owner });
    expect(settings.data.timeZone).toBe("Asia/Shanghai");
    const { shopId: _, updatedAt: __, logo, ...rest } = settings.data;
    const saved = await t.call(
      contract.shop.addOrUpdShopSettingByShopId,
      { shopId, ...rest, logoFileId: logo?.id ?? null, timeZone: "Europe/Berlin" },
      { ticket: owner },
    );
    expect(saved.data.timeZone).toBe("Europe/Berlin");
    expect((await t.db.select().from(shopSetting).where(eq(shopSetting.shopId, shopId)))[0]?.timeZone).toBe("Europe/Berlin");
    const { row } = await exportOne("zh-CN");
    expect((row.getCell(7).value as Date).toISOString()).toBe("2026-03-01T17:30:00.000Z");
  });
});
