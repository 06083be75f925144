import type { MemberInfo } from "@sbo/contract/session";
import * as contract from "@sbo/contract/shop-category";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { goodsListItem } from "@/test/goods-fixtures";
import { renderScreen } from "@/test/render";
import { Component as CategoryGoods } from "./category-goods-page";

/* Issue 25 §3: taking chosen goods out of a category reports each item it left, why, with a link to it. */

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const cat = "01CAT000000000000000000001";
const at = "2026-01-01T00:00:00.000Z";
const row = (id: string, name: string) => goodsListItem({ id, name });

afterEach(() => vi.unstubAllGlobals());

describe("a category's goods", () => {
  it("when some chosen goods were no longer in the category, then the report names them and links to each", async () => {
    stubContractFetch((entry) => {
      if (entry === contract.shopCategory.selShopClassifyById)
        return {
          id: cat,
          parentId: null,
          name: "Fruit",
          sort: 1,
          goodsCount: 2,
          goodsCountWithSub: 2,
          childCount: 0,
          createdAt: at,
          updatedAt: at,
          parentName: null,
        };
      if (entry === contract.shopCategory.selShopClassifyGoodsByPage)
        return { list: [row("g1", "Pears"), row("g2", "Figs")], total: 2, pageNum: 1, pageSize: 20 };
      if (entry === contract.shopCategory.delShopClassifyGoods)
        return {
          done: ["g1"],
          refused: [{ id: "g2", name: "Figs", reason: "shopCategory.goodsNotInCategory", params: { name: "Figs" } }],
          goodsCount: 0,
        };
      return undefined;
    });
    renderScreen(<CategoryGoods />, {
      member: owner,
      url: `/transaction/goodsTypeManage/children/${cat}&s1&Fruit`,
      path: "/transaction/goodsTypeManage/children/:id_shopId_name",
    });
    await screen.findByText("Pears");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove from category" }));
    const ok = await screen.findAllByRole("button", { name: /OK|Remove/ });
    fireEvent.click(ok.at(-1) as HTMLElement);
    const dialog = (await screen.findByText("Removed 1 item from the category", {}, { timeout: 5000 })).closest(
      "[role=dialog]",
    ) as HTMLElement;
    expect(within(dialog).getByRole("link", { name: "Figs" }).getAttribute("href")).toBe("/transaction/goodsManage/detailGoods?id=g2");
    expect(within(dialog).getByText('"Figs" is no longer in this category')).toBeTruthy();
  });
});
