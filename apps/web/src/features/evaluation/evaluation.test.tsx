import { evaluation } from "@sbo/contract/evaluation";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import type { EvalDetail, EvalRow, ShopScore } from "./evaluation.api";
import { Component as EvaluationDetail } from "./evaluation-detail-page";
import { Component as EvaluationList } from "./evaluation-list-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;

const row = (over: Partial<EvalRow> = {}): EvalRow => ({
  id: "e1",
  orderId: "o1",
  orderNo: "20260101120000123456",
  buyerName: "139****0001",
  score: 2,
  descriptionScore: 3,
  serviceScore: 4,
  logisticsScore: 2,
  firstLine: { goodsName: "West Lake tea", specValues: ["250 g"], image: null, content: "The tin was dented" },
  lineCount: 2,
  imageCount: 1,
  followedUp: true,
  reply: null,
  createdAt: "2026-01-03T04:00:00.000Z",
  repliedAt: null,
  ...over,
});

const shop: ShopScore = {
  evaluations: 600,
  description: 467,
  service: 452,
  logistics: 431,
  goods: 445,
  goodRateBp: 8650,
  tabs: { all: 600, toReply: 240, withImages: 120, lowScore: 48 },
  updatedAt: "2026-01-03T04:00:00.000Z",
};

const detail = (over: Partial<EvalDetail> = {}): EvalDetail => ({
  id: "e1",
  orderId: "o1",
  orderNo: "20260101120000123456",
  shopName: "Green Valley",
  buyerName: "139****0001",
  score: 2,
  descriptionScore: 3,
  serviceScore: 4,
  logisticsScore: 2,
  lines: [
    {
      id: "el1",
      orderLineId: "l1",
      goodsId: "g1",
      skuId: "s1",
      goodsName: "West Lake tea",
      specValues: ["250 g"],
      image: null,
      score: 1,
      content: "The tin was dented",
      images: [{ id: "f1", url: "/files/f1", name: "tin.png" }],
    },
    {
      id: "el2",
      orderLineId: "l2",
      goodsId: "g2",
      skuId: "s2",
      goodsName: "Longjing cups",
      specValues: [],
      image: null,
      score: 3,
      content: "",
      images: [],
    },
  ],
  followUp: { content: "The seller sent a new tin", images: [], at: "2026-01-05T04:00:00.000Z" },
  reply: null,
  createdAt: "2026-01-03T04:00:00.000Z",
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(opts: { rows?: EvalRow[]; detail?: EvalDetail | null } = {}) {
  return stubContractFetch((entry) => {
    if (entry === evaluation.selEvalShop) return shop;
    if (entry === evaluation.selEvalScoreByParam) return { counts: [30, 18, 60, 150, 342], total: 600, average: 434 };
    if (entry === evaluation.selEvalOrderByPage) {
      const list = opts.rows ?? [row()];
      return { list, total: list.length, pageNum: 1, pageSize: 20 };
    }
    if (entry === evaluation.selEvalByOrderId) return opts.detail === undefined ? detail() : opts.detail;
    if (entry === evaluation.addEvalContent) return detail({ reply: { content: "Sorry", at: "2026-01-06T04:00:00.000Z" } });
    return undefined;
  });
}

describe("the reviews list", () => {
  it("when it opens, then the shop's score card, the tabs with the aggregate's counts and the rows show", async () => {
    const { requests } = stub();
    renderScreen(<EvaluationList />, { member: owner });
    expect(await screen.findByText("The shop's scores")).toBeTruthy();
    expect(await screen.findByText("4.67")).toBeTruthy();
    expect(screen.getByText("86.5%")).toBeTruthy();
    expect(screen.getAllByText("600").length).toBeGreaterThan(0);
    expect(await screen.findByText(/5★ 342 · 4★ 150 · 3★ 60 · 2★ 18 · 1★ 30/)).toBeTruthy();
    expect(await screen.findByRole("tab", { name: /To reply\s*240/ })).toBeTruthy();
    expect(screen.getByRole("tab", { name: /Low scores\s*48/ })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "20260101120000123456" })).toBeTruthy();
    expect(screen.getAllByText("2 of 5 stars").length).toBeGreaterThan(0);
    expect(screen.getByText("and 1 more")).toBeTruthy();
    expect(screen.getByText("Not replied")).toBeTruthy();
    expect(requests.find((r) => r.entry === evaluation.selEvalOrderByPage)?.body).toMatchObject({ tab: "all", pageNum: 1 });
  }, 60_000);

  it("when the seller replies from a row, then a reply is required and sent for that evaluation", async () => {
    const { requests } = stub();
    renderScreen(<EvaluationList />, { member: owner });
    fireEvent.click(await screen.findByRole("button", { name: "Reply: 20260101120000123456" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send the reply" }));
    expect(await within(dialog).findByText("Reply is required")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Reply"), { target: { value: "Sorry, a new tin is on its way" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send the reply" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === evaluation.addEvalContent)?.body).toEqual({
        id: "e1",
        content: "Sorry, a new tin is on its way",
      }),
    );
  }, 60_000);

  it("when an evaluation is replied, then its reply shows and it offers no second reply", async () => {
    stub({ rows: [row({ reply: "Thanks for buying", repliedAt: "2026-01-04T04:00:00.000Z" })] });
    renderScreen(<EvaluationList />, { member: owner });
    expect(await screen.findByText("Thanks for buying")).toBeTruthy();
    expect(screen.getByRole("button", { name: "View: 20260101120000123456" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reply: 20260101120000123456" })).toBeNull();
  }, 60_000);
});

describe("one order's evaluation", () => {
  it("when it has no reply, then lines, images, the follow-up and the reply form show, and the reply is sent", async () => {
    const { requests } = stub();
    renderScreen(<EvaluationDetail />, { member: owner, url: "/v/o1", path: "/v/:id" });
    expect(await screen.findByRole("heading", { name: "Evaluation of order 20260101120000123456" })).toBeTruthy();
    expect(screen.getByText("Longjing cups")).toBeTruthy();
    expect(screen.getByText("No text written")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Image 1 of the evaluation of West Lake tea" })).toBeTruthy();
    expect(screen.getByText("The seller sent a new tin")).toBeTruthy();
    expect(requests.find((r) => r.entry === evaluation.selEvalByOrderId)?.body).toEqual({ id: "o1" });
    fireEvent.change(screen.getByLabelText("Reply"), { target: { value: "We are sorry" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the reply" }));
    await waitFor(() =>
      expect(requests.find((r) => r.entry === evaluation.addEvalContent)?.body).toEqual({ id: "e1", content: "We are sorry" }),
    );
  }, 60_000);

  it("when it is replied, then the reply shows read-only", async () => {
    stub({ detail: detail({ reply: { content: "Thanks for buying", at: "2026-01-04T04:00:00.000Z" } }) });
    renderScreen(<EvaluationDetail />, { member: owner, url: "/v/o1", path: "/v/:id" });
    expect(await screen.findByText("Thanks for buying")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send the reply" })).toBeNull();
  }, 60_000);

  it("when the order has none, then the screen says so", async () => {
    stub({ detail: null });
    renderScreen(<EvaluationDetail />, { member: owner, url: "/v/o1", path: "/v/:id" });
    expect(await screen.findByText("This order has not been evaluated yet.")).toBeTruthy();
  }, 60_000);
});
