import * as contract from "@sbo/contract/finance";
import { orderPay } from "@sbo/contract/orders-pay";
import { reference } from "@sbo/contract/reference";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { Component as FinanceHome } from "./finance-home-page";
import { Component as ReplaceCard } from "./replace-bankcard-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const reader = { memberId: "m2", boId: "b1", isOwner: false, functions: ["finance.account"] } as unknown as MemberInfo;
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage("en");
});

const card = {
  id: "c1",
  holderName: "Li Lei",
  bankName: "中国工商银行",
  cardNo: "**** **** **** 3446",
  state: "active" as const,
  signNo: "LSB0001",
  signedAt: "2026-03-01T02:00:00.000Z",
  endedAt: null,
};

/** A refund's cash flow, as the list and its detail show it. */
const refund = {
  id: "refund:r1",
  kind: "debit" as const,
  source: "refund" as const,
  amount: 6000,
  gross: 6000,
  fee: 0,
  orderId: "o1",
  orderNo: "20260301000000000001",
  at: "2026-03-02T02:00:00.000Z",
};

/** A second payment of order …02, refused once by the payment service: due back to the buyer. */
let givenBack: Record<string, unknown>[] = [];
const dueRefund = () => ({
  id: "pr1",
  paymentId: "p2",
  orderId: "o2",
  orderNo: "20260301000000000002",
  orderStatus: "paid",
  reason: "alreadyPaid",
  status: "due",
  amount: 1500,
  provider: "sandbox",
  providerRef: null,
  failedAttempts: 1,
  lastAttemptAt: "2026-03-02T03:00:00.000Z",
  refundedAt: null,
  paidAt: "2026-03-02T03:00:00.000Z",
});

function stub(open = true) {
  givenBack = [dueRefund()];
  return stubContractFetch((entry, body) => {
    if (entry === contract.finance.judgeIsOpenAccount) return { open, card: open ? card : null };
    if (entry === contract.finance.queryAccountAmount)
      return { balance: 123450, income: 130000, fees: 550, refunds: 6000, dueToBuyers: 1500 };
    if (entry === contract.finance.selAccountCardList) return open ? [card] : [];
    if (entry === reference.selSpecItemListByDictId && body.dictId === "bank")
      return [
        { code: "ICBC", name: "中国工商银行", nameEn: "Industrial and Commercial Bank of China" },
        { code: "CCB", name: "中国建设银行", nameEn: "China Construction Bank" },
      ];
    if (entry === contract.finance.selFlowListByPage)
      return {
        list: [
          refund,
          {
            id: "order:o1",
            kind: "credit",
            source: "order",
            amount: 9940,
            gross: 10000,
            fee: 60,
            orderId: "o1",
            orderNo: "20260301000000000001",
            at: "2026-03-01T02:00:00.000Z",
          },
        ].filter((f) => !body.kind || f.kind === body.kind),
        total: 2,
        pageNum: 1,
        pageSize: 20,
      };
    if (entry === contract.finance.selCashFlowDetail)
      return {
        ...refund,
        afterSaleId: "a1",
        afterSaleNo: "AS20260302000001",
        provider: "sandbox",
        orderStatus: "completed",
      };
    if (entry === orderPay.selPaymentRefundPage)
      return { list: givenBack.filter((r) => !body.status || r.status === body.status), total: givenBack.length, pageNum: 1, pageSize: 20 };
    if (entry === orderPay.retryPaymentRefund) {
      const row = givenBack.find((r) => r.id === body.id);
      if (!row) return undefined;
      Object.assign(row, { status: "refunded", providerRef: "SBR1", refundedAt: "2026-03-03T02:00:00.000Z" });
      return row;
    }
    if (entry === contract.finance.getBillNo) return { billNo: "FB20260301000000123456", expiresAt: "2026-03-01T02:30:00.000Z" };
    if (entry === contract.finance.sendMessage) return { resendAfterSeconds: 60, expiresInSeconds: 300, maskedPhone: "137****0001" };
    if (entry === contract.finance.personBindCard) return { ...card, id: "c2", cardNo: `**** **** **** ${String(body.cardNo).slice(-4)}` };
    if (entry === contract.finance.removeSign) return { ...card, state: "removed", endedAt: "2026-03-02T02:00:00.000Z" };
    if (entry === contract.finance.unSign) return null;
    return undefined;
  });
}

describe("the finance account home", () => {
  it("when the account is open, then its card, balance, cards and flows show, and a refund's detail names its after-sale", async () => {
    stub();
    renderScreen(<FinanceHome />, { member: owner });
    expect(await screen.findByText("Open")).toBeTruthy();
    expect((await screen.findAllByText("**** **** **** 3446")).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByText("¥1,234.50")).toBeTruthy());
    expect(screen.getByRole("button", { name: "Change bank card" })).toBeTruthy();
    expect(await screen.findByText("-¥60.00")).toBeTruthy();
    expect(screen.getByText("+¥99.40")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Detail: refund:r1" }));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("AS20260302000001")).toBeTruthy();
  }, 60_000);

  it("when the account is not open and the member may not change cards, then it says so and offers no binding", async () => {
    stub(false);
    renderScreen(<FinanceHome />, { member: reader });
    expect(await screen.findByText("Not open: sign a bank card to receive payouts")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Bind a bank card|Change bank card/ })).toBeNull();
  }, 60_000);
});

/** The open drawer with this title (antd's test ids leave its accessible name unreliable here). */
const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = screen.queryAllByRole("dialog").find((d) => d.querySelector(".ant-drawer-title")?.textContent === title);
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });

describe("ending the settlement agreement (issue 27 §2: removeSign)", () => {
  it("when the code is sent and given, then the card's agreement ends with it and the account is read again", async () => {
    const { requests } = stub();
    renderScreen(<FinanceHome />, { member: owner });
    fireEvent.click(await screen.findByRole("button", { name: "End the agreement" }));
    const drawer = await dialogTitled("End the settlement agreement");
    expect(within(drawer).getByText(/The card \*\*\*\* \*\*\*\* \*\*\*\* 3446 stops receiving payouts/)).toBeTruthy();
    fireEvent.click(within(drawer).getByRole("button", { name: "Send code" }));
    expect((await within(drawer).findAllByText("The code was sent to 137****0001")).length).toBeGreaterThan(0);
    const reads = requests.filter((q) => q.entry === contract.finance.judgeIsOpenAccount).length;
    fireEvent.change(within(drawer).getByLabelText("SMS code"), { target: { value: "654321" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "End the agreement" }));
    expect(await screen.findByText("The settlement agreement was ended.")).toBeTruthy();
    expect(requests.filter((q) => q.entry === contract.finance.removeSign).map((q) => q.body)).toEqual([{ code: "654321" }]);
    await waitFor(() => expect(requests.filter((q) => q.entry === contract.finance.judgeIsOpenAccount).length).toBeGreaterThan(reads));
  }, 60_000);

  it("is offered in Chinese, and not to a member who may not change cards", async () => {
    await setLanguage("zh");
    stub();
    const first = renderScreen(<FinanceHome />, { member: owner });
    fireEvent.click(await screen.findByRole("button", { name: "解除签约" }));
    expect(await dialogTitled("解除结算签约")).toBeTruthy();
    first.unmount();
    await setLanguage("en");
    renderScreen(<FinanceHome />, { member: reader });
    expect((await screen.findAllByText("**** **** **** 3446")).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "End the agreement" })).toBeNull();
  }, 60_000);
});

/** Picks the card's bank from the list by its name in the UI language (the card keeps the Chinese name). */
async function pickBank(name: string) {
  fireEvent.mouseDown(screen.getByLabelText("Bank"));
  fireEvent.click(await screen.findByText(name, { selector: ".ant-select-item-option-content" }));
}

describe("changing the bank card", () => {
  it("when the code is sent and the form submitted, then the card is signed with the bill number and the code", async () => {
    const { requests } = stub();
    renderScreen(<ReplaceCard />, { member: owner });
    expect(await screen.findByText("In use now: Industrial and Commercial Bank of China **** **** **** 3446")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect((await screen.findAllByText("The code was sent to 137****0001")).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText("Card holder"), { target: { value: "Li Lei" } });
    await pickBank("China Construction Bank");
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "6217 0012 3456 7890 122" } });
    fireEvent.change(screen.getByLabelText("SMS code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Change the card" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.finance.personBindCard)).toBeTruthy());
    expect(requests.find((q) => q.entry === contract.finance.personBindCard)?.body).toEqual({
      billNo: "FB20260301000000123456",
      holderName: "Li Lei",
      bankName: "中国建设银行",
      cardNo: "6217 0012 3456 7890 122",
      code: "123456",
    });
  }, 60_000);

  it("when the card number fails its check digit, then the form says so and nothing is sent", async () => {
    const { requests } = stub();
    renderScreen(<ReplaceCard />, { member: owner });
    await screen.findByText("In use now: Industrial and Commercial Bank of China **** **** **** 3446");
    fireEvent.change(screen.getByLabelText("Card holder"), { target: { value: "Li Lei" } });
    await pickBank("China Construction Bank");
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "6217001234567890123" } });
    fireEvent.change(screen.getByLabelText("SMS code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Change the card" }));
    expect(await screen.findByText(/check digit/)).toBeTruthy();
    expect(requests.some((q) => q.entry === contract.finance.personBindCard)).toBe(false);
  }, 60_000);
});

describe("giving up a signing (issue 27 §2: unSign)", () => {
  it("when the seller cancels after a code was sent, then the bill number taken for it is withdrawn", async () => {
    const { requests } = stub();
    renderScreen(<ReplaceCard />, { member: owner });
    await screen.findByText("In use now: Industrial and Commercial Bank of China **** **** **** 3446");
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect((await screen.findAllByText("The code was sent to 137****0001")).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(requests.filter((q) => q.entry === contract.finance.unSign).map((q) => q.body)).toEqual([
        { billNo: "FB20260301000000123456" },
      ]),
    );
  }, 60_000);

  it("when no bill number was taken, then cancelling withdraws nothing", async () => {
    const { requests } = stub();
    renderScreen(<ReplaceCard />, { member: owner });
    await screen.findByText("In use now: Industrial and Commercial Bank of China **** **** **** 3446");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await new Promise((r) => setTimeout(r, 50));
    expect(requests.some((q) => q.entry === contract.finance.unSign)).toBe(false);
  }, 60_000);
});

describe("payments given back to buyers", () => {
  it("when a buyer paid twice and the payment service refused the refund, then it shows as due and a retry gives it back", async () => {
    const { requests } = stub();
    renderScreen(<FinanceHome />, { member: reader });
    expect(await screen.findByText("Payments given back to buyers")).toBeTruthy();
    // Not income: the balance stands apart from what is due back.
    expect(await screen.findByText("Due back to buyers")).toBeTruthy();
    expect((await screen.findAllByText("¥15.00")).length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText("Paid twice")).toBeTruthy();
    expect(screen.getByText("Refund due")).toBeTruthy();
    expect(screen.getByText(/^1 refused, last at/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try the refund again: 20260301000000000002" }));
    await waitFor(() => expect(requests.find((q) => q.entry === orderPay.retryPaymentRefund)?.body).toEqual({ id: "pr1" }));
    expect(await screen.findByText("¥15.00 of order 20260301000000000002 was given back to the buyer")).toBeTruthy();
    expect(await screen.findByText("Refunded")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try the refund again: 20260301000000000002" })).toBeNull();
  }, 60_000);

  it("in Chinese too", async () => {
    await setLanguage("zh");
    try {
      stub();
      renderScreen(<FinanceHome />, { member: reader });
      expect(await screen.findByText("退还买家的付款")).toBeTruthy();
      expect(await screen.findByText("重复付款")).toBeTruthy();
      expect(screen.getByText("待退款")).toBeTruthy();
      expect(screen.getByRole("button", { name: "重新退款: 20260301000000000002" })).toBeTruthy();
      expect(screen.getByText("待退还买家")).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  }, 60_000);
});
