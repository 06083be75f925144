import * as contract from "@sbo/contract/goods";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { goodsListItem } from "@/test/goods-fixtures";
import { renderScreen } from "@/test/render";
import { Component as GoodsList } from "./goods-list-page";

/* Issue 25 §3: a bulk action on the goods list names each item it did not change, why, and links to it. */

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

const row = (id: string, name: string, status: contract.GoodsStatus) => goodsListItem({ id, name, status });
const rows = [row("g1", "Imported pears", "draft"), row("g2", "Imported figs", "draft"), row("g3", "Old tea", "on")];

afterEach(() => vi.unstubAllGlobals());

describe("bulk actions on the goods list", () => {
  it("when some chosen items are not put on shelf, then the report names each with a link and its reason, instead of a green tick", async () => {
    const { requests } = stubContractFetch((entry) => {
      if (entry === contract.goods.selGoodsListByDefaultShop)
        return {
          list: rows,
          total: 3,
          pageNum: 1,
          pageSize: 20,
          counts: { all: 3, on: 1, off: 0, draft: 2, nearExpiry: 0 },
          nextCursor: null,
        };
      if (entry === contract.goods.selLastShelfBatch) return null;
      if (entry === contract.goods.batchUpdateStatusOn)
        return {
          batchId: "sb1",
          undoUntil: new Date(Date.now() + 600_000).toISOString(),
          done: ["g1"],
          refused: [
            { id: "g2", name: "Imported figs", reason: "goods.shelfNeedsImage" },
            { id: "g3", name: "Old tea", reason: "goods.bulkAlreadyOn" },
          ],
        };
      if (entry === contract.goods.delGoodsList)
        return { done: [], refused: [{ id: "g3", name: "Old tea", reason: "goods.bulkOnShelfNoDelete" }] };
      return undefined;
    });
    renderScreen(<GoodsList />, { member: owner });
    await screen.findByText("Imported pears");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: "Put on shelf" }));
    const dialogOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 5000 })).closest("[role=dialog]") as HTMLElement;
    const dialog = await dialogOf("1 item put on shelf");
    expect(requests.find((r) => r.entry === contract.goods.batchUpdateStatusOn)?.body).toEqual({ ids: ["g1", "g2", "g3"] });
    expect(within(dialog).getByRole("link", { name: "Imported figs" }).getAttribute("href")).toBe(
      "/transaction/goodsManage/detailGoods?id=g2",
    );
    expect(within(dialog).getByText("No image: add at least one image")).toBeTruthy();
    expect(within(dialog).getByText("Already on shelf")).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByText("1 item put on shelf")).toBeNull());

    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog");
    fireEvent.click(within(confirm).getByRole("button", { name: /OK/ }));
    const deleted = await dialogOf("0 items deleted");
    expect(within(deleted).getByText("On shelf: take it off shelf before deleting it")).toBeTruthy();
    expect(requests.find((r) => r.entry === contract.goods.delGoodsList)?.body).toEqual({ ids: ["g1", "g2", "g3"] });
  }, 60_000);
});
