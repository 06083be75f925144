import type { AddressItem } from "@sbo/contract/address";
import * as addressContract from "@sbo/contract/address";
import * as organizationContract from "@sbo/contract/organization";
import * as referenceContract from "@sbo/contract/reference";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { AddressPanel } from "./address-panel";

/** The calls of the domains this file uses (their own modules, not the whole contract). */
const contract = {
  address: addressContract.address,
  organization: organizationContract.organization,
  reference: referenceContract.reference,
};

const owner = {
  memberId: "m1",
  boId: "b1",
  isOwner: true,
  functions: [],
} as unknown as MemberInfo;

const address = (over: Partial<AddressItem>): AddressItem => ({
  id: "a1",
  type: "shipping",
  contactName: "Lin Qing",
  phone: "13800000001",
  provinceCode: "330000",
  cityCode: "330100",
  districtCode: null,
  areaPath: [
    { code: "330000", name: "浙江省", nameEn: "Zhejiang" },
    { code: "330100", name: "杭州市", nameEn: "Hangzhou" },
  ],
  detail: "5 Logistics Park Road",
  postcode: null,
  latitude: null,
  longitude: null,
  openTime: null,
  closeTime: null,
  isDefault: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

const rows = [
  address({ id: "s1", contactName: "Default Dan", isDefault: true }),
  address({ id: "s2", contactName: "Second Sue", isDefault: false }),
  address({ id: "p1", type: "pickup", contactName: "Pickup Pat", openTime: "08:00", closeTime: "20:00" }),
];

let requests: { path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  requests = [];
  // Answers are parsed through the contract's output schemas: a stub that drifts from the API fails here.
  stubContractFetch((entry, body) => {
    requests.push({ path: entry.path, body });
    if (entry === contract.address.selAddrListPage) {
      const list = rows.filter((r) => r.type === body.type);
      return { list, total: list.length, pageNum: 1, pageSize: 20 };
    }
    if (entry === contract.address.updDefaultAddr) return { ...rows[1], isDefault: true };
    if (entry === contract.reference.selSpecAreaListByPid) return [];
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const section = async (name: string) => {
  const heading = await screen.findByRole("heading", { name });
  const region = heading.closest("section");
  if (!region) throw new Error(`no section for ${name}`);
  return within(region);
};

describe("AddressPanel", () => {
  it("lists each type with its default marked, and an empty state for a type without addresses", async () => {
    renderScreen(<AddressPanel />, { member: owner });
    const shipping = await section("Shipping addresses");
    expect(await shipping.findByText("Default Dan")).toBeTruthy();
    const firstRow = shipping.getByText("Default Dan").closest("tr");
    expect(firstRow && within(firstRow).getByText("Default")).toBeTruthy();
    const secondRow = shipping.getByText("Second Sue").closest("tr");
    expect(secondRow && within(secondRow).queryByText("Default")).toBeNull();
    const returns = await section("Return addresses");
    expect(await returns.findByText("No return address yet.")).toBeTruthy();
    const pickup = await section("Pickup points");
    expect(await pickup.findByText("08:00–20:00")).toBeTruthy();
  });

  it("when the owner makes another address the default, then updDefaultAddr is called with its id", async () => {
    renderScreen(<AddressPanel />, { member: owner });
    const shipping = await section("Shipping addresses");
    const row = (await shipping.findByText("Second Sue")).closest("tr");
    if (!row) throw new Error("no row");
    fireEvent.click(within(row).getByRole("button", { name: "Make default" }));
    await waitFor(() => expect(requests.some((r) => r.path === contract.address.updDefaultAddr.path)).toBe(true));
    expect(requests.find((r) => r.path === contract.address.updDefaultAddr.path)?.body).toMatchObject({ id: "s2" });
  });

  it("when the add form is submitted empty, then the required fields are named and nothing is sent", async () => {
    renderScreen(<AddressPanel />, { member: owner });
    const returns = await section("Return addresses");
    fireEvent.click((await returns.findAllByRole("button", { name: /Add a return address/ }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Contact name is required")).toBeTruthy();
    expect(requests.some((r) => r.path === contract.address.addAddr.path)).toBe(false);
  });

  it("a staff member without shop.setting.address sees the addresses but no buttons to change them", async () => {
    renderScreen(<AddressPanel />, { member: { ...owner, isOwner: false, functions: ["shop.setting"] } });
    const shipping = await section("Shipping addresses");
    expect(await shipping.findByText("Default Dan")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Make default" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Add a/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
  });
});
