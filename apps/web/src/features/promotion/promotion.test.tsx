import * as contract from "@sbo/contract/promotion";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { goodsListItem } from "@/test/goods-fixtures";
import { renderScreen } from "@/test/render";
import type { PromotionDetail, PromotionRow } from "./promotion.api";
import { Component as PromotionDetailPage } from "./promotion-detail-page";
import { Component as PromotionEditPage } from "./promotion-edit-page";
import { Component as PromotionList } from "./promotion-list-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

const row = (over: Partial<PromotionRow> = {}): PromotionRow => ({
  id: "p1",
  name: "Autumn sale",
  kind: "percent",
  percentOff: 20,
  startsAt: "2026-01-01T00:00:00.000Z",
  endsAt: "2099-01-08T00:00:00.000Z",
  perBuyerLimit: 3,
  state: "running",
  goodsCount: 2,
  skuCount: 3,
  cancelledAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...over,
});

const detail = (over: Partial<PromotionDetail> = {}): PromotionDetail => ({
  ...row(),
  skus: [
    { skuId: "s1", goodsId: "g1", goodsName: "Navel oranges", specValues: ["1 kg"], price: 1000, promotionPrice: 800 },
    { skuId: "s2", goodsId: "g2", goodsName: "Pears", specValues: [], price: 1999, promotionPrice: 1599 },
  ],
  ...over,
});

const goodsItem = (id: string, name: string) =>
  goodsListItem({ id, name, stock: 10, updatedAt: "2026-01-01T00:00:00.000Z", onShelfAt: "2026-01-01T00:00:00.000Z" });

afterEach(() => vi.unstubAllGlobals());

function stub(d: PromotionDetail = detail()) {
  return stubContractFetch((entry, body) => {
    if (entry === contract.promotion.queryList) {
      const list = [
        row(),
        row({ id: "p2", name: "Spring sale", state: "notStarted" }),
        row({ id: "p3", name: "Winter sale", state: "ended" }),
      ].filter((x) => body.state === undefined || x.state === body.state);
      return { list, total: list.length, pageNum: 1, pageSize: 20 };
    }
    if (entry === contract.promotion.selPronmotionById) return d;
    if (entry === contract.promotion.delPromotionInfo) return row({ state: "ended" });
    if (entry === contract.promotion.addOrUpdatePromotionInfo || entry === contract.promotion.addOrUpdatePromotionBySpec)
      return detail({ id: "p9", name: String(body.name) });
    if (entry.path.endsWith("/selGoodsPromotion"))
      return {
        goodsId: String(body.goodsId),
        skus: [{ skuId: `${body.goodsId}-s`, specValues: ["1 kg"], price: 1000, memberPrices: [], ladder: [] }],
        promotions: [],
      };
    if (entry.path.endsWith("/selNotPromotionGoodsList/v2")) {
      const list = [goodsItem("g1", "Navel oranges"), goodsItem("g2", "Pears")];
      return { list, total: 2, pageNum: 1, pageSize: 10 };
    }
    return undefined;
  });
}

describe("the promotion list", () => {
  it("when it opens, then each row offers what its state allows: end a running one, cancel one not started", async () => {
    const { requests } = stub();
    renderScreen(<PromotionList />, { member: owner });
    const running = (await screen.findByText("Autumn sale")).closest("tr") as HTMLElement;
    expect(within(running).getByText("20% off")).toBeTruthy();
    expect(within(running).getByText("2 items, 3 SKUs")).toBeTruthy();
    expect(within(running).getByRole("button", { name: "End now: Autumn sale" })).toBeTruthy();
    expect(within(running).queryByRole("button", { name: /^Cancel: / })).toBeNull();
    const coming = screen.getByText("Spring sale").closest("tr") as HTMLElement;
    expect(within(coming).getByRole("button", { name: "Cancel: Spring sale" })).toBeTruthy();
    const ended = screen.getByText("Winter sale").closest("tr") as HTMLElement;
    expect(within(ended).queryByRole("button", { name: /^Edit: / })).toBeNull();

    fireEvent.click(within(running).getByRole("button", { name: "End now: Autumn sale" }));
    fireEvent.click(await screen.findByRole("button", { name: "End now" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.promotion.delPromotionInfo)?.body).toEqual({ id: "p1" }));
  }, 60_000);

  it("when a state tab is chosen, then the list asks for that state", async () => {
    const { requests } = stub();
    renderScreen(<PromotionList />, { member: owner });
    await screen.findByText("Autumn sale");
    fireEvent.click(document.querySelector('[role=tab][id$="-tab-ended"]') as HTMLElement);
    await waitFor(() => expect(requests.some((q) => q.entry === contract.promotion.queryList && q.body.state === "ended")).toBe(true));
  }, 60_000);
});

describe("adding a promotion", () => {
  it("when goods are chosen from those in no promotion and the form is saved, then their ids and the offer are sent", async () => {
    const { requests } = stub();
    renderScreen(<PromotionEditPage />, { member: owner, url: "/add", path: "/add" });
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Weekend deal" } });
    fireEvent.change(screen.getByLabelText("Discount (%)"), { target: { value: "15" } });
    fireEvent.click(screen.getByRole("button", { name: "Choose goods" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(requests.some((q) => q.entry.path.endsWith("/selNotPromotionGoodsList/v2"))).toBe(true));
    fireEvent.click(await within(dialog).findByRole("checkbox", { name: "Navel oranges" }, { timeout: 5000 }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Pears" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add chosen" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Pears")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.promotion.addOrUpdatePromotionInfo)).toBeTruthy());
    const body = requests.find((q) => q.entry === contract.promotion.addOrUpdatePromotionInfo)?.body;
    expect(body).toMatchObject({ name: "Weekend deal", percentOff: 15, goodsIds: ["g1", "g2"], perBuyerLimit: null });
    expect(Date.parse(String(body?.endsAt))).toBeGreaterThan(Date.parse(String(body?.startsAt)));
  }, 60_000);

  it("when prices per SKU are chosen, then each chosen item's SKUs are listed and their promotion prices sent in cents", async () => {
    const { requests } = stub();
    renderScreen(<PromotionEditPage />, { member: owner, url: "/add", path: "/add" });
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Flash" } });
    fireEvent.click(screen.getByRole("radio", { name: "Price per SKU" }));
    fireEvent.click(screen.getByRole("button", { name: "Choose goods" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(await within(dialog).findByRole("checkbox", { name: "Pears" }, { timeout: 5000 }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add chosen" }));
    const price = await screen.findByLabelText("Promotion price: Pears 1 kg");
    expect(screen.getByText("¥10.00")).toBeTruthy();
    fireEvent.change(price, { target: { value: "7.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.promotion.addOrUpdatePromotionBySpec)).toBeTruthy());
    expect(requests.find((q) => q.entry === contract.promotion.addOrUpdatePromotionBySpec)?.body).toMatchObject({
      name: "Flash",
      skus: [{ skuId: "g2-s", price: 750 }],
    });
  }, 60_000);

  it("when a running promotion is edited, then its offer and goods are fixed and its start is sent unchanged", async () => {
    const { requests } = stub();
    renderScreen(<PromotionEditPage />, { member: owner, url: "/edit/p1", path: "/edit/:id" });
    expect(await screen.findByText("This promotion is running: only its name and end can change.")).toBeTruthy();
    expect((screen.getByLabelText("Discount (%)") as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Choose goods" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Autumn sale, longer" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.promotion.addOrUpdatePromotionInfo)).toBeTruthy());
    expect(requests.find((q) => q.entry === contract.promotion.addOrUpdatePromotionInfo)?.body).toMatchObject({
      id: "p1",
      name: "Autumn sale, longer",
      startsAt: "2026-01-01T00:00:00.000Z",
      percentOff: 20,
      goodsIds: ["g1", "g2"],
    });
  }, 60_000);
});

describe("a promotion's detail", () => {
  it("when it opens, then the offer, the limit and every SKU's price and promotion price show read-only", async () => {
    stub(detail({ kind: "price", percentOff: null, state: "ended" }));
    renderScreen(<PromotionDetailPage />, { member: owner, url: "/d/p1", path: "/d/:id" });
    expect(await screen.findByText("Navel oranges")).toBeTruthy();
    expect(screen.getByText("¥8.00")).toBeTruthy();
    expect(screen.getByText("¥15.99")).toBeTruthy();
    expect(screen.getAllByText("Price per SKU").length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  }, 60_000);
});
