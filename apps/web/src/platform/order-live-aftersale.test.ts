import { QueryClient } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { applyOrderEvent, clearNewAfterSales, useNewAfterSaleCount } from "./order-live";

const event = (id: number) => ({
  id,
  kind: "afterSaleApplied" as const,
  orderId: "o1",
  orderNo: "20260101120000654321",
  actor: "buyer" as const,
  payAmount: 5800,
  at: "2026-01-01T04:00:00.000Z",
});

describe("a new after-sale application arriving live", () => {
  it("when one arrives, then the after-sale queries refresh and the menu's count grows once per event", () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const { result } = renderHook(() => useNewAfterSaleCount());
    const seen = new Set<number>();
    act(() => {
      applyOrderEvent(client, event(1), seen);
      applyOrderEvent(client, event(1), seen);
      applyOrderEvent(client, event(2), seen);
    });
    expect(result.current).toBe(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["afterSale"] });
    act(() => clearNewAfterSales());
    expect(result.current).toBe(0);
  });
});
