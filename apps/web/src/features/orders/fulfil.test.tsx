import { extract, orderFulfil } from "@sbo/contract/orders-fulfil";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { orderDetail } from "@/test/order-fixtures";
import { renderScreen } from "@/test/render";
import { batchLineText } from "./batch-ship-dialog";
import { Component as ExtractPage } from "./extract-page";
import type { RepeatedDeliveries as Data } from "./fulfil.api";
import type { OrderDetail } from "./orders.api";
import { RepeatedDeliveries } from "./repeated-deliveries";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const reader = { memberId: "m2", boId: "b1", isOwner: false, functions: ["order.manage"] } as unknown as MemberInfo;

const order = {
  id: "o1",
  orderNo: "20260101120000123456",
  status: "partlyShipped",
  delivery: { mode: "repeated", repeatTimes: 3, repeatEveryDays: 7, pickupPoint: null, pickupCode: null, pickedUpAt: null },
} as unknown as OrderDetail;

const line = { lineId: "l1", goodsName: "Vegetable box", specValues: [], quantity: 1 };
const rounds: Data = {
  orderId: "o1",
  orderNo: "20260101120000123456",
  status: "partlyShipped",
  repeatTimes: 3,
  repeatEveryDays: 7,
  unplanned: [line],
  rounds: [
    {
      id: "r1",
      orderId: "o1",
      seq: 1,
      plannedOn: "2026-12-01",
      status: "shipped",
      expressCode: "SF",
      expressName: "顺丰速运",
      expressNameEn: "SF Express",
      trackingNo: "SF001",
      lines: [line],
      remark: "",
      shippedAt: "2026-12-01T02:00:00.000Z",
      deliveredAt: null,
    },
    {
      id: "r2",
      orderId: "o1",
      seq: 2,
      plannedOn: "2026-12-08",
      status: "planned",
      expressCode: null,
      expressName: null,
      expressNameEn: null,
      trackingNo: null,
      lines: [line],
      remark: "Tuesday",
      shippedAt: null,
      deliveredAt: null,
    },
  ],
};

/** The order as the hand-over answers it: completed. */
const handedOver = orderDetail({
  status: "completed",
  goodsAmount: 1000,
  freightAmount: 0,
  payAmount: 1000,
  pieces: 1,
  firstLine: null,
  paidAt: "2026-01-01T05:00:00.000Z",
  address: { name: "Li Lei", phone: "13900000001", areaCode: "330106", areaName: "Xihu", detail: "1 West Lake Rd" },
  completedAt: "2026-01-02T05:00:00.000Z",
});

afterEach(() => vi.unstubAllGlobals());

describe("batch ship report", () => {
  it("words a refused row in the reader's language with the column's header", () => {
    const l = {
      row: 4,
      orderNo: "x",
      expressName: "",
      trackingNo: "",
      outcome: "refused" as const,
      field: "orderNo",
      reason: "fulfil.rowOrderUnknown",
    };
    expect(batchLineText(l, "en", "The row")).toBe("Order number: no order of this shop has this number");
    expect(batchLineText(l, "zh", "整行")).toBe("订单编号：本店没有该订单号");
    expect(batchLineText({ ...l, field: "express", reason: "fulfil.rowRequired" }, "en", "The row")).toBe("Logistics company is required");
  });
});

describe("repeated deliveries on the order detail", () => {
  it("when a shipped delivery is marked delivered, then that step is sent", async () => {
    const { requests } = stubContractFetch((entry) => {
      if (entry === orderFulfil.selRepeatedlyDeliveryListByOrderId) return rounds;
      if (entry === orderFulfil.updOrderRepeatedlyDeliveryV2) return rounds;
      return undefined;
    });
    renderScreen(<RepeatedDeliveries order={order} />, { member: owner });
    expect(await screen.findByText("SF Express SF001")).toBeTruthy();
    expect(screen.getByText(/3 deliveries, every 7 days/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ship: 2" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Mark delivered: 1" }));
    const confirm = await screen.findByRole("tooltip");
    fireEvent.click(within(confirm).getByRole("button", { name: "Mark delivered" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === orderFulfil.updOrderRepeatedlyDeliveryV2)?.body).toEqual({
        orderId: "o1",
        roundId: "r1",
        status: "delivered",
      }),
    );
  }, 60_000);

  it("when the member may not ship, then the deliveries are read-only", async () => {
    stubContractFetch((entry) => (entry === orderFulfil.selRepeatedlyDeliveryListByOrderId ? rounds : undefined));
    renderScreen(<RepeatedDeliveries order={order} />, { member: reader });
    expect(await screen.findByText("SF Express SF001")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Ship: / })).toBeNull();
    expect(screen.queryByRole("button", { name: "Plan a delivery" })).toBeNull();
  }, 60_000);
});

describe("the self-pickup screen", () => {
  it("when a pickup code is typed, then it is verified and the order named", async () => {
    const { requests } = stubContractFetch((entry, body) => {
      if (entry === extract.selAwaitingPickupByPage) return { list: [], total: 0, pageNum: 1, pageSize: 20 };
      if (entry === extract.verifyPickupCode) return handedOver;
      void body;
      return undefined;
    });
    renderScreen(<ExtractPage />, { member: owner });
    expect(await screen.findByText("No paid pickup orders are waiting.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Pickup code"), { target: { value: "12345678" } });
    fireEvent.click(screen.getByRole("button", { name: "Hand over" }));
    await waitFor(() => expect(requests.find((r) => r.entry === extract.verifyPickupCode)?.body).toEqual({ code: "12345678" }));
    expect(await screen.findByText("Order 20260101120000123456 handed over")).toBeTruthy();
  }, 60_000);
});
