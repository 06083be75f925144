import * as contract from "@sbo/contract/invoice";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { orderDetail, orderLine } from "@/test/order-fixtures";
import { renderScreen } from "@/test/render";
import type { InvoiceDetail, InvoiceRow } from "./invoice.api";
import { Component as InvoiceDetailPage } from "./invoice-detail-page";
import { Component as InvoiceList } from "./invoice-list-page";

vi.mock("@/platform/upload-file", () => ({
  uploadFile: vi.fn(async (file: File) => ({ id: "f9", url: "/files/f9", name: file.name, size: file.size, contentType: file.type })),
}));

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const reader = { memberId: "m4", boId: "b1", isOwner: false, functions: ["order.invoice"] } as unknown as MemberInfo;

const row = (over: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: "i1",
  orderId: "o1",
  orderNo: "20260101120000123456",
  orderStatus: "paid",
  amount: 5800,
  paidAmount: 5800,
  refundedAmount: 0,
  state: "requested",
  title: {
    kind: "company",
    name: "Hangzhou Tea Co., Ltd.",
    taxNo: "91330106MA2H4K7L39",
    invoiceType: "special",
    bankName: "ICBC Hangzhou",
    bankAccount: "6222020200112233",
    registeredAddress: "90 Wensan Rd",
    registeredPhone: "0571-88000000",
    email: "finance@example.com",
  },
  requestedBy: "buyer",
  buyerName: "Li Lei",
  buyerPhone: "139****0001",
  invoiceNo: null,
  issuedAt: null,
  file: null,
  refuseReason: null,
  requestedAt: "2026-01-01T04:00:00.000Z",
  decidedAt: null,
  ...over,
});

const order = orderDetail({
  createdAt: "2026-01-01T03:00:00.000Z",
  paidAt: "2026-01-01T03:10:00.000Z",
  address: { name: "Li Lei", phone: "13900000001", areaCode: "330106", areaName: "Xihu", detail: "1 West Lake Rd" },
  lines: [orderLine()],
}) as InvoiceDetail["order"];

afterEach(() => vi.unstubAllGlobals());

function stub(r: InvoiceRow = row()) {
  const issued = row({ id: "i2", orderNo: "20260101120000654321", state: "issued", invoiceNo: "2026000001" });
  return stubContractFetch((entry, body) => {
    if (entry === contract.invoice.selInvoiceListByPage) {
      const list = [r, issued].filter((x) => body.tab === undefined || body.tab === "all" || x.state === body.tab);
      return {
        list,
        total: list.length,
        pageNum: 1,
        pageSize: 20,
        nextCursor: null,
        counts: { all: 12, requested: 4, issued: 7, refused: 1 },
      };
    }
    if (entry === contract.invoice.invoiceOrderDetail) return { invoice: r, order };
    if (entry === contract.invoice.refuseInvoice) return { ...r, state: "refused", refuseReason: String(body.reason) };
    if (entry === contract.invoice.issueInvoice) return { ...r, state: "issued", invoiceNo: String(body.invoiceNo) };
    return undefined;
  });
}

describe("the invoice list", () => {
  it("when it opens, then the tabs show the answer's counts and only a requested row offers issue and refuse", async () => {
    const { requests } = stub();
    renderScreen(<InvoiceList />, { member: owner });
    const open = (await screen.findByRole("link", { name: "20260101120000123456" })).closest("tr") as HTMLElement;
    expect(within(open).getByText("¥58.00")).toBeTruthy();
    expect(within(open).getByText("Special VAT invoice")).toBeTruthy();
    const tab = (key: string) => document.querySelector(`[role=tab][id$="-tab-${key}"]`);
    await waitFor(() => expect(tab("all")?.textContent).toBe("All12"));
    expect(tab("requested")?.textContent).toBe("To issue4");
    expect(within(open).getByRole("button", { name: "Refuse: 20260101120000123456" })).toBeTruthy();
    const done = screen.getByRole("link", { name: "20260101120000654321" }).closest("tr") as HTMLElement;
    expect(within(done).queryByRole("button", { name: /^Refuse: / })).toBeNull();
    expect(within(done).getByText("2026000001")).toBeTruthy();

    fireEvent.click(tab("issued") as HTMLElement);
    await waitFor(() =>
      expect(requests.some((q) => q.entry === contract.invoice.selInvoiceListByPage && q.body.tab === "issued")).toBe(true),
    );
  }, 60_000);

  it("when a request is refused from the list, then the reason is asked for and sent", async () => {
    const { requests } = stub();
    renderScreen(<InvoiceList />, { member: owner });
    fireEvent.click(await screen.findByRole("button", { name: "Refuse: 20260101120000123456" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Refuse" }));
    expect(await within(dialog).findByText("Reason is required")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Wrong title" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refuse" }));
    await waitFor(() =>
      expect(requests.find((q) => q.entry === contract.invoice.refuseInvoice)?.body).toEqual({ id: "i1", reason: "Wrong title" }),
    );
  }, 60_000);

  it("when the member may only read invoices, then no row offers issue or refuse", async () => {
    stub();
    renderScreen(<InvoiceList />, { member: reader });
    await screen.findByRole("link", { name: "20260101120000123456" });
    expect(screen.queryByRole("button", { name: /^Refuse: / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Issue: / })).toBeNull();
  }, 60_000);
});

describe("an invoice request's details", () => {
  it("when a requested invoice is issued with a number and a file, then they are sent with the issue time", async () => {
    const { requests } = stub();
    renderScreen(<InvoiceDetailPage />, { member: owner, url: "/d?id=i1", path: "/d" });
    expect(await screen.findByText("Hangzhou Tea Co., Ltd.")).toBeTruthy();
    expect(screen.getByText("ICBC Hangzhou")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Issue" }));
    expect(await screen.findByText("Upload the invoice's file")).toBeTruthy();
    expect(requests.some((q) => q.entry === contract.invoice.issueInvoice)).toBe(false);
    fireEvent.change(screen.getByLabelText("Invoice number"), { target: { value: "2026000099" } });
    const input = document.querySelector("input[type=file]") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["%PDF-1.4"], "invoice.pdf", { type: "application/pdf" })] } });
    await screen.findByText("invoice.pdf");
    fireEvent.click(screen.getByRole("button", { name: "Issue" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.invoice.issueInvoice)).toBeTruthy());
    const body = requests.find((q) => q.entry === contract.invoice.issueInvoice)?.body;
    expect(body).toMatchObject({ id: "i1", invoiceNo: "2026000099", fileId: "f9", amount: 5800 });
    expect(Number.isNaN(Date.parse(String(body?.issuedAt)))).toBe(false);
  }, 60_000);

  it("when part of the order was refunded, then the page says so in both languages and the issue is for paid less refunds", async () => {
    for (const lang of ["en", "zh"] as const) {
      setLanguage(lang);
      const { requests } = stub(row({ amount: 7011, paidAmount: 13221, refundedAmount: 6210 }));
      const { unmount } = renderScreen(<InvoiceDetailPage />, { member: owner, url: "/d?id=i1", path: "/d" });
      const note =
        lang === "en"
          ? "¥62.10 of this order has been refunded: the invoice is for ¥70.11, what was paid less refunds."
          : "本订单已退款 ¥62.10，开票金额为实付减退款：¥70.11。";
      expect(await screen.findByText(note)).toBeTruthy();
      expect(screen.getByText(lang === "en" ? /^The invoice is for ¥70\.11\./ : /^开票金额为 ¥70\.11。/)).toBeTruthy();
      fireEvent.change(screen.getByLabelText(lang === "en" ? "Invoice number" : "发票号码"), { target: { value: "2026000099" } });
      const input = document.querySelector("input[type=file]") as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(["%PDF-1.4"], "invoice.pdf", { type: "application/pdf" })] } });
      await screen.findByText("invoice.pdf");
      fireEvent.click(screen.getByRole("button", { name: lang === "en" ? "Issue" : /^开\s?票$/ }));
      await waitFor(() => expect(requests.find((q) => q.entry === contract.invoice.issueInvoice)?.body).toMatchObject({ amount: 7011 }));
      unmount();
      vi.unstubAllGlobals();
    }
    setLanguage("en");
  }, 60_000);

  it("when the invoice is issued, then its number, time and file show read-only with no form", async () => {
    stub(
      row({
        state: "issued",
        invoiceNo: "2026000001",
        issuedAt: "2026-01-02T02:00:00.000Z",
        file: { id: "f1", url: "/files/f1", name: "inv.pdf" },
      }),
    );
    renderScreen(<InvoiceDetailPage />, { member: owner, url: "/d?id=i1", path: "/d" });
    expect(await screen.findByText("2026000001")).toBeTruthy();
    expect(screen.getByRole("link", { name: "inv.pdf" }).getAttribute("href")).toBe("/files/f1");
    expect(screen.queryByLabelText("Invoice number")).toBeNull();
    expect(screen.queryByRole("button", { name: "Refuse" })).toBeNull();
  }, 60_000);

  it("when the invoice was refused, then the reason shows", async () => {
    stub(row({ state: "refused", refuseReason: "Wrong tax number", decidedAt: "2026-01-02T02:00:00.000Z" }));
    renderScreen(<InvoiceDetailPage />, { member: owner, url: "/d?id=i1", path: "/d" });
    expect(await screen.findByText("Wrong tax number")).toBeTruthy();
    expect(screen.queryByLabelText("Invoice number")).toBeNull();
  }, 60_000);
});
