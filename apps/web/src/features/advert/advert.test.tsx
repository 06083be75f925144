import * as contract from "@sbo/contract/advert";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import type { AdvertItemRow, AdvertRow } from "./advert.api";
import { Component as AdvertPage } from "./advert-page";

vi.mock("@/platform/upload-file", () => ({
  uploadFile: vi.fn(async (file: File) => ({ id: "f9", url: "/files/f9", name: file.name, size: file.size, contentType: file.type })),
}));

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const reader = { memberId: "m4", boId: "b1", isOwner: false, functions: ["shop.advert"] } as unknown as MemberInfo;

const advert = (over: Partial<AdvertRow> = {}): AdvertRow => ({
  id: "a1",
  name: "Home banner",
  position: "homeBanner",
  enabled: true,
  sort: 1,
  itemCount: 3,
  showingCount: 2,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

const item = (id: string, sort: number, over: Partial<AdvertItemRow> = {}): AdvertItemRow => ({
  id,
  adId: "a1",
  title: `Slide ${id}`,
  image: { id: `f${id}`, url: `/files/f${id}`, name: "banner.png" },
  link: { kind: "goods", target: "g1", name: "West Lake tea", missing: false },
  startAt: null,
  endAt: null,
  enabled: true,
  state: "showing",
  sort,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

function stub() {
  const adverts = [advert(), advert({ id: "a2", name: "Popup", position: "popup", sort: 2, itemCount: 0, showingCount: 0 })];
  const items = [
    item("i1", 1),
    item("i2", 2, { link: { kind: "url", target: "https://example.com", name: "https://example.com", missing: false } }),
    item("i3", 3, { state: "ended" }),
  ];
  return stubContractFetch((entry, body) => {
    if (entry === contract.advert.selAdvertListByParam) return adverts;
    if (entry === contract.advert.selAdvertById) return adverts.find((a) => a.id === body.id);
    if (entry === contract.advert.updListSort)
      return (body.ids as string[]).map((id, i) => ({ ...(adverts.find((a) => a.id === id) ?? advert()), sort: i + 1 }));
    if (entry === contract.advertDetail.selAdvertDetailAllListByParam) return items;
    if (entry === contract.advertDetail.updListSort)
      return (body.ids as string[]).map((id, i) => ({ ...(items.find((x) => x.id === id) ?? item(id, 1)), sort: i + 1 }));
    if (entry === contract.advertDetail.updAdvertDetailById) return { ...item(String(body.id), 1), title: String(body.title) };
    if (entry === contract.advertDetail.queryAdvertGoodsByPage) return { list: [], total: 0, pageNum: 1, pageSize: 20 };
    if (entry === contract.advertDetail.queryAdvertCategoryList) return [];
    return undefined;
  });
}

describe("the adverts", () => {
  it("when an advert is moved down, then the whole new order is sent in one call", async () => {
    const { requests } = stub();
    renderScreen(<AdvertPage />, { member: owner, url: "/a/0", path: "/a/:id" });
    const row = (await screen.findByRole("button", { name: "Items: Home banner" })).closest("tr") as HTMLElement;
    expect(within(row).getAllByText("Home banner")).toHaveLength(2);
    expect(within(row).queryByRole("button", { name: "Move up: Home banner" })).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Move down: Home banner" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.advert.updListSort)?.body).toEqual({ ids: ["a2", "a1"] }));
  }, 60_000);

  it("when the member may only read adverts, then no row offers a move, edit or delete", async () => {
    stub();
    renderScreen(<AdvertPage />, { member: reader, url: "/a/0", path: "/a/:id" });
    const row = (await screen.findByRole("button", { name: "Items: Home banner" })).closest("tr") as HTMLElement;
    expect(within(row).getByText("On")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Move down: / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete: / })).toBeNull();
    expect(screen.queryByRole("button", { name: /Add advert/ })).toBeNull();
  }, 60_000);
});

describe("an advert's items", () => {
  it("when its items show, then each has its link and state; moving one up sends the new order of every item", async () => {
    const { requests } = stub();
    renderScreen(<AdvertPage />, { member: owner, url: "/a/a1", path: "/a/:id" });
    expect(await screen.findByText("Items of Home banner")).toBeTruthy();
    const row = (await screen.findByText("Slide i3")).closest("tr") as HTMLElement;
    expect(within(row).getByText("Ended")).toBeTruthy();
    expect(screen.getAllByText("West Lake tea").length).toBeGreaterThan(0);
    expect(screen.getAllByText("https://example.com").length).toBeGreaterThan(0);
    fireEvent.click(within(row).getByRole("button", { name: "Move up: Slide i3" }));
    await waitFor(() =>
      expect(requests.find((q) => q.entry === contract.advertDetail.updListSort)?.body).toEqual({ adId: "a1", ids: ["i1", "i3", "i2"] }),
    );
  }, 60_000);

  it("when an item is added without an image, then the form asks for one and sends nothing", async () => {
    const { requests } = stub();
    renderScreen(<AdvertPage />, { member: owner, url: "/a/a1", path: "/a/:id" });
    await screen.findByText("Slide i1");
    fireEvent.click(await screen.findByRole("button", { name: /Add item/ }));
    const drawer = await screen.findByRole("dialog");
    const buttons = within(drawer).getAllByRole("button");
    const save = buttons.find((b) => /save|add/i.test(b.textContent ?? "") && b.getAttribute("type") === "submit") ?? buttons.at(-1);
    fireEvent.click(save as HTMLElement);
    expect(await within(drawer).findByText("Image is required")).toBeTruthy();
    expect(requests.some((q) => q.entry === contract.advertDetail.addAdvertDetail)).toBe(false);
  }, 60_000);

  it("when an item is edited, then its image, goods link and the new title are sent for it", async () => {
    const { requests } = stub();
    renderScreen(<AdvertPage />, { member: owner, url: "/a/a1", path: "/a/:id" });
    fireEvent.click(await screen.findByRole("button", { name: "Edit: Slide i1" }));
    const drawer = await screen.findByRole("dialog");
    const title = within(drawer).getByLabelText("Title");
    expect((title as HTMLInputElement).value).toBe("Slide i1");
    fireEvent.change(title, { target: { value: "Tea week" } });
    const buttons = within(drawer).getAllByRole("button");
    const save = buttons.find((b) => b.getAttribute("type") === "submit") ?? buttons.at(-1);
    fireEvent.click(save as HTMLElement);
    await waitFor(() =>
      expect(requests.find((q) => q.entry === contract.advertDetail.updAdvertDetailById)?.body).toEqual({
        id: "i1",
        title: "Tea week",
        imageId: "fi1",
        link: { kind: "goods", goodsId: "g1" },
        startAt: null,
        endAt: null,
        enabled: true,
      }),
    );
  }, 60_000);
});
