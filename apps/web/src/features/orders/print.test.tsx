import { orderWarehouse } from "@sbo/contract/orders-warehouse";
import type { MemberInfo } from "@sbo/contract/session";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { type PrintOrder, type PrintSet, pickListOf } from "./print.api";
import { Component as PickListPage } from "./print-pick-list-page";
import { Component as SlipsPage } from "./print-slips-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage("en");
});

const line = (over: Partial<PrintOrder["lines"][number]>): PrintOrder["lines"][number] => ({
  lineId: "l",
  goodsId: "g",
  skuId: "s",
  goodsName: "Goods",
  specValues: [],
  skuCode: null,
  storageLocation: null,
  quantity: 1,
  shippedQuantity: 0,
  batches: [],
  ...over,
});

const strawberries = {
  goodsId: "g1",
  skuId: "s1",
  goodsName: "Strawberries",
  specValues: ["500 g"],
  skuCode: "STRAW-1",
  storageLocation: "B-02",
};
const honey = { goodsId: "g2", skuId: "s2", goodsName: "Honey", skuCode: "HONEY-1", storageLocation: "A-01" };
const tea = { goodsId: "g3", skuId: "s3", goodsName: "Tea", skuCode: null, storageLocation: null };
const soon = { batchId: "b1", batchNo: "SOON", expiresOn: "2026-12-03" };
const late = { batchId: "b2", batchNo: "LATE", expiresOn: "2026-12-10" };

const order = (id: string, orderNo: string, lines: PrintOrder["lines"]): PrintOrder => ({
  id,
  orderNo,
  status: "paid",
  createdAt: "2026-11-28T02:05:00.000Z",
  paidAt: "2026-11-28T02:06:00.000Z",
  buyerName: "Han Mei",
  recipient: {
    name: "Han Mei",
    phone: "139****0311",
    areaName: "浙江省 杭州市 西湖区",
    areaNameEn: "Zhejiang, Hangzhou, Xihu",
    detail: "1 West Lake Rd",
  },
  buyerRemark: "Ring twice",
  sellerRemark: "",
  lines,
});

// Order 1: 4 strawberries (3 from SOON, 1 from LATE) and a honey; order 2: 2 strawberries (LATE), 2 honeys, a tea.
const orders = [
  order("o1", "20261128100500000001", [
    line({
      lineId: "l1",
      ...strawberries,
      quantity: 4,
      batches: [
        { ...soon, quantity: 3 },
        { ...late, quantity: 1 },
      ],
    }),
    line({ lineId: "l2", ...honey, quantity: 1 }),
  ]),
  order("o2", "20261128100600000002", [
    line({ lineId: "l3", ...strawberries, quantity: 2, batches: [{ ...late, quantity: 2 }] }),
    line({ lineId: "l4", ...honey, quantity: 2 }),
    line({ lineId: "l5", ...tea, quantity: 1 }),
  ]),
];
const data: PrintSet = { shopName: "Green Valley Fresh", timeZone: "Asia/Shanghai", phonesMasked: true, orders };

describe("the pick list", () => {
  it("when two orders are picked, then their goods are summed per SKU and batch, sorted by storage location, unlocated last", () => {
    const rows = pickListOf(orders);
    expect(rows.map((r) => [r.storageLocation, r.goodsName, r.batchNo, r.quantity, r.orders])).toEqual([
      ["A-01", "Honey", null, 3, 2],
      ["B-02", "Strawberries", "SOON", 3, 1],
      ["B-02", "Strawberries", "LATE", 3, 2],
      [null, "Tea", null, 1, 1],
    ]);
  });

  it("when a line is partly shipped, then only what is left is picked, the earliest batch counted as gone first", () => {
    const partly = [
      order("o1", "1", [
        line({
          ...strawberries,
          quantity: 4,
          shippedQuantity: 3,
          batches: [
            { ...soon, quantity: 3 },
            { ...late, quantity: 1 },
          ],
        }),
      ]),
    ];
    expect(pickListOf(partly).map((r) => [r.batchNo, r.quantity])).toEqual([["LATE", 1]]);
  });

  it("when the pick list page opens in English and in Chinese, then it shows the sums, the total and the paper switch in that language", async () => {
    for (const [lang, texts] of [
      ["en", { heading: "Pick list: 2 orders, 10 pieces", print: /^Print$/, label: "Label 100 × 150 mm", expires: "Use by 2026-12-03" }],
      ["zh", { heading: "拣货单：2 个订单，共 10 件", print: /^打\s?印$/, label: "面单 100 × 150 毫米", expires: "保质期至 2026-12-03" }],
    ] as const) {
      setLanguage(lang);
      const { requests } = stubContractFetch((entry) => (entry === orderWarehouse.selOrderPrintData ? data : undefined));
      const { unmount } = renderScreen(<PickListPage />, { member: owner, url: "/p?ids=o1,o2" });
      expect(await screen.findByRole("heading", { name: texts.heading })).toBeTruthy();
      expect(requests.find((r) => r.entry === orderWarehouse.selOrderPrintData)?.body).toEqual({ ids: ["o1", "o2"] });
      const quantities = screen.getAllByTestId("pick-quantity").map((c) => c.textContent);
      expect(quantities).toEqual(["3", "3", "3", "1"]);
      expect(screen.getByTestId("pick-total").textContent).toBe("10");
      expect(screen.getByText(texts.expires)).toBeTruthy();
      expect(screen.getByRole("button", { name: texts.print })).toBeTruthy();
      expect(screen.getByRole("radio", { name: texts.label })).toBeTruthy();
      unmount();
    }
  }, 60_000);
});

describe("the packing slips", () => {
  it("when slips are printed, then each order has its own with recipient, masked phone, lines, remarks and a QR code of its number", async () => {
    setLanguage("zh");
    stubContractFetch((entry) => (entry === orderWarehouse.selOrderPrintData ? data : undefined));
    renderScreen(<SlipsPage />, { member: owner, url: "/p?ids=o1,o2,gone&size=label" });
    const slips = await screen.findAllByTestId("slip");
    expect(slips).toHaveLength(2);
    const first = within(slips[0] as HTMLElement);
    expect(first.getByText("20261128100500000001")).toBeTruthy();
    expect(first.getByTestId("slip-phone").textContent).toBe("139****0311");
    expect(first.getByText(/浙江省 杭州市 西湖区 1 West Lake Rd/)).toBeTruthy();
    expect(first.getByText("Ring twice")).toBeTruthy();
    expect(first.getByRole("img", { name: "订单编号 20261128100500000001 的二维码" })).toBeTruthy();
    expect(first.getByText("5 件")).toBeTruthy();
    // One of the three chosen was not found; phones masked for this member.
    expect(screen.getByText("所选订单中有 1 个未找到（已删除或不属于本店）。")).toBeTruthy();
    expect(screen.getByText("手机号已隐藏：您没有查看完整手机号的权限。")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "面单 100 × 150 毫米" })).toHaveProperty("checked", true);
  }, 60_000);
});
