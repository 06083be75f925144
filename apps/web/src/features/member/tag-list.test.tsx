import * as contract from "@sbo/contract/member";
import type { MemberInfo } from "@sbo/contract/session";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { MemberTags } from "./member-tags";
import { TagList } from "./tag-list";

const staff = (functions: string[]) => ({ memberId: "m2", boId: "b1", isOwner: false, functions }) as unknown as MemberInfo;
const seafood = { id: "T1", name: "Likes seafood", color: "#1677ff", memberCount: 2 };

describe("the Tags tab", () => {
  let requests: ReturnType<typeof stubContractFetch>["requests"];
  beforeEach(() => {
    ({ requests } = stubContractFetch((entry) => (entry === contract.member.selMemberTagByParam ? [seafood] : undefined)));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a tag's colour as a swatch, never as a hex code", async () => {
    renderScreen(<TagList />, { member: staff(["setup.rank"]) });
    const row = (await screen.findByText("Likes seafood")).closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByRole("img", { name: "Colour of Likes seafood" })).toBeTruthy();
    expect(row.textContent).not.toContain("#1677ff");
  });

  it("filters by name through the call's own filter", async () => {
    renderScreen(<TagList />, { member: staff(["setup.rank"]), url: "/?tag.name=sea" });
    await screen.findByText("Likes seafood");
    expect(requests.map((r) => r.body)).toContainEqual({ name: "sea" });
  });

  it("without setup.rank.edit there is no Actions column", async () => {
    renderScreen(<TagList />, { member: staff(["setup.rank"]) });
    await screen.findByText("Likes seafood");
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
  });
});

describe("a member's tags", () => {
  it("stand apart (a gap between them), and none is the dash", () => {
    const { container } = renderScreen(
      <MemberTags
        tags={[
          { id: "1", name: "A", color: "#f00" },
          { id: "2", name: "B", color: "#0f0" },
        ]}
      />,
    );
    expect(container.querySelector(".tag-group")?.querySelectorAll(".ant-tag")).toHaveLength(2);
    const none = renderScreen(<MemberTags tags={[]} />);
    expect(none.container.textContent).toBe("—");
  });
});
