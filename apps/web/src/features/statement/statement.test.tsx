import type { MemberInfo } from "@sbo/contract/session";
import * as contract from "@sbo/contract/statement";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as StatementPage } from "./statement-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

afterEach(() => vi.unstubAllGlobals());

const figures = { orders: 3, salesAmount: 30000, refundAmount: 5000, feeAmount: 150, netAmount: 24850 };

function stub() {
  return stubContractFetch((entry, body) => {
    if (entry === contract.statement.selSellerNumByPC) return figures;
    if (entry === contract.statement.selSellerDateNumByPC)
      return {
        list: [
          { day: "2026-03-02", orders: 0, salesAmount: 0, refundAmount: 2000, feeAmount: 0, netAmount: -2000 },
          { day: "2026-03-01", orders: 3, salesAmount: 30000, refundAmount: 3000, feeAmount: 150, netAmount: 26850 },
        ],
        total: 2,
        pageNum: 1,
        pageSize: 20,
      };
    if (entry === contract.statement.selSellerStatementByPC)
      return {
        list: [
          {
            orderId: "o1",
            orderNo: `2026030100000000000${String(body.from).slice(-1)}`,
            status: "completed",
            paidAt: "2026-03-01T02:00:00.000Z",
            payAmount: 10000,
            freightAmount: 0,
            refundedAmount: 3000,
            feeAmount: 60,
            netAmount: 6940,
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 20,
      };
    return undefined;
  });
}

describe("the statements", () => {
  it("when it opens on a range, then the totals and each day's figures show, a day of refunds negative", async () => {
    const { requests } = stub();
    renderScreen(<StatementPage />, { member: owner, url: "/s?from=2026-03-01&to=2026-03-31", path: "/s" });
    const totals = await screen.findByRole("group", { name: "Totals from 2026-03-01 to 2026-03-31" });
    await waitFor(() => expect(within(totals).getByText("¥248.50")).toBeTruthy());
    expect(within(totals).getByText("¥300.00")).toBeTruthy();
    const refundDay = (await screen.findByText("2026-03-02")).closest("tr") as HTMLElement;
    expect(within(refundDay).getByText("-¥20.00")).toBeTruthy();
    // A day without orders offers none to open.
    expect(within(refundDay).queryByRole("button", { name: /^Orders: / })).toBeNull();
    expect(requests.find((q) => q.entry === contract.statement.selSellerDateNumByPC)?.body).toMatchObject({
      from: "2026-03-01",
      to: "2026-03-31",
    });
    expect(requests.find((q) => q.entry === contract.statement.selSellerNumByPC)?.body).toEqual({ from: "2026-03-01", to: "2026-03-31" });
  }, 60_000);

  it("when a day's orders are opened, then that day's orders are asked for and listed with their net", async () => {
    const { requests } = stub();
    renderScreen(<StatementPage />, { member: owner, url: "/s?from=2026-03-01&to=2026-03-31", path: "/s" });
    fireEvent.click(await screen.findByRole("button", { name: "Orders: 2026-03-01" }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByRole("link", { name: "20260301000000000001" })).toBeTruthy();
    expect(within(drawer).getByText("¥69.40")).toBeTruthy();
    expect(requests.find((q) => q.entry === contract.statement.selSellerStatementByPC)?.body).toMatchObject({
      from: "2026-03-01",
      to: "2026-03-01",
    });
  }, 60_000);

  it("when no range is given, then the last 30 days are asked for", async () => {
    const { requests } = stub();
    renderScreen(<StatementPage />, { member: owner, url: "/s", path: "/s" });
    await screen.findByText("2026-03-01");
    const body = requests.find((q) => q.entry === contract.statement.selSellerNumByPC)?.body as { from: string; to: string };
    expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBe(29);
  }, 60_000);
});
