import { evaluation } from "@sbo/contract/evaluation";
import * as contract from "@sbo/contract/orders";
import type { MemberInfo } from "@sbo/contract/session";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { orderDetail } from "@/test/order-fixtures";
import { renderScreen } from "@/test/render";
import { Component as OrderDetailPage } from "./order-detail-page";

/* The order detail links to the order's evaluation (the evaluation feature's screen) when it has one. */

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const orderViewer = { memberId: "m4", boId: "b1", isOwner: false, functions: ["order.manage"] } as unknown as MemberInfo;

afterEach(() => {
  vi.unstubAllGlobals();
});

const evaluated = {
  id: "e1",
  orderId: "o1",
  orderNo: "20260101120000123456",
  shopName: "Green Valley",
  buyerName: "139****0001",
  score: 4,
  descriptionScore: 4,
  serviceScore: 4,
  logisticsScore: 4,
  lines: [],
  followUp: null,
  reply: null,
  createdAt: "2026-01-03T04:00:00.000Z",
};

const order = orderDetail({
  status: "received",
  freightAmount: 0,
  payAmount: 5000,
  shippedAt: "2026-01-02T04:00:00.000Z",
  receivedAt: "2026-01-03T04:00:00.000Z",
});

describe("the order detail's link", () => {
  it("when a received order has an evaluation, then the detail offers View evaluation; without the function it does not ask", async () => {
    const { requests } = stubContractFetch((entry) => {
      if (entry === contract.orders.selSellerOrderDetailById) return order;
      if (entry === evaluation.selEvalByOrderId) return evaluated;
      return undefined;
    });
    const first = renderScreen(<OrderDetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
    expect(await screen.findByRole("button", { name: "View evaluation" })).toBeTruthy();
    first.unmount();
    requests.length = 0;
    renderScreen(<OrderDetailPage />, { member: orderViewer, url: "/d/o1", path: "/d/:id" });
    expect(await screen.findByRole("heading", { name: /20260101120000123456/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "View evaluation" })).toBeNull();
    expect(requests.some((r) => r.entry === evaluation.selEvalByOrderId)).toBe(false);
  }, 60_000);

  it("when a received order has no evaluation yet, then there is no link", async () => {
    const { requests } = stubContractFetch((entry) => {
      if (entry === contract.orders.selSellerOrderDetailById) return order;
      return undefined;
    });
    renderScreen(<OrderDetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
    expect(await screen.findByRole("heading", { name: /20260101120000123456/ })).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.entry === evaluation.selEvalByOrderId)).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("button", { name: "View evaluation" })).toBeNull();
  }, 60_000);
});
