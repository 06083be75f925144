import { z } from "zod";
import { contactPhone } from "./address";
import { calendarDay, cents, id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, uploadFile, write } from "./define";
import { fieldRefusals, rule } from "./field-issues";
import { orderDetail } from "./orders";
import { areaCode } from "./reference";
import { refusals, type Words } from "./refusals";

/*
 * The other fulfilment paths of an order (docs/domains/orders.md "Fulfilment: repeated delivery, pickup, batch ship"):
 * repeated delivery (one order delivered in several shipments over time), self-pickup at one of the shop's pickup
 * points with a pickup code, the shop's warehouses, tracking, a complaint to the platform, and shipping many orders
 * from an Excel sheet with a dry run. Every change of an order still goes through the one order machine.
 */

export const MAX_REPEAT_TIMES = 52;
export const MAX_REPEAT_EVERY_DAYS = 90;
export const MAX_BATCH_SHIP_ROWS = 1000;
/** Orders one ship of the list's selection takes (a page of the order list at its largest). */
export const MAX_SELECTED_SHIP = 100;
export const MAX_COMPLAINTS_PER_ORDER = 5;
export const roundStatuses = ["planned", "shipped", "delivered"] as const;
export type RoundStatus = (typeof roundStatuses)[number];
export const roundStatusWords: Record<RoundStatus, Words> = {
  planned: { en: "planned", zh: "待配送" },
  shipped: { en: "shipped", zh: "已发货" },
  delivered: { en: "delivered", zh: "已送达" },
};
export const complaintCategories = ["fraud", "abuse", "maliciousReturn", "fakeAddress", "other"] as const;
/** A report's state: with the platform once submitted (the platform's handling comes with the help desk). */
export const complaintStatuses = ["submitted"] as const;

export const fulfilRefusals = refusals("fulfil", {
  notRepeated: { en: "Order {orderNo} is not a repeated-delivery order", zh: "订单 {orderNo} 不是周期配送订单" },
  notExpress: {
    en: "Order {orderNo} is delivered by {mode}: use its own screen",
    zh: "订单 {orderNo} 的配送方式为{mode}，请在对应页面处理",
  },
  roundsFull: { en: "Order {orderNo} has all its {times} deliveries planned", zh: "订单 {orderNo} 的 {times} 次配送已全部安排" },
  roundNotFound: { en: "That delivery was not found", zh: "未找到该次配送" },
  roundTooMany: { en: "{field}: only {left} left to plan", zh: "{field}：最多还可安排 {left} 件" },
  roundWrongState: {
    en: "Delivery {seq} is {status}: it cannot become {to}",
    zh: "第 {seq} 次配送当前为{status}，不能改为{to}",
  },
  roundLogistics: { en: "{field} is required to ship a delivery", zh: "配送发货须填写{field}" },
  roundDateFixed: { en: "{field}: a delivery already shipped keeps its date", zh: "{field}：已发货的配送不能改日期" },
  pickupPointUnknown: { en: "{field}: that pickup point is not one of the shop's", zh: "{field}：不是该店铺的自提点" },
  pickupCodeUnknown: { en: "No order awaits pickup with that code", zh: "没有使用该提货码的待提货订单" },
  repeatOnePerShop: { en: "{field}: choose a delivery for a shop of this checkout", zh: "{field}：只能为本次结算中的店铺选择配送方式" },
  complaintTooMany: {
    en: "Order {orderNo} already has {max} complaints",
    zh: "订单 {orderNo} 已有 {max} 条投诉",
  },
  shipmentUnknown: { en: "That shipment was not found", zh: "未找到该发货记录" },
  sheetNotTemplate: { en: "{field} is not the batch-ship template", zh: "{field}不是批量发货模板" },
  sheetEmpty: { en: "{field} has no rows", zh: "{field}没有数据行" },
  sheetTooManyRows: { en: "{field} has more than {max} rows", zh: "{field}超过 {max} 行" },
  rowRequired: { en: "{field} is required", zh: "{field}不能为空" },
  rowOrderUnknown: { en: "{field}: no order of this shop has this number", zh: "{field}：本店没有该订单号" },
  rowOrderTwice: { en: "{field}: this order is already on row {first}", zh: "{field}：该订单已在第 {first} 行" },
  rowExpressUnknown: { en: "{field} is not a known logistics company", zh: "{field}不是已知的物流公司" },
  rowTrackingNo: { en: "{field} must be 1–40 letters, digits or -", zh: "{field}须为 1–40 位字母、数字或 -" },
  rowWrongState: { en: "{field}: the order is {status} and cannot be shipped", zh: "{field}：订单当前为{status}，不能发货" },
  rowNotExpress: { en: "{field}: the order is delivered by {mode}", zh: "{field}：该订单的配送方式为{mode}" },
  rowWillShip: { en: "Will ship", zh: "将发货" },
  rowShipped: { en: "Shipped", zh: "已发货" },
});

const F = (func: string) => ({ func });
const info = (name: string) => seller(`/trading/order/info/${name}`);
const ymd = calendarDay;
const expressCode = z.string().trim().min(1).max(20);
const trackingNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, "must be 1–40 letters, digits or -");
const roundLines = z
  .array(z.strictObject({ lineId: id, quantity: z.int().min(1).max(999) }))
  .min(1)
  .max(50);

// ---- repeated delivery ----

export const deliveryRound = z.object({
  id,
  orderId: id,
  seq: z.int(),
  plannedOn: z.string(),
  status: z.enum(roundStatuses),
  expressCode: z.string().nullable(),
  expressName: z.string().nullable(),
  expressNameEn: z.string().nullable(),
  trackingNo: z.string().nullable(),
  lines: z.array(z.object({ lineId: id, goodsName: z.string(), specValues: z.array(z.string()), quantity: z.int() })),
  remark: z.string(),
  shippedAt: instant.nullable(),
  deliveredAt: instant.nullable(),
});
export type DeliveryRound = z.infer<typeof deliveryRound>;

const roundsOut = z.object({
  orderId: id,
  orderNo: z.string(),
  status: orderDetail.shape.status,
  repeatTimes: z.int(),
  repeatEveryDays: z.int(),
  /** Pieces of each line not yet in a delivery. */
  unplanned: z.array(z.object({ lineId: id, goodsName: z.string(), specValues: z.array(z.string()), quantity: z.int() })),
  rounds: z.array(deliveryRound),
});
export type RepeatedDeliveries = z.infer<typeof roundsOut>;

// ---- batch ship ----

/** The batch-ship sheet's columns (headers in either language are read). */
export const batchShipColumns = [
  { key: "orderNo", en: "Order number*", zh: "订单编号*" },
  { key: "express", en: "Logistics company*", zh: "物流公司*" },
  { key: "trackingNo", en: "Tracking number*", zh: "物流单号*" },
] as const;
export type BatchShipColumnKey = (typeof batchShipColumns)[number]["key"];

export const batchShipLine = z.object({
  /** The sheet's row number (the header is row 1). */
  row: z.int(),
  orderNo: z.string(),
  expressName: z.string(),
  trackingNo: z.string(),
  /** ship: will ship (dry run) or shipped (commit); refused: why in `reason`. */
  outcome: z.enum(["ship", "shipped", "refused"]),
  /** The column the refusal is about ("" for the whole row). */
  field: z.string(),
  reason: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type BatchShipLine = z.infer<typeof batchShipLine>;

/** What a batch ship answers, from a sheet or from the list's selection. */
export const batchShipResult = z.object({
  mode: z.enum(["dryRun", "commit"]),
  rows: z.int(),
  validRows: z.int(),
  invalidRows: z.int(),
  shipped: z.int(),
  report: z.array(batchShipLine),
});

// ---- pickup ----

export const pickupPoint = z.object({
  id,
  contactName: z.string(),
  phone: z.string(),
  provinceCode: z.string(),
  cityCode: z.string(),
  districtCode: z.string().nullable(),
  areaName: z.string(),
  areaNameEn: z.string(),
  detail: z.string(),
  openTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  isDefault: z.boolean(),
});
export type PickupPoint = z.infer<typeof pickupPoint>;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, rule(fieldRefusals.clock));
const pickupFields = {
  contactName: z.string().trim().min(1, "is required").max(50),
  phone: contactPhone,
  provinceCode: areaCode,
  cityCode: areaCode,
  districtCode: areaCode.nullable().default(null),
  detail: z.string().trim().min(1, "is required").max(200),
  openTime: clock,
  closeTime: clock,
};
const hoursInOrder = <T extends { openTime: string; closeTime: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.openTime >= v.closeTime) ctx.addIssue({ code: "custom", path: ["closeTime"], message: rule(fieldRefusals.afterOpening) });
};

export const awaitingPickup = z.object({
  orderId: id,
  orderNo: z.string(),
  buyerName: z.string(),
  buyerPhone: z.string().nullable(),
  payAmount: cents,
  pieces: z.int(),
  firstGoodsName: z.string().nullable(),
  pickupPointId: id.nullable(),
  pickupPointName: z.string(),
  paidAt: instant.nullable(),
  createdAt: instant,
});
export type AwaitingPickup = z.infer<typeof awaitingPickup>;

// ---- calls ----

export const orderFulfil = {
  orderRepeatedlyDelivery: write({
    path: info("orderRepeatedlyDelivery"),
    summary:
      "Plan one delivery of a repeated-delivery order: its planned date, the pieces of each line it carries and optionally its logistics (shipped later through updOrderRepeatedlyDeliveryV2)",
    access: F("order.manage.ship"),
    input: z.strictObject({
      orderId: id,
      plannedOn: ymd,
      lines: roundLines,
      expressCode: expressCode.optional(),
      trackingNo: trackingNo.optional(),
      remark: z.string().trim().max(200).optional(),
    }),
    output: roundsOut,
  }),
  selRepeatedlyDeliveryListByOrderId: read({
    path: info("selRepeatedlyDeliveryListByOrderId"),
    summary: "The deliveries of a repeated-delivery order, in order, with the pieces not yet planned",
    access: F("order.manage"),
    input: z.strictObject({ orderId: id }),
    output: roundsOut,
  }),
  updOrderRepeatedlyDeliveryV2: write({
    path: info("updOrderRepeatedlyDeliveryV2"),
    summary:
      "Update one delivery: planned → shipped (with logistics) → delivered; its date while planned, its logistics until delivered. The last delivery delivered completes the order",
    access: F("order.manage.ship"),
    input: z.strictObject({
      orderId: id,
      roundId: id,
      status: z.enum(roundStatuses).optional(),
      plannedOn: ymd.optional(),
      expressCode: expressCode.optional(),
      trackingNo: trackingNo.optional(),
      remark: z.string().trim().max(200).optional(),
    }),
    output: roundsOut,
  }),
  batchDeliveryTemplate: exportFile({
    path: info("batchDeliveryTemplate"),
    summary: "The batch-ship sheet (order number, logistics company, tracking number) in the caller's language",
    access: F("order.manage.ship"),
    input: z.strictObject({}),
  }),
  batchDeliveryByExcel: uploadFile({
    path: info("batchDeliveryByExcel"),
    summary:
      "Ship orders from a sheet: dryRun answers what each row would do (ship, or refused and why); commit ships every valid row in one transaction",
    access: F("order.manage.ship"),
    input: z.strictObject({ mode: z.enum(["dryRun", "commit"]).default("dryRun") }),
    output: batchShipResult,
  }),
  batchDeliveryByRows: write({
    path: info("batchDeliveryByRows"),
    summary:
      "Ship orders chosen in the list (beyond the spec: the selection instead of a sheet), each with its logistics company and tracking number: every order is checked as a sheet row is, the valid ones shipped in the call's one transaction, and each order's outcome reported (`row` is its place in `rows`, from 1)",
    access: F("order.manage.ship"),
    input: z.strictObject({
      rows: z
        .array(z.strictObject({ orderNo: z.string().trim().min(1).max(32), expressCode, trackingNo }))
        .min(1)
        .max(MAX_SELECTED_SHIP),
    }),
    output: batchShipResult,
  }),
};

const extractPath = (name: string) => seller(`/trading/extract/${name}`);

export const extract = {
  selPickupPointList: read({
    path: extractPath("selPickupPointList"),
    summary: "The shop's pickup points (its addresses of type pickup), the default first",
    access: F("order.extract"),
    input: pageInput({}),
    output: page(pickupPoint),
  }),
  addPickupPoint: write({
    path: extractPath("addPickupPoint"),
    summary: "Add a pickup point: contact, phone, area, address and opening hours (stored as a pickup address of the shop)",
    access: F("order.extract"),
    input: z.strictObject(pickupFields).superRefine(hoursInOrder),
    output: pickupPoint,
  }),
  updPickupPoint: write({
    path: extractPath("updPickupPoint"),
    summary: "Edit a pickup point",
    access: F("order.extract"),
    input: z.strictObject({ id, ...pickupFields }).superRefine(hoursInOrder),
    output: pickupPoint,
  }),
  delPickupPoint: write({
    path: extractPath("delPickupPoint"),
    summary: "Delete a pickup point (orders already placed keep their snapshot of it)",
    access: F("order.extract"),
    input: z.strictObject({ id }),
    output: z.null(),
  }),
  selAwaitingPickupByPage: read({
    path: extractPath("selAwaitingPickupByPage"),
    summary: "Paid pickup orders not yet handed over, newest first; by order number prefix or the buyer's whole phone",
    access: F("order.extract"),
    input: pageInput({ keyword: z.string().trim().max(60).optional(), pickupPointId: id.optional() }),
    output: page(awaitingPickup),
  }),
  verifyPickupCode: write({
    path: extractPath("verifyPickupCode"),
    summary: "Hand a pickup order over: the buyer's pickup code completes the order",
    access: F("order.extract"),
    input: z.strictObject({
      code: z
        .string()
        .trim()
        .regex(/^\d{8}$/, "must be the 8-digit pickup code"),
    }),
    output: orderDetail,
  }),
};

export const warehouseInfo = z.object({
  id,
  type: z.enum(["shipping", "return"]),
  contactName: z.string(),
  phone: z.string(),
  areaName: z.string(),
  areaNameEn: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
});

export const trackingEvent = z.object({
  at: instant,
  /** A provider's own words, or the system's event (shipped, logisticsUpdated, roundShipped, roundDelivered). */
  event: z.string(),
  text: z.string().nullable(),
});

export const fulfilSupport = {
  selShopWarehouseByBoId: read({
    path: seller("/trading/warehouse/selShopWarehouseByBoId"),
    summary: "The shop's warehouses: its shipping (send-from) and return addresses, defaults first",
    access: F("order.manage"),
    input: z.strictObject({}),
    output: z.array(warehouseInfo),
  }),
  getExpressInfo: read({
    path: seller("/basic/system/express/getExpressInfo"),
    summary: "A shipment's tracking: from the tracking provider when one is configured, else the shipment events the system recorded",
    access: F("order.manage"),
    input: z.strictObject({ orderId: id, shipmentId: id }),
    output: z.object({
      expressCode: z.string(),
      expressName: z.string(),
      expressNameEn: z.string(),
      trackingNo: z.string(),
      /** The provider's name, or null: the events are the system's own records. */
      provider: z.string().nullable(),
      events: z.array(trackingEvent),
    }),
  }),
  complaintInformAdd: write({
    path: seller("/basic/helpDesk/complaintInform/add"),
    summary: "Report an order or its buyer to the platform: a category and what happened (at most 5 per order)",
    access: F("order.manage"),
    input: z.strictObject({
      orderId: id,
      about: z.enum(["order", "buyer"]),
      category: z.enum(complaintCategories),
      content: z.string().trim().min(5).max(500),
    }),
    output: z.object({ id, createdAt: instant }),
  }),
  selComplaintsByOrder: read({
    path: seller("/basic/helpDesk/complaintInform/selByOrder"),
    summary: "The reports made about one order or its buyer, newest first, with their state",
    access: F("order.manage"),
    input: z.strictObject({ orderId: id }),
    output: z.array(
      z.object({
        id,
        about: z.enum(["order", "buyer"]),
        category: z.enum(complaintCategories),
        content: z.string(),
        /** submitted: with the platform (its handling comes with the help desk). */
        status: z.enum(complaintStatuses),
        createdAt: instant,
      }),
    ),
  }),
};
