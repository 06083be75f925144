import { afterSale } from "@sbo/contract/aftersale";
import { orderDesk } from "@sbo/contract/orders-desk";
import type { MemberInfo } from "@sbo/contract/session";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { TodoCard } from "./todo-card";

const member = (functions: string[]) => ({ memberId: "m2", boId: "b1", isOwner: false, functions }) as unknown as MemberInfo;

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub() {
  return stubContractFetch((entry) => {
    if (entry === orderDesk.selSellerTodo) return { toShip: 3, vouchers: 1, reminders: 0 };
    if (entry === afterSale.selAfterSaleTodoCount) return { applied: 4, buyerShipped: 2 };
    return undefined;
  });
}

describe("the home's to-dos", () => {
  it("when the member handles after-sales, then those awaiting a decision link to the list's tab", async () => {
    stub();
    renderScreen(<TodoCard />, { member: member(["order.manage", "order.afterSale"]) });
    const link = await screen.findByRole("link", { name: "After-sales awaiting a decision 4" });
    expect(link.getAttribute("href")).toBe("/transaction/orderAfterManage?tab=applied");
    const back = screen.getByRole("link", { name: "Returns back, to confirm received 2" });
    expect(back.getAttribute("href")).toBe("/transaction/orderAfterManage?tab=buyerShipped");
    expect(screen.getByRole("link", { name: "Orders to ship 3" })).toBeTruthy();
  }, 30_000);

  it("when the member may not handle after-sales, then there is no such to-do and nothing is asked", async () => {
    const { requests } = stub();
    renderScreen(<TodoCard />, { member: member(["order.manage"]) });
    expect(await screen.findByRole("link", { name: "Orders to ship 3" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /After-sales/ })).toBeNull();
    expect(requests.some((r) => r.entry === afterSale.selAfterSaleTodoCount)).toBe(false);
  }, 30_000);
});
