import { describe, expect, it } from "vitest";
import { isBuilt, landingOf } from "./route-match";

const owner = { isOwner: true, functions: [] as string[] };
const supplierClerk = { isOwner: false, functions: ["shop", "shop.supplier"] };
const nobody = { isOwner: false, functions: [] as string[] };

describe("menus only lead to built screens", () => {
  it("when an area's own path is built, then clicking it goes there", () => {
    expect(landingOf("home", "/transaction/index", owner)).toBe("/transaction/index");
    expect(landingOf("setup", "/setup/index", owner)).toBe("/setup/index");
  });

  it("when an area's own path has no screen, then it leads to the first built screen of the area the member holds", () => {
    expect(landingOf("shop", "/transaction/no-such-screen", owner)).toBe("/transaction/shopManage");
    expect(landingOf("shop", null, supplierClerk)).toBe("/transaction/shopSupplier");
  });

  it("when the member holds no built screen of the area, or the area has none, then it has no landing", () => {
    expect(landingOf("shop", null, nobody)).toBeNull();
    expect(landingOf("no-such-area", "/transaction/no-such-screen", owner)).toBeNull();
  });

  it("when a path is asked about, then only paths a screen serves are built (parameters matched)", () => {
    expect(isBuilt("/transaction/no-such-screen")).toBe(false);
    expect(isBuilt("/transaction/setup/setLoginPassword")).toBe(true);
    expect(isBuilt("/agreement/user/user-agreement")).toBe(true);
    expect(isBuilt("/agreement/user")).toBe(false);
  });

  it("when a member may not open an area's own screen, then the area leads to the first screen in it they may open", () => {
    const manager = { isOwner: false, functions: ["setup", "setup.staff", "setup.staff.edit", "setup.rank"] };
    expect(landingOf("setup", "/setup/index", manager)).toBe("/transaction/setup/member");
    expect(landingOf("setup", "/setup/index", { ...manager, functions: ["setup", "setup.rank"] })).toBe("/transaction/setup/rank/member");
    expect(landingOf("setup", "/setup/index", { ...manager, functions: ["setup"] })).toBeNull();
  });
});
