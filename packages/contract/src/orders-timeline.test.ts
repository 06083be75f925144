import { describe, expect, it } from "vitest";
import { afterSale, afterSaleDetail } from "./aftersale";
import { orderDetail } from "./orders";
import { orderTimelineEntry, orderTimelineEvents } from "./orders-timeline";

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

  it("when a flag is cleared, then the remark entry's flag reads null after", () => {
    expect(orderTimelineEntry.safeParse({ ...base, event: "remarked", detail: { flag: { before: "red", after: null } } }).success).toBe(
      true,
    );
  });

  it("when a stored row is answered as `other`, then it names its recorded event and keeps its detail; without that name it is refused", () => {
    const other = orderTimelineEntry.parse({ ...base, event: "other", recordedEvent: "teleported", detail: { to: "the moon" } });
    expect(other).toMatchObject({ event: "other", recordedEvent: "teleported", detail: { to: "the moon" } });
    expect(orderTimelineEntry.safeParse({ ...base, event: "other", detail: {} }).success).toBe(false);
    expect(orderTimelineEvents).not.toContain("other");
    expect(orderTimelineEvents).toContain("afterSaleRefunded");
  });
});

describe("the calls that answer an order's timeline", () => {
  const order = {
    id: "o1",
    orderNo: "20260101120000123456",
    boId: "b1",
    shopName: "Shop",
    status: "shipped",
    buyerName: "Li Lei",
    buyerPhone: "139****0001",
    goodsAmount: 3000,
    freightAmount: 0,
    discountAmount: 0,
    reviseAmount: 0,
    payAmount: 3000,
    payMethod: "online",
    lineCount: 1,
    pieces: 2,
    firstLine: null,
    sellerRemark: "",
    flagColor: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    paidAt: "2026-01-01T00:01:00.000Z",
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
    shipments: [],
    payments: [],
  };
  const shipped = { ...base, event: "shipped", detail: { shipmentId: "s1", expressCode: "SF", trackingNo: "SF1" } };
  const badDetail = { ...base, event: "shipped", detail: { trackingNo: 123 } };

  it("when the order's detail answers a timeline entry, then a detail its event reads passes and a bad one is refused", () => {
    expect(orderDetail.safeParse({ ...order, timeline: [shipped] }).error?.issues ?? []).toEqual([]);
    const refused = orderDetail.safeParse({ ...order, timeline: [shipped, badDetail] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(["timeline", 1, "detail", "trackingNo"]);
    // A record of anything, as the wire once declared, is no longer enough.
    expect(orderDetail.safeParse({ ...order, timeline: [{ ...base, event: "teleported", detail: {} }] }).success).toBe(false);
  });

  it("when the after-sale's order or an application's steps answer an entry with a bad detail, then it is refused", () => {
    const output = afterSale.selAfterSaleOrderDetail.output;
    expect(output.safeParse({ order: { ...order, timeline: [shipped] }, afterSales: [], refunded: 0 }).success).toBe(true);
    expect(output.safeParse({ order: { ...order, timeline: [badDetail] }, afterSales: [], refunded: 0 }).success).toBe(false);
    const step = { ...base, event: "afterSaleRefunded", detail: { afterSaleNo: "S1", refunded: "50.00" } };
    const steps = afterSaleDetail.shape.timeline;
    expect(steps.safeParse([{ ...step, detail: { afterSaleNo: "S1", refunded: 5000 } }]).success).toBe(true);
    expect(steps.safeParse([step]).success).toBe(false);
  });
});
