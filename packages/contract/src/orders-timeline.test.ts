import { describe, expect, it } from "vitest";
import { orderTimelineEntry } from "./orders-timeline";

const base = { id: "t1", at: "2026-01-01T00:00:00.000Z", actor: "seller", fromStatus: "paid", toStatus: "shipped" } as const;

describe("an order's timeline entry, typed by its event", () => {
  it("when a shipment's entry is read, then its detail keeps what it names and what it does not", () => {
    const e = orderTimelineEntry.parse({
      ...base,
      event: "shipped",
      detail: { shipmentId: "s1", expressCode: "SF", trackingNo: "123", lines: [{ lineId: "l1", quantity: 1 }] },
    });
    expect(e.event).toBe("shipped");
    if (e.event !== "shipped") throw new Error("narrowed");
    expect(e.detail.trackingNo).toBe("123");
    expect(e.detail.lines).toEqual([{ lineId: "l1", quantity: 1 }]);
  });

  it("when an event is not one the timeline holds, then the entry is refused", () => {
    expect(orderTimelineEntry.safeParse({ ...base, event: "teleported", detail: {} }).success).toBe(false);
  });

  it("when a price revision's amounts are not cents, then the entry is refused", () => {
    expect(orderTimelineEntry.safeParse({ ...base, event: "priceRevised", detail: { before: "1.00" } }).success).toBe(false);
  });
});
