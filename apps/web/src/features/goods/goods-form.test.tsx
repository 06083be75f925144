import * as contract from "@sbo/contract/goods";
import * as reference from "@sbo/contract/reference";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { draftStorageKey, writeDraft } from "@/platform/form-draft";
import { stubContractFetch } from "@/test/contract-fetch";
import { goodsDetail, goodsSkuItem } from "@/test/goods-fixtures";
import { renderScreen } from "@/test/render";
import { Component as GoodsFormPage } from "./goods-form-page";
import { emptyGoods } from "./goods-values";
import { dictSpecOf } from "./sku-grid";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

/** The platform's spec dictionaries, as the reference data seeds them (two of the names and their values). */
const dicts: Record<string, { code: string; name: string; nameEn: string }[]> = {
  specName: [
    { code: "weight", name: "重量", nameEn: "Weight" },
    { code: "packaging", name: "包装", nameEn: "Packaging" },
  ],
  "specValue.weight": [
    { code: "500g", name: "500克", nameEn: "500 g" },
    { code: "1kg", name: "1千克", nameEn: "1 kg" },
    { code: "2.5kg", name: "2.5千克", nameEn: "2.5 kg" },
  ],
  "specValue.packaging": [
    { code: "bag", name: "袋装", nameEn: "Bag" },
    { code: "giftBox", name: "礼盒装", nameEn: "Gift box" },
  ],
};

/** The suggestions a select or auto-complete shows (antd's drawn options, which take the clicks). */
const suggestions = () => [...document.querySelectorAll(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")];
const suggestion = (text: string) =>
  waitFor(
    () => {
      const found = suggestions().find((o) => o.textContent === text);
      if (!found)
        throw new Error(
          `no suggestion "${text}" among ${suggestions()
            .map((o) => o.textContent)
            .join(", ")}`,
        );
      return found;
    },
    { timeout: 15_000 },
  );

/** A saved service wanted, as the detail call answers it. */
const savedService = goodsDetail({
  id: "s1",
  listingType: "serviceWant",
  name: "Packers wanted",
  status: "off",
  priceMin: 30_000,
  priceMax: 30_000,
  stock: 0,
  sales: 0,
  logistics: [],
  onShelfAt: null,
  skus: [goodsSkuItem({ price: 30_000, stock: 0 })],
  serviceAreas: [{ code: "330100", name: "浙江省 杭州市", nameEn: "Zhejiang Hangzhou" }],
});

const stub = () =>
  stubContractFetch((entry, body) => {
    if (entry === reference.reference.selSpecItemListByDictId) return dicts[String(body.dictId)] ?? [];
    if (entry === reference.reference.selSystemUnitByParam) return [{ id: "u1", name: "盒", nameEn: "box" }];
    if (entry === reference.reference.selSubCateListByPcateId) return [];
    if (entry === contract.goods.selSupportLogistics)
      return contract.logisticsModes.map((mode) => ({ mode, available: true, reason: null }));
    return undefined;
  });

/** The new goods form with one spec named `specName`, its values' box focused and open. */
async function openSpecValues(specName: string) {
  renderScreen(<GoodsFormPage />, {
    member: owner,
    url: "/transaction/goodsManage/publishGoods",
    path: "/transaction/goodsManage/publishGoods",
  });
  fireEvent.click(await screen.findByText("Add spec", {}, { timeout: 15_000 }));
  const name = await screen.findByRole("combobox", { name: "Spec 1" });
  fireEvent.change(name, { target: { value: specName } });
  return { name, values: screen.getByRole("combobox", { name: "Values of spec 1" }) };
}

describe("the goods form", () => {
  it("when a category is chosen, then its related categories are suggested, and picking one files the item there", async () => {
    const related = (id: string) =>
      id === "C0101"
        ? [
            {
              id: "C0104",
              name: "热带水果",
              nameEn: "Tropical fruit",
              level: 2,
              viaId: "C0101",
              isLeaf: true,
              path: [
                { id: "C01", name: "水果", nameEn: "Fruit" },
                { id: "C0104", name: "热带水果", nameEn: "Tropical fruit" },
              ],
            },
            {
              id: "C05",
              name: "乳品烘焙",
              nameEn: "Dairy and bakery",
              level: 1,
              viaId: "C01",
              isLeaf: false,
              path: [{ id: "C05", name: "乳品烘焙", nameEn: "Dairy and bakery" }],
            },
          ]
        : [];
    const { requests } = stubContractFetch((entry, body) => {
      if (entry === reference.reference.selRelatedCategoryList) return related(String(body.id));
      if (entry === reference.reference.selSystemUnitByParam) return [];
      if (entry === reference.reference.selSubCateListByPcateId) return [];
      if (entry === reference.reference.selSpecItemListByDictId) return [];
      if (entry === contract.goods.selSupportLogistics) return [];
      return undefined;
    });
    writeDraft(draftStorageKey({ boId: "b1", memberId: "m1" }, "goods.publish"), {
      ...emptyGoods(),
      name: "Navel oranges",
      categoryId: ["C01", "C0101"],
    });
    renderScreen(<GoodsFormPage />, {
      member: owner,
      url: "/transaction/goodsManage/publishGoods",
      path: "/transaction/goodsManage/publishGoods",
    });
    const group = await screen.findByRole("group", { name: "Related categories:" }, { timeout: 15_000 });
    // Only a category goods can be filed under is offered (not the whole of Dairy and bakery).
    expect([...group.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Fruit / Tropical fruit"]);
    fireEvent.click(screen.getByRole("button", { name: "Fruit / Tropical fruit" }));
    await waitFor(() =>
      expect(requests.some((r) => r.entry === reference.reference.selRelatedCategoryList && r.body.id === "C0104")).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole("group", { name: "Related categories:" })).toBeNull());
  }, 120_000);

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

  it("when the member may not manage videos, then the goods video cannot be uploaded and the form says why; with Videos it can", async () => {
    stub();
    const view = renderScreen(<GoodsFormPage />, {
      member: owner,
      url: "/transaction/goodsManage/publishGoods",
      path: "/transaction/goodsManage/publishGoods",
    });
    expect(
      await screen.findByText("Uploading a video needs the Videos function: ask the shop's owner.", {}, { timeout: 15_000 }),
    ).toBeTruthy();
    const videoInput = () => document.querySelector<HTMLInputElement>('input[type="file"][accept="video/mp4,video/webm"]');
    expect(videoInput()?.disabled).toBe(true);
    view.unmount();
    renderScreen(<GoodsFormPage />, {
      member: { ...owner, functions: ["shop.video"] },
      url: "/transaction/goodsManage/publishGoods",
      path: "/transaction/goodsManage/publishGoods",
    });
    expect(await screen.findByText(/An MP4 or WebM file of at most 50 MB/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(videoInput()?.disabled).toBe(false);
  }, 120_000);

  it("when a value is typed that a chosen suggestion contains, then Enter adds it; removing a value SKU rows use asks first", async () => {
    stub();
    const { values } = await openSpecValues("Weight");
    fireEvent.focus(values);
    fireEvent.mouseDown(values);
    fireEvent.change(values, { target: { value: "2.5 kg" } });
    fireEvent.keyDown(values, { key: "Enter", code: "Enter", keyCode: 13, which: 13 });
    const first = await screen.findByLabelText("Price (yuan): 2.5 kg", {}, { timeout: 15_000 });
    // "5 kg" is inside "2.5 kg", which the list shows first: Enter still adds what was typed and keeps 2.5 kg.
    fireEvent.change(values, { target: { value: "5 kg" } });
    fireEvent.keyDown(values, { key: "Enter", code: "Enter", keyCode: 13, which: 13 });
    expect(await screen.findByLabelText("Price (yuan): 5 kg", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByLabelText("Price (yuan): 2.5 kg")).toBeTruthy();

    // A price on the 2.5 kg row: removing the value asks, and Cancel keeps it.
    fireEvent.change(first, { target: { value: "12.5" } });
    const tag = () => [...document.querySelectorAll(".ant-select-selection-item")].find((el) => el.textContent?.includes("2.5 kg"));
    const removeTag = () => fireEvent.click(tag()?.querySelector(".ant-select-selection-item-remove") as Element);
    const asked = () => [...document.querySelectorAll(".ant-modal-confirm:not([style*='display: none'])")];
    removeTag();
    await waitFor(() => expect(asked().map((m) => m.querySelector(".ant-modal-confirm-title")?.textContent)).toEqual(["Remove 2.5 kg?"]));
    expect(asked()[0]?.textContent).toContain("1 SKU row with its price, stock or codes goes with it.");
    fireEvent.click(within(asked()[0] as HTMLElement).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByLabelText("Price (yuan): 2.5 kg")).toBeTruthy());
    expect(tag()).toBeTruthy();
    removeTag();
    await waitFor(() => expect(asked().length).toBeGreaterThan(0));
    fireEvent.click(within(asked()[asked().length - 1] as HTMLElement).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByLabelText("Price (yuan): 2.5 kg")).toBeNull());
    expect(screen.getByLabelText("Price (yuan): 5 kg")).toBeTruthy();
  }, 120_000);

  it("when a spec name is typed, then the platform's names are suggested, and once it is one of them its values are too", async () => {
    const { requests } = stub();
    renderScreen(<GoodsFormPage />, {
      member: owner,
      url: "/transaction/goodsManage/publishGoods",
      path: "/transaction/goodsManage/publishGoods",
    });
    fireEvent.click(await screen.findByText("Add spec", {}, { timeout: 15_000 }));
    const name = await screen.findByRole("combobox", { name: "Spec 1" });
    fireEvent.change(name, { target: { value: "wei" } });
    // Only the names holding what was typed, in the seller's language.
    fireEvent.click(await suggestion("Weight"));
    expect(suggestions().map((o) => o.textContent)).toEqual(["Weight"]);
    await waitFor(() => expect(name).toHaveProperty("value", "Weight"));

    // The values of "Weight" are offered; a value of one's own is still taken.
    const values = screen.getByRole("combobox", { name: "Values of spec 1" });
    // Read through the real call once the name is a dictionary spec.
    await waitFor(() => expect(requests.some((r) => r.body.dictId === "specValue.weight")).toBe(true));
    fireEvent.focus(values);
    fireEvent.mouseDown(values);
    fireEvent.change(values, { target: { value: "kg" } });
    fireEvent.click(await suggestion("1 kg"));
    fireEvent.change(values, { target: { value: "750 g" } });
    fireEvent.keyDown(values, { key: "Enter", code: "Enter", keyCode: 13 });
    expect(await screen.findByLabelText("Price (yuan): 1 kg", {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByLabelText("Price (yuan): 750 g", {}, { timeout: 15_000 })).toBeTruthy();
    const asked = requests.filter((r) => r.entry === reference.reference.selSpecItemListByDictId).map((r) => r.body.dictId);
    expect(asked).toEqual(["specName", "specValue.weight"]); // each once: cached

    // A name of the seller's own gets no value suggestions.
    fireEvent.change(name, { target: { value: "Ripeness" } });
    await waitFor(() => expect(name).toHaveProperty("value", "Ripeness"));
    fireEvent.mouseDown(values);
    expect(suggestions().map((o) => o.textContent)).not.toContain("500 g");
  }, 120_000);

  it("when a service offered is chosen, then stock, weight, fresh and delivery leave the form, a service area comes, and the draft carries the type", async () => {
    const { requests } = stub();
    renderScreen(<GoodsFormPage />, {
      member: owner,
      url: "/transaction/goodsManage/publishGoods",
      path: "/transaction/goodsManage/publishGoods",
    });
    // Goods first: stock, weight, fresh goods, delivery and the rebate are there.
    expect(await screen.findByLabelText("Stock: The item", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText("Ways of delivery")).toBeTruthy();
    expect(screen.getByLabelText("Rebate to resellers (%)")).toBeTruthy();
    expect(screen.queryByLabelText("Provinces and cities")).toBeNull();

    fireEvent.click(screen.getByRole("radio", { name: "Service offered" }));
    expect(await screen.findByLabelText("Price per unit (yuan): The item", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByLabelText("Stock: The item")).toBeNull();
    expect(screen.queryByLabelText("Weight (g): The item")).toBeNull();
    expect(screen.queryByLabelText("Fresh goods")).toBeNull();
    expect(screen.queryByText("Ways of delivery")).toBeNull();
    expect(screen.queryByLabelText("Freight template")).toBeNull();
    expect(screen.queryByLabelText("Rebate to resellers (%)")).toBeNull();
    expect(screen.getByLabelText("Provinces and cities")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Cold-chain run" } });
    fireEvent.change(screen.getByLabelText("Price per unit (yuan): The item"), { target: { value: "350" } });
    fireEvent.click(screen.getByText("Save as draft"));
    await waitFor(() => expect(requests.some((r) => r.entry === contract.goods.publishGoods)).toBe(true));
    const sent = requests.find((r) => r.entry === contract.goods.publishGoods)?.body;
    expect(sent).toMatchObject({
      listingType: "serviceOffer",
      name: "Cold-chain run",
      draft: true,
      logistics: [],
      fresh: false,
      freightTemplateId: null,
      rebateBp: null,
      serviceAreas: [],
    });
    expect(sent?.skus).toEqual([expect.objectContaining({ price: 35_000, stock: 0, weightG: null })]);
  }, 120_000);

  it("when goods get a rebate rate, then it is sent in basis points", async () => {
    const { requests } = stub();
    renderScreen(<GoodsFormPage />, {
      member: owner,
      url: "/transaction/goodsManage/publishGoods",
      path: "/transaction/goodsManage/publishGoods",
    });
    fireEvent.change(await screen.findByLabelText("Name", {}, { timeout: 15_000 }), { target: { value: "Rebated tea" } });
    fireEvent.change(screen.getByLabelText("Rebate to resellers (%)"), { target: { value: "12.5" } });
    fireEvent.click(screen.getByText("Save as draft"));
    await waitFor(() => expect(requests.some((r) => r.entry === contract.goods.publishGoods)).toBe(true));
    expect(requests.find((r) => r.entry === contract.goods.publishGoods)?.body).toMatchObject({
      listingType: "goods",
      rebateBp: 1250,
      serviceAreas: [],
    });
  }, 120_000);

  it("when a saved service is edited, then its type is shown and cannot change", async () => {
    stubContractFetch((entry, body) => {
      if (entry === contract.goods.selGoodsByIdV2) return savedService;
      if (entry === reference.reference.selSpecItemListByDictId) return dicts[String(body.dictId)] ?? [];
      if (entry === reference.reference.selSystemUnitByParam) return [{ id: "tonne", name: "吨", nameEn: "tonne" }];
      if (entry === reference.reference.selSubCateListByPcateId) return [];
      if (entry === reference.reference.selSpecAreaListByPid) return [];
      return undefined;
    });
    renderScreen(<GoodsFormPage />, {
      member: owner,
      url: "/transaction/goodsManage/updateGoods?id=s1",
      path: "/transaction/goodsManage/updateGoods",
    });
    const wanted = await screen.findByRole("radio", { name: "Service wanted" }, { timeout: 15_000 });
    expect(wanted).toHaveProperty("checked", true);
    expect(wanted).toHaveProperty("disabled", true);
    expect(screen.getByRole("radio", { name: "Goods" })).toHaveProperty("disabled", true);
    expect(screen.getByText(/The type stays as it was published/)).toBeTruthy();
    expect(await screen.findByLabelText("Budget per unit (yuan): The item", {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByLabelText("Market price (yuan): The item")).toBeNull();
  }, 120_000);

  it("when a spec name is matched, then either language and any case finds the dictionary's spec", () => {
    const names = dicts.specName ?? [];
    expect(dictSpecOf(names, " weight ")?.code).toBe("weight");
    expect(dictSpecOf(names, "包装")?.code).toBe("packaging");
    expect(dictSpecOf(names, "Weigh")).toBeNull();
    expect(dictSpecOf(names, undefined)).toBeNull();
  });
});
