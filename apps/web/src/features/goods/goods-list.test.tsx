import * as contract from "@sbo/contract/goods";
import { reference } from "@sbo/contract/reference";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as GoodsList } from "./goods-list-page";
import { columnLabel, problemText } from "./import-dialog";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const viewer = { memberId: "m2", boId: "b1", isOwner: false, functions: ["goods.manage"] } as unknown as MemberInfo;

const row = (over: Partial<contract.GoodsListItem>): contract.GoodsListItem => ({
  id: "g1",
  kind: "goods",
  listingType: "goods",
  name: "West Lake tea",
  subtitle: "",
  mainImage: null,
  category: { id: "c2", name: "茶叶", nameEn: "Tea" },
  status: "on",
  fresh: false,
  priceMin: 1250,
  priceMax: 3000,
  stock: 40,
  skuCount: 4,
  code: "TEA-1",
  sales: 7,
  nearExpiry: false,
  earliestExpiry: null,
  logistics: ["express"],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-02T00:00:00.000Z",
  onShelfAt: "2026-01-02T00:00:00.000Z",
  ...over,
});

const rows = [
  row({}),
  row({ id: "g2", name: "Fresh strawberries", fresh: true, nearExpiry: true, earliestExpiry: "2026-01-05", priceMin: 990, priceMax: 990 }),
];
const counts = { all: 12, on: 7, off: 3, draft: 2, nearExpiry: 1 };

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(lastBatch: { current: unknown }) {
  return stubContractFetch((entry, body) => {
    if (entry === contract.goods.selGoodsListByDefaultShop) {
      const list = body.tab === "nearExpiry" ? rows.filter((r) => r.nearExpiry) : rows;
      return { list, total: list.length, pageNum: 1, pageSize: 20, counts, nextCursor: null };
    }
    if (entry === contract.goods.selLastShelfBatch) return lastBatch.current;
    if (entry === reference.selCategoryTree)
      return [
        { id: "C01", name: "水果", nameEn: "Fruit", level: 1, parentId: null },
        { id: "C0101", name: "柑橘", nameEn: "Citrus", level: 2, parentId: "C01" },
      ];
    if (entry === contract.goods.batchUpdateStatusOut) {
      const until = new Date(Date.now() + 10 * 60_000).toISOString();
      lastBatch.current = { batchId: "sb1", direction: "off", count: 2, byName: "Lin", at: new Date().toISOString(), undoUntil: until };
      return { batchId: "sb1", done: ["g1", "g2"], refused: [], undoUntil: until };
    }
    if (entry === contract.goods.updStatusOn) return null;
    if (entry === contract.goods.undoBatchUpdateStatus) {
      lastBatch.current = null;
      return { restored: ["g1"], skipped: ["g2"] };
    }
    return undefined;
  });
}

describe("the goods list", () => {
  it("when it opens, then every status tab shows its count and the rows show price range, tags and stock", async () => {
    const { requests } = stub({ current: null });
    renderScreen(<GoodsList />, { member: owner });
    const tea = (await screen.findByText("West Lake tea")).closest("tr");
    if (!tea) throw new Error("no row");
    expect(within(tea).getByText("¥12.50 – ¥30.00")).toBeTruthy();
    expect(screen.getByText("Expires 2026-01-05")).toBeTruthy();
    // Each tab names its count (plain text, read as "All 12", not a badge's digits one by one).
    const tab = (key: string) =>
      document.getElementById(`rc-tabs-test-tab-${key}`) ?? document.querySelector(`[role=tab][id$="-tab-${key}"]`);
    expect(tab("all")?.textContent).toBe("All12");
    expect(tab("nearExpiry")?.textContent).toBe("Near expiry1");
    fireEvent.click(tab("nearExpiry") as HTMLElement);
    await waitFor(() =>
      expect(requests.some((r) => r.entry === contract.goods.selGoodsListByDefaultShop && r.body.tab === "nearExpiry")).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText("West Lake tea")).toBeNull());
  }, 60_000);

  it("when the list is filtered by a category, then the filter names it by its path and the list and its export ask for it", async () => {
    const { requests } = stub({ current: null });
    renderScreen(<GoodsList />, { member: owner, url: "/?categoryId=C0101" });
    expect(await screen.findByText("Fruit / Citrus")).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((r) => r.entry === contract.goods.selGoodsListByDefaultShop && r.body.categoryId === "C0101")).toBe(true),
    );
    expect(screen.getByRole("button", { name: /export/i })).toBeTruthy();
  });

  it("when rows are taken off shelf together, then an Undo is offered and moves them back", async () => {
    const { requests } = stub({ current: null });
    renderScreen(<GoodsList />, { member: owner });
    await screen.findByText("West Lake tea");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: "Take off shelf" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: /OK/ }));
    expect(await screen.findByText("2 items were taken off shelf by Lin at", { exact: false })).toBeTruthy();
    const off = requests.find((r) => r.entry === contract.goods.batchUpdateStatusOut);
    expect(off?.body).toEqual({ ids: ["g1", "g2"] });
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Undone: 1 item changed back; 1 had changed since and were left as they are")).toBeTruthy();
    expect(requests.find((r) => r.entry === contract.goods.undoBatchUpdateStatus)?.body).toEqual({ batchId: "sb1" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Undo" })).toBeNull());
  }, 60_000);

  it("when a row is on shelf it offers taking it off and no delete; off shelf, putting it on and delete, which send its id", async () => {
    const { requests } = stub({ current: null });
    rows[1] = { ...(rows[1] as contract.GoodsListItem), status: "off" };
    try {
      renderScreen(<GoodsList />, { member: owner });
      await screen.findByText("West Lake tea");
      expect(screen.getByRole("button", { name: "Take off shelf: West Lake tea" })).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Delete: West Lake tea" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Take off shelf: Fresh strawberries" })).toBeNull();
      expect(screen.getByRole("button", { name: "Delete: Fresh strawberries" })).toBeTruthy();
      fireEvent.click(screen.getByRole("button", { name: "Put on shelf: Fresh strawberries" }));
      await waitFor(() => expect(requests.find((r) => r.entry === contract.goods.updStatusOn)?.body).toEqual({ id: "g2" }));
    } finally {
      rows[1] = { ...(rows[1] as contract.GoodsListItem), status: "on" };
    }
  }, 60_000);

  it("when a member may only read goods, then there is no publish, import, batch or edit", async () => {
    stub({ current: null });
    renderScreen(<GoodsList />, { member: viewer });
    await screen.findByText("West Lake tea");
    expect(screen.queryByRole("button", { name: /Publish goods/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Import/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Take off shelf" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit: West Lake tea" })).toBeNull();
    expect(screen.getAllByRole("button", { name: "View: West Lake tea" })).toHaveLength(1);
  }, 60_000);
});

describe("the import report", () => {
  it("when a line names a column, then its problem is worded with the column's header in the user's language", () => {
    const line = { row: 3, field: "price", reason: "goods.importNotNumber" };
    expect(columnLabel("price", "en")).toBe("Price");
    expect(problemText(line, "en", "The row")).toBe("Price must be a number");
    expect(problemText(line, "zh", "该行")).toBe("售价（元）必须是数字");
    expect(problemText({ row: 4, field: "", reason: "goods.importGoodsInvalid" }, "en", "The row")).toBe(
      "The row: another row of this item has a problem",
    );
    expect(problemText({ row: 5, field: "category", reason: "goods.importCategoryUnknown" }, "zh", "该行")).toBe(
      "类目：没有这个名称的末级类目",
    );
  });
});
