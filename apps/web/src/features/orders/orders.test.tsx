import * as contract from "@sbo/contract/orders";
import { orderFulfil } from "@sbo/contract/orders-fulfil";
import * as pay from "@sbo/contract/orders-pay";
import { reference } from "@sbo/contract/reference";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as OrderDetailPage } from "./order-detail-page";
import { Component as OrderList } from "./order-list-page";
import { Component as OrderPrice } from "./order-price-page";
import { Component as OrderShip } from "./order-ship-page";
import type { OrderDetail, OrderRow } from "./orders.api";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const clerk = { memberId: "m3", boId: "b1", isOwner: false, functions: ["order.manage", "order.manage.ship"] } as unknown as MemberInfo;

const row = (over: Partial<OrderRow>): OrderRow => ({
  id: "o1",
  orderNo: "20260101120000123456",
  boId: "b1",
  shopName: "Green Valley",
  status: "pendingPayment",
  buyerName: "Li Lei",
  buyerPhone: "139****0001",
  goodsAmount: 5000,
  freightAmount: 800,
  discountAmount: 0,
  reviseAmount: 0,
  payAmount: 5800,
  payMethod: null,
  lineCount: 2,
  pieces: 3,
  firstLine: { goodsName: "West Lake tea", image: null, imageUrl: null, specValues: ["250 g"] },
  sellerRemark: "",
  flagColor: null,
  createdAt: "2026-01-01T04:00:00.000Z",
  paidAt: null,
  ...over,
});

const detail = (over: Partial<OrderDetail>): OrderDetail => ({
  ...row({ status: "paid", payMethod: "online", paidAt: "2026-01-01T05:00:00.000Z" }),
  address: { name: "Li Lei", phone: "13900000001", areaCode: "330106", areaName: "Zhejiang Hangzhou Xihu", detail: "1 West Lake Rd" },
  buyerRemark: "",
  cancelReason: null,
  cancelledBy: null,
  shippedAt: null,
  receivedAt: null,
  completedAt: null,
  cancelledAt: null,
  remindCount: 0,
  remindedAt: null,
  lines: [
    {
      id: "l1",
      goodsId: "g1",
      skuId: "s1",
      goodsName: "West Lake tea",
      specValues: ["250 g"],
      image: null,
      imageUrl: null,
      unitPrice: 2000,
      priceSource: "price",
      quantity: 2,
      amount: 4000,
      revisedAmount: null,
      shippedQuantity: 0,
    },
    {
      id: "l2",
      goodsId: "g2",
      skuId: "s2",
      goodsName: "Oolong",
      specValues: [],
      image: null,
      imageUrl: null,
      unitPrice: 1000,
      priceSource: "price",
      quantity: 1,
      amount: 1000,
      revisedAmount: null,
      shippedQuantity: 0,
    },
  ],
  timeline: [],
  shipments: [],
  payments: [],
  ...over,
});

const counts = { all: 12, pendingPayment: 3, toShip: 4, shipped: 2, received: 1, completed: 1, cancelled: 1 };
const rows = [row({}), row({ id: "o2", orderNo: "20260101120000654321", status: "paid", paidAt: "2026-01-01T05:00:00.000Z" })];

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(d: OrderDetail = detail({})) {
  return stubContractFetch((entry, body) => {
    if (entry === contract.orders.selOrderListByPage) {
      const list = body.tab === "toShip" ? rows.filter((r) => r.status === "paid") : rows;
      // A keyword matching more than 10,000 orders: the counts are of the first 10,000 seen, lower bounds.
      if (body.keyword === "tea")
        return { list, total: 4, pageNum: 1, pageSize: 20, nextCursor: null, counts: { ...counts, all: 10_000 }, countsAtLeast: true };
      return { list, total: list.length, pageNum: 1, pageSize: 20, nextCursor: null, counts, countsAtLeast: false };
    }
    if (entry === contract.orders.selSellerOrderDetailById) return d;
    if (entry === contract.orders.cancelOrder) return detail({ status: "cancelled" });
    if (entry === contract.orders.orderDelivery) return detail({ status: "shipped" });
    if (entry === contract.orders.orderPriceRevision) return detail({ status: "pendingPayment" });
    if (entry === reference.selSpecItemListByDictId) return [{ code: "SF", name: "顺丰速运", nameEn: "SF Express" }];
    return undefined;
  });
}

describe("the order list", () => {
  it("when it opens, then the tabs show their counts and each row offers only what its state and the member allow", async () => {
    const { requests } = stub();
    renderScreen(<OrderList />, { member: owner });
    const unpaid = (await screen.findByRole("link", { name: "20260101120000123456" })).closest("tr") as HTMLElement;
    expect(within(unpaid).getByText("¥58.00")).toBeTruthy();
    expect(within(unpaid).getByText("and 1 more line (3 pieces)")).toBeTruthy();
    const tab = (key: string) => document.querySelector(`[role=tab][id$="-tab-${key}"]`);
    expect(tab("all")?.textContent).toBe("All12");
    expect(tab("toShip")?.textContent).toBe("To ship4");
    expect(within(unpaid).getByRole("button", { name: "Change price: 20260101120000123456" })).toBeTruthy();
    expect(within(unpaid).queryByRole("button", { name: "Ship: 20260101120000123456" })).toBeNull();
    const paid = screen.getByRole("link", { name: "20260101120000654321" }).closest("tr") as HTMLElement;
    expect(within(paid).getByRole("button", { name: "Ship: 20260101120000654321" })).toBeTruthy();
    expect(within(paid).queryByRole("button", { name: "Cancel: 20260101120000654321" })).toBeNull();

    // The counts came with the list: the screen asked for the list once and for no counts of their own.
    expect(requests.filter((r) => r.entry === contract.orders.selOrderListByPage)).toHaveLength(1);
    expect(requests.some((r) => r.entry === contract.orders.selectOrderCount)).toBe(false);

    fireEvent.click(tab("toShip") as HTMLElement);
    await waitFor(() => expect(requests.some((r) => r.entry === contract.orders.selOrderListByPage && r.body.tab === "toShip")).toBe(true));
    await waitFor(() => expect(screen.queryByRole("link", { name: "20260101120000123456" })).toBeNull());
    expect(requests.some((r) => r.entry === contract.orders.selectOrderCount)).toBe(false);
  }, 60_000);

  it("when a keyword matches more than 10,000 orders, then every tab's count reads as at least", async () => {
    stub();
    renderScreen(<OrderList />, { member: owner, url: "/?keyword=tea" });
    const tab = (key: string) => document.querySelector(`[role=tab][id$="-tab-${key}"]`);
    await waitFor(() => expect(tab("all")?.textContent).toBe("All10,000+"));
    expect(tab("toShip")?.textContent).toBe("To ship4+");
  }, 60_000);

  it("when an unpaid order is cancelled, then a reason is asked for and sent", async () => {
    const { requests } = stub();
    renderScreen(<OrderList />, { member: owner });
    fireEvent.click(await screen.findByRole("button", { name: "Cancel: 20260101120000123456" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the order" }));
    expect(await within(dialog).findByText("Reason is required")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Out of season" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel the order" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === contract.orders.cancelOrder)?.body).toEqual({ id: "o1", reason: "Out of season" }),
    );
  }, 60_000);

  it("when two orders are chosen and shipped with one carrier and a tracking number each, then one call ships them and each outcome shows", async () => {
    const { requests } = stubContractFetch((entry, body) => {
      if (entry === contract.orders.selOrderListByPage)
        return { list: rows, total: rows.length, pageNum: 1, pageSize: 20, nextCursor: null, counts, countsAtLeast: false };
      if (entry === reference.selSpecItemListByDictId) return [{ code: "SF", name: "顺丰速运", nameEn: "SF Express" }];
      if (entry === orderFulfil.batchDeliveryByRows) {
        const sent = body.rows as { orderNo: string; trackingNo: string }[];
        return {
          mode: "commit",
          rows: sent.length,
          validRows: 1,
          invalidRows: sent.length - 1,
          shipped: 1,
          report: sent.map((r, i) => ({
            row: i + 1,
            orderNo: r.orderNo,
            expressName: "SF Express",
            trackingNo: r.trackingNo,
            ...(i === 0
              ? { outcome: "shipped", field: "", reason: "fulfil.rowShipped" }
              : {
                  outcome: "refused",
                  field: "orderNo",
                  reason: "fulfil.rowWrongState",
                  params: { "status.en": "pending payment", "status.zh": "待付款" },
                }),
          })),
        };
      }
      return undefined;
    });
    renderScreen(<OrderList />, { member: owner });
    await screen.findByRole("link", { name: "20260101120000123456" });
    const boxes = screen.getAllByRole("checkbox").filter((b) => b.closest("tbody"));
    fireEvent.click(boxes[0] as HTMLElement);
    fireEvent.click(boxes[1] as HTMLElement);
    fireEvent.click(await screen.findByRole("button", { name: "Ship the chosen orders" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Logistics company for all" }));
    fireEvent.click(await screen.findByText("SF Express"));
    fireEvent.change(within(dialog).getByLabelText("Tracking number of order 20260101120000123456"), { target: { value: "SF301" } });
    fireEvent.change(within(dialog).getByLabelText("Tracking number of order 20260101120000654321"), { target: { value: "SF302" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ship 2 orders" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === orderFulfil.batchDeliveryByRows)?.body).toEqual({
        rows: [
          { orderNo: "20260101120000123456", expressCode: "SF", trackingNo: "SF301" },
          { orderNo: "20260101120000654321", expressCode: "SF", trackingNo: "SF302" },
        ],
      }),
    );
    // Each order's outcome in words, the state filled in (it once showed "{status.en}").
    expect(await within(dialog).findByText("Order number: the order is pending payment and cannot be shipped")).toBeTruthy();
  }, 60_000);

  it("when the member is an order clerk, then there is no price change or cancel", async () => {
    stub();
    renderScreen(<OrderList />, { member: clerk });
    await screen.findByRole("link", { name: "20260101120000123456" });
    expect(screen.queryByRole("button", { name: /^Change price: / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Cancel: / })).toBeNull();
    expect(screen.getByRole("button", { name: "Ship: 20260101120000654321" })).toBeTruthy();
  }, 60_000);
});

describe("shipping an order", () => {
  it("when fewer pieces of a line are shipped, then the chosen lines and their quantities are sent", async () => {
    const { requests } = stub();
    renderScreen(<OrderShip />, { member: owner, url: "/send/o1", path: "/send/:id" });
    const tea = await screen.findByLabelText("Pieces to ship of West Lake tea");
    fireEvent.change(tea, { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText("Tracking number"), { target: { value: "SF123" } });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Logistics company" }));
    fireEvent.click(await screen.findByText("SF Express"));
    fireEvent.click(screen.getByRole("button", { name: "Ship" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === contract.orders.orderDelivery)?.body).toEqual({
        id: "o1",
        expressCode: "SF",
        trackingNo: "SF123",
        lines: [
          { lineId: "l1", quantity: 1 },
          { lineId: "l2", quantity: 1 },
        ],
      }),
    );
  }, 60_000);

  it("when every piece left is shipped, then no lines are sent (the server ships the rest)", async () => {
    const { requests } = stub();
    renderScreen(<OrderShip />, { member: owner, url: "/send/o1", path: "/send/:id" });
    fireEvent.change(await screen.findByLabelText("Tracking number"), { target: { value: "SF124" } });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Logistics company" }));
    fireEvent.click(await screen.findByText("SF Express"));
    fireEvent.click(screen.getByRole("button", { name: "Ship" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === contract.orders.orderDelivery)?.body).toEqual({
        id: "o1",
        expressCode: "SF",
        trackingNo: "SF124",
      }),
    );
  }, 60_000);

  it("when the ship page opens, then it shows where the parcel goes; once shipped, it never says the order cannot be shipped", async () => {
    let shipped = false;
    const { requests } = stubContractFetch((entry) => {
      if (entry === contract.orders.selSellerOrderDetailById) return detail({ status: shipped ? "shipped" : "paid" });
      if (entry === contract.orders.orderDelivery) {
        shipped = true;
        return detail({ status: "shipped" });
      }
      if (entry === reference.selSpecItemListByDictId) return [{ code: "SF", name: "顺丰速运", nameEn: "SF Express" }];
      return undefined;
    });
    const said: string[] = [];
    const watch = new MutationObserver(() => {
      if (document.body.textContent?.includes("cannot be shipped")) said.push("cannot be shipped");
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    const address = detail({}).address;
    renderScreen(<OrderShip />, { member: owner, url: "/send/o1", path: "/send/:id" });
    expect(await screen.findByText(address.name)).toBeTruthy();
    expect(screen.getByText(address.phone)).toBeTruthy();
    expect(screen.getByText(address.detail)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Tracking number"), { target: { value: "SF125" } });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Logistics company" }));
    fireEvent.click(await screen.findByText("SF Express"));
    fireEvent.click(screen.getByRole("button", { name: "Ship" }));
    await waitFor(() => expect(requests.some((r) => r.entry === contract.orders.orderDelivery)).toBe(true));
    // The detail is asked again once the order is shipped (the refresh after the ship).
    await waitFor(() => expect(requests.filter((r) => r.entry === contract.orders.selSellerOrderDetailById).length).toBeGreaterThan(1));
    await new Promise((r) => setTimeout(r, 200));
    watch.disconnect();
    expect(said).toEqual([]);
  }, 60_000);

  it("when the order is not paid, then it says why it cannot be shipped", async () => {
    stub(detail({ status: "pendingPayment" }));
    renderScreen(<OrderShip />, { member: owner, url: "/send/o1", path: "/send/:id" });
    expect(await screen.findByText("Order 20260101120000123456 is pending payment: it cannot be shipped.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Ship" })).toBeNull();
  }, 60_000);
});

describe("revising a price", () => {
  it("when a new total in yuan is given, then it is sent in cents with the reason", async () => {
    const { requests } = stub(detail({ status: "pendingPayment" }));
    renderScreen(<OrderPrice />, { member: owner, url: "/p/o1", path: "/p/:id" });
    fireEvent.change(await screen.findByLabelText("New amount (yuan)"), { target: { value: "45.5" } });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Regular buyer" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the new price" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === contract.orders.orderPriceRevision)?.body).toEqual({
        id: "o1",
        amount: 4550,
        reason: "Regular buyer",
      }),
    );
  }, 60_000);
});

describe("the order's timeline on its detail", () => {
  const shipment = {
    id: "s1",
    expressCode: "SF",
    expressName: "顺丰速运",
    expressNameEn: "SF Express",
    trackingNo: "SF100",
    lines: [{ lineId: "l1", quantity: 1 }],
    shippedAt: "2026-01-01T05:00:00.000Z",
    mode: "express" as const,
    repeatTimes: null,
    repeatEveryDays: null,
    pickupPoint: null,
    pickupCode: null,
    pickedUpAt: null,
  };
  const timelined = detail({
    status: "shipped",
    shipments: [shipment],
    timeline: [
      {
        id: "t1",
        at: "2026-01-01T04:00:00.000Z",
        actor: "seller",
        event: "priceRevised",
        fromStatus: "pendingPayment",
        toStatus: "pendingPayment",
        detail: { goodsName: "Apples", before: 3000, after: 2800, payAfter: 5600, reason: "Regular buyer" },
      },
      {
        id: "t2",
        at: "2026-01-01T05:00:00.000Z",
        actor: "seller",
        event: "shipped",
        fromStatus: "paid",
        toStatus: "shipped",
        detail: { shipmentId: "s1", expressCode: "SF", trackingNo: "SF100" },
      },
      {
        id: "t3",
        at: "2026-01-02T05:00:00.000Z",
        actor: "system",
        event: "other",
        recordedEvent: "teleported",
        fromStatus: "shipped",
        toStatus: "shipped",
        detail: { to: "the moon" },
      },
    ],
  });
  const stubTimeline = () =>
    stubContractFetch((entry) => {
      if (entry === contract.orders.selSellerOrderDetailById) return timelined;
      if (entry === pay.orderChange.selChangeOrderInfo) return [];
      return undefined;
    });

  it("when the detail opens, then each step shows in the orders' words, with its status change, an unread row by its name only", async () => {
    stubTimeline();
    renderScreen(<OrderDetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
    expect(await screen.findByText("Price revised · Seller")).toBeTruthy();
    expect(screen.getByText("Apples · ¥30.00 → ¥28.00 · Order total now ¥56.00 · Reason: Regular buyer")).toBeTruthy();
    expect(screen.getByText("Shipped · Seller")).toBeTruthy();
    expect(screen.getByText("SF Express SF100")).toBeTruthy();
    expect(screen.getByText(/Paid → Shipped/)).toBeTruthy();
    expect(screen.getByText("teleported · System")).toBeTruthy();
    expect(screen.queryByText(/the moon/)).toBeNull();
  }, 60_000);

  it("in Chinese too", async () => {
    await setLanguage("zh");
    try {
      stubTimeline();
      renderScreen(<OrderDetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
      expect(await screen.findByText("改价 · 卖家")).toBeTruthy();
      expect(screen.getByText("Apples · ¥30.00 → ¥28.00 · 订单金额现为 ¥56.00 · 原因：Regular buyer")).toBeTruthy();
      expect(screen.getByText("顺丰速运 SF100")).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  }, 60_000);
});
