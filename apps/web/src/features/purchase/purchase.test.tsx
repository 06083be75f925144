import * as evaluations from "@sbo/contract/evaluation";
import * as invoices from "@sbo/contract/invoice";
import * as desk from "@sbo/contract/orders-desk";
import type { MemberInfo } from "@sbo/contract/session";
import * as statement from "@sbo/contract/statement";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { orderDetail, orderLine } from "@/test/order-fixtures";
import { renderScreen } from "@/test/render";
import { Component as TitlesPage } from "./invoice-title-list-page";
import { Component as DetailPage } from "./purchase-detail-page";
import { Component as ListPage } from "./purchase-list-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
/** Reads the organisation's purchases, acts on none of them. */
const reader = { memberId: "m2", boId: "b1", isOwner: false, functions: ["purchase", "purchase.order"] } as unknown as MemberInfo;

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage("en");
});

const row = {
  orderId: "o1",
  orderNo: "20260301000000000001",
  status: "paid" as const,
  paidAt: "2026-03-01T02:00:00.000Z",
  payAmount: 10800,
  freightAmount: 800,
  refundedAmount: 0,
  feeAmount: 0,
  netAmount: 10800,
};
const title = {
  id: "t1",
  kind: "company" as const,
  name: "Green Valley Fresh Co., Ltd.",
  taxNo: "91330106MA2XXXXX1X",
  invoiceType: "ordinary" as const,
  bankName: "",
  bankAccount: "",
  registeredAddress: "",
  registeredPhone: "",
  email: "",
  createdAt: "2026-03-01T02:00:00.000Z",
};

function stubList(rows = [row]) {
  return stubContractFetch((entry) => {
    if (entry === statement.statement.selBuyerNumByPC)
      return { orders: rows.length, salesAmount: 10800, refundAmount: 0, feeAmount: 0, netAmount: 10800 };
    if (entry === statement.statement.selBuyerStatementByPC) return { list: rows, total: rows.length, pageNum: 1, pageSize: 20 };
    if (entry === statement.statement.selBuyerDateNumByPC)
      return {
        list: [{ day: "2026-03-01", orders: 1, salesAmount: 10800, refundAmount: 0, feeAmount: 0, netAmount: 10800 }],
        total: 1,
        pageNum: 1,
        pageSize: 20,
      };
    return undefined;
  });
}

describe("the purchases list", () => {
  for (const [lang, words] of [
    [
      "en",
      {
        totals: "Purchases paid from 2026-03-01 to 2026-03-31",
        status: "Paid",
        byDay: "By day",
        empty: "The organisation paid for no purchase on these days",
      },
    ],
    [
      "zh",
      { totals: "2026-03-01 至 2026-03-31 支付的采购", status: "已付款", byDay: "按日查看", empty: "这些日期内本组织没有已支付的采购" },
    ],
  ] as const) {
    it(`when it opens on a range (${lang}), then the organisation's purchases, their totals and the days show`, async () => {
      setLanguage(lang);
      const { requests } = stubList();
      renderScreen(<ListPage />, { member: owner, url: "/p?from=2026-03-01&to=2026-03-31", path: "/p" });
      const totals = await screen.findByRole("group", { name: words.totals });
      await waitFor(() => expect(within(totals).getAllByText("¥108.00").length).toBe(1));
      const link = await screen.findByRole("link", { name: row.orderNo });
      expect(link.getAttribute("href")).toBe("/transaction/purchaseManage/detail/o1");
      const tr = link.closest("tr") as HTMLElement;
      expect(within(tr).getByText(words.status)).toBeTruthy();
      expect(requests.find((q) => q.entry === statement.statement.selBuyerStatementByPC)?.body).toMatchObject({
        from: "2026-03-01",
        to: "2026-03-31",
      });
      fireEvent.click(screen.getByRole("button", { name: words.byDay }));
      const drawer = await screen.findByRole("dialog");
      expect(await within(drawer).findByText("2026-03-01")).toBeTruthy();
      expect(requests.some((q) => q.entry === statement.statement.selBuyerDateNumByPC)).toBe(true);
    }, 60_000);

    it(`when nothing was bought (${lang}), then the empty state says so`, async () => {
      setLanguage(lang);
      stubList([]);
      renderScreen(<ListPage />, { member: owner, url: "/p", path: "/p" });
      expect(await screen.findByText(words.empty)).toBeTruthy();
    }, 60_000);
  }
});

const purchase = (over: Parameters<typeof orderDetail>[0] = {}) =>
  orderDetail({ shopName: "Harbor Seafood", lines: [orderLine({ goodsName: "Hairtail" })], ...over });

describe("one purchase", () => {
  it("when it is paid, then Remind seller asks, calls the reminder and the detail is read again", async () => {
    let reminded = 0;
    const { requests } = stubContractFetch((entry) => {
      if (entry === desk.orderDesk.selBuyerOrderDetailById)
        return purchase({ remindCount: reminded, remindedAt: reminded ? "2026-03-01T03:00:00.000Z" : null });
      if (entry === desk.orderDesk.remindDelivery) {
        reminded += 1;
        return null;
      }
      return undefined;
    });
    renderScreen(<DetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
    expect(await screen.findByText("Harbor Seafood")).toBeTruthy();
    expect(screen.getByTestId("reminded").textContent).toBe("Not yet");
    // Not received: nothing to evaluate yet.
    expect(screen.queryByRole("button", { name: "Evaluate" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remind seller" }));
    fireEvent.click(await screen.findByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.getByTestId("reminded").textContent).toMatch(/^once, at /));
    expect(requests.filter((q) => q.entry === desk.orderDesk.remindDelivery).map((q) => q.body)).toEqual([{ id: "o1" }]);
  }, 60_000);

  it("when it is received, then Evaluate sends the shop's scores and each line's score and comment (zh)", async () => {
    setLanguage("zh");
    const { requests } = stubContractFetch((entry) => {
      if (entry === desk.orderDesk.selBuyerOrderDetailById) return purchase({ status: "received" });
      if (entry === evaluations.evaluation.addEvalOrder) return undefined;
      return undefined;
    });
    renderScreen(<DetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
    fireEvent.click(await screen.findByRole("button", { name: "评 价" }));
    const drawer = await screen.findByRole("dialog");
    fireEvent.change(within(drawer).getByLabelText("Hairtail 的评价内容"), { target: { value: "新鲜" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "提交评价" }));
    await waitFor(() => expect(requests.some((q) => q.entry === evaluations.evaluation.addEvalOrder)).toBe(true));
    expect(requests.find((q) => q.entry === evaluations.evaluation.addEvalOrder)?.body).toEqual({
      orderId: "o1",
      descriptionScore: 5,
      serviceScore: 5,
      logisticsScore: 5,
      lines: [{ lineId: "l1", score: 5, content: "新鲜", imageIds: [] }],
    });
    // Not paid-and-waiting: no reminder.
    expect(screen.queryByRole("button", { name: "提醒卖家发货" })).toBeNull();
  }, 60_000);

  it("when an invoice is requested, then one of the organisation's titles is chosen and sent with the order", async () => {
    const { requests } = stubContractFetch((entry) => {
      if (entry === desk.orderDesk.selBuyerOrderDetailById) return purchase({ status: "received" });
      if (entry === invoices.invoice.selBillInvoiceInfoListByParam) return [title];
      return undefined;
    });
    renderScreen(<DetailPage />, { member: owner, url: "/d/o1", path: "/d/:id" });
    fireEvent.click(await screen.findByRole("button", { name: "Request invoice" }));
    const drawer = await screen.findByRole("dialog");
    const select = within(drawer).getByRole("combobox", { name: "Invoice title" });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText(/^Green Valley Fresh Co\., Ltd\./, { selector: ".ant-select-item-option-content" }));
    fireEvent.click(within(drawer).getByRole("button", { name: "Request invoice" }));
    await waitFor(() => expect(requests.some((q) => q.entry === invoices.invoice.applyBillInvoice)).toBe(true));
    expect(requests.find((q) => q.entry === invoices.invoice.applyBillInvoice)?.body).toEqual({ orderId: "o1", titleId: "t1" });
  }, 60_000);

  it("when the member may only read purchases, then no action shows and the page says so", async () => {
    stubContractFetch((entry) => (entry === desk.orderDesk.selBuyerOrderDetailById ? purchase() : undefined));
    renderScreen(<DetailPage />, { member: reader, url: "/d/o1", path: "/d/:id" });
    expect(await screen.findByText(/You may read the organisation's purchases/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remind seller" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Request invoice" })).toBeNull();
  }, 60_000);
});

describe("the organisation's invoice titles", () => {
  it("when a company title is added, then its tax number is asked for and the title is sent without empty fields (zh)", async () => {
    setLanguage("zh");
    let titles: (typeof title)[] = [];
    const { requests } = stubContractFetch((entry, body) => {
      if (entry === invoices.invoice.selBillInvoiceInfoListByParam) return titles;
      if (entry === invoices.invoice.addBillInvoiceInfo) {
        titles = [{ ...title, name: String(body.name), taxNo: String(body.taxNo) }];
        return titles[0];
      }
      return undefined;
    });
    renderScreen(<TitlesPage />, { member: owner, url: "/t", path: "/t" });
    expect(await screen.findByText("本组织还没有发票抬头")).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "新增发票抬头" })[0] as HTMLElement);
    const drawer = await screen.findByRole("dialog");
    fireEvent.change(within(drawer).getByLabelText("抬头"), { target: { value: "绿谷生鲜有限公司" } });
    fireEvent.change(within(drawer).getByLabelText("纳税人识别号"), { target: { value: "330106123456789" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "保 存" }));
    await waitFor(() => expect(requests.some((q) => q.entry === invoices.invoice.addBillInvoiceInfo)).toBe(true));
    expect(requests.find((q) => q.entry === invoices.invoice.addBillInvoiceInfo)?.body).toEqual({
      kind: "company",
      name: "绿谷生鲜有限公司",
      taxNo: "330106123456789",
      invoiceType: "ordinary",
    });
    expect(await screen.findByText("绿谷生鲜有限公司")).toBeTruthy();
  }, 60_000);

  it("when the member may not add titles, then the list has no Add button", async () => {
    stubContractFetch((entry) => (entry === invoices.invoice.selBillInvoiceInfoListByParam ? [title] : undefined));
    renderScreen(<TitlesPage />, { member: reader, url: "/t", path: "/t" });
    expect(await screen.findByText(title.name)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add invoice title" })).toBeNull();
  }, 60_000);
});
