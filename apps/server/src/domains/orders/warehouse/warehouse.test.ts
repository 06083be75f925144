import { codes, contract, PRINT_MAX_ORDERS } from "@sbo/contract";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "../../../test/fixtures";
import { publish, simpleGoods } from "../../../test/goods-kit";
import { createTestApp, type TestApp } from "../../../test/harness";
import { orderScene, placeOrder } from "../../../test/order-kit";
import { goodsForOrders } from "../../goods/goods.port";
import { goodsSku } from "../../goods/goods.tables";
import { sellerWhere } from "../orders.repository";
import { orderInfo } from "../orders.tables";
import { createWarehouseService } from "./warehouse.service";

/*
 * What the warehouse works from (docs/domains/orders.md "Warehouse: printing and the line export"): the print data of
 * a set of orders (lines with SKU code, storage location and FEFO batches), the line export (one row per line, streamed
 * by keyset), the per-order export's recipient, address and tracking, and who sees full phones; the organisation wall.
 */

const W = contract.orderWarehouse;
const O = contract.orders;
let t: TestApp;
let owner: string;
let boId: string;
let other: string;
let buyer: string;
let addressId: string;
let freshSku: string;
let plainSku: string;
const ids: string[] = [];
const BUYER_PHONE = "13900000311";

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10);

/** An order of these items with the buyer's remark: its id. */
const placeWithRemark = async (items: { skuId: string; quantity: number }[]) =>
  (await placeOrder(t, buyer, { addressId, items, remarks: { [boId]: "Ring twice" } })).id;

async function skuOf(goodsId: string) {
  const [sku] = await t.db.select({ id: goodsSku.id }).from(goodsSku).where(eq(goodsSku.goodsId, goodsId));
  return sku?.id as string;
}

async function sheetOf(path: string, input: Record<string, unknown>, lang: string, ticket = owner) {
  const res = await t.post(path, input, { ticket, headers: { "accept-language": lang } });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.data as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows = (sheet.getRows(2, Math.max(sheet.rowCount - 1, 0)) ?? []).map((row) =>
    Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value])),
  );
  return { res, sheet, headers, rows };
}

beforeAll(async () => {
  t = await createTestApp();
  const scene = await orderScene(t, BUYER_PHONE, "Han Mei");
  ({ boId, owner, other, buyer, addressId } = scene);
  freshSku = await skuOf(
    await publish(
      t,
      owner,
      simpleGoods(scene.image, "Warehouse strawberries", {
        fresh: true,
        storageLocation: "B-02",
        skus: [
          {
            specValues: [],
            price: 500,
            stock: 0,
            code: "STRAW-1",
            batches: [
              { batchNo: "LATE", quantity: 20, productionDate: addDays(today, -2), expiresOn: addDays(today, 9) },
              { batchNo: "SOON", quantity: 3, productionDate: addDays(today, -2), expiresOn: addDays(today, 2) },
            ],
          },
        ],
      } as never),
      true,
    ),
  );
  plainSku = await skuOf(
    await publish(
      t,
      owner,
      simpleGoods(scene.image, "Warehouse honey", {
        storageLocation: "A-01",
        skus: [{ specValues: [], price: 2000, stock: 50, code: "HONEY-1" }],
      }),
      true,
    ),
  );
  // 0: 4 strawberries (3 SOON + 1 LATE) and 1 honey; 1: 2 strawberries (LATE) and 2 honey; 2–4: 1 honey each.
  ids.push(
    await placeWithRemark([
      { skuId: freshSku, quantity: 4 },
      { skuId: plainSku, quantity: 1 },
    ]),
  );
  ids.push(
    await placeWithRemark([
      { skuId: freshSku, quantity: 2 },
      { skuId: plainSku, quantity: 2 },
    ]),
  );
  for (let i = 0; i < 3; i++) ids.push(await placeWithRemark([{ skuId: plainSku, quantity: 1 }]));
  await t.db.update(orderInfo).set({ status: "paid", paidAt: new Date(), payMethod: "online" }).where(eq(orderInfo.boId, boId));
}, 120_000);
afterAll(() => t.close());

describe("the print data", () => {
  it("when two orders are asked for, then each comes in the order asked with recipient, remarks, SKU codes, locations and FEFO batches", async () => {
    const res = await t.call(W.selOrderPrintData, { ids: [ids[1] as string, ids[0] as string] }, { ticket: owner });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.phonesMasked).toBe(false);
    expect(res.data.orders.map((o) => o.id)).toEqual([ids[1], ids[0]]);
    const first = res.data.orders[1];
    expect(first?.recipient).toMatchObject({
      name: "Han Mei",
      phone: BUYER_PHONE,
      detail: "1 West Lake Rd",
      areaName: "浙江省 杭州市 西湖区",
    });
    expect(first?.buyerRemark).toBe("Ring twice");
    expect(first?.lines.map((l) => [l.goodsName, l.skuCode, l.storageLocation, l.quantity])).toEqual([
      ["Warehouse strawberries", "STRAW-1", "B-02", 4],
      ["Warehouse honey", "HONEY-1", "A-01", 1],
    ]);
    expect(first?.lines[0]?.batches.map((b) => [b.batchNo, b.quantity, b.expiresOn])).toEqual([
      ["SOON", 3, addDays(today, 2)],
      ["LATE", 1, addDays(today, 9)],
    ]);
    expect(first?.lines[1]?.batches).toEqual([]);
  });

  it("when a member without the phone right asks, then the recipient's phone is masked; without order viewing, refused", async () => {
    const viewer = await createStaff(t, boId, ["order.manage"]);
    const res = await t.call(W.selOrderPrintData, { ids: [ids[0] as string] }, { ticket: viewer });
    expect(res.code, res.msg).toBe(codes.OK);
    expect(res.data.phonesMasked).toBe(true);
    expect(res.data.orders[0]?.recipient.phone).toBe("139****0311");
    const seer = await createStaff(t, boId, ["order.manage", "order.manage.phone"]);
    expect((await t.call(W.selOrderPrintData, { ids: [ids[0] as string] }, { ticket: seer })).data.orders[0]?.recipient.phone).toBe(
      BUYER_PHONE,
    );
    const nobody = await createStaff(t, boId, ["goods.manage"]);
    expect((await t.call(W.selOrderPrintData, { ids: [ids[0] as string] }, { ticket: nobody })).status).toBe(403);
  });

  it("when another seller asks for these orders, then none come; too many or no ids is refused naming ids", async () => {
    const theirs = await t.call(W.selOrderPrintData, { ids: [ids[0] as string, ids[1] as string] }, { ticket: other });
    expect(theirs.code, theirs.msg).toBe(codes.OK);
    expect(theirs.data.orders).toEqual([]);
    const tooMany = await t.call(
      W.selOrderPrintData,
      { ids: Array.from({ length: PRINT_MAX_ORDERS + 1 }, (_, i) => `x${i}`) },
      { ticket: owner },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.msg).toContain("ids");
    const none = await t.call(W.selOrderPrintData, { ids: [] }, { ticket: owner });
    expect(none.status).toBe(400);
    expect(none.msg).toContain("ids");
  });
});

describe("the line export", () => {
  it("when exported in English by the owner, then there is one row per line with every warehouse field and full phones", async () => {
    const ship = await t.call(O.orderDelivery, { id: ids[0] as string, expressCode: "SF", trackingNo: "SF100200" }, { ticket: owner });
    expect(ship.code, ship.msg).toBe(codes.OK);
    const { res, headers, rows } = await sheetOf(W.exportOrderLines.path, {}, "en");
    expect(decodeURIComponent(String(res.headers["content-disposition"]))).toMatch(/order-lines-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(headers).toEqual([
      "Order number",
      "Status",
      "Placed at",
      "Paid at",
      "Buyer",
      "Buyer phone",
      "Recipient",
      "Recipient phone",
      "Province",
      "City",
      "District",
      "Address",
      "Goods",
      "SKU code",
      "Spec",
      "Quantity",
      "Unit price (¥)",
      "Line amount (¥)",
      "Batches",
      "Carrier",
      "Tracking number",
      "Seller remark",
      "Buyer remark",
    ]);
    expect(rows).toHaveLength(7);
    const mine = rows.filter((r) => r["Order number"] === rows.at(-1)?.["Order number"]);
    expect(mine.map((r) => [r.Goods, r["SKU code"], r.Quantity, r["Unit price (¥)"], r["Line amount (¥)"]])).toEqual([
      ["Warehouse strawberries", "STRAW-1", 4, 5, 20],
      ["Warehouse honey", "HONEY-1", 1, 20, 20],
    ]);
    expect(mine[0]).toMatchObject({
      Status: "Shipped",
      "Recipient phone": BUYER_PHONE,
      Recipient: "Han Mei",
      // An English export names areas in English (issue 25 §5); the Chinese one, below, in Chinese.
      Province: "Zhejiang",
      City: "Hangzhou",
      District: "Xihu District",
      Address: "1 West Lake Rd",
      "Tracking number": "SF100200",
      "Buyer remark": "Ring twice",
      Batches: `SOON (${addDays(today, 2)}) ×3; LATE (${addDays(today, 9)}) ×1`,
    });
    expect(mine[0]?.Carrier).toBeTruthy();
    expect(mine[0]?.["Placed at"]).toBeInstanceOf(Date);
  });

  it("when a member without the phone right exports in Chinese, then the headers are Chinese and the phones masked", async () => {
    const exporter = await createStaff(t, boId, ["order.manage", "order.manage.export"]);
    const { headers, rows } = await sheetOf(W.exportOrderLines.path, { tab: "toShip" }, "zh-CN", exporter);
    expect(headers.slice(0, 3)).toEqual(["订单编号", "订单状态", "下单时间"]);
    expect(rows).toHaveLength(5); // the shipped order's two lines are not to ship
    expect(rows.every((r) => r.收货人手机 === "139****0311" && r.买家手机 === "139****0311")).toBe(true);
    expect(rows[0]?.订单状态).toBe("已付款");
    const viewerOnly = await createStaff(t, boId, ["order.manage"]);
    expect((await t.post(W.exportOrderLines.path, {}, { ticket: viewerOnly })).status).toBe(403);
  });

  it("when another seller exports, then none of these orders come; a bad tab is refused", async () => {
    const { rows } = await sheetOf(W.exportOrderLines.path, { keyword: "Warehouse" }, "en", other);
    expect(rows).toHaveLength(0);
    expect((await t.post(W.exportOrderLines.path, { tab: "nope" }, { ticket: owner })).status).toBe(400);
  });

  it("when the pages are small, then the rows come page by page by keyset, each order once, newest first", async () => {
    const service = createWarehouseService({ goods: goodsForOrders });
    const batches: string[][] = [];
    for await (const batch of service.linePages(t.db, boId, sellerWhere(boId, {}, null), 2)) batches.push(batch.map((r) => r.order.id));
    expect(batches).toHaveLength(3);
    const orderIds = [...new Set(batches.flat())];
    expect(orderIds).toEqual([...ids].reverse());
    expect(batches.flat()).toHaveLength(7);
  });
});

describe("the per-order export and the detail", () => {
  it("when the owner exports, then recipient, full phones, address and tracking come; a member without the right gets them masked", async () => {
    const full = await sheetOf(contract.orderDesk.exportOrder.path, {}, "en");
    const shipped = full.rows.find((r) => r["Tracking number"] === "SF100200");
    expect(shipped).toMatchObject({ Recipient: "Han Mei", "Recipient phone": BUYER_PHONE, "Buyer phone": BUYER_PHONE });
    expect(String(shipped?.Address)).toContain("1 West Lake Rd");
    const exporter = await createStaff(t, boId, ["order.manage", "order.manage.export"]);
    const masked = await sheetOf(contract.orderDesk.exportOrder.path, {}, "en", exporter);
    expect(masked.rows.every((r) => r["Recipient phone"] === "139****0311" && r["Buyer phone"] === "139****0311")).toBe(true);
  });

  it("when a member without the right opens the detail, then both phones are masked; with it, full", async () => {
    const viewer = await createStaff(t, boId, ["order.manage"]);
    const d = await t.call(O.selSellerOrderDetailById, { id: ids[0] as string }, { ticket: viewer });
    expect(d.code, d.msg).toBe(codes.OK);
    expect([d.data.buyerPhone, d.data.address.phone]).toEqual(["139****0311", "139****0311"]);
    const mine = await t.call(O.selSellerOrderDetailById, { id: ids[0] as string }, { ticket: owner });
    expect([mine.data.buyerPhone, mine.data.address.phone]).toEqual([BUYER_PHONE, BUYER_PHONE]);
  });
});
