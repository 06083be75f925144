import * as invoices from "@sbo/contract/invoice";
import * as contract from "@sbo/contract/orders";
import * as pay from "@sbo/contract/orders-pay";
import type { MemberInfo } from "@sbo/contract/session";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { orderDetail } from "@/test/order-fixtures";
import { renderScreen } from "@/test/render";
import { Component as OrderDetailPage } from "./order-detail-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const clerk = { memberId: "m3", boId: "b1", isOwner: false, functions: ["order.manage"] } as unknown as MemberInfo;

const order = orderDetail({
  freightAmount: 0,
  payAmount: 5000,
  pieces: 1,
  paidAt: "2026-01-01T04:05:00.000Z",
  address: { name: "Li Lei", phone: "13900000001", areaCode: "330106", areaName: "Xihu", detail: "1 West Lake Rd" },
});

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
