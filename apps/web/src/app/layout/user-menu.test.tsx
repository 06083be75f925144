import type { MemberInfo } from "@sbo/contract/session";
import * as session from "@sbo/contract/session";
import { staff } from "@sbo/contract/staff";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { UserMenu } from "./user-menu";

const base: MemberInfo = {
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
  functions: ["order.manage", "order.manage.ship"],
  organizations: [{ boId: "b1", name: "Green Valley", isOwner: false }],
  manufacturerId: null,
  openShopUrl: null,
};

beforeEach(() => {
  stubContractFetch((entry) => {
    if (entry === staff.selMyAccountNotices) return { phoneToConfirm: null, invitations: [] };
    if (entry === session.session.selManufacturerByParams) return [{ id: "mf1", name: "Green Valley Farms", code: "GVF" }];
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

const open = async (member: MemberInfo) => {
  renderScreen(<UserMenu member={member} />, { member });
  await userEvent.click(screen.getByRole("button", { name: `Account menu for ${member.name}` }));
  await screen.findByRole("menuitem", { name: "Change password" });
};

describe("the account menu", () => {
  it("offers neither identity switch (one organisation) nor manufacturer switch (no goods function) to an order clerk", async () => {
    await open(base);
    expect(screen.queryByText("Switch identity")).toBeNull();
    expect(screen.queryByText("Switch manufacturer")).toBeNull();
    expect(screen.getByText("Language")).toBeTruthy();
  });

  it("offers the identity switch to a member of more than one organisation", async () => {
    await open({ ...base, organizations: [...base.organizations, { boId: "b2", name: "Harbor Seafood", isOwner: true }] });
    expect(screen.getByText("Switch identity")).toBeTruthy();
  });

  it("offers the manufacturer switch, with what it is for, to a member who works on goods (the owner)", async () => {
    await open({ ...base, isOwner: true, functions: [] });
    // Submenu titles are menu items antd names apart from their text: found by the text.
    await userEvent.hover(screen.getByText("Switch manufacturer"));
    expect(await screen.findByText("The manufacturer you work for on goods screens")).toBeTruthy();
  });
});
