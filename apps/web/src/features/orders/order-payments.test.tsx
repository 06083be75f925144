import * as contract from "@sbo/contract/orders";
import * as pay from "@sbo/contract/orders-pay";
import type { MemberInfo } from "@sbo/contract/session";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { orderDetail } from "@/test/order-fixtures";
import { renderScreen } from "@/test/render";
import { Component as OrderDetailPage } from "./order-detail-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const clerk = { memberId: "m3", boId: "b1", isOwner: false, functions: ["order.manage"] } as unknown as MemberInfo;

const payment = (id: string, at: string) => ({
  id,
  method: "online" as const,
  provider: "sandbox",
  amount: 5800,
  status: "succeeded" as const,
  voucherFileId: null,
  payerName: null,
  bankRef: null,
  rejectReason: null,
  createdAt: at,
  refund: null,
});

/** Li Lei paid order …456 twice: the second payment was given back; a third is still due after two refusals. */
const order = orderDetail({
  payments: [
    payment("p1", "2026-01-01T04:10:00.000Z"),
    {
      ...payment("p2", "2026-01-01T04:11:00.000Z"),
      refund: {
        id: "r2",
        reason: "alreadyPaid",
        status: "refunded",
        amount: 5800,
        providerRef: "SBR1",
        failedAttempts: 0,
        lastAttemptAt: "2026-01-01T04:11:00.000Z",
        refundedAt: "2026-01-01T04:11:00.000Z",
      },
    },
    {
      ...payment("p3", "2026-01-01T04:12:00.000Z"),
      refund: {
        id: "r3",
        reason: "alreadyPaid",
        status: "due",
        amount: 5800,
        providerRef: null,
        failedAttempts: 2,
        lastAttemptAt: "2026-01-01T05:00:00.000Z",
        refundedAt: null,
      },
    },
  ],
  timeline: [
    {
      id: "t1",
      at: "2026-01-01T04:11:00.000Z",
      actor: "system",
      event: "paymentRefunded",
      fromStatus: "paid",
      toStatus: "paid",
      detail: { paymentId: "p2", amount: 5800, reason: "alreadyPaid" },
    },
  ],
});

afterEach(() => vi.unstubAllGlobals());

function stub() {
  return stubContractFetch((entry) => {
    if (entry === contract.orders.selSellerOrderDetailById) return order;
    if (entry === pay.orderChange.selChangeOrderInfo) return [];
    return undefined;
  });
}

describe("the order detail's payments and refunds", () => {
  it("when the buyer paid twice, then each payment shows, the one given back says why and when, the due one points to Finance", async () => {
    stub();
    renderScreen(<OrderDetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
    const section = (await screen.findByText("Payments and refunds")).closest(".ant-card") as HTMLElement;
    const rows = within(section).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText("Refunded")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Paid twice")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(/^¥58\.00 on 2026-01-01/)).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("Refund due")).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("The payment service refused 2 times; retry from Finance")).toBeTruthy();
    expect(
      within(rows[2] as HTMLElement)
        .getByRole("link", { name: "Open Finance" })
        .getAttribute("href"),
    ).toBe("/transaction/finance/index");
    // The timeline words the refund in seller terms, never its code.
    expect(screen.getByText("Payment given back to the buyer · System")).toBeTruthy();
    expect(screen.getByText("¥58.00 · Paid twice")).toBeTruthy();
    expect(screen.queryByText(/alreadyPaid/)).toBeNull();
  }, 60_000);

  it("when the member has no finance function, then the due refund says so without the link", async () => {
    stub();
    renderScreen(<OrderDetailPage />, { member: clerk, url: "/d/o1", path: "/d/:id" });
    expect(await screen.findByText("Refund due")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Open Finance" })).toBeNull();
  }, 60_000);

  it("in Chinese too", async () => {
    await setLanguage("zh");
    try {
      stub();
      renderScreen(<OrderDetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
      expect(await screen.findByText("付款与退款")).toBeTruthy();
      expect(screen.getByText("已退款")).toBeTruthy();
      expect(screen.getByText("待退款")).toBeTruthy();
      expect(screen.getAllByText("重复付款").length).toBeGreaterThan(0);
      expect(screen.getByRole("link", { name: "前往财务账户" })).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  }, 60_000);
});
