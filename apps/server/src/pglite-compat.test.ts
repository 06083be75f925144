import { type Call, codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerLogin, buyerPost } from "./test/buyer-kit";
import { createTestApp, type TestApp } from "./test/harness";

/**
 * The embedded database (PGlite, what `npm start` runs on) speaks the SQL the product uses. The full suite runs on
 * PostgreSQL in CI; on PGlite CI runs this file with the audit trigger's, the files' and the pipeline's tests
 * (`npm run test:compat`, see vitest.compat.config.ts): the migrations and seeds, every list or lookup of every domain
 * that needs no id, every export, and a write in each domain. `npm run test:pglite` still runs everything on PGlite.
 */
const calls = Object.entries(contract).flatMap(([domain, entries]) =>
  Object.entries(entries as Record<string, Call>).map(([name, call]) => [`${domain}.${name}`, call] as const),
);
const readsWithoutInput = calls.filter(([, c]) => !c.write && !c.download && c.input.safeParse({}).success);
// Spreadsheet exports take filters only; a download of one record's file (a buyer's issued invoice) needs its id and is
// covered by its domain's tests.
const exports = calls.filter(([, c]) => c.download && c.input.safeParse({}).success);

let t: TestApp;
let owner: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  buyer = await buyerLogin(t, "13900000077");
});
afterAll(() => t.close());

describe("migrations and seeds", () => {
  it("when the database is migrated and seeded, then it is ready and the demo seller has its shop and 200 members", async () => {
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.json()).toMatchObject({ status: "ready" });
    const me = (await t.call(contract.session.getMemberByToken, {}, { ticket: owner })).data;
    expect(me.shop?.status).toBe("open");
    const members = await t.call(contract.member.selMemberByParam, { pageSize: 1 }, { ticket: owner });
    expect(members.data.total).toBe(200);
  });
});

describe("every read that needs no id", () => {
  it.each(readsWithoutInput)("when %s is called by the owner (a buyer call by a buyer), then it answers 0", async (_name, call) => {
    const res =
      call.access === "buyer" ? await buyerPost(t, call.path, {}, { ticket: buyer }) : await t.post(call.path, {}, { ticket: owner });
    expect(res.status, res.msg).toBe(200);
    // The weather comes from an outside provider, which the tests' app has none of: "not configured" is its answer.
    expect(res.code, res.msg).toBe(call.path.endsWith("/selWeatherList") ? codes.NOT_CONFIGURED : codes.OK);
  });
});

describe("every export", () => {
  it.each(exports)("when %s is asked for, then a spreadsheet comes", async (_name, call) => {
    const res = await t.app.inject({
      method: "POST",
      url: call.path,
      headers: { "content-type": "application/json", "sign-token": t.config.signToken },
      cookies: { ticket: owner },
      payload: JSON.stringify({ systemId: 71 }),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });
});

describe("a write in each domain, read back", () => {
  it("address: a new address is listed", async () => {
    const base = {
      contactName: "Ada",
      phone: "13812345678",
      provinceCode: "330000",
      cityCode: "330100",
      districtCode: "330106",
      detail: "1 Compat Road",
    };
    const added = await t.call(contract.address.addAddr, { type: "shipping", ...base }, { ticket: owner });
    expect(added.code, added.msg).toBe(codes.OK);
    const list = await t.call(contract.address.selAddrListPage, { pageSize: 100 }, { ticket: owner });
    expect(JSON.stringify(list.data)).toContain("1 Compat Road");
  });

  it("member: a new rank and a new tag are listed", async () => {
    const rank = { name: "Compat", level: 9, thresholdType: "points", thresholdValue: 100, discount: 9900 } as const;
    expect((await t.call(contract.member.addMemberRank, rank, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(contract.member.addOrUpdMemberTag, { name: "Compat", color: "#ABCDEF" }, { ticket: owner })).code).toBe(codes.OK);
    const ranks = await t.call(contract.member.selMemberRankList, {}, { ticket: owner });
    expect(JSON.stringify(ranks.data)).toContain("Compat");
  });

  it("staff: a new role is listed", async () => {
    const added = await t.call(contract.staff.addRole, { name: "Compat role", functions: ["home"] }, { ticket: owner });
    expect(added.code, added.msg).toBe(codes.OK);
    const roles = await t.call(contract.staff.selMemberEmployeesByParam, {}, { ticket: owner });
    expect(roles.code).toBe(codes.OK);
  });

  it("supplier: a new supplier is found by its name", async () => {
    const added = await t.call(contract.supplier.addShopSupplier, { kind: "purchase", name: "Compat Farm" }, { ticket: owner });
    expect(added.code, added.msg).toBe(codes.OK);
  });

  it("goods: an item published on shelf is listed, batch-shelved off and undone", async () => {
    const { publish, simpleGoods, uploadImage } = await import("./test/goods-kit");
    const image = await uploadImage(t, owner);
    const id = await publish(
      t,
      owner,
      simpleGoods(image, "Compat apples", {
        fresh: true,
        skus: [
          { specValues: [], price: 500, batches: [{ batchNo: "C1", quantity: 5, productionDate: "2026-01-01", expiresOn: "2099-01-01" }] },
        ],
      }),
      true,
    );
    const list = await t.call(contract.goods.selGoodsListByDefaultShop, { keyword: "Compat" }, { ticket: owner });
    expect(list.data.list.map((g) => [g.id, g.stock])).toEqual([[id, 5]]);
    const off = await t.call(contract.goods.batchUpdateStatusOut, { ids: [id] }, { ticket: owner });
    expect(off.data.done).toEqual([id]);
    const undo = await t.call(contract.goods.undoBatchUpdateStatus, { batchId: off.data.batchId ?? "" }, { ticket: owner });
    expect(undo.data.restored).toEqual([id]);
  });

  it("shop: closing and opening again is recorded in the audit log", async () => {
    expect((await t.call(contract.shop.updShopStatus, { status: "closed", reason: "Compat" }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(contract.shop.updShopStatus, { status: "open" }, { ticket: owner })).code).toBe(codes.OK);
    const log = await t.call(contract.system.selAuditLogByPage, { area: "shop" }, { ticket: owner });
    expect(log.data.list.filter((e) => e.what === "Closed or reopened the shop").length).toBeGreaterThanOrEqual(2);
  });

  it("session: logging out ends the ticket", async () => {
    const ticket = await t.login("demo-clerk");
    expect((await t.call(contract.session.logout, {}, { ticket })).code).toBe(codes.OK);
    expect((await t.call(contract.session.getMemberByToken, {}, { ticket })).code).not.toBe(codes.OK);
  });
});
