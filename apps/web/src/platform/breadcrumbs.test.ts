import { describe, expect, it } from "vitest";
import { breadcrumbsOf } from "./breadcrumbs";

const owner: { isOwner: boolean; functions: string[] } = { isOwner: true, functions: [] };
const trail = (path: string, member = owner) => breadcrumbsOf(path, member).map((c) => `${c.title.en}${c.to ? ` (${c.to})` : ""}`);

describe("breadcrumbs", () => {
  it("a screen below a sub-screen: the area, the screen it belongs to, itself; ancestors link", () => {
    expect(trail("/transaction/setup/member/addMember")).toEqual([
      "Settings (/setup/index)",
      "Staff (/transaction/setup/member)",
      "Add staff member",
    ]);
    expect(trail("/transaction/setup/member/update/e1")).toEqual([
      "Settings (/setup/index)",
      "Staff (/transaction/setup/member)",
      "Edit staff member",
    ]);
    expect(trail("/transaction/setup/rank/member/detail/m1")).toEqual([
      "Settings (/setup/index)",
      "Members and ranks (/transaction/setup/rank/member)",
      "Member",
    ]);
  });

  it("a screen whose path does not continue its parent's names it (enterprise edit under enterprise information)", () => {
    expect(trail("/transaction/setup/enterpriseInfoEdit")).toEqual([
      "Settings (/setup/index)",
      "Enterprise information (/transaction/setup/enterpriseInfo)",
      "Edit enterprise information",
    ]);
  });

  it("a screen of an area's left menu, and a screen with an area but no function", () => {
    expect(trail("/transaction/shopSetting")).toEqual(["Shop (/transaction/shopManage)", "Shop settings"]);
    expect(trail("/transaction/shopSupplier")).toEqual(["Shop (/transaction/shopManage)", "Suppliers"]);
    expect(trail("/transaction/setup/setLoginPassword")).toEqual(["Settings (/setup/index)", "Change password"]);
  });

  it("none on an area's top screen, outside any area, on public pages and unknown paths", () => {
    for (const path of [
      "/setup/index",
      "/transaction/index",
      "/transaction/shopManage",
      "/transaction/addccount/oppenshop",
      "/login/toLogin",
      "/403",
      "/nowhere",
    ]) {
      expect(trail(path), path).toEqual([]);
    }
  });

  it("in both languages", () => {
    expect(breadcrumbsOf("/transaction/setup/member/addMember", owner).map((c) => c.title.zh)).toEqual(["设置", "员工管理", "添加员工"]);
  });

  it("an ancestor the member may not open is text, not a link; the area leads to its first screen the member may open", () => {
    const manager = { isOwner: false, functions: ["setup.rank"] };
    expect(trail("/transaction/setup/rank/member/detail/m1", manager)).toEqual([
      "Settings (/transaction/setup/rank/member)",
      "Members and ranks (/transaction/setup/rank/member)",
      "Member",
    ]);
    const staffOnly = { isOwner: false, functions: ["setup.staff.edit"] };
    expect(trail("/transaction/setup/member/addMember", staffOnly)).toEqual(["Settings", "Staff", "Add staff member"]);
  });
});
