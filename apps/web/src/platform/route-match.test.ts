import { describe, expect, it } from "vitest";
import { isBuilt, landingOf } from "./route-match";

const owner = { isOwner: true, functions: [] as string[] };
const clerk = { isOwner: false, functions: ["home", "order", "order.manage", "order.manage.ship"] };

describe("menus only lead to built screens", () => {
  it("when an area's own path is built, then clicking it goes there", () => {
    expect(landingOf("home", "/transaction/index", owner)).toBe("/transaction/index");
    expect(landingOf("setup", "/setup/index", owner)).toBe("/setup/index");
  });

  it("when an area has no built screen, then it has no landing and stays out of the menu", () => {
    const orderAreaBuilt = isBuilt("/transaction/orderManage");
    expect(landingOf("order", "/transaction/orderManage", clerk)).toBe(orderAreaBuilt ? "/transaction/orderManage" : null);
  });

  it("when a path has no screen, then it is not built", () => {
    expect(isBuilt("/transaction/no-such-screen")).toBe(false);
    expect(isBuilt("/transaction/setup/setLoginPassword")).toBe(true);
  });

  it("when a member may not open an area's own screen, then the area leads to the first screen in it they may open", () => {
    const manager = { isOwner: false, functions: ["setup", "setup.staff", "setup.staff.edit", "setup.rank"] };
    expect(landingOf("setup", "/setup/index", manager)).toBe("/transaction/setup/member");
    expect(landingOf("setup", "/setup/index", { ...manager, functions: ["setup", "setup.rank"] })).toBe("/transaction/setup/rank/member");
    expect(landingOf("setup", "/setup/index", { ...manager, functions: ["setup"] })).toBeNull();
  });
});
