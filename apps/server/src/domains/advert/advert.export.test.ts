import { type AdvertItem, codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { expectOwnExportFunction, exportSheet } from "../../test/sheet-kit";

/*
 * The advert list's export (issue 27 §1): its own function, exactly the list's filtered rows in the seller's order,
 * chosen columns in order, Chinese headers and positions, a formula-looking name as text, never another seller's.
 */

const A = contract.advert;
let t: TestApp;
let owner: string;
let boId: string;

const add = async (ticket: string, name: string, position: AdvertItem["position"]) => {
  const res = await t.call(A.addOrUpdAdvert, { name, position }, { ticket });
  expect(res.code, res.msg).toBe(codes.OK);
};

beforeAll(async () => {
  t = await createTestApp();
  const s = await createSeller(t);
  owner = await t.login(s.loginName, s.password);
  boId = s.boId;
  await add(owner, "=1+1 Xad spring", "homeBanner");
  await add(owner, "Xad summer", "popup");
  await add(owner, "Xad autumn", "homeBanner");
  await add(await t.login("demo"), "Xad rival", "homeBanner");
}, 120_000);
afterAll(() => t.close());

/** What the advert list shows for these filters (it filters the whole list on the screen, as the export's query does). */
async function listed(filters: { name?: string; position?: AdvertItem["position"] }) {
  const all = (await t.call(A.selAdvertListByParam, {}, { ticket: owner })).data;
  return all.filter(
    (a) =>
      (!filters.name || a.name.toLowerCase().includes(filters.name.toLowerCase())) &&
      (!filters.position || a.position === filters.position),
  );
}

describe("advert export", () => {
  it("when a member sees adverts but lacks their export function, then 403 naming it", async () => {
    await expectOwnExportFunction(t, boId, A.exportAdvertList, ["shop.advert"]);
  });

  it("when exported with the list's filters, then the file holds exactly the list's rows in order, and no other seller's", async () => {
    for (const filters of [{}, { name: "xad" }, { name: "Xad", position: "homeBanner" as const }, { position: "popup" as const }]) {
      const file = await exportSheet(t, A.exportAdvertList, filters, owner);
      expect(file.column("Name"), JSON.stringify(filters)).toEqual(
        (await listed(filters)).map((a) => (a.name.startsWith("=") ? `'${a.name}` : a.name)),
      );
    }
    expect((await exportSheet(t, A.exportAdvertList, { position: "homeBanner" }, owner)).column("Name")).toEqual([
      "'=1+1 Xad spring",
      "Xad autumn",
    ]);
  });

  it("when columns are chosen, then only they come, in that order", async () => {
    const file = await exportSheet(t, A.exportAdvertList, { name: "summer", columns: ["position", "name", "enabled", "sort"] }, owner);
    expect(file.headers).toEqual(["Position", "Name", "Enabled", "Order"]);
    expect(file.rows).toEqual([["Popup", "Xad summer", "Yes", 2]]);
    expect(file.fileName).toMatch(/adverts-\d{4}-\d{2}-\d{2}\.xlsx/);
  });

  it("when a Chinese seller exports, then the headers and positions are Chinese", async () => {
    const file = await exportSheet(t, A.exportAdvertList, { position: "homeBanner", columns: ["name", "position"] }, owner, "zh-CN");
    expect(file.name).toBe("广告");
    expect(file.headers).toEqual(["广告名称", "广告位置"]);
    expect(file.rows).toEqual([
      ["'=1+1 Xad spring", "首页轮播"],
      ["Xad autumn", "首页轮播"],
    ]);
  });
});
