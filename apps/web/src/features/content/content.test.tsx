import * as contract from "@sbo/contract/content";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import type { ContentPage } from "./content.api";
import { Component as ContentEdit } from "./content-edit-page";
import { Component as ContentList } from "./content-list-page";

vi.mock("@/components/rich-text", () => ({
  RichTextField: ({ value, onChange, label }: { value?: string; onChange?: (v: string) => void; label: string }) => (
    <textarea aria-label={label} value={value ?? ""} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const reader = { memberId: "m4", boId: "b1", isOwner: false, functions: ["shop.cms"] } as unknown as MemberInfo;

const saved: ContentPage = {
  id: "c1",
  code: "about",
  title: "About our shop",
  published: true,
  textLength: 5,
  content: "<p>Hello</p>",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
};

afterEach(() => vi.unstubAllGlobals());

function stub() {
  return stubContractFetch((entry, body) => {
    if (entry === contract.content.selWebContentListByParam)
      return {
        list: [{ id: "c1", code: "about", title: "About our shop", published: true, textLength: 5, updatedAt: saved.updatedAt }],
        total: 1,
        pageNum: 1,
        pageSize: 20,
      };
    if (entry === contract.content.selWebContentById) return saved;
    if (entry === contract.content.updWebContent) return { ...saved, ...body, updatedAt: "2026-01-03T00:00:00.000Z" };
    return undefined;
  });
}

describe("custom content", () => {
  it("when the list opens, then each page shows its code, state and length; a reader gets no edit or add", async () => {
    stub();
    renderScreen(<ContentList />, { member: reader });
    const row = (await screen.findByRole("link", { name: "About our shop" })).closest("tr") as HTMLElement;
    expect(within(row).getByText("about")).toBeTruthy();
    expect(within(row).getByText("Published")).toBeTruthy();
    expect(within(row).getByText("5 characters")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /New page/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit: About our shop" })).toBeNull();
  }, 60_000);

  it("when a page's text is edited and saved, then the new text goes with the version it edited", async () => {
    const { requests } = stub();
    renderScreen(<ContentEdit />, { member: owner, url: "/e?id=c1", path: "/e" });
    const text = await screen.findByLabelText("Text");
    expect((text as HTMLTextAreaElement).value).toBe("<p>Hello</p>");
    fireEvent.change(text, { target: { value: "<p>Hello again</p>" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(requests.find((q) => q.entry === contract.content.updWebContent)?.body).toEqual({
        id: "c1",
        updatedAt: saved.updatedAt,
        code: "about",
        title: "About our shop",
        content: "<p>Hello again</p>",
        published: true,
      }),
    );
  }, 60_000);
});
