import { z } from "zod";
import { id, instant, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { fieldRefusals, rule } from "./field-issues";
import { refusals } from "./refusals";
import { sheet } from "./sheets";

/*
 * Orders, live (docs/domains/orders.md "Live arrival, timed jobs, ERP push"): the server-sent event stream of a shop's
 * order events, and the ERP push of paid sale orders (its list, retry and the seller's webhook).
 */

/**
 * The event stream (GET, `text/event-stream`): the seller ticket cookie, function `order.manage`; each event is
 * `id: <n>`, `event: order`, `data: <orderLiveEvent JSON>`. A reconnect sends `Last-Event-ID` and gets what it missed.
 */
export const ORDER_EVENTS_PATH = seller("/trading/order/live/events");

export const orderLiveKinds = ["created", "paid", "voucherUploaded", "reminded", "cancelled", "received", "afterSaleApplied"] as const;
export type OrderLiveKind = (typeof orderLiveKinds)[number];

export const orderLiveEvent = z.object({
  id: z.int(),
  kind: z.enum(orderLiveKinds),
  orderId: id,
  orderNo: z.string(),
  actor: z.enum(["buyer", "seller", "system"]),
  payAmount: z.int(),
  at: instant,
});
export type OrderLiveEvent = z.infer<typeof orderLiveEvent>;

export const pushStatuses = ["pending", "succeeded", "failed"] as const;
export type PushStatus = (typeof pushStatuses)[number];
export const pushErrorKinds = ["http", "timeout", "network", "refused"] as const;

/** Automatic attempts of one push before it is `failed` (a retry gives it one more). */
export const PUSH_MAX_ATTEMPTS = 8;
export const PUSH_SECRET = { min: 16, max: 128 } as const;

export const pushRefusals = refusals("push", {
  notFound: { en: "That push was not found", zh: "未找到该推送记录" },
  succeeded: { en: "Order {orderNo} was already pushed", zh: "订单 {orderNo} 已推送成功" },
  noWebhook: { en: "Set the ERP webhook first", zh: "请先设置 ERP 推送地址" },
  secretRequired: { en: "{field}: a new webhook needs its secret", zh: "{field}：新的推送地址需要填写密钥" },
});

export const pushItem = z.object({
  id,
  orderId: id,
  orderNo: z.string(),
  status: z.enum(pushStatuses),
  attempts: z.int(),
  nextAttemptAt: instant.nullable(),
  lastErrorKind: z.enum(pushErrorKinds).nullable(),
  lastStatusCode: z.int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: instant.nullable(),
  pushedAt: instant.nullable(),
  url: z.string().nullable(),
  createdAt: instant,
});
export type PushItem = z.infer<typeof pushItem>;

const webhookUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s"'<>]+$/, rule(fieldRefusals.url));

/** An order number's first digits. */
const orderNoPrefix = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, rule(fieldRefusals.pattern));

const F = (func: string) => ({ func });
const push = (name: string) => seller(`/push/${name}`);

const pushFilters = { status: z.enum(pushStatuses).optional(), orderNo: orderNoPrefix.optional() };

/** The pushed sales order list's export sheet: its columns and their headers (sheets.ts). */
export const pushSheet = sheet(
  "pushList",
  { en: "Pushed sales orders", zh: "推送销售单" },
  {
    orderNo: { en: "Order no.", zh: "订单编号" },
    status: { en: "Status", zh: "推送状态" },
    attempts: { en: "Attempts", zh: "尝试次数" },
    lastErrorKind: { en: "Last error", zh: "最近错误" },
    lastStatusCode: { en: "HTTP status", zh: "HTTP 状态码" },
    lastError: { en: "Answer", zh: "对方应答" },
    lastAttemptAt: { en: "Last attempt", zh: "最近尝试时间" },
    nextAttemptAt: { en: "Next attempt", zh: "下次尝试时间" },
    pushedAt: { en: "Pushed", zh: "推送成功时间" },
    url: { en: "Webhook", zh: "推送地址" },
    createdAt: { en: "Created", zh: "创建时间" },
  },
);

export const ordersLive = {
  selPushListByPage: read({
    path: push("selPushListByPage"),
    summary: "A page of the sale orders pushed to the seller's ERP, newest first: by status and order number prefix",
    access: F("order.push"),
    input: pageInput(pushFilters),
    output: page(pushItem),
  }),
  exportPushList: exportFile({
    path: push("exportPushList"),
    summary:
      "The sale orders pushed to the seller's ERP as an Excel file: the list's filters (status, order number prefix), optionally chosen columns",
    access: F("order.push.export"),
    input: z.strictObject({ ...pushFilters, columns: pushSheet.chosen }),
    sheet: pushSheet,
  }),
  retry: write({
    path: push("retry"),
    summary: "Push one sale order again now (a pending or failed push; one more attempt)",
    access: F("order.push"),
    input: z.strictObject({ id }),
    output: pushItem,
  }),
  selPushSetting: read({
    path: push("selPushSetting"),
    summary: "The seller's ERP webhook: its URL and whether it is on (the secret is never answered)",
    access: F("order.push"),
    input: z.strictObject({}),
    output: z.object({ url: z.string().nullable(), enabled: z.boolean(), hasSecret: z.boolean(), updatedAt: instant.nullable() }),
  }),
  savePushSetting: write({
    path: push("savePushSetting"),
    summary: "Set the ERP webhook: URL, on or off, and the HMAC-SHA256 secret (kept when left out)",
    access: F("order.push"),
    input: z.strictObject({
      url: webhookUrl,
      enabled: z.boolean(),
      secret: z.string().min(PUSH_SECRET.min).max(PUSH_SECRET.max).optional(),
    }),
    output: z.null(),
  }),
};
