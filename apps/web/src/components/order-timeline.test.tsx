import type { OrderTimelineEntry } from "@sbo/contract/orders-timeline";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OrderTimeline, type OrderTimelineWords } from "./order-timeline";

const at = (minute: number) => `2026-01-01T04:${String(minute).padStart(2, "0")}:00.000Z`;
const head = { actor: "seller", fromStatus: "paid", toStatus: "paid" } as const;

const entries: OrderTimelineEntry[] = [
  { ...head, id: "e1", at: at(1), event: "paid", fromStatus: "pendingPayment", detail: { amount: 5800, paymentId: "p1" } },
  {
    ...head,
    id: "e2",
    at: at(2),
    event: "priceRevised",
    fromStatus: "pendingPayment",
    toStatus: "pendingPayment",
    detail: { goodsName: "Plums", before: 3000, after: 2800, payAfter: 5600, reason: "regular" },
  },
  {
    ...head,
    id: "e3",
    at: at(3),
    event: "shipped",
    toStatus: "shipped",
    detail: { shipmentId: "s1", expressCode: "SF", trackingNo: "SF100" },
  },
  {
    ...head,
    id: "e4",
    at: at(4),
    actor: "buyer",
    event: "afterSaleReturnShipped",
    fromStatus: "shipped",
    toStatus: "shipped",
    detail: { afterSaleNo: "S1", type: "returnRefund", trackingNo: "YT9" },
  },
  {
    ...head,
    id: "e5",
    at: at(5),
    actor: "system",
    event: "other",
    recordedEvent: "teleported",
    fromStatus: "shipped",
    toStatus: "shipped",
    detail: { reason: "not read" },
  },
];

/** Every word the timeline may be told in, as plain marked text. */
const all: OrderTimelineWords = {
  event: (e) => `«${e}»`,
  actor: (a) => `[${a}]`,
  status: (s) => `<${s}>`,
  reason: (r) => `why ${r}`,
  amounts: (before, after) => `${before} to ${after}`,
  payAfter: (amount) => `now ${amount}`,
  tracking: (express, no) => `${express}/${no}`,
  paid: (amount) => `paid ${amount}`,
  afterSaleType: (type) => `type ${type}`,
};

const texts = () => [...document.querySelectorAll(".ant-timeline-item")].map((item) => item.textContent ?? "");

describe("an order's timeline", () => {
  it("when it is drawn, then the newest step comes first, each with its event, actor, status change and detail in the screen's words", () => {
    render(<OrderTimeline entries={entries} words={all} shipments={[{ id: "s1", expressName: "顺丰", expressNameEn: "SF Express" }]} />);
    const items = texts();
    expect(items).toHaveLength(5);
    expect(items[0]).toContain("«teleported» · [system]");
    expect(items[1]).toContain("«afterSaleReturnShipped» · [buyer]");
    expect(items[4]).toContain("«paid» · [seller]");
    expect(screen.getByText("Plums · ¥30.00 to ¥28.00 · now ¥56.00 · why regular")).toBeTruthy();
    expect(screen.getByText("SF Express/SF100")).toBeTruthy();
    expect(screen.getByText("S1 · type returnRefund · YT9")).toBeTruthy();
    expect(screen.getByText("paid ¥58.00")).toBeTruthy();
    expect(items[4]).toContain("<pendingPayment> → <paid>");
    expect(items[2]).toContain("<paid> → <shipped>");
    // A step that leaves the status as it was shows no change.
    expect(items[1]).not.toContain("→");
  });

  it("when a stored row is answered as `other`, then it shows by its recorded event's name and its detail stays unread", () => {
    render(<OrderTimeline entries={entries} words={all} />);
    expect(screen.getByText("«teleported» · [system]")).toBeTruthy();
    expect(screen.queryByText(/not read/)).toBeNull();
  });

  it("when a screen does not give a part's words, then that part is not shown (and a parcel reads by its bare tracking number)", () => {
    const few: OrderTimelineWords = { event: all.event, actor: all.actor, reason: all.reason };
    render(<OrderTimeline entries={entries} words={few} />);
    const items = texts();
    expect(items.join()).not.toContain("→");
    expect(items.join()).not.toContain("Plums");
    expect(items.join()).not.toContain("¥58.00");
    expect(screen.getByText("SF100")).toBeTruthy();
    expect(screen.getByText("S1 · YT9")).toBeTruthy();
  });
});
