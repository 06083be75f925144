import { type Call, codes, contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userSession } from "../../platform/auth/auth.tables";
import {
  createSeller,
  employeeOf,
  freshCode,
  memberByLoginName,
  sessionOfTicket,
  TEST_PASSWORD,
  UNKNOWN_TICKET,
  updateSessionOfTicket,
} from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { employee, manufacturer, member } from "../identity/identity.tables";

let t: TestApp;
/** Warnings the process emitted while this file ran (e.g. node-postgres refusing concurrent queries in a transaction). */
const warnings: string[] = [];
const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
beforeAll(async () => {
  process.on("warning", onWarning);
  t = await createTestApp();
});
afterAll(async () => {
  process.off("warning", onWarning);
  await t.close();
});

const HOUR = 3600_000;

/** A valid input for every call that needs a login, so that only the ticket decides the answer. */
const validInputs: Record<string, Record<string, unknown>> = {
  "session.getMemberByToken": {},
  "session.logout": {},
  "session.switchIdentity": { boId: "01ANYORGANISATION000000000" },
  "session.switchManufacturer": { manufacturerId: null },
  "session.selFuncListByParam": {},
  "session.selSubFuncListByParam": { parentCode: "order" },
  "session.judgeAuth": { funcCode: "order.manage" },
  "session.selFuncListWithEmployee": {},
  "session.selRoleListBySysId": {},
  "session.selManufacturerByParams": {},
  "login.selMemberLoginById": { memberId: "01ANYMEMBER000000000000000" },
  "login.safeCenterReSetPwd": { oldPassword: TEST_PASSWORD, newPassword: "An0ther#Secret" },
  "login.sendPhoneSms": {},
  "login.smsChangePassword": { code: "123456", newPassword: "An0ther#Secret" },
  "system.selAuditLogByPage": { pageNum: 1, pageSize: 10 },
  "system.selAuditLogById": { id: "1" },
  "system.selAuditLogMembers": {},
  "system.exportAuditLog": {},
  "system.upload": {},
  "system.selByTypeBusTypeRefId": { type: "image", busType: "goods", refId: "X" },
  "system.addFileList": { type: "image", busType: "goods", refId: "X", fileIds: ["Y"] },
  ...Object.fromEntries(
    (
      [
        ["selMemberByPage", {}],
        ["exportStaffList", {}],
        ["addMemberEmployee", { name: "X", loginName: "matrix-x", phone: "13711110000", password: TEST_PASSWORD }],
        ["selMemberEmpById", { employeeId: "01ANYEMPLOYEE0000000000000" }],
        ["updMemberEmpById", { employeeId: "01ANYEMPLOYEE0000000000000", name: "X", phone: "13711110000" }],
        ["delMemberEmpById", { employeeId: "01ANYEMPLOYEE0000000000000" }],
        ["add", { account: "nobody" }],
        ["resetMemberEmpPassword", { employeeId: "01ANYEMPLOYEE0000000000000", password: "An0ther#Secret" }],
        ["selAccountPreview", { account: "nobody" }],
        ["selInvitationPage", {}],
        ["cancelInvitation", { id: "01ANYINVITATION00000000000" }],
        ["selMyAccountNotices", {}],
        ["sendPhoneConfirmCode", {}],
        ["confirmPhone", { code: "123456" }],
        ["acceptInvitation", { id: "01ANYINVITATION00000000000" }],
        ["declineInvitation", { id: "01ANYINVITATION00000000000" }],
        ["selfuncIds", { employeeId: "01ANYEMPLOYEE0000000000000" }],
        ["upd", { employeeId: "01ANYEMPLOYEE0000000000000", enabled: true }],
        ["selById", { memberId: "01ANYMEMBER000000000000000" }],
        ["selMemberEmployeesByParam", {}],
        ["selFuncById", { employeeId: "01ANYEMPLOYEE0000000000000" }],
        ["addRole", { name: "X", functions: ["order.manage"] }],
        ["updRole", { id: "01ANYROLE00000000000000000", name: "X", functions: ["order.manage"] }],
        ["delRole", { id: "01ANYROLE00000000000000000" }],
        ["selectProfession", {}],
        ["addProfession", { name: "X" }],
        ["selBaseInfoByAuthority", {}],
        ["selBaseList", {}],
        ["addBase", { name: "X", kind: "farm", areaCode: "110100" }],
        ["updBase", { id: "01ANYBASE00000000000000000", name: "X", kind: "farm", areaCode: "110100" }],
        ["updBaseEnabled", { id: "01ANYBASE00000000000000000", enabled: true }],
      ] as const
    ).map(([name, input]) => [`staff.${name}`, input]),
  ),
  "shop.selShopByBoId": {},
  "shop.updShop": {},
  "shop.updShopStatus": { status: "closed" },
  "shop.selShopAndOrg": {},
  "shop.selShopSettingByShopId": { shopId: "01ANYSHOP00000000000000000" },
  "shop.addOrUpdShopSettingByShopId": {},
  "shop.openShop": {},
  "shop.submitAccountOpening": {},
  "organization.selById": {},
  "organization.updById": {},
  "reference.selSpecAreaListByPid": {},
  "reference.selSubCateListByPcateId": {},
  "reference.selSystemUnitByParam": {},
  "reference.selSpecItemListByDictId": { dictId: "express" },
  "reference.selAreaById": { code: "330106" },
  "reference.selCategoryTree": {},
  "reference.selCategoryPath": { id: "C0101" },
  "reference.selItemListByDictId": { dictId: "express" },
  "reference.selItemByCode": { dictId: "express", code: "SF" },
  "reference.selAreaListByParam": { keyword: "杭州" },
  "reference.selRelatedCategoryList": { id: "C01" },
  "reference.graphqlMust": { must: ["units", "dict:express"] },
  "reference.graphqlAll": {},
  "basicShop.isInBusiScopeCode": { categoryId: "C0101" },
  "basicShop.selShopByParam": { name: "Harbor" },
  "basicShop.selWeatherList": { days: 3 },
  "sellerSettings.getByBoId": { keys: ["home.cards"] },
  "sellerSettings.setByBoId": { key: "home.cards", value: ["weather"] },
  "sellerSettings.delByBoId": { key: "home.cards" },
  // The ticket is checked before the input: for these an empty body shows the same.
  ...Object.fromEntries(
    "addMemberRank delMemberRank selMemberRankList selMemberInfoById selMemberByParam exportMemberList updMemberById selMemberTagByParam addOrUpdMemberTag delMemberTagById batchTagMembers selRechargeManageByPage addOrUpdRechargePromotion updRechargeStatus"
      .split(" ")
      .map((n) => [`member.${n}`, {}]),
  ),
  ...Object.fromEntries("selDataTempByType addDataTemp delDataTemp".split(" ").map((n) => [`templates.${n}`, {}])),
  ...Object.fromEntries("selAddrListPage addAddr updAddrById delAddrById updDefaultAddr".split(" ").map((n) => [`address.${n}`, {}])),
  ...Object.fromEntries(
    "selShopSupplierPage selShopSupplierList addShopSupplier updShopSupplierById delShopSupplierById addShopSupplierMemberList updShopSupplierMemberList selByShopIdAndBoId selShopSupplierMember selSupplierStaffList selAuthRequestPage acceptAuthRequest declineAuthRequest selOrgShortByNameList selOrgShortByNamePage"
      .split(" ")
      .map((n) => [`supplier.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "addGoodsBatch addOrUpdGoodsTrace batchUpdateStatusOn batchUpdateStatusOut checkGoodsRangeCategory delGoods delGoodsList delGoodsBatch delGoodsLadderPrice delGoodsMemberPrice delGoodsTrace exportGoodsList importGoodsList modifyGoods modifyGoodsAndStatusOn modifyGoodsPackage modifyGoodsPackageAndStatusOn publishGoods publishGoodsAndStatusOn publishGoodsPackage publishGoodsPackageAndStatusOn saveGoodsLadderPrice saveGoodsMemberPrice saveShopRange selAllowPackageByDefaultShop selAttrDefByCategoryId selGifGoodsList selGoodRecommendByShopId selGoodsBatchList selGoodsById selGoodsByIdV2 selGoodsByParam selGoodsInfoByPage selGoodsInfoListByDefaultShop selGoodsLadderById selGoodsLadderList selGoodsListByDefaultShop selGoodsListByMember selGoodsMemberPriceById selGoodsPromotion selGoodsRangeByParam selGoodsTpl selGoodsTraceListByParam selLastShelfBatch selNotPromotionGoodsList selPackageGoodsListByDefaultShop selSupportLogistics undoBatchUpdateStatus updGoodsBatch updStatusOn updStatusOut"
      .split(" ")
      .map((n) => [`goods.${n}`, {}]),
  ),
  "search.goodsListV3": {},
  ...Object.fromEntries(
    "myGoodsList selGoodsInfoByPage detail publishGoods modifyGoods selBaseGoodsStatus selGoodsNumByTypeAndCate selBoListByCategory selBoListByParam selGoodsInfoFwgyByPage selGoodsInfoFwxqByPage selGoodsListByPageV2WithRebate"
      .split(" ")
      .map((n) => [`goodsPublic.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "add addInfo addInitFreightTemplate del selById selByParam selInfoById selListByRefId selListByShopId selPageByRefId selSimpleListByRefId upd updInfoById"
      .split(" ")
      .map((n) => [`freight.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "addRecommendClassify addRecommendInfoList delRecommendInfo execRecommendClassifyList selExistRecommendByPage selRecommendClassifyList updRecommendClassifyById updRecommendInfo"
      .split(" ")
      .map((n) => [`recommend.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "addShopClassify addShopClassifyGoods delClassifyByIdList delShopClassifyGoods selShopClassifyById selShopClassifyByParentId selShopClassifyGoodsByPage selShopClassifyListByBoId updList updShopClassifyById updShopClassifyList"
      .split(" ")
      .map((n) => [`shopCategory.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selOrderListByPage selSellerOrderDetailById selectOrderCount orderDelivery updateOrderLogistics cancelOrder orderPriceRevision modifyOrderByObj orderReceived deleteOrderById updateOrderInfoAddrById"
      .split(" ")
      .map((n) => [`orders.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selPayListByParam exportPayList selVoucherById auditVoucherPass auditVoucherReject updVoucherApprovalStatusById selPaymentRefundPage retryPaymentRefund"
      .split(" ")
      .map((n) => [`orderPay.${n}`, {}]),
  ),
  ...Object.fromEntries("selChangeOrderInfo changeOrderInfo".split(" ").map((n) => [`orderChange.${n}`, {}])),
  ...Object.fromEntries(
    "orderRepeatedlyDelivery selRepeatedlyDeliveryListByOrderId updOrderRepeatedlyDeliveryV2 batchDeliveryTemplate batchDeliveryByExcel batchDeliveryByRows"
      .split(" ")
      .map((n) => [`orderFulfil.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selPickupPointList addPickupPoint updPickupPoint delPickupPoint selAwaitingPickupByPage verifyPickupCode"
      .split(" ")
      .map((n) => [`extract.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selShopWarehouseByBoId getExpressInfo complaintInformAdd selComplaintsByOrder".split(" ").map((n) => [`fulfilSupport.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selSaleOrderListByPage selAllOrderListByPageV3 selFilterOrderListByPage selOrderGoodsListByParam selBuyerOrderDetailById statisticalOrder statisticalDuringOrder selCountBuyerBoIdByOrder selOrderTime fetchServiceUnitFee remindDelivery deleteSellerAndBuyOrderById selCouponRecordByOrderId exportOrder selSellerTodo"
      .split(" ")
      .map((n) => [`orderDesk.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selPushListByPage exportPushList retry selPushSetting savePushSetting".split(" ").map((n) => [`ordersLive.${n}`, {}]),
  ),
  ...Object.fromEntries("selOrderPrintData exportOrderLines".split(" ").map((n) => [`orderWarehouse.${n}`, {}])),
  ...Object.fromEntries(
    "selInvoiceListByPage exportInvoiceList invoiceOrderDetail selInvoiceByOrderId issueInvoice refuseInvoice addBillInvoiceInfo selBillInvoiceInfoListByParam applyBillInvoice"
      .split(" ")
      .map((n) => [`invoice.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selSellerStatementByPC selSellerDateNumByPC selSellerNumByPC exportSellerStatement selBuyerStatementByPC selBuyerDateNumByPC selBuyerNumByPC"
      .split(" ")
      .map((n) => [`statement.${n}`, { from: "2026-01-01", to: "2026-01-31" }]),
  ),
  "dashboard.selCountTradingDataView": {},
  ...Object.fromEntries(
    "judgeIsOpenAccount selAccountCardList queryAccountAmount selFlowListByPage exportFlowList getBillNo sendMessage"
      .split(" ")
      .map((n) => [`finance.${n}`, {}]),
  ),
  "finance.selCashFlowDetail": { id: "order:1" },
  ...Object.fromEntries(
    "personBindCard toSign toUpdSign"
      .split(" ")
      .map((n) => [`finance.${n}`, { billNo: "FB1", holderName: "Li", bankName: "ICBC", cardNo: "4111111111111111", code: "123456" }]),
  ),
  "finance.removeSign": { code: "123456" },
  "finance.unSign": { billNo: "FB1" },
  ...Object.fromEntries(
    "upload getUploadSts2WithExpire add page detail update updateStatus delete".split(" ").map((n) => [`media.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "queryList selPronmotionById addOrUpdatePromotionInfo addOrUpdatePromotionBySpec delPromotionInfo"
      .split(" ")
      .map((n) => [`promotion.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "addEvalOrder selEvalByOrderId selEvalOrderByPage exportEvalOrderList selEvalList addEvalContent selEvalShop selEvaByPage selEvalScoreByParam"
      .split(" ")
      .map((n) => [`evaluation.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "queryCoupRegListByPage selExchangeCoupRegListByPage selCoupRegularByRegCode selCouponRegNum addCoupRegular updCoupRegular updCoupRegularByRegCode delCoupRegular selCouponList selCouponUsageDetails updUnFrozenCouponOperation updExchangeInvalid selCouponRecordByOrderIdV2 getCouponParentOrderId"
      .split(" ")
      .map((n) => [`coupon.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selCouponCardPoolRegularByPage addCouponCardPoolRegular selCouponCardPoolRegularByParam selCouponInfoAndCardPoolRecordsByPage updCouponCardPoolRecordInvalid updEliminateCardPool exportEntityCardsData"
      .split(" ")
      .map((n) => [`cardPool.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selOrderGoodsAfterSaleService exportAfterSaleList selAfterSaleById selAfterSaleOrderDetail selAfterSaleTodoCount approveApply rejectApply confirmReceipt refundApply shipExchange"
      .split(" ")
      .map((n) => [`afterSale.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selAdvertListByPage addOrUpdAdvert delAdvertById selAdvertById selAdvertListByParam updListSort"
      .split(" ")
      .map((n) => [`advert.${n}`, {}]),
  ),
  ...Object.fromEntries(
    "selAdvertDetailByAdId updAdvertDetailById delAdvertDetailById selAdvertDetailAllListByParam addAdvertDetail queryAdvertShopByPage queryAdvertGoodsByPage queryAdvertCategoryList updListSort"
      .split(" ")
      .map((n) => [`advertDetail.${n}`, {}]),
  ),
  ...Object.fromEntries("selWebContentListByParam selWebContentById updWebContent".split(" ").map((n) => [`content.${n}`, {}])),
  // The list exports of issue 27 §1 (shop, goods and marketing lists).
  ...Object.fromEntries(
    "coupon.exportCouponRuleList coupon.exportCouponList promotion.exportList supplier.exportShopSupplierList freight.exportByParam shopCategory.exportShopClassifyList advert.exportAdvertList media.exportPage"
      .split(" ")
      .map((n) => [n, {}]),
  ),
};

const guarded: Array<[string, Call]> = Object.entries(contract).flatMap(([domain, calls]) =>
  Object.entries(calls as Record<string, Call>)
    // Buyer-API calls open the buyer session, not this one: orders.test.ts checks them against buyer tickets.
    .filter(([, call]) => call.access !== "public" && call.access !== "buyer")
    .map(([name, call]) => [`${domain}.${name}`, call] as [string, Call]),
);

/** Call every guarded entry with this ticket; answer the code each one gave (and any non-200 status). */
async function codesFor(ticket: string | null): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, call] of guarded) {
    const res = await t.post(call.path, validInputs[name] ?? {}, { ticket });
    out[name] = res.status === 200 ? res.code : `HTTP ${res.status} ${res.code}`;
  }
  return out;
}
const every = (code: string) => Object.fromEntries(guarded.map(([name]) => [name, code]));

describe("calls that need a login", () => {
  it("every guarded call of the platform has a sample input here (a new call must join this matrix)", () => {
    expect(Object.keys(validInputs).sort()).toEqual(guarded.map(([n]) => n).sort());
  });

  it("when no ticket is sent, then every member and function call answers 001107", async () => {
    expect(await codesFor(null)).toEqual(every(codes.NOT_LOGGED_IN));
  });

  it("when the ticket is malformed, then every call answers 000016", async () => {
    expect(await codesFor("abc")).toEqual(every(codes.TICKET_INVALID));
  });

  it("when the ticket is well formed but was never issued, then every call answers 000016", async () => {
    expect(await codesFor(UNKNOWN_TICKET)).toEqual(every(codes.TICKET_INVALID));
  });

  it("when the member has logged out, then the old ticket answers 001107 everywhere", async () => {
    const ticket = await t.login("demo");
    const out = await t.call(contract.session.logout, {}, { ticket });
    expect(out.code).toBe(codes.OK);
    expect(await codesFor(ticket)).toEqual(every(codes.NOT_LOGGED_IN));
  });

  it("when the session has been idle for 3 hours, then it answers 001107 everywhere", async () => {
    const ticket = await t.login("demo");
    await updateSessionOfTicket(t, ticket, { lastSeenAt: new Date(Date.now() - 3 * HOUR) });
    expect(await codesFor(ticket)).toEqual(every(codes.NOT_LOGGED_IN));
  });

  it("when the session is past its absolute expiry though recently used, then it answers 001107 everywhere", async () => {
    const ticket = await t.login("demo");
    await updateSessionOfTicket(t, ticket, { expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() });
    expect(await codesFor(ticket)).toEqual(every(codes.NOT_LOGGED_IN));
  });

  it("when the member's account is disabled, then a live ticket answers 12 everywhere", async () => {
    const s = await createSeller(t);
    const ticket = await t.login(s.loginName, s.password);
    await t.db.update(member).set({ enabled: false }).where(eq(member.id, s.memberId));
    expect(await codesFor(ticket)).toEqual(every(codes.ACCOUNT_DISABLED));
  });

  it("when the member's place in the organisation is disabled, then a live ticket answers 001108 everywhere", async () => {
    const s = await createSeller(t);
    const ticket = await t.login(s.loginName, s.password);
    await t.db.update(employee).set({ enabled: false }).where(eq(employee.id, s.employeeId));
    expect(await codesFor(ticket)).toEqual(every(codes.SESSION_ENDED));
  });

  it("when the password is reset with an SMS code, then the tickets issued before answer 001108 everywhere", async () => {
    const s = await createSeller(t, { phone: "13900000101" });
    const ticket = await t.login(s.loginName, s.password);
    const code = await freshCode(t, "13900000101", "resetPassword");
    const reset = await t.call(contract.login.reSetPwd, { loginName: s.loginName, code, newPassword: "Brand#New2026" });
    expect(reset.code).toBe(codes.OK);
    expect(await codesFor(ticket)).toEqual(every(codes.SESSION_ENDED));
  });

  it("when a public call carries a bad ticket, then it is served as if anonymous", async () => {
    for (const ticket of ["abc", UNKNOWN_TICKET]) {
      const res = await t.call(contract.session.platformInfo, {}, { ticket });
      expect(res.code).toBe(codes.OK);
    }
    const loggedOut = await t.login("demo");
    await t.call(contract.session.logout, {}, { ticket: loggedOut });
    const again = await t.call(contract.login.login, { loginName: "demo", password: "Demo@2026!" }, { ticket: loggedOut });
    expect(again.code).toBe(codes.OK);
    expect(again.cookies.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("when a session is used within the idle limit, then it stays alive and its last use is moved forward", async () => {
    const ticket = await t.login("demo");
    const halfHourAgo = new Date(Date.now() - HOUR / 2);
    await updateSessionOfTicket(t, ticket, { lastSeenAt: halfHourAgo });
    const res = await t.call(contract.session.getMemberByToken, {}, { ticket });
    expect(res.code).toBe(codes.OK);
    const row = await sessionOfTicket(t, ticket);
    expect(row.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("getMemberByToken", () => {
  it("when the owner asks, then the answer shows the member, organisation, shop and every function", async () => {
    const ticket = await t.login("demo");
    const res = await t.call(contract.session.getMemberByToken, {}, { ticket });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      loginName: "demo",
      name: "Lin Qing",
      phone: "13800000001",
      orgName: "Green Valley Fresh Co., Ltd.",
      isOwner: true,
      shop: { name: "Green Valley Fresh", status: "open" },
      roles: [],
      manufacturerId: null,
      openShopUrl: null,
    });
    expect(res.data.functions).toContain("setup.audit");
    expect(res.data.functions).toContain("order.manage.export");
    expect(res.data).not.toHaveProperty("passwordHash");
  });

  it("when the clerk asks, then the answer shows the clerk role and only home and the order functions", async () => {
    const ticket = await t.login("demo-clerk");
    const res = await t.call(contract.session.getMemberByToken, {}, { ticket });
    expect(res.data.isOwner).toBe(false);
    expect(res.data.roles.map((r) => r.name)).toEqual(["Order clerk"]);
    expect(res.data.functions).toEqual(["home", "order", "order.manage", "order.manage.ship"]);
  });

  it("when a member works for two organisations, then both are listed with the owned one first and active", async () => {
    const ticket = await t.login("demo2");
    const res = await t.call(contract.session.getMemberByToken, {}, { ticket });
    expect(res.data.orgName).toBe("Harbor Seafood Trading Co., Ltd.");
    expect(res.data.organizations).toEqual([
      { boId: res.data.boId, name: "Harbor Seafood Trading Co., Ltd.", isOwner: true },
      { boId: expect.any(String), name: "Green Valley Fresh Co., Ltd.", isOwner: false },
    ]);
  });

  it("when the input has an unknown field, then 400 names it", async () => {
    const ticket = await t.login("demo");
    const res = await t.post(contract.session.getMemberByToken.path, { boId: "x" }, { ticket });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect(res.msg).toContain("boId");
    expect(res.data).toEqual({ issues: [{ path: "boId", message: "is not a known field", reason: "field.unknown" }] });
  });
});

describe("logout", () => {
  it("when a member logs out, then the session is revoked and the cookie cleared", async () => {
    const ticket = await t.login("demo");
    const res = await t.call(contract.session.logout, {}, { ticket });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toBeNull();
    expect(String(res.headers["set-cookie"])).toMatch(/ticket=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    const row = await sessionOfTicket(t, ticket);
    expect(row.revokedAt).not.toBeNull();
    expect(row.revokeReason).toBe("logout");
  });

  it("when logout is sent with an unknown field, then 400 names it and the session stays alive", async () => {
    const ticket = await t.login("demo");
    const res = await t.post(contract.session.logout.path, { all: true }, { ticket });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect(res.msg).toContain("all");
    expect(res.data).toEqual({ issues: [{ path: "all", message: "is not a known field", reason: "field.unknown" }] });
    expect((await sessionOfTicket(t, ticket)).revokedAt).toBeNull();
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket })).code).toBe(codes.OK);
  });

  it("when one session logs out, then the member's other sessions stay alive", async () => {
    const a = await t.login("demo");
    const b = await t.login("demo");
    await t.call(contract.session.logout, {}, { ticket: a });
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket: b })).code).toBe(codes.OK);
  });
});

describe("switchIdentity", () => {
  it("when demo2 switches to the organisation where they are staff, then the session acts there with no functions beyond home", async () => {
    const ticket = await t.login("demo2");
    const before = await t.call(contract.session.getMemberByToken, {}, { ticket });
    const green = before.data.organizations.find((o) => !o.isOwner);
    expect(green).toBeDefined();
    const res = await t.call(contract.session.switchIdentity, { boId: green?.boId ?? "" }, { ticket });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({ boId: green?.boId, isOwner: false, orgName: "Green Valley Fresh Co., Ltd.", functions: ["home"] });

    const after = await t.call(contract.session.getMemberByToken, {}, { ticket });
    expect(after.data).toMatchObject({ boId: green?.boId, isOwner: false, functions: ["home"], shop: { name: "Green Valley Fresh" } });
    // The switch is real: the owner's calls are now refused.
    const audit = await t.call(contract.system.selAuditLogByPage, { pageNum: 1, pageSize: 10 }, { ticket });
    expect(audit.status).toBe(403);

    const back = await t.call(contract.session.switchIdentity, { boId: before.data.boId }, { ticket });
    expect(back.data).toMatchObject({ boId: before.data.boId, isOwner: true });
  });

  it("when a member switches to an organisation they do not belong to, then 000004 and the session is unchanged", async () => {
    const clerk = await t.login("demo-clerk");
    const harbor = await t.call(contract.session.getMemberByToken, {}, { ticket: await t.login("demo2") });
    const before = await sessionOfTicket(t, clerk);
    const res = await t.call(contract.session.switchIdentity, { boId: harbor.data.boId }, { ticket: clerk });
    expect(res.code).toBe(codes.NOT_FOUND);
    expect((await sessionOfTicket(t, clerk)).boId).toBe(before.boId);
  });

  it("when the member's place there is disabled, then the switch is refused as not found", async () => {
    const ticket = await t.login("demo2");
    const me = await t.call(contract.session.getMemberByToken, {}, { ticket });
    const green = me.data.organizations.find((o) => !o.isOwner)?.boId ?? "";
    const demo2 = await memberByLoginName(t, "demo2");
    const staffPlace = await employeeOf(t, green, demo2.id);
    await t.db.update(employee).set({ enabled: false }).where(eq(employee.id, staffPlace.id));
    try {
      const res = await t.call(contract.session.switchIdentity, { boId: green }, { ticket });
      expect(res.code).toBe(codes.NOT_FOUND);
      expect((await sessionOfTicket(t, ticket)).boId).toBe(me.data.boId);
    } finally {
      await t.db.update(employee).set({ enabled: true }).where(eq(employee.id, staffPlace.id));
    }
  });

  it("when boId is missing or empty, then 400 names boId and the session is unchanged", async () => {
    const ticket = await t.login("demo2");
    const before = await sessionOfTicket(t, ticket);
    for (const body of [{}, { boId: "" }]) {
      const res = await t.post(contract.session.switchIdentity.path, body, { ticket });
      expect(res.status).toBe(400);
      expect(res.code).toBe(codes.BAD_INPUT);
      expect(res.msg).toMatch(/^boId: /);
      expect(res.data).toMatchObject({ issues: [{ path: "boId" }] });
    }
    expect((await sessionOfTicket(t, ticket)).boId).toBe(before.boId);
  });
});

describe("manufacturers", () => {
  it("when the owner lists manufacturers, then only their organisation's appear, filtered by name", async () => {
    const ticket = await t.login("demo");
    const all = await t.call(contract.session.selManufacturerByParams, {}, { ticket });
    expect(all.data.map((m) => m.code)).toEqual(["GVF", "SOC"]);
    const sunny = await t.call(contract.session.selManufacturerByParams, { name: "sunny" }, { ticket });
    expect(sunny.data.map((m) => m.code)).toEqual(["SOC"]);
    const wildcard = await t.call(contract.session.selManufacturerByParams, { name: "%" }, { ticket });
    expect(wildcard.data).toEqual([]);
  });

  it("when the name filter is too long, then 400 names it", async () => {
    const ticket = await t.login("demo");
    const res = await t.call(contract.session.selManufacturerByParams, { name: "x".repeat(65) }, { ticket });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^name: /);
    expect(res.data).toMatchObject({ issues: [{ path: "name" }] });
  });

  it("when the member switches to one of their manufacturers, then the session carries it until cleared", async () => {
    const ticket = await t.login("demo");
    const [gvf] = (await t.call(contract.session.selManufacturerByParams, { name: "Green" }, { ticket })).data;
    const res = await t.call(contract.session.switchManufacturer, { manufacturerId: gvf?.id ?? "" }, { ticket });
    expect(res.code).toBe(codes.OK);
    expect(res.data.manufacturerId).toBe(gvf?.id);
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket })).data.manufacturerId).toBe(gvf?.id);
    const cleared = await t.call(contract.session.switchManufacturer, { manufacturerId: null }, { ticket });
    expect(cleared.data.manufacturerId).toBeNull();
    expect((await sessionOfTicket(t, ticket)).manufacturerId).toBeNull();
  });

  it("when the member picks another organisation's manufacturer, then 000004 and the session keeps its choice", async () => {
    const ticket = await t.login("demo");
    const [hff] = await t.db.select().from(manufacturer).where(eq(manufacturer.code, "HFF"));
    const res = await t.call(contract.session.switchManufacturer, { manufacturerId: hff?.id ?? "" }, { ticket });
    expect(res.code).toBe(codes.NOT_FOUND);
    expect((await sessionOfTicket(t, ticket)).manufacturerId).toBeNull();
  });

  it("when manufacturerId is missing, then 400 names it and nothing changes", async () => {
    const ticket = await t.login("demo");
    const res = await t.post(contract.session.switchManufacturer.path, {}, { ticket });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("manufacturerId: is required");
    expect((await sessionOfTicket(t, ticket)).manufacturerId).toBeNull();
  });

  it("when a member switches identity, then the manufacturer choice is cleared", async () => {
    const ticket = await t.login("demo2");
    const [hff] = await t.db.select().from(manufacturer).where(eq(manufacturer.code, "HFF"));
    await t.call(contract.session.switchManufacturer, { manufacturerId: hff?.id ?? "" }, { ticket });
    const me = await t.call(contract.session.getMemberByToken, {}, { ticket });
    const green = me.data.organizations.find((o) => !o.isOwner)?.boId ?? "";
    const res = await t.call(contract.session.switchIdentity, { boId: green }, { ticket });
    expect(res.data.manufacturerId).toBeNull();
    const rows = await t.db.select().from(userSession).where(eq(userSession.memberId, me.data.memberId));
    expect(rows.find((r) => r.boId === green)?.manufacturerId ?? null).toBeNull();
  });
});

describe("the driver", () => {
  it("when every call above has run (switches included, inside transactions), then the process emitted no warnings", () => {
    expect(warnings).toEqual([]);
  });
});
