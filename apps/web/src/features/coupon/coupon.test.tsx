import * as contract from "@sbo/contract/coupon";
import type { MemberInfo } from "@sbo/contract/session";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import type { CouponRow, PoolRow, RuleDetail, RuleRow } from "./coupon.api";
import { Component as DetailPage } from "./coupon-detail-page";
import { Component as FormPage } from "./coupon-form-page";
import { Component as CouponList } from "./coupon-list-page";
import { Component as PoolList } from "./pool-list-page";

const owner = { memberId: "m1", boId: "b1", isOwner: true, functions: [] } as unknown as MemberInfo;
const clerk = { memberId: "m4", boId: "b1", isOwner: false, functions: ["order.manage"] } as unknown as MemberInfo;

const rule = (over: Partial<RuleRow> = {}): RuleRow => ({
  id: "r1",
  regCode: "SPRING-5",
  kind: "coupon",
  name: "Spring ¥5 off",
  description: "",
  discountType: "amount",
  amount: 500,
  percentOff: 0,
  maxDiscount: 0,
  minSpend: 0,
  validityType: "fixed",
  validFrom: "2026-03-01T00:00:00.000Z",
  validTo: "2026-04-01T00:00:00.000Z",
  validDays: null,
  totalQuantity: 100,
  perMemberLimit: 1,
  issuedQuantity: 0,
  usedQuantity: 0,
  goodsScope: "all",
  goodsIds: [],
  exchangeCode: null,
  state: "draft",
  createdAt: "2026-02-01T00:00:00.000Z",
  updatedAt: "2026-02-01T00:00:00.000Z",
  ...over,
});

const active = rule({
  id: "r2",
  regCode: "TEN-OFF",
  name: "10% off",
  discountType: "percent",
  amount: 0,
  percentOff: 10,
  maxDiscount: 2000,
  state: "active",
  issuedQuantity: 12,
  usedQuantity: 3,
});

const couponRow = (over: Partial<CouponRow> = {}): CouponRow => ({
  id: "c1",
  ruleId: "r2",
  regCode: "TEN-OFF",
  ruleName: "10% off",
  state: "frozen",
  memberName: "Li Lei",
  memberPhone: "139****0001",
  source: "receive",
  validFrom: "2026-03-01T00:00:00.000Z",
  validTo: "2026-04-01T00:00:00.000Z",
  receivedAt: "2026-03-02T00:00:00.000Z",
  orderId: "o1",
  orderNo: "20260302000000000001",
  discountAmount: 300,
  usedAt: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

function stub() {
  return stubContractFetch((entry, body) => {
    if (entry === contract.coupon.queryCoupRegListByPage)
      return { list: [rule(), active], total: 2, pageNum: 1, pageSize: 20, counts: { all: 2, draft: 1, active: 1, ended: 0 } };
    if (entry === contract.coupon.updCoupRegularByRegCode) return { ...rule(), state: "active" };
    if (entry === contract.coupon.addCoupRegular) return rule({ name: String(body.name) });
    if (entry === contract.coupon.selCoupRegularByRegCode)
      return { ...active, goods: [], numbers: { issued: 12, unused: 7, frozen: 1, used: 3, expired: 1, invalid: 0 } } satisfies RuleDetail;
    if (entry === contract.coupon.selCouponList) return { list: [couponRow()], total: 1, pageNum: 1, pageSize: 20 };
    if (entry === contract.coupon.selCouponUsageDetails)
      return {
        list: [couponRow({ id: "c2", state: "used", orderNo: "20260302000000000002", usedAt: "2026-03-03T00:00:00.000Z" })],
        total: 1,
        pageNum: 1,
        pageSize: 20,
        discountTotal: 300,
      };
    if (entry === contract.coupon.updUnFrozenCouponOperation) return couponRow({ state: "unused", orderId: null, orderNo: null });
    return undefined;
  });
}

describe("the coupon list", () => {
  it("when it opens, then each rule shows its discount and counts; a draft offers Activate and Delete, an active rule End", async () => {
    const { requests } = stub();
    renderScreen(<CouponList />, { member: owner });
    const draft = (await screen.findByRole("link", { name: "Spring ¥5 off" })).closest("tr") as HTMLElement;
    expect(within(draft).getByText("¥5.00 off")).toBeTruthy();
    expect(within(draft).getByRole("button", { name: "Activate: Spring ¥5 off" })).toBeTruthy();
    expect(within(draft).getByRole("button", { name: "Delete: Spring ¥5 off" })).toBeTruthy();
    const on = screen.getByRole("link", { name: "10% off" }).closest("tr") as HTMLElement;
    expect(within(on).getByText("10% off (at most ¥20.00)")).toBeTruthy();
    expect(within(on).getByText("12 / 100")).toBeTruthy();
    expect(within(on).getByRole("button", { name: "End: 10% off" })).toBeTruthy();
    expect(within(on).queryByRole("button", { name: /^Delete: / })).toBeNull();
    const tab = (key: string) => document.querySelector(`[role=tab][id$="-tab-${key}"]`);
    await waitFor(() => expect(tab("active")?.textContent).toBe("Active1"));

    fireEvent.click(within(draft).getByRole("button", { name: "Activate: Spring ¥5 off" }));
    await waitFor(() =>
      expect(requests.find((q) => q.entry === contract.coupon.updCoupRegularByRegCode)?.body).toMatchObject({
        regCode: "SPRING-5",
        action: "activate",
      }),
    );
  }, 60_000);

  it("when the member does not hold the coupon function, then no row offers a change and there is no Add", async () => {
    stub();
    renderScreen(<CouponList />, { member: clerk });
    await screen.findByRole("link", { name: "Spring ¥5 off" });
    expect(screen.queryByRole("button", { name: /^Activate: / })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add a coupon" })).toBeNull();
  }, 60_000);
});

describe("the coupon form", () => {
  it("when a coupon is added, then yuan are sent as cents and the dates as instants", async () => {
    const { requests } = stub();
    renderScreen(<FormPage />, { member: owner, url: "/transaction/shopTicket/add", path: "/transaction/shopTicket/add" });
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Welcome ¥8 off" } });
    fireEvent.change(screen.getByLabelText("Amount off (¥)"), { target: { value: "8" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.coupon.addCoupRegular)).toBeTruthy());
    const body = requests.find((q) => q.entry === contract.coupon.addCoupRegular)?.body;
    expect(body).toMatchObject({ kind: "coupon", name: "Welcome ¥8 off", discountType: "amount", amount: 800, totalQuantity: 100 });
    expect(Number.isNaN(Date.parse(String(body?.validTo)))).toBe(false);
  }, 60_000);
});

describe("a coupon rule's details", () => {
  it("when it opens, then the numbers, the issued coupons and the usage show; a frozen coupon can be unfrozen", async () => {
    const { requests } = stub();
    renderScreen(<DetailPage />, {
      member: owner,
      url: "/transaction/shopTicket/detail?regCode=TEN-OFF",
      path: "/transaction/shopTicket/detail",
    });
    expect(await screen.findByRole("button", { name: "Frozen: 1" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Used: 3" })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "20260302000000000002" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Unfreeze: Li Lei" }));
    fireEvent.click(await screen.findByRole("button", { name: "Unfreeze" }));
    await waitFor(() =>
      expect(requests.find((q) => q.entry === contract.coupon.updUnFrozenCouponOperation)?.body).toMatchObject({ id: "c1" }),
    );
  }, 60_000);
});

describe("the card pool list", () => {
  const pool = (over: Partial<PoolRow> = {}): PoolRow => ({
    id: "p1",
    name: "Gift cards A",
    ruleId: "r3",
    regCode: "GIFT-50",
    ruleName: "¥50 gift card",
    quantity: 200,
    redeemed: 12,
    invalid: 1,
    state: "active",
    exportedAt: null,
    createdAt: "2026-03-01T00:00:00.000Z",
    ...over,
  });

  it("when it opens, then a pool not yet exported offers Export, an exported one not; Eliminate is confirmed and sent", async () => {
    const { requests } = stubContractFetch((entry, body) => {
      if (entry === contract.cardPool.selCouponCardPoolRegularByPage)
        return {
          list: [pool(), pool({ id: "p2", name: "Gift cards B", exportedAt: "2026-03-02T00:00:00.000Z" })],
          total: 2,
          pageNum: 1,
          pageSize: 20,
        };
      if (entry === contract.cardPool.updEliminateCardPool) return pool({ id: String(body.id), state: "eliminated" });
      return undefined;
    });
    renderScreen(<PoolList />, { member: owner });
    const a = (await screen.findByRole("link", { name: "Gift cards A" })).closest("tr") as HTMLElement;
    expect(within(a).getByText("¥50 gift card (GIFT-50)")).toBeTruthy();
    expect(within(a).getByRole("button", { name: "Export cards: Gift cards A" })).toBeTruthy();
    const b = screen.getByRole("link", { name: "Gift cards B" }).closest("tr") as HTMLElement;
    expect(within(b).queryByRole("button", { name: /^Export cards: / })).toBeNull();
    fireEvent.click(within(a).getByRole("button", { name: "Eliminate: Gift cards A" }));
    fireEvent.click(await screen.findByRole("button", { name: "Eliminate" }));
    await waitFor(() => expect(requests.find((q) => q.entry === contract.cardPool.updEliminateCardPool)?.body).toMatchObject({ id: "p1" }));
  }, 60_000);

  it("when a member sees the card pools but may not export their passwords, then no pool offers Export", async () => {
    stubContractFetch((entry) => {
      if (entry === contract.cardPool.selCouponCardPoolRegularByPage) return { list: [pool()], total: 1, pageNum: 1, pageSize: 20 };
      return undefined;
    });
    const seesPools = { memberId: "m5", boId: "b1", isOwner: false, functions: ["marketing.cardPool"] } as unknown as MemberInfo;
    renderScreen(<PoolList />, { member: seesPools });
    const a = (await screen.findByRole("link", { name: "Gift cards A" })).closest("tr") as HTMLElement;
    expect(within(a).getByRole("button", { name: "Eliminate: Gift cards A" })).toBeTruthy();
    expect(within(a).queryByRole("button", { name: /^Export cards: / })).toBeNull();
  }, 60_000);
});
