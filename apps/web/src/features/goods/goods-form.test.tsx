import * as contract from "@sbo/contract/goods";
import * as reference from "@sbo/contract/reference";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { draftStorageKey, writeDraft } from "@/platform/form-draft";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as GoodsFormPage } from "./goods-form-page";
import { emptyGoods } from "./goods-values";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

const stub = () =>
  stubContractFetch((entry) => {
    if (entry === reference.reference.selSystemUnitByParam) return [{ id: "u1", name: "盒", nameEn: "box" }];
    if (entry === reference.reference.selSubCateListByPcateId) return [];
    if (entry === contract.goods.selSupportLogistics)
      return contract.logisticsModes.map((mode) => ({ mode, available: true, reason: null }));
    return undefined;
  });

describe("the goods form", () => {
  it("when two specs get values, then the SKU grid has a row per combination; publishing without prices names each price", async () => {
    const { requests } = stub();
    writeDraft(draftStorageKey({ boId: "b1", memberId: "m1" }, "goods.publish"), {
      ...emptyGoods(),
      name: "West Lake tea",
      specs: [
        { name: "Weight", values: ["500 g", "1 kg"] },
        { name: "Packaging", values: ["Bag", "Box"] },
      ],
    });
    renderScreen(<GoodsFormPage />, {
      member: owner,
      url: "/transaction/goodsManage/publishGoods",
      path: "/transaction/goodsManage/publishGoods",
    });
    // A draft left by a reload: the name and two specs; the grid is built from them when the form opens.
    expect(await screen.findByText("Restored your unsaved changes", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByLabelText("Name")).toHaveProperty("value", "West Lake tea");
    for (const sku of ["500 g / Bag", "500 g / Box", "1 kg / Bag", "1 kg / Box"]) {
      expect(await screen.findByLabelText(`Price (yuan): ${sku}`, {}, { timeout: 15_000 })).toBeTruthy();
    }
    expect(screen.queryByLabelText("Price (yuan): The item")).toBeNull();

    // "Fill every row" sets one price on all four.
    fireEvent.change(screen.getByLabelText("Price for every row"), { target: { value: "18.8" } });
    fireEvent.click(screen.getByText("Fill"));
    await waitFor(() => expect(screen.getByLabelText("Price (yuan): 1 kg / Box")).toHaveProperty("value", "18.80"));
    fireEvent.change(screen.getByLabelText("Price (yuan): 1 kg / Box"), { target: { value: "" } });

    fireEvent.click(screen.getByText("Save and put on shelf"));
    expect(await screen.findByText("Price (yuan) is required", {}, { timeout: 15_000 })).toBeTruthy();
    expect(requests.some((r) => r.entry === contract.goods.publishGoodsAndStatusOn)).toBe(false);
  }, 120_000);

  it("when a draft is saved, then only the name is needed and the draft call carries the one SKU", async () => {
    const { requests } = stub();
    renderScreen(<GoodsFormPage />, {
      member: owner,
      url: "/transaction/goodsManage/publishGoods",
      path: "/transaction/goodsManage/publishGoods",
    });
    fireEvent.click(await screen.findByText("Save as draft", {}, { timeout: 15_000 }));
    expect(await screen.findByText("Name is required", {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Draft tea" } });
    fireEvent.click(screen.getByText("Save as draft"));
    await waitFor(() => expect(requests.some((r) => r.entry === contract.goods.publishGoods)).toBe(true));
    const sent = requests.find((r) => r.entry === contract.goods.publishGoods)?.body;
    expect(sent).toMatchObject({ name: "Draft tea", draft: true, specs: [], deliveryRange: null });
    expect(sent?.skus).toHaveLength(1);
  }, 120_000);
});
