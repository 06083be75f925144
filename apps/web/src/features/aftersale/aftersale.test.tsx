import * as contract from "@sbo/contract/aftersale";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { orderDetail } from "@/test/order-fixtures";
import { renderScreen } from "@/test/render";
import type { AfterSaleDetail, AfterSaleOrder, AfterSaleRow } from "./aftersale.api";
import { Component as HandlePage } from "./aftersale-handle-page";
import { Component as ListPage } from "./aftersale-list-page";
import { Component as OrderPage } from "./aftersale-order-page";
import { Component as ResultPage } from "./aftersale-result-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

const row = (over: Partial<AfterSaleRow> = {}): AfterSaleRow => ({
  id: "a1",
  afterSaleNo: "S20260101120000123456",
  orderId: "o1",
  orderNo: "20260101120000654321",
  lineId: "l1",
  goodsName: "West Lake tea",
  specValues: ["250 g"],
  image: null,
  type: "returnRefund",
  state: "applied",
  quantity: 2,
  amount: 5000,
  reasonCode: "quality",
  reasonName: "质量问题",
  reasonNameEn: "Quality problem",
  buyerName: "Li Lei",
  buyerPhone: "139****0001",
  appliedAt: "2026-01-01T04:00:00.000Z",
  autoApproveAt: "2026-01-04T04:00:00.000Z",
  updatedAt: "2026-01-01T04:00:00.000Z",
  ...over,
});

const detail = (over: Partial<AfterSaleDetail> = {}): AfterSaleDetail => ({
  ...row(),
  buyerPhone: "13900000001",
  description: "Two tins were dented",
  images: [{ id: "f1", url: "/files/f1", name: "dent.png" }],
  rejectReason: null,
  autoApproved: false,
  returnParcel: null,
  exchangeParcel: null,
  refund: null,
  decidedAt: null,
  buyerShippedAt: null,
  receivedAt: null,
  refundedAt: null,
  exchangeShippedAt: null,
  lineQuantity: 2,
  lineAmount: 5000,
  orderPaid: 5800,
  orderRefunded: 0,
  orderStatus: "shipped",
  timeline: [
    {
      id: "e1",
      at: "2026-01-01T04:00:00.000Z",
      actor: "buyer",
      event: "afterSaleApplied",
      fromStatus: "shipped",
      toStatus: "shipped",
      detail: { afterSaleId: "a1" },
    },
  ],
  ...over,
});

const counts = (n: number) => ({
  stateCounts: {
    all: n,
    applied: n,
    approved: 0,
    rejected: 0,
    withdrawn: 0,
    buyerShipped: 0,
    received: 0,
    refunded: 0,
    exchangeShipped: 0,
    closed: 0,
  },
  typeCounts: { all: n, refundOnly: 0, returnRefund: n, exchange: 0 },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(d: AfterSaleDetail = detail()) {
  return stubContractFetch((entry) => {
    if (entry === contract.afterSale.selOrderGoodsAfterSaleService)
      return { list: [row()], total: 1, pageNum: 1, pageSize: 20, ...counts(1) };
    if (entry === contract.afterSale.selAfterSaleById) return d;
    if (entry === contract.afterSale.approveApply) return { ...d, state: "approved" };
    if (entry === contract.afterSale.rejectApply) return { ...d, state: "rejected", rejectReason: "Opened and used" };
    if (entry === contract.afterSale.confirmReceipt) return { ...d, state: "received" };
    if (entry === contract.afterSale.refundApply) return { ...d, state: "refunded" };
    if (entry === contract.afterSale.shipExchange) return { ...d, state: "exchangeShipped" };
    return undefined;
  });
}

describe("the after-sales list", () => {
  it("when it opens, then the state and type tabs show their counts and a row leads to its handling screen", async () => {
    const { requests } = stub();
    renderScreen(<ListPage />, { member: owner });
    expect(await screen.findByText("S20260101120000123456")).toBeTruthy();
    expect(screen.getByRole("tab", { name: /Awaiting decision\s*1/ })).toBeTruthy();
    expect(screen.getByText("Return and refund 1")).toBeTruthy();
    expect(screen.getByText("Quality problem")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Handle: S20260101120000123456" })).toBeTruthy();
    expect(requests.find((r) => r.entry === contract.afterSale.selOrderGoodsAfterSaleService)?.body).toMatchObject({
      type: "all",
      state: "all",
    });
  }, 60_000);

  it("when a state tab is chosen, then the list asks for that state", async () => {
    const { requests } = stub();
    renderScreen(<ListPage />, { member: owner });
    fireEvent.click(await screen.findByRole("tab", { name: /Awaiting decision/ }));
    await waitFor(() =>
      expect(requests.some((r) => r.entry === contract.afterSale.selOrderGoodsAfterSaleService && r.body.state === "applied")).toBe(true),
    );
  }, 60_000);
});

describe("handling an application", () => {
  it("when an application awaiting a decision is approved, then approve is sent after a confirmation and the result screen follows", async () => {
    const { requests } = stub();
    const { router } = renderScreen(<HandlePage />, { member: owner, url: "/transaction/orderAfterManage/orderReturn?id=a1" });
    expect(await screen.findByText("Two tins were dented")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Image 1 of the buyer" })).toBeTruthy();
    expect(screen.getByText("Applied · Buyer")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    const confirm = await screen.findByRole("tooltip");
    fireEvent.click(within(confirm).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(requests.find((r) => r.entry === contract.afterSale.approveApply)?.body).toEqual({ id: "a1" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/transaction/orderAfterManage/orderReturnResult"));
    expect(router.state.location.search).toBe("?id=a1&action=approve");
  }, 60_000);

  it("when a refund only awaits a decision, then Approve and refund sends both in one call, after a confirmation naming the amount", async () => {
    const { requests } = stub(detail({ type: "refundOnly", amount: 1200 }));
    const { router } = renderScreen(<HandlePage />, { member: owner, url: "/transaction/orderAfterManage/orderRefund?id=a1" });
    fireEvent.click(await screen.findByRole("button", { name: "Approve and refund" }));
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText(/and refund ¥12\.00 to the buyer now\?/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Approve and refund" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === contract.afterSale.approveApply)?.body).toEqual({ id: "a1", refundNow: true }),
    );
    expect(requests.some((r) => r.entry === contract.afterSale.refundApply)).toBe(false);
    await waitFor(() => expect(router.state.location.search).toContain("action=refund"));
  }, 60_000);

  it("when an application is rejected, then a reason is required and sent", async () => {
    const { requests } = stub(detail({ type: "exchange", amount: 0 }));
    renderScreen(<HandlePage />, { member: owner, url: "/transaction/orderAfterManage/orderBarter?id=a1" });
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Reason is required")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Opened and used" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === contract.afterSale.rejectApply)?.body).toEqual({ id: "a1", reason: "Opened and used" }),
    );
  }, 60_000);

  it("when a return is back, then only confirm receipt is offered; when received, then refund", async () => {
    stub(
      detail({
        state: "buyerShipped",
        returnParcel: { expressCode: "SF", expressName: "顺丰速运", expressNameEn: "SF Express", trackingNo: "SF100" },
      }),
    );
    renderScreen(<HandlePage />, { member: owner, url: "/transaction/orderAfterManage/orderReturn?id=a1" });
    expect(await screen.findByRole("button", { name: "Confirm receipt" })).toBeTruthy();
    expect(screen.getAllByText("SF Express SF100").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
  }, 60_000);

  it("when a received return is refunded, then refund is sent after a confirmation naming the amount", async () => {
    const { requests } = stub(detail({ state: "received" }));
    renderScreen(<HandlePage />, { member: owner, url: "/transaction/orderAfterManage/orderReturn?id=a1" });
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText(/Refund ¥50\.00 to the buyer/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(requests.find((r) => r.entry === contract.afterSale.refundApply)?.body).toEqual({ id: "a1" }));
  }, 60_000);

  it("when a received exchange is shipped without logistics, then they are required and nothing is sent", async () => {
    const { requests } = stubContractFetch((entry) => {
      if (entry === contract.afterSale.selAfterSaleById) return detail({ type: "exchange", amount: 0, state: "received" });
      if (entry === contract.afterSale.shipExchange) return detail({ type: "exchange", amount: 0, state: "exchangeShipped" });
      if (entry.path.endsWith("selSpecItemListByDictId")) return [{ code: "SF", name: "顺丰速运", nameEn: "SF Express", sort: 1 }];
      return undefined;
    });
    renderScreen(<HandlePage />, { member: owner, url: "/transaction/orderAfterManage/orderBarter?id=a1" });
    fireEvent.click(await screen.findByRole("button", { name: "Ship the exchange" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Ship" }));
    expect(await within(dialog).findByText("Tracking number is required")).toBeTruthy();
    expect(requests.some((r) => r.entry === contract.afterSale.shipExchange)).toBe(false);
  }, 60_000);

  it("when an exchange is opened on the refund screen, then it moves to the exchange screen", async () => {
    stub(detail({ type: "exchange", amount: 0 }));
    const { router } = renderScreen(<HandlePage />, { member: owner, url: "/transaction/orderAfterManage/orderRefund?id=a1" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/transaction/orderAfterManage/orderBarter"));
  }, 60_000);
});

describe("the result and the order", () => {
  it("when a refund is done, then the result says so and offers the next steps", async () => {
    stub(detail({ state: "refunded", orderRefunded: 5000 }));
    renderScreen(<ResultPage />, { member: owner, url: "/transaction/orderAfterManage/orderReturnResult?id=a1&action=refund" });
    expect(await screen.findByText("After-sale S20260101120000123456 is refunded")).toBeTruthy();
    expect(screen.getByText("Closed: nothing more to do.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next awaiting a decision" })).toBeTruthy();
  }, 60_000);

  it("when the after-sale's order opens, then its after-sales, refunded total and timeline show read-only", async () => {
    const data: AfterSaleOrder = {
      order: orderDetail({
        orderNo: "20260101120000654321",
        status: "shipped",
        paidAt: "2026-01-01T04:01:00.000Z",
        address: { name: "Li Lei", phone: "13900000001", areaCode: "330106", areaName: "Xihu", detail: "1 West Lake Rd" },
        timeline: [
          {
            id: "e1",
            at: "2026-01-02T04:00:00.000Z",
            actor: "seller",
            event: "afterSaleRefunded",
            fromStatus: "shipped",
            toStatus: "shipped",
            detail: { afterSaleNo: "S20260101120000123456", type: "returnRefund", refunded: 5000 },
          },
        ],
      }),
      afterSales: [row({ state: "refunded", autoApproveAt: null })],
      refunded: 5000,
    };
    stubContractFetch((entry) => (entry === contract.afterSale.selAfterSaleOrderDetail ? data : undefined));
    renderScreen(<OrderPage />, { member: owner, url: "/x/a1", path: "/x/:id" });
    expect(await screen.findByText("After-sale refunded · Seller")).toBeTruthy();
    expect(screen.getByText("S20260101120000123456 · Return and refund · ¥50.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "S20260101120000123456" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
  }, 60_000);
});

describe("the after-sale's order timeline", () => {
  const data: AfterSaleOrder = {
    order: orderDetail({
      orderNo: "20260101120000654321",
      status: "shipped",
      timeline: [
        {
          id: "e1",
          at: "2026-01-01T05:00:00.000Z",
          actor: "seller",
          event: "shipped",
          fromStatus: "paid",
          toStatus: "shipped",
          detail: { shipmentId: "s1", expressCode: "SF", trackingNo: "SF100" },
        },
        {
          id: "e2",
          at: "2026-01-02T04:00:00.000Z",
          actor: "buyer",
          event: "afterSaleReturnShipped",
          fromStatus: "shipped",
          toStatus: "shipped",
          detail: { afterSaleNo: "S20260101120000123456", type: "returnRefund", trackingNo: "YT900" },
        },
        {
          id: "e3",
          at: "2026-01-03T04:00:00.000Z",
          actor: "seller",
          event: "afterSaleRejected",
          fromStatus: "shipped",
          toStatus: "shipped",
          detail: { afterSaleNo: "S20260101120000999999", type: "exchange", reason: "Worn" },
        },
        {
          id: "e4",
          at: "2026-01-04T04:00:00.000Z",
          actor: "system",
          event: "other",
          recordedEvent: "teleported",
          fromStatus: "shipped",
          toStatus: "shipped",
          detail: { to: "the moon" },
        },
      ],
    }),
    afterSales: [row({ state: "buyerShipped", autoApproveAt: null })],
    refunded: 0,
  };
  const open = () => {
    stubContractFetch((entry) => (entry === contract.afterSale.selAfterSaleOrderDetail ? data : undefined));
    renderScreen(<OrderPage />, { member: owner, url: "/x/a1", path: "/x/:id" });
  };

  it("when it opens, then the shared timeline tells each step in this screen's words, without status changes, an unread row by its name", async () => {
    open();
    expect(await screen.findByText("After-sale goods shipped back · Buyer")).toBeTruthy();
    expect(screen.getByText("S20260101120000123456 · Return and refund · YT900")).toBeTruthy();
    expect(screen.getByText("S20260101120000999999 · Exchange · Reason: Worn")).toBeTruthy();
    expect(screen.getByText("Shipped · Seller")).toBeTruthy();
    expect(screen.getByText("SF100")).toBeTruthy();
    expect(screen.getByText("teleported · System")).toBeTruthy();
    expect(screen.queryByText(/the moon/)).toBeNull();
    expect(screen.queryByText(/→/)).toBeNull();
  }, 60_000);

  it("in Chinese too", async () => {
    await setLanguage("zh");
    try {
      open();
      expect(await screen.findByText("S20260101120000999999 · 换货 · 原因：Worn")).toBeTruthy();
      expect(screen.getByText("S20260101120000123456 · 退货退款 · YT900")).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  }, 60_000);
});
