import * as contract from "@sbo/contract/member";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { MemberList } from "./member-list";

/* Issue 25 §3: batch tagging names each member it left as they were, why, and links to them. */

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const member = (id: string, name: string) => ({
  id,
  memberNo: `M${id}`,
  name,
  phone: "138****0001",
  gender: null,
  rank: null,
  tags: [],
  points: 0,
  totalSpend: 0,
  orderCount: 0,
  lastOrderAt: null,
  joinedAt: "2026-01-01T00:00:00.000Z",
  status: "active",
  source: "shop",
});

afterEach(() => vi.unstubAllGlobals());

describe("batch tagging", () => {
  it("when some chosen members already have the tags, then the report names them with a link and why", async () => {
    const { requests } = stubContractFetch((entry) => {
      if (entry === contract.member.selMemberByParam)
        return { list: [member("u1", "Wang Fang"), member("u2", "Li Lei")], total: 2, pageNum: 1, pageSize: 20 };
      if (entry === contract.member.selMemberTagByParam) return [{ id: "T1", name: "VIP", color: "#1677ff", memberCount: 1 }];
      if (entry === contract.member.selMemberRankList) return [];
      if (entry === contract.member.batchTagMembers)
        return { changed: 1, done: ["u1"], refused: [{ id: "u2", name: "Li Lei", reason: "member.bulkHasTags" }] };
      return undefined;
    });
    renderScreen(<MemberList />, { member: owner });
    await screen.findByText("Wang Fang");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: "Tag or untag" }));
    const form = await screen.findByRole("dialog");
    fireEvent.mouseDown(within(form).getByRole("combobox"));
    fireEvent.click(await screen.findByTitle("VIP"));
    fireEvent.click(within(form).getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(requests.some((r) => r.entry === contract.member.batchTagMembers)).toBe(true));
    const why = await screen.findByText("Already has these tags", {}, { timeout: 5000 });
    const report = why.closest("[role=dialog]") as HTMLElement;
    expect(within(report).getByRole("link", { name: "Li Lei" }).getAttribute("href")).toBe("/transaction/setup/rank/member/detail/u2");
    expect(within(report).getByText("1 tag link changed.")).toBeTruthy();
    expect(requests.find((r) => r.entry === contract.member.batchTagMembers)?.body).toEqual({
      memberIds: ["u1", "u2"],
      tagIds: ["T1"],
      action: "add",
    });
  }, 60_000);
});
