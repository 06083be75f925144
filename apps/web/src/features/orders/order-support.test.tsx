import * as fulfil from "@sbo/contract/orders-fulfil";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { ComplaintsCard } from "./order-support";
import { TrackButton } from "./track-button";

const order = { id: "01ORDER0000000000000000001", orderNo: "20261129000000000001" };
const shipment = { id: "01SHIP00000000000000000001", trackingNo: "SF1234567890" };

afterEach(() => vi.unstubAllGlobals());

describe("order detail: tracking and reports (issue 27 §2)", () => {
  it("Track opens the parcel's events, newest first, saying where they come from", async () => {
    const calls = stubContractFetch((entry) =>
      entry === fulfil.fulfilSupport.getExpressInfo
        ? {
            expressCode: "SF",
            expressName: "顺丰速运",
            expressNameEn: "SF Express",
            trackingNo: shipment.trackingNo,
            provider: null,
            events: [
              { at: "2026-11-28T02:00:00.000Z", event: "shipped", text: null },
              { at: "2026-11-28T06:00:00.000Z", event: "logisticsUpdated", text: null },
            ],
          }
        : undefined,
    );
    renderScreen(<TrackButton orderId={order.id} shipment={shipment} />);
    await userEvent.click(screen.getByRole("button", { name: "Track the parcel SF1234567890" }));
    const drawer = await screen.findByRole("dialog", { name: "Parcel SF1234567890" });
    expect(await within(drawer).findByText("SF Express")).toBeTruthy();
    expect(within(drawer).getByText(/What this system recorded/)).toBeTruthy();
    const items = within(drawer)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items[0]).toContain("Logistics changed");
    expect(items[1]).toContain("Shipped");
    expect(calls.requests.some((c) => c.body.orderId === order.id && c.body.shipmentId === shipment.id)).toBe(true);
  });

  it("lists the reports with their state and sends a new one, in Chinese", async () => {
    await setLanguage("zh");
    try {
      let sent: Record<string, unknown> | null = null;
      stubContractFetch((entry, body) => {
        if (entry === fulfil.fulfilSupport.selComplaintsByOrder)
          return sent
            ? [
                {
                  id: "01C0000000000000000000000A",
                  about: "buyer",
                  category: "abuse",
                  content: String(sent.content),
                  status: "submitted",
                  createdAt: "2026-11-29T02:00:00.000Z",
                },
              ]
            : [];
        if (entry === fulfil.fulfilSupport.complaintInformAdd) {
          sent = body;
          return { id: "01C0000000000000000000000A", createdAt: "2026-11-29T02:00:00.000Z" };
        }
        return undefined;
      });
      renderScreen(<ComplaintsCard order={order} />);
      expect(await screen.findByText("尚未就此订单或买家投诉举报。")).toBeTruthy();
      await userEvent.click(screen.getByRole("button", { name: "向平台投诉举报" }));
      const dialog = await screen.findByRole("dialog", { name: `投诉举报订单 ${order.orderNo}` });
      await userEvent.click(within(dialog).getByLabelText("买家"));
      await userEvent.click(within(dialog).getByRole("combobox", { name: "问题类型" }));
      await userEvent.click(await screen.findByTitle("辱骂骚扰"));
      await userEvent.type(within(dialog).getByLabelText("详细说明"), "辱骂快递员，多次来电骚扰");
      await userEvent.click(within(dialog).getByRole("button", { name: "提交举报" }));
      await waitFor(() => expect(sent).toMatchObject({ orderId: order.id, about: "buyer", category: "abuse" }));
      expect(await screen.findByText("平台处理中")).toBeTruthy();
      expect(screen.getByText("买家 · 辱骂骚扰")).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  });
});
