import type { MemberInfo } from "@sbo/contract/session";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/test/render";
import { NavDrawer } from "./nav-drawer";
import { selectedPath } from "./selected-path";

const clerk: MemberInfo = {
  memberId: "m1",
  loginName: "clerk",
  name: "Zhou Min",
  phone: null,
  boId: "b1",
  orgName: "Green Valley",
  isOwner: false,
  employeeId: "e1",
  shop: null,
  roles: [],
  functions: ["home", "order", "order.manage", "order.manage.ship", "order.afterSale"],
  organizations: [{ boId: "b1", name: "Green Valley", isOwner: false }],
  manufacturerId: null,
  openShopUrl: null,
};

const open = (member: MemberInfo, pathname: string, area: string | null) => {
  const onNavigate = vi.fn();
  renderScreen(<NavDrawer member={member} area={area} pathname={pathname} brand="Green Valley Fresh" onNavigate={onNavigate} />, {
    member,
  });
  return onNavigate;
};

describe("the navigation drawer (below the tablet width)", () => {
  it("opens from a labelled button that says whether it is open, and holds only what the member may use, the screen shown selected", async () => {
    open(clerk, "/transaction/orderManage/orderDetailSeller/o1", "order");
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const nav = await screen.findByRole("navigation", { name: "Every area and screen" });
    // The shop's name heads it; the current area is open with its screens.
    expect(screen.getByText("Green Valley Fresh")).toBeTruthy();
    expect(within(nav).getByText("Home")).toBeTruthy();
    expect(within(nav).getByText("After-sales")).toBeTruthy();
    const selected = nav.querySelector(".ant-menu-item-selected");
    expect(selected?.textContent).toBe("Orders");
    // A menu item is named by its words alone: its icon is decoration, not "profile Orders".
    await waitFor(() => expect(nav.querySelector('.ant-menu-item-selected [role="img"]')).not.toBeNull());
    expect(within(nav).getAllByRole("menuitem", { name: "Orders" })).toContain(selected);
    // Nothing the clerk does not hold: no goods, shop or finance, and no order screen beyond their functions.
    expect(within(nav).queryByText("Goods")).toBeNull();
    expect(within(nav).queryByText("Finance")).toBeNull();
    expect(within(nav).queryByText("Invoices")).toBeNull();
  });

  it("goes to the chosen screen and closes, the focus back on the button", async () => {
    const onNavigate = open(clerk, "/transaction/orderManage", "order");
    const button = screen.getByRole("button", { name: "Menu" });
    await userEvent.click(button);
    const nav = await screen.findByRole("navigation", { name: "Every area and screen" });
    await userEvent.click(within(nav).getByText("After-sales"));
    expect(onNavigate).toHaveBeenCalledWith("/transaction/orderAfterManage");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it("is reached and opened with the keyboard, and another area opens to show its screens", async () => {
    const onNavigate = open(clerk, "/transaction/orderManage", "order");
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Menu" }));
    await userEvent.keyboard("{Enter}");
    const nav = await screen.findByRole("navigation", { name: "Every area and screen" });
    // Home's own page comes first under Home.
    await userEvent.click(within(nav).getByText("Home"));
    const home = await within(nav).findAllByText("Home");
    await userEvent.click(home[home.length - 1] as HTMLElement);
    expect(onNavigate).toHaveBeenCalledWith("/transaction/index");
  });

  it("names everything in Chinese for a Chinese user", async () => {
    const { i18n } = await import("@/platform/i18n");
    await i18n.changeLanguage("zh");
    try {
      open(clerk, "/transaction/orderManage", "order");
      await userEvent.click(screen.getByRole("button", { name: "菜单" }));
      const nav = await screen.findByRole("navigation", { name: "全部模块和页面" });
      expect(within(nav).getByText("订单管理")).toBeTruthy();
      expect(within(nav).getByText("售后管理")).toBeTruthy();
      expect(screen.getByRole("button", { name: "关闭菜单" })).toBeTruthy();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

describe("selectedPath", () => {
  it("takes the longest menu path the address starts with", () => {
    expect(selectedPath(["/transaction/orderManage", "/transaction/orderAfterManage"], "/transaction/orderAfterManage/orderReturn")).toBe(
      "/transaction/orderAfterManage",
    );
    expect(selectedPath(["/a", "/a/b"], "/a/b/c")).toBe("/a/b");
    expect(selectedPath(["/a"], "/ab")).toBeUndefined();
  });
});
