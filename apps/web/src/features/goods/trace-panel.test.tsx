import type { Call } from "@sbo/contract/define";
import * as contract from "@sbo/contract/goods";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { goodsDetail, goodsSkuItem } from "@/test/goods-fixtures";
import { renderScreen } from "@/test/render";
import { Component as GoodsDetailPage } from "./goods-detail-page";
import { Component as GoodsFormPage } from "./goods-form-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const reader = { memberId: "m2", boId: "b1", isOwner: false, functions: ["goods.manage"] } as unknown as MemberInfo;

const record = {
  id: "t1",
  goodsId: "g1",
  goodsName: "Qixia apples",
  origin: "Qixia, Yantai",
  area: { code: "370686", name: "栖霞市", nameEn: "Qixia" },
  farm: "Hill orchard",
  base: null,
  harvestDate: "2026-10-12",
  inspectionFile: { id: "f1", url: "/files/f1/report.pdf", name: "report.pdf" },
  remark: "Picked by hand",
  batchNos: ["QX-01"],
  createdAt: "2026-10-13T02:00:00.000Z",
  updatedAt: "2026-10-13T02:00:00.000Z",
};
const batch = {
  id: "bt1",
  goodsId: "g1",
  skuId: "k1",
  specValues: [],
  batchNo: "QX-01",
  quantity: 50,
  left: 40,
  productionDate: "2026-10-12",
  expiresOn: "2026-12-31",
  state: "sellable" as const,
  nearExpiry: false,
  traceId: "t1",
  createdAt: "2026-10-13T02:00:00.000Z",
};
/** The Batches and Trace tabs load their own chunk when opened: on a busy machine that takes more than a second. */
const LOAD = { timeout: 20_000 };
const page = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 20, totalAtLeast: false });

function stub(traces: (typeof record)[] = [record], fresh = false) {
  return stubContractFetch((entry: Call) => {
    if (entry === contract.goods.selGoodsByIdV2) return goodsDetail({ name: "Qixia apples", fresh, skus: [goodsSkuItem()] });
    if (entry === contract.goods.selGoodsTraceListByParam) return page(traces);
    if (entry === contract.goods.addOrUpdGoodsTrace) return { ...record, origin: "Qixia, Yantai", remark: "Sorted twice" };
    if (entry === contract.goods.selGoodsBatchList) return [batch];
    if (entry === contract.goods.updGoodsBatch) return { ...batch, left: 38 };
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage("en");
});

describe("the goods detail's Trace tab", () => {
  it("when an item has trace records, then the tab lists origin with its area, farm, harvest date, the report and the batches naming it", async () => {
    const { requests } = stub();
    renderScreen(<GoodsDetailPage />, { member: owner, url: "/d?id=g1&tab=trace", path: "/d" });
    expect(await screen.findByRole("heading", { name: "Trace records" }, LOAD)).toBeTruthy();
    const row = (await screen.findByText("Qixia, Yantai", {}, LOAD)).closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("Qixia")).toBeTruthy();
    expect(within(row).getByText("Hill orchard")).toBeTruthy();
    expect(within(row).getByText("2026-10-12")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "report.pdf" }).getAttribute("href")).toBe("/files/f1/report.pdf");
    expect(within(row).getByText("QX-01")).toBeTruthy();
    // The list asks for this item's records only.
    expect(requests.find((r) => r.entry === contract.goods.selGoodsTraceListByParam)?.body).toMatchObject({ goodsId: "g1" });
  }, 60_000);

  it("when a record is edited, then the drawer holds its values and saving sends its id and the item's, with the changed remark", async () => {
    const { requests } = stub();
    renderScreen(<GoodsDetailPage />, { member: owner, url: "/d?id=g1&tab=trace", path: "/d" });
    fireEvent.click(await screen.findByRole("button", { name: "Edit: Qixia, Yantai · 2026-10-12" }, LOAD));
    const drawer = await screen.findByRole("dialog");
    expect((within(drawer).getByLabelText("Origin") as HTMLInputElement).value).toBe("Qixia, Yantai");
    expect((within(drawer).getByLabelText("Harvest date") as HTMLInputElement).value).toBe("2026-10-12");
    fireEvent.change(within(drawer).getByLabelText("Remark"), { target: { value: "Sorted twice" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === contract.goods.addOrUpdGoodsTrace)?.body).toEqual({
        id: "t1",
        goodsId: "g1",
        origin: "Qixia, Yantai",
        areaCode: "370686",
        farm: "Hill orchard",
        baseId: null,
        harvestDate: "2026-10-12",
        inspectionFileId: "f1",
        remark: "Sorted twice",
      }),
    );
  }, 60_000);

  it("when a record is added without an origin, then nothing is sent and the field says it is required", async () => {
    const { requests } = stub([]);
    renderScreen(<GoodsDetailPage />, { member: owner, url: "/d?id=g1&tab=trace", path: "/d" });
    expect(
      await screen.findByText("No trace records yet. Add where this item comes from and its inspection report.", {}, LOAD),
    ).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Add trace record" })[0] as HTMLElement);
    const drawer = await screen.findByRole("dialog");
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    expect(await within(drawer).findByText("Origin is required")).toBeTruthy();
    expect(requests.some((r) => r.entry === contract.goods.addOrUpdGoodsTrace)).toBe(false);
    fireEvent.change(within(drawer).getByLabelText("Origin"), { target: { value: "Luochuan, Yan'an" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === contract.goods.addOrUpdGoodsTrace)?.body).toEqual({
        goodsId: "g1",
        origin: "Luochuan, Yan'an",
        areaCode: null,
        farm: "",
        baseId: null,
        harvestDate: null,
        inspectionFileId: null,
        remark: "",
      }),
    );
  }, 60_000);

  it("when a record is deleted, then a confirmation names its origin and the batches that lose the link, and only then is it deleted", async () => {
    const { requests } = stub();
    renderScreen(<GoodsDetailPage />, { member: owner, url: "/d?id=g1&tab=trace", path: "/d" });
    fireEvent.click(await screen.findByRole("button", { name: "Delete: Qixia, Yantai · 2026-10-12" }, LOAD));
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText("Delete the trace record from “Qixia, Yantai”?")).toBeTruthy();
    expect(within(confirm).getByText("Batches QX-01 keep their stock and no longer name a trace record.")).toBeTruthy();
    expect(requests.some((r) => r.entry === contract.goods.delGoodsTrace)).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(requests.find((r) => r.entry === contract.goods.delGoodsTrace)?.body).toEqual({ id: "t1" }));
  }, 60_000);

  it("when a reader without the edit function opens it in Chinese, then the records show with no add, edit or delete", async () => {
    setLanguage("zh");
    stub();
    renderScreen(<GoodsDetailPage />, { member: reader, url: "/d?id=g1&tab=trace", path: "/d" });
    expect(await screen.findByRole("heading", { name: "溯源记录" }, LOAD)).toBeTruthy();
    expect(await screen.findByText("Qixia, Yantai")).toBeTruthy();
    // Chinese mode names the area in Chinese.
    expect(screen.getByText("栖霞市")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "溯源" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "添加溯源记录" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^编辑/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^删除/ })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "操作" })).toBeNull();
  }, 60_000);
});

describe("the goods form's tabs", () => {
  it("when a saved fresh item is edited, then Batches and Trace are tabs beside the item, and a batch is corrected by a count", async () => {
    const { requests } = stub([record], true);
    renderScreen(<GoodsFormPage />, {
      member: owner,
      url: "/transaction/goodsManage/updateGoods?id=g1",
      path: "/transaction/goodsManage/updateGoods",
    });
    expect(await screen.findByRole("tab", { name: "Item" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Trace" })).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Batches" }));
    const row = (await screen.findByText("QX-01", {}, LOAD)).closest("tr");
    if (!row) throw new Error("no row");
    // The batch names its trace record.
    expect(await within(row).findByText("Qixia, Yantai · 2026-10-12", {}, LOAD)).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Edit: QX-01" }));
    const drawer = await screen.findByRole("dialog");
    fireEvent.change(within(drawer).getByLabelText("Left (counted)"), { target: { value: "38" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === contract.goods.updGoodsBatch)?.body).toEqual({
        id: "bt1",
        batchNo: "QX-01",
        productionDate: "2026-10-12",
        expiresOn: "2026-12-31",
        traceId: "t1",
        left: 38,
      }),
    );
  }, 60_000);

  it("when a new item is published, then there are no tabs (a record needs a saved item)", async () => {
    stub();
    renderScreen(<GoodsFormPage />, {
      member: owner,
      url: "/transaction/goodsManage/publishGoods",
      path: "/transaction/goodsManage/publishGoods",
    });
    expect(await screen.findByRole("button", { name: "Save and put on shelf" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Trace" })).toBeNull();
  }, 60_000);
});
