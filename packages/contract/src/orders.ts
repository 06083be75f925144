import { z } from "zod";
import { boundedRecord, cents, id, instant, page, pageInput, phone, smsCode } from "./common";
import { read, seller, write } from "./define";
import { type OrderStatus, orderStatuses } from "./order-statuses";
import { orderTimelineEntry } from "./orders-timeline";
import { areaCode } from "./reference";
import { refusals, type Words } from "./refusals";

/*
 * Orders (docs/domains/orders.md): the seller's calls under /trading/order/info/ (`orders`) and the buyer API under
 * /api/buyer/ (`buyer`: login by SMS code, addresses, cart, checkout, payment, cancel, remind, confirm receipt).
 * Money is integer cents. One state machine (the server's orders/order.machine.ts) decides every transition.
 */

export { type OrderStatus, orderStatuses };

/** The seller list's tabs: `toShip` is paid and partly shipped together. */
export const orderTabs = ["all", "pendingPayment", "toShip", "shipped", "received", "completed", "cancelled"] as const;
export type OrderTab = (typeof orderTabs)[number];

export const orderActions = [
  "pay",
  "ship",
  "updateLogistics",
  "receive",
  "complete",
  "cancel",
  "revisePrice",
  "changeAddress",
  "uploadVoucher",
  "remind",
  "remark",
  "deleteSeller",
  "deleteBuyer",
  "rejectVoucher",
  "changeLines",
  "planRound",
  "shipRound",
  "updateRound",
  "deliverRound",
  "pickUp",
] as const;
export type OrderAction = (typeof orderActions)[number];

/**
 * The order state machine's rules: from which statuses each action may start. The server's machine enforces them
 * (orders/order.machine.ts); the web reads the same table to offer only the actions an order's status allows.
 */
export const orderActionsFrom: Record<OrderAction, readonly OrderStatus[]> = {
  pay: ["pendingPayment"],
  ship: ["paid", "partlyShipped"],
  updateLogistics: ["partlyShipped", "shipped"],
  receive: ["shipped"],
  complete: ["received"],
  cancel: ["pendingPayment"],
  revisePrice: ["pendingPayment"],
  changeAddress: ["pendingPayment", "paid"],
  uploadVoucher: ["pendingPayment"],
  remind: ["paid", "partlyShipped"],
  remark: ["pendingPayment", "paid", "partlyShipped", "shipped", "received", "completed", "cancelled"],
  deleteSeller: ["completed", "cancelled"],
  deleteBuyer: ["completed", "cancelled"],
  // A voucher's rejection changes no status: a voucher left in review may be closed out whatever became of its order.
  rejectVoucher: ["pendingPayment", "paid", "partlyShipped", "shipped", "received", "completed", "cancelled"],
  // Before shipping (a paid order only down: the server's service checks).
  changeLines: ["pendingPayment", "paid"],
  // Repeated delivery: plan, ship, update and deliver each planned delivery.
  planRound: ["paid", "partlyShipped"],
  shipRound: ["paid", "partlyShipped"],
  updateRound: ["paid", "partlyShipped", "shipped"],
  deliverRound: ["partlyShipped", "shipped"],
  // Self-pickup: the pickup code hands a paid order over.
  pickUp: ["paid"],
};

/** Whether an order in `status` may take `action` (the machine's own check). */
export const orderMay = (action: OrderAction, status: OrderStatus): boolean => orderActionsFrom[action].includes(status);

/** The order list's "needs attention" filter (the home page's to-dos link to it). */
export const orderNeeds = ["reminded", "voucher"] as const;

export const flagColors = ["red", "orange", "yellow", "green", "blue", "purple"] as const;

export const orderStatusWords: Record<OrderStatus, Words> = {
  pendingPayment: { en: "pending payment", zh: "待付款" },
  paid: { en: "paid", zh: "已付款" },
  partlyShipped: { en: "partly shipped", zh: "部分发货" },
  shipped: { en: "shipped", zh: "已发货" },
  received: { en: "received", zh: "已收货" },
  completed: { en: "completed", zh: "已完成" },
  cancelled: { en: "cancelled", zh: "已取消" },
};

export const orderActionWords: Record<OrderAction, Words> = {
  pay: { en: "paid", zh: "付款" },
  ship: { en: "shipped", zh: "发货" },
  updateLogistics: { en: "given new logistics", zh: "修改物流" },
  receive: { en: "marked received", zh: "确认收货" },
  complete: { en: "completed", zh: "完成" },
  cancel: { en: "cancelled", zh: "取消" },
  revisePrice: { en: "given a new price", zh: "改价" },
  changeAddress: { en: "given a new address", zh: "修改收货地址" },
  uploadVoucher: { en: "given a payment voucher", zh: "上传付款凭证" },
  remind: { en: "reminded", zh: "提醒发货" },
  remark: { en: "remarked", zh: "备注" },
  deleteSeller: { en: "deleted", zh: "删除" },
  deleteBuyer: { en: "deleted", zh: "删除" },
  rejectVoucher: { en: "given a rejected voucher", zh: "驳回付款凭证" },
  changeLines: { en: "given changed lines", zh: "修改商品" },
  planRound: { en: "given a planned delivery", zh: "安排配送" },
  shipRound: { en: "shipped (a planned delivery)", zh: "配送发货" },
  updateRound: { en: "given new delivery details", zh: "修改配送" },
  deliverRound: { en: "marked delivered (a planned delivery)", zh: "确认配送送达" },
  pickUp: { en: "handed over for pickup", zh: "自提核销" },
};

/** How an order reaches its buyer (docs/domains/orders.md "Fulfilment"): express (the default), repeated, pickup. */
export const deliveryModes = ["express", "repeated", "pickup"] as const;
export type DeliveryMode = (typeof deliveryModes)[number];
export const deliveryModeWords: Record<DeliveryMode, Words> = {
  express: { en: "express delivery", zh: "快递配送" },
  repeated: { en: "repeated delivery", zh: "周期配送" },
  pickup: { en: "self-pickup", zh: "到店自提" },
};

/** The buyer's choice at checkout, per shop: repeated `times` deliveries every `everyDays` days, or pickup at a point. */
export const deliveryChoice = z.discriminatedUnion("mode", [
  z.strictObject({ mode: z.literal("express") }),
  z.strictObject({ mode: z.literal("repeated"), times: z.int().min(2).max(52), everyDays: z.int().min(1).max(90) }),
  z.strictObject({ mode: z.literal("pickup"), pickupPointId: z.string().min(1).max(40) }),
]);
export type DeliveryChoice = z.infer<typeof deliveryChoice>;

export const MAX_ORDER_LINES = 50;
export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 100;
export const MAX_BUYER_ADDRESSES = 20;
export const BUYER_PAGE_MAX = 50;
/** A buyer may remind the seller once an hour. */
export const REMIND_EVERY_MINUTES = 60;

export const orderRefusals = refusals("orders", {
  notFound: { en: "That order was not found", zh: "未找到该订单" },
  wrongState: {
    en: "Order {orderNo} is {status}: it cannot be {action}",
    zh: "订单 {orderNo} 当前为{status}，不能{action}",
  },
  offShelf: { en: '"{name}" is not on sale', zh: "“{name}”已下架或不可购买" },
  skuNotFound: { en: "{field}: that goods item was not found", zh: "{field}：未找到该商品" },
  noSelfPickup: { en: '{field}: "{name}" cannot be picked up at the shop', zh: "{field}：“{name}”不支持到店自提" },
  stockShort: {
    en: 'Only {left} of "{name}" are left; {wanted} were wanted',
    zh: "“{name}”仅剩 {left} 件，需要 {wanted} 件",
  },
  cartEmpty: { en: "Nothing to check out: the cart is empty", zh: "购物车为空，无法结算" },
  addressNotFound: { en: "That address was not found", zh: "未找到该收货地址" },
  notBuyingFor: {
    en: "{field}: you can buy only for an organisation you own, or work for with access to its Orders",
    zh: "{field}：只能为您是店主或拥有“订单管理”权限的组织采购",
  },
  tooManyAddresses: { en: "At most {max} addresses; delete one first", zh: "最多 {max} 个收货地址，请先删除一个" },
  tooManyCartLines: { en: "The cart holds at most {max} lines", zh: "购物车最多 {max} 种商品" },
  lineNotFound: { en: "{field}: that line is not in this order", zh: "{field}：该订单没有这一行" },
  shipmentNotFound: { en: "That shipment was not found", zh: "未找到该发货记录" },
  nothingToShip: { en: "{field}: every piece of this line is already shipped", zh: "{field}：该行商品已全部发货" },
  shipTooMany: { en: "{field}: only {left} left to ship", zh: "{field}：最多还可发 {left} 件" },
  expressUnknown: { en: "{field} is not a known logistics company", zh: "{field}不是已知的物流公司" },
  payTooLow: { en: "{field}: the order must cost at least 0.01", zh: "{field}：订单金额不能低于 0.01" },
  reviseTooHigh: { en: "{field} may be at most {max}", zh: "{field}最多为 {max}" },
  remindTooSoon: { en: "You reminded the seller less than an hour ago", zh: "您一小时内已提醒过卖家" },
  voucherInReview: { en: "A voucher of this order is already in review", zh: "该订单已有付款凭证在审核中" },
  paymentNotFound: { en: "That payment was not found", zh: "未找到该支付记录" },
  signatureInvalid: { en: "The payment notification's signature is wrong", zh: "支付通知的签名不正确" },
  paymentUnavailable: {
    en: "Online payment is not available at the moment: pay by bank transfer and upload the voucher",
    zh: "暂不支持在线支付：请银行转账后上传付款凭证",
  },
  paymentStartFailed: {
    en: "The payment provider could not start the payment: try again in a moment",
    zh: "支付平台暂时无法发起付款，请稍后再试",
  },
  idempotencyKey: { en: "The Idempotency-Key header must be 1–64 visible characters", zh: "Idempotency-Key 请求头须为 1–64 个可见字符" },
  addressChangeShipped: {
    en: "Order {orderNo} has shipments: its address can no longer change",
    zh: "订单 {orderNo} 已有发货，不能再修改收货地址",
  },
});

// ---- shapes ----

const addressSnapshot = z.object({ name: z.string(), phone: z.string(), areaCode: z.string(), areaName: z.string(), detail: z.string() });

const orderLine = z.object({
  id,
  goodsId: id,
  skuId: id,
  goodsName: z.string(),
  specValues: z.array(z.string()),
  image: z.string().nullable(),
  /**
   * The goods' main image as anyone may load it (its list-size rendition, `publicImageUrl`) while the goods are on
   * shelf; null without an image. `image` is its file id.
   */
  imageUrl: z.string().nullable(),
  unitPrice: cents,
  priceSource: z.string(),
  quantity: z.int(),
  amount: cents,
  revisedAmount: cents.nullable(),
  shippedQuantity: z.int(),
});

const shipment = z.object({
  id,
  expressCode: z.string(),
  expressName: z.string(),
  expressNameEn: z.string(),
  trackingNo: z.string(),
  lines: z.array(z.object({ lineId: id, quantity: z.int() })),
  shippedAt: instant,
});

/*
 * A successful payment the order could not take (issue 22): the order was already paid (the buyer paid twice), was
 * cancelled, or its amount changed after the payment started. The money goes back to the buyer through the provider's
 * refund, one per payment; `due` until the provider takes it (the seller may retry from finance).
 */
export const paymentRefundReasons = ["alreadyPaid", "cancelled", "amountChanged"] as const;
export type PaymentRefundReason = (typeof paymentRefundReasons)[number];
export const paymentRefundStatuses = ["due", "refunded"] as const;
export type PaymentRefundStatus = (typeof paymentRefundStatuses)[number];

export const paymentRefundInfo = z.object({
  id,
  reason: z.enum(paymentRefundReasons),
  status: z.enum(paymentRefundStatuses),
  amount: cents,
  /** The provider's refund reference once refunded. */
  providerRef: z.string().nullable(),
  /** Refund attempts the provider did not take. */
  failedAttempts: z.int(),
  lastAttemptAt: instant.nullable(),
  refundedAt: instant.nullable(),
});
export type PaymentRefundInfo = z.infer<typeof paymentRefundInfo>;

const payment = z.object({
  id,
  method: z.enum(["online", "offline"]),
  provider: z.string(),
  amount: cents,
  status: z.enum(["pending", "succeeded", "failed", "reviewing", "passed", "rejected"]),
  voucherFileId: z.string().nullable(),
  payerName: z.string().nullable(),
  bankRef: z.string().nullable(),
  rejectReason: z.string().nullable(),
  createdAt: instant,
  /** A payment the order could not take, and its way back to the buyer. */
  refund: paymentRefundInfo.nullable(),
});

export const orderSummary = z.object({
  id,
  orderNo: z.string(),
  boId: id,
  shopName: z.string(),
  status: z.enum(orderStatuses),
  buyerName: z.string(),
  buyerPhone: z.string().nullable(),
  goodsAmount: cents,
  freightAmount: cents,
  discountAmount: cents,
  reviseAmount: z.int(),
  payAmount: cents,
  payMethod: z.enum(["online", "offline"]).nullable(),
  lineCount: z.int(),
  pieces: z.int(),
  firstLine: z
    .object({ goodsName: z.string(), image: z.string().nullable(), imageUrl: z.string().nullable(), specValues: z.array(z.string()) })
    .nullable(),
  sellerRemark: z.string(),
  flagColor: z.enum(flagColors).nullable(),
  createdAt: instant,
  paidAt: instant.nullable(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** How the order is delivered; `pickupCode` only in the buyer's own detail, once paid. */
const deliveryInfo = z.object({
  mode: z.enum(deliveryModes),
  repeatTimes: z.int().nullable(),
  repeatEveryDays: z.int().nullable(),
  pickupPoint: z
    .object({
      id: z.string().nullable(),
      contactName: z.string(),
      phone: z.string(),
      areaName: z.string(),
      detail: z.string(),
      openTime: z.string().nullable(),
      closeTime: z.string().nullable(),
    })
    .nullable(),
  pickupCode: z.string().nullable(),
  pickedUpAt: instant.nullable(),
});

export const orderDetail = orderSummary.extend({
  address: addressSnapshot,
  buyerRemark: z.string(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  shippedAt: instant.nullable(),
  receivedAt: instant.nullable(),
  completedAt: instant.nullable(),
  cancelledAt: instant.nullable(),
  remindCount: z.int(),
  remindedAt: instant.nullable(),
  lines: z.array(orderLine),
  /** Oldest first, each entry's `detail` typed by its `event` (orders-timeline.ts). */
  timeline: z.array(orderTimelineEntry),
  shipments: z.array(shipment),
  payments: z.array(payment),
  /** Absent on orders read before fulfilment existed: express. */
  delivery: deliveryInfo.optional(),
});
export type OrderDetail = z.infer<typeof orderDetail>;

const byId = z.strictObject({ id });
const reason = z.string().trim().min(1).max(200);
const expressCode = z.string().trim().min(1).max(20);
const trackingNo = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, "must be 1–40 letters, digits or -");
const addressFields = {
  name: z.string().trim().min(1).max(20),
  phone,
  areaCode,
  detail: z.string().trim().min(1).max(120),
};
const ymd = instant;

const orderCounts = z.object(Object.fromEntries(orderTabs.map((t) => [t, z.int()])) as Record<OrderTab, z.ZodInt>);

const F = (func: string) => ({ func });
const info = (name: string) => seller(`/trading/order/info/${name}`);

export const orders = {
  selOrderListByPage: read({
    path: info("selOrderListByPage"),
    summary:
      "A page of the shop's orders, newest first: a status tab, order number / goods / buyer phone keyword, placed between two instants; `cursor` (the previous page's `nextCursor`) pages by keyset",
    access: F("order.manage"),
    input: pageInput({
      tab: z.enum(orderTabs).default("all"),
      keyword: z.string().trim().max(60).optional(),
      from: ymd.optional(),
      to: ymd.optional(),
      /** The home page's to-dos: orders whose buyer asked for shipping, or with an offline voucher in review. */
      need: z.enum(orderNeeds).optional(),
      cursor: z.string().max(200).optional(),
    }),
    output: page(orderSummary).extend({
      nextCursor: z.string().nullable(),
      /** Every tab's count for the same keyword, dates and need (what `selectOrderCount` answers). */
      counts: orderCounts,
      /** The counts are lower bounds: the search matched more than 10,000 orders ("all" reads 10,000+). */
      countsAtLeast: z.boolean(),
    }),
  }),
  selSellerOrderDetailById: read({
    path: info("selSellerOrderDetailById"),
    summary: "One order with its lines, timeline, shipments and payments",
    access: F("order.manage"),
    input: byId,
    output: orderDetail,
  }),
  selectOrderCount: read({
    path: info("selectOrderCount"),
    summary:
      "How many orders each status tab holds (capped at 10,000), with the list's keyword and dates; when a keyword, dates or need match more than 10,000 orders, each status tab's count is a lower bound (the order list's `countsAtLeast`)",
    access: F("order.manage"),
    input: z.strictObject({
      keyword: z.string().trim().max(60).optional(),
      from: ymd.optional(),
      to: ymd.optional(),
      need: z.enum(orderNeeds).optional(),
    }),
    output: orderCounts,
  }),
  orderDelivery: write({
    path: info("orderDelivery"),
    summary:
      "Ship an order (or some of its lines: partly shipped) with a logistics company of the `express` dictionary and a tracking number",
    access: F("order.manage.ship"),
    input: z.strictObject({
      id,
      expressCode,
      trackingNo,
      /** Absent: everything not yet shipped. */
      lines: z
        .array(z.strictObject({ lineId: id, quantity: z.int().min(1).max(MAX_LINE_QUANTITY) }))
        .min(1)
        .max(MAX_ORDER_LINES)
        .optional(),
    }),
    output: orderDetail,
  }),
  updateOrderLogistics: write({
    path: info("updateOrderLogistics"),
    summary: "Correct a shipment's logistics company and tracking number",
    access: F("order.manage.ship"),
    input: z.strictObject({ id, shipmentId: id, expressCode, trackingNo }),
    output: orderDetail,
  }),
  cancelOrder: write({
    path: info("cancelOrder"),
    summary: "Cancel an unpaid order with a reason; its stock goes back to its batches (Idempotency-Key honoured)",
    access: F("order.manage.cancel"),
    input: z.strictObject({ id, reason }),
    output: orderDetail,
  }),
  orderPriceRevision: write({
    path: info("orderPriceRevision"),
    summary: "Before payment: a line's new amount (`lineId`) or the order's new total, with a reason on the timeline",
    access: F("order.manage.price"),
    input: z.strictObject({ id, lineId: id.optional(), amount: cents.max(99_999_999), reason }),
    output: orderDetail,
  }),
  modifyOrderByObj: write({
    path: info("modifyOrderByObj"),
    summary: "The seller's remark and flag colour of an order",
    access: F("order.manage"),
    input: z
      .strictObject({ id, sellerRemark: z.string().trim().max(500).optional(), flagColor: z.enum(flagColors).nullable().optional() })
      .refine((v) => v.sellerRemark !== undefined || v.flagColor !== undefined, {
        message: "give a remark or a flag",
        path: ["sellerRemark"],
      }),
    output: orderDetail,
  }),
  orderReceived: write({
    path: info("orderReceived"),
    summary: "Mark a shipped order received (e.g. delivered by the shop itself)",
    access: F("order.manage"),
    input: byId,
    output: orderDetail,
  }),
  deleteOrderById: write({
    path: info("deleteOrderById"),
    summary: "Remove a closed order (completed or cancelled) from the seller's lists; the buyer still sees it",
    access: F("order.manage"),
    input: byId,
    output: z.null(),
  }),
  updateOrderInfoAddrById: write({
    path: info("updateOrderInfoAddrById"),
    summary: "Change the delivery address of an order not yet shipped",
    access: F("order.manage"),
    input: z.strictObject({ id, ...addressFields }),
    output: orderDetail,
  }),
};

// ---- buyer API ----

const buyerBase = (path: string) => `/api/buyer${path}`;
const B = "buyer" as const;

const buyerAddress = z.object({ id, ...addressFields, name: z.string(), detail: z.string(), areaName: z.string(), isDefault: z.boolean() });
const lineInput = z.strictObject({ skuId: id, quantity: z.int().min(1).max(MAX_LINE_QUANTITY) });
const checkoutInput = z.strictObject({
  addressId: id,
  /** Absent: the whole cart. */
  items: z.array(lineInput).min(1).max(MAX_ORDER_LINES).optional(),
  /** The buyer's remark per shop (`boId` → text); an order's shops are at most its lines. */
  remarks: boundedRecord(id, z.string().trim().max(200), MAX_ORDER_LINES).optional(),
  /** How each shop (`boId`) delivers: express when absent. */
  deliveries: boundedRecord(id, deliveryChoice, MAX_ORDER_LINES).optional(),
  /** One of the buyer's coupons per shop (`boId` → coupon id; docs/domains/coupon.md): frozen on submit. */
  coupons: boundedRecord(id, id, MAX_ORDER_LINES).optional(),
  /**
   * Buy for this organisation (an organisation purchase its staff see): one the buyer owns, or works for holding
   * `order.manage`. Absent: a personal purchase, which only the buyer sees.
   */
  buyerBoId: id.optional(),
});

const previewLine = z.object({
  skuId: id,
  goodsId: id,
  goodsName: z.string(),
  specValues: z.array(z.string()),
  image: z.string().nullable(),
  /**
   * The goods' main image as anyone may load it (its list-size rendition, `publicImageUrl`) while the goods are on
   * shelf; null without an image. `image` is its file id.
   */
  imageUrl: z.string().nullable(),
  quantity: z.int(),
  unitPrice: cents,
  priceSource: z.string(),
  amount: cents,
});
const previewShop = z.object({
  boId: id,
  shopName: z.string(),
  lines: z.array(previewLine),
  goodsAmount: cents,
  freightAmount: cents,
  adjustments: z.array(z.object({ label: z.string(), amount: z.int() })),
  discountAmount: cents,
  payAmount: cents,
});

export const buyer = {
  sendLoginCode: write({
    path: buyerBase("/basic/member/login/sendLoginCode"),
    summary: "Send a 6-digit login code by SMS to a phone (an account is made at the first login); one per 60 s",
    access: "public",
    input: z.strictObject({ phone }),
    output: z.object({ resendAfterSeconds: z.int(), expiresInSeconds: z.int() }),
  }),
  smsLogin: write({
    path: buyerBase("/basic/member/login/smsLogin"),
    summary: "Log in as a buyer with the SMS code: sets the `buyer_ticket` cookie",
    access: "public",
    input: z.strictObject({ phone, code: smsCode }),
    output: z.object({ memberId: id, name: z.string(), created: z.boolean() }),
  }),
  logout: write({
    path: buyerBase("/basic/member/login/logout"),
    summary: "End the buyer session",
    access: B,
    input: z.strictObject({}),
    output: z.null(),
  }),
  selAddressList: read({
    path: buyerBase("/trading/address/selList"),
    summary: "The buyer's addresses, the default first",
    access: B,
    input: z.strictObject({}),
    output: z.array(buyerAddress),
  }),
  addAddress: write({
    path: buyerBase("/trading/address/add"),
    summary: "Add an address (at most 20); `isDefault` makes it the default",
    access: B,
    input: z.strictObject({ ...addressFields, isDefault: z.boolean().default(false) }),
    output: buyerAddress,
  }),
  updAddress: write({
    path: buyerBase("/trading/address/upd"),
    summary: "Change an address",
    access: B,
    input: z.strictObject({ id, ...addressFields, isDefault: z.boolean().default(false) }),
    output: buyerAddress,
  }),
  delAddress: write({
    path: buyerBase("/trading/address/del"),
    summary: "Delete an address",
    access: B,
    input: byId,
    output: z.null(),
  }),
  selCart: read({
    path: buyerBase("/trading/cart/selList"),
    summary: "The cart: each SKU with its goods, current price and whether it can be bought",
    access: B,
    input: z.strictObject({}),
    output: z.array(
      z.object({
        skuId: id,
        goodsId: id,
        boId: id,
        goodsName: z.string(),
        specValues: z.array(z.string()),
        price: cents,
        quantity: z.int(),
        stock: z.int(),
        onSale: z.boolean(),
      }),
    ),
  }),
  saveCartItem: write({
    path: buyerBase("/trading/cart/save"),
    summary: "Put a SKU in the cart with a quantity (replacing the one there)",
    access: B,
    input: lineInput,
    output: z.null(),
  }),
  delCartItems: write({
    path: buyerBase("/trading/cart/del"),
    summary: "Take SKUs out of the cart",
    access: B,
    input: z.strictObject({ skuIds: z.array(id).min(1).max(MAX_CART_LINES) }),
    output: z.null(),
  }),
  previewOrder: read({
    path: buyerBase("/trading/order/preview"),
    summary: "What checkout would charge, per shop: unit prices (the goods pricing function), freight, adjustments",
    access: B,
    input: checkoutInput,
    output: z.object({ shops: z.array(previewShop), payAmount: cents }),
  }),
  submitOrder: write({
    path: buyerBase("/trading/order/submit"),
    summary: "Place the orders (one per shop), taking stock in the same transaction (Idempotency-Key honoured)",
    access: B,
    input: checkoutInput,
    output: z.object({ orders: z.array(z.object({ id, orderNo: z.string(), boId: id, payAmount: cents })) }),
  }),
  selOrderList: read({
    path: buyerBase("/trading/order/selList"),
    summary: "The buyer's orders, newest first, optionally of one status",
    access: B,
    input: z.strictObject({
      pageNum: z.int().min(1).max(200).default(1),
      pageSize: z.int().min(1).max(BUYER_PAGE_MAX).default(20),
      status: z.enum(orderStatuses).optional(),
    }),
    output: page(orderSummary),
  }),
  selOrderDetail: read({
    path: buyerBase("/trading/order/detail"),
    summary: "One of the buyer's orders",
    access: B,
    input: byId,
    output: orderDetail,
  }),
  payOrder: write({
    path: buyerBase("/trading/order/pay"),
    summary: "Start paying an order online through the payment provider (Idempotency-Key honoured)",
    access: B,
    input: byId,
    output: z.object({
      paymentId: id,
      provider: z.string(),
      amount: cents,
      payUrl: z.string().nullable(),
      /** What the provider needs (the sandbox: the signed notification it would send). */
      params: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  }),
  cancelOrder: write({
    path: buyerBase("/trading/order/cancel"),
    summary: "Cancel an unpaid order; its stock goes back (Idempotency-Key honoured)",
    access: B,
    input: z.strictObject({ id, reason: reason.optional() }),
    output: orderDetail,
  }),
  remindDelivery: write({
    path: buyerBase("/trading/order/remindDelivery"),
    summary: "Remind the seller to ship (once an hour)",
    access: B,
    input: byId,
    output: z.null(),
  }),
  confirmReceipt: write({
    path: buyerBase("/trading/order/confirmReceipt"),
    summary: "Confirm the goods arrived",
    access: B,
    input: byId,
    output: orderDetail,
  }),
};

/** The sandbox provider's notification (posted to /api/buyer/trading/pay/notify/sandbox). */
export const sandboxNotification = z.strictObject({
  paymentId: id,
  providerRef: z.string().min(1).max(64),
  amount: z.int().min(0),
  result: z.enum(["success", "failure"]),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
