import * as contract from "@sbo/contract/member";
import type { MemberInfo } from "@sbo/contract/session";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { RankList, rankInput } from "./rank-list";

describe("the rank form", () => {
  it("sends the percent paid as basis points and a spend threshold in yuan as cents", () => {
    const input = rankInput({ name: " Gold ", level: 3, thresholdType: "spend", thresholdValue: 5000.5, discount: 95 }, "R1");
    expect(input).toEqual({
      id: "R1",
      name: "Gold",
      level: 3,
      thresholdType: "spend",
      thresholdValue: 500_050,
      discount: 9500,
      benefits: "",
    });
    expect(contract.member.addMemberRank.input.safeParse(input).success).toBe(true);
  });

  it("sends a points threshold as it is, and no id for a new rank", () => {
    const input = rankInput({ name: "Diamond", level: 5, thresholdType: "points", thresholdValue: 25_000, discount: 90 });
    expect(input).toMatchObject({ thresholdValue: 25_000, discount: 9000 });
    expect("id" in input).toBe(false);
  });
});

const gold = {
  id: "R1",
  name: "Gold",
  level: 2,
  thresholdType: "spend",
  thresholdValue: 100_000,
  discount: 9500,
  benefits: "Free shipping",
  memberCount: 3,
};

const staff = (functions: string[]) => ({ memberId: "m2", boId: "b1", isOwner: false, functions }) as unknown as MemberInfo;

describe("the Ranks tab", () => {
  beforeEach(() => {
    // Answers are parsed through the contract's output schemas: a stub that drifts from the API fails here.
    stubContractFetch((entry) => (entry === contract.member.selMemberRankList ? [gold] : undefined));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a member without setup.rank.edit the ranks but no Add, Edit or Delete", async () => {
    renderScreen(<RankList />, { member: staff(["setup.rank"]) });
    const row = (await screen.findByText("Gold")).closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("Free shipping")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Add rank/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit rank Gold" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete rank Gold" })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
  });

  it("shows a member with setup.rank.edit the Add, Edit and Delete buttons", async () => {
    renderScreen(<RankList />, { member: staff(["setup.rank", "setup.rank.edit"]) });
    const row = (await screen.findByText("Gold")).closest("tr");
    if (!row) throw new Error("no row");
    expect(screen.getByRole("button", { name: /Add rank/ })).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Edit rank Gold" })).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Delete rank Gold" })).toBeTruthy();
  });
});

describe("the Ranks tab as a list like the others (issue 8, item 13)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("has the list's card, a name filter (applied to the whole list the call answers) and pagination", async () => {
    const silver = { ...gold, id: "R2", name: "Silver", level: 1, benefits: "" };
    stubContractFetch((entry) => (entry === contract.member.selMemberRankList ? [gold, silver] : undefined));
    const { router } = renderScreen(<RankList />, { member: staff(["setup.rank"]), url: "/?rank.name=sil" });
    expect(await screen.findByText("Silver")).toBeTruthy();
    expect(screen.queryByText("Gold")).toBeNull();
    expect(screen.getByRole("search", { name: /Ranks: Filters|Member ranks: Filters/ })).toBeTruthy();
    expect(screen.getByText("1 in total")).toBeTruthy();
    // A blank cell shows the one dash.
    const row = screen.getByText("Silver").closest("tr");
    if (!row) throw new Error("no row");
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toContain("—");
    expect(router.state.location.search).toBe("?rank.name=sil");
  });
});
