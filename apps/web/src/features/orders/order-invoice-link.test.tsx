import * as invoices from "@sbo/contract/invoice";
import * as contract from "@sbo/contract/orders";
import * as pay from "@sbo/contract/orders-pay";
import type { MemberInfo } from "@sbo/contract/session";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as OrderDetailPage } from "./order-detail-page";
import type { OrderDetail } from "./orders.api";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const clerk = { memberId: "m3", boId: "b1", isOwner: false, functions: ["order.manage"] } as unknown as MemberInfo;

const order = {
  id: "o1",
  orderNo: "20260101120000123456",
  boId: "b1",
  shopName: "Green Valley",
  status: "paid",
  buyerName: "Li Lei",
  buyerPhone: "13900000001",
  goodsAmount: 5000,
  freightAmount: 0,
  discountAmount: 0,
  reviseAmount: 0,
  payAmount: 5000,
  payMethod: "online",
  lineCount: 1,
  pieces: 1,
  firstLine: { goodsName: "West Lake tea", image: null, specValues: [] },
  sellerRemark: "",
  flagColor: null,
  createdAt: "2026-01-01T04:00:00.000Z",
  paidAt: "2026-01-01T04:05:00.000Z",
  address: { name: "Li Lei", phone: "13900000001", areaCode: "330106", areaName: "Xihu", detail: "1 West Lake Rd" },
  buyerRemark: "",
  cancelReason: null,
  cancelledBy: null,
  shippedAt: null,
  receivedAt: null,
  completedAt: null,
  cancelledAt: null,
  remindCount: 0,
  remindedAt: null,
  lines: [],
  timeline: [],
  shipments: [],
  payments: [],
} as unknown as OrderDetail;

afterEach(() => vi.unstubAllGlobals());

function stub() {
  return stubContractFetch((entry) => {
    if (entry === contract.orders.selSellerOrderDetailById) return order;
    if (entry === pay.orderChange.selChangeOrderInfo) return [];
    if (entry === invoices.invoice.selInvoiceByOrderId) return { id: "i7", state: "issued" };
    return undefined;
  });
}

describe("the order detail's invoice", () => {
  it("when the order has an invoice request, then its state links to the invoice's details", async () => {
    stub();
    renderScreen(<OrderDetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
    const link = await screen.findByRole("link", { name: "Issued" });
    expect(link.getAttribute("href")).toBe("/transaction/invoice/invoiceList/invoiceDetails?id=i7");
  }, 60_000);

  it("when the member does not see invoices, then the invoice is not asked for", async () => {
    const { requests } = stub();
    renderScreen(<OrderDetailPage />, { member: clerk, url: "/d/o1", path: "/d/:id" });
    expect(await screen.findByText("Green Valley")).toBeTruthy();
    expect(requests.some((r) => r.entry === invoices.invoice.selInvoiceByOrderId)).toBe(false);
    expect(screen.queryByRole("link", { name: "Issued" })).toBeNull();
  }, 60_000);
});
