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
  it("offers no identity switch to a member of one organisation", async () => {
    await open(base);
    expect(screen.queryByText("Switch identity")).toBeNull();
    expect(screen.getByText("Language")).toBeTruthy();
  });

  it("offers the identity switch to a member of more than one organisation", async () => {
    await open({ ...base, organizations: [...base.organizations, { boId: "b2", name: "Harbor Seafood", isOwner: true }] });
    expect(screen.getByText("Switch identity")).toBeTruthy();
  });

  it("offers no manufacturer switch, not even to the owner who holds every goods function (nothing reads the session's manufacturer)", async () => {
    const { requests } = stubContractFetch((entry) =>
      entry === staff.selMyAccountNotices ? { phoneToConfirm: null, invitations: [] } : undefined,
    );
    await open({ ...base, isOwner: true, functions: [], manufacturerId: "mf1" });
    expect(screen.getByText("Language")).toBeTruthy();
    expect(screen.queryByText("Switch manufacturer")).toBeNull();
    expect(screen.queryByText("切换厂商")).toBeNull();
    expect(requests.some((r) => r.entry === session.session.selManufacturerByParams)).toBe(false);
  });
});
