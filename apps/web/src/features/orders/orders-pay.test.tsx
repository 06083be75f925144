import * as contract from "@sbo/contract/orders";
import * as pay from "@sbo/contract/orders-pay";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { orderDetail, orderLine } from "@/test/order-fixtures";
import { renderScreen } from "@/test/render";
import { Component as OrderDetailPage } from "./order-detail-page";
import type { VoucherRow } from "./orders-pay.api";
import { Component as VoucherQueue } from "./voucher-queue-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const viewer = { memberId: "m4", boId: "b1", isOwner: false, functions: ["order.manage"] } as unknown as MemberInfo;

const voucher = (over: Partial<VoucherRow> = {}): VoucherRow => ({
  id: "v1",
  orderId: "o1",
  orderNo: "20260101120000123456",
  orderStatus: "pendingPayment",
  orderPayAmount: 5800,
  amount: 5800,
  payerName: "Li Lei",
  bankRef: "ICBC-778899",
  voucher: { id: "f1", url: "/files/f1", name: "transfer.png" },
  status: "reviewing",
  rejectReason: null,
  buyerName: "Li Lei",
  buyerPhone: "139****0001",
  createdAt: "2026-01-01T04:00:00.000Z",
  reviewedAt: null,
  ...over,
});

const order = orderDetail({
  status: "pendingPayment",
  payMethod: null,
  paidAt: null,
  lines: [orderLine()],
  payments: [
    {
      id: "v1",
      method: "offline",
      provider: "offline",
      amount: 5800,
      status: "reviewing",
      voucherFileId: "f1",
      payerName: "Li Lei",
      bankRef: "ICBC-778899",
      rejectReason: null,
      createdAt: "2026-01-01T04:00:00.000Z",
      refund: null,
    },
  ],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(v: VoucherRow = voucher()) {
  return stubContractFetch((entry) => {
    if (entry === pay.orderPay.selPayListByParam) return { list: [v], total: 1, pageNum: 1, pageSize: 20 };
    if (entry === pay.orderPay.selVoucherById) return v;
    if (entry === pay.orderPay.auditVoucherPass) return { ...v, status: "passed", orderStatus: "paid" };
    if (entry === pay.orderPay.auditVoucherReject) return { ...v, status: "rejected" };
    if (entry === pay.orderChange.selChangeOrderInfo)
      return [
        {
          id: "c1",
          at: "2026-01-01T06:00:00.000Z",
          actorName: "Lin Qing",
          reason: "One tin was dented",
          lines: [
            {
              lineId: "l1",
              goodsName: "West Lake tea",
              specValues: [],
              quantityBefore: 3,
              quantityAfter: 2,
              amountBefore: 7500,
              amountAfter: 5000,
            },
          ],
          payBefore: 8300,
          payAfter: 5800,
          refundDue: 0,
        },
      ];
    if (entry === pay.orderChange.changeOrderInfo) return order;
    if (entry === contract.orders.selSellerOrderDetailById) return order;
    return undefined;
  });
}

describe("the payment-voucher queue", () => {
  it("when a voucher in review is passed, then the pass is sent for it after a confirmation", async () => {
    const { requests } = stub();
    renderScreen(<VoucherQueue />, { member: owner });
    fireEvent.click(await screen.findByRole("button", { name: "Review: 20260101120000123456" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByRole("img", { name: "Payment voucher of order 20260101120000123456" })).toBeTruthy();
    expect(within(dialog).getByText("ICBC-778899")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Pass" }));
    const confirm = await screen.findByRole("tooltip");
    fireEvent.click(within(confirm).getByRole("button", { name: "Pass" }));
    await waitFor(() => expect(requests.find((r) => r.entry === pay.orderPay.auditVoucherPass)?.body).toEqual({ id: "v1" }));
  }, 60_000);

  it("when a voucher is rejected, then a reason is required and sent", async () => {
    const { requests } = stub();
    renderScreen(<VoucherQueue />, { member: owner });
    fireEvent.click(await screen.findByRole("button", { name: "Review: 20260101120000123456" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(await within(dialog).findByRole("button", { name: "Reject" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Reason for rejecting is required")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Reason for rejecting"), { target: { value: "Not on our statement" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === pay.orderPay.auditVoucherReject)?.body).toEqual({ id: "v1", reason: "Not on our statement" }),
    );
  }, 60_000);

  it("when the order's price changed since the upload, then the difference shows and Pass is disabled", async () => {
    stub(voucher({ orderPayAmount: 4800 }));
    renderScreen(<VoucherQueue />, { member: owner });
    fireEvent.click(await screen.findByRole("button", { name: "Review: 20260101120000123456" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("The order now costs ¥48.00")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Pass" }) as HTMLButtonElement).disabled).toBe(true);
  }, 60_000);
});

describe("the order detail's vouchers and changes", () => {
  it("when the owner opens a pending order, then its voucher, goods changes and the change and address actions show", async () => {
    const { requests } = stub();
    renderScreen(<OrderDetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
    expect(await screen.findByText("Offline payment vouchers")).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Review: / })).toBeTruthy();
    expect(await screen.findByText("West Lake tea: quantity 3 → 2 (¥75.00 → ¥50.00)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Change goods" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("New quantity of West Lake tea"), { target: { value: "3" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "The buyer asked for one more" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save the change" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === pay.orderChange.changeOrderInfo)?.body).toEqual({
        id: "o1",
        lines: [{ lineId: "l1", quantity: 3 }],
        reason: "The buyer asked for one more",
      }),
    );
    expect(screen.getByRole("button", { name: "Change address" })).toBeTruthy();
  }, 60_000);

  it("when a member without the review and change functions opens it, then there is no review or change", async () => {
    stub();
    renderScreen(<OrderDetailPage />, { member: viewer, url: "/d/o1", path: "/d/:id" });
    expect(await screen.findByText("Offline payment vouchers")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Review: / })).toBeNull();
    expect(screen.queryByRole("button", { name: "Change goods" })).toBeNull();
  }, 60_000);
});
