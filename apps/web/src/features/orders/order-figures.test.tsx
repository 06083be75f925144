import { coupon } from "@sbo/contract/coupon";
import { orderDesk } from "@sbo/contract/orders-desk";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { OrderFiguresCard } from "./order-figures";

const id = "01ORDER0000000000000000001";
const at = "2026-11-28T02:00:00.000Z";

function stub() {
  return stubContractFetch((entry) => {
    if (entry === orderDesk.selOrderTime)
      return {
        id,
        status: "shipped",
        timeZone: "Asia/Shanghai",
        createdAt: at,
        paidAt: at,
        shippedAt: at,
        receivedAt: null,
        completedAt: null,
        cancelledAt: null,
        autoCloseMinutes: 30,
        autoConfirmDays: 7,
        payBy: null,
        autoReceiveAt: "2026-12-05T02:00:00.000Z",
      };
    if (entry === orderDesk.fetchServiceUnitFee)
      return { id, orderNo: "20261128000000000001", payAmount: 13_221, freightAmount: 1_000, base: 12_221, rateBp: 60, fee: 73 };
    if (entry === orderDesk.selCouponRecordByOrderId)
      return {
        discountAmount: 500,
        reviseAmount: -279,
        records: [
          { kind: "discount", label: "Autumn ¥5 off", amount: -500, at, reason: null },
          { kind: "revision", label: "", amount: -279, at, reason: "Bruised box" },
        ],
      };
    if (entry === coupon.selCouponRecordByOrderIdV2)
      return [
        {
          id: "01COUPON000000000000000001",
          ruleId: "01RULE00000000000000000001",
          regCode: "R1",
          ruleName: "Autumn ¥5 off",
          state: "used",
          memberName: "Wang",
          memberPhone: "138****0000",
          source: "receive",
          validFrom: at,
          validTo: at,
          receivedAt: at,
          orderId: id,
          orderNo: "20261128000000000001",
          discountAmount: 500,
          usedAt: at,
        },
      ];
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("order detail: fees and adjustments (issue 27 §2)", () => {
  it("shows the auto-receive deadline, the service fee, each price adjustment and the coupon used", async () => {
    stub();
    renderScreen(<OrderFiguresCard orderId={id} />);
    expect(await screen.findByText("Platform service fee")).toBeTruthy();
    expect(screen.getByText(/0\.60% of ¥122\.21/)).toBeTruthy();
    expect(screen.getByText("¥0.73")).toBeTruthy();
    expect(screen.getByText(/\(7 days after shipping/)).toBeTruthy();
    expect(screen.getByText(/^Price revised −¥2\.79/)).toBeTruthy();
    expect(screen.getByText(/Autumn ¥5 off · Used · −¥5\.00/)).toBeTruthy();
    expect(screen.queryByText("Pay by")).toBeNull();
  });

  it("speaks Chinese to a Chinese seller", async () => {
    await setLanguage("zh");
    try {
      stub();
      renderScreen(<OrderFiguresCard orderId={id} />);
      expect(await screen.findByText("平台服务费")).toBeTruthy();
      expect(screen.getByText(/^改价 −¥2\.79/)).toBeTruthy();
      expect(screen.getByText(/已使用/)).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  });
});
