import { refusals } from "./refusals";

/** Response codes: strings, "0" is success. The web acts on some of them (spec §8). */
export const codes = {
  OK: "0",
  BAD_INPUT: "000001",
  FORBIDDEN: "000003",
  NOT_FOUND: "000004",
  CONFLICT: "000005",
  TOO_MANY_REQUESTS: "000029",
  SERVER_ERROR: "000500",
  TICKET_INVALID: "000016",
  NOT_LOGGED_IN: "001107",
  SESSION_ENDED: "001108",
  ACCOUNT_DISABLED: "12",
  SHOP_CLOSED: "003301",
  NO_SHOP: "021101",
  LOGIN_FAILED: "001101",
  /** The login was right but the account belongs to no seller organisation: the web shows /login/403. */
  NOT_A_SELLER: "001109",
  ACCOUNT_LOCKED: "001102",
  SMS_CODE_INVALID: "001103",
  SMS_TOO_FREQUENT: "001104",
  WRONG_PASSWORD: "001106",
  STATE_FORBIDS: "000409",
  /** The call needs an outside service this server was not configured with (weather). */
  NOT_CONFIGURED: "000503",
  /** The outside service the call needs failed to answer or refused (weather, SMS). */
  PROVIDER_FAILED: "000504",
} as const;

export type Code = (typeof codes)[keyof typeof codes];

/** Codes after which the web returns to the login page. */
export const loginCodes: readonly string[] = [codes.NOT_LOGGED_IN, codes.SESSION_ENDED, codes.TICKET_INVALID, codes.ACCOUNT_DISABLED];

/** Where a member whose organisation has no shop yet is sent (the data of code 021101). */
export const OPEN_SHOP_PATH = "/transaction/addccount/oppenshop";

/** The platform's own refusals (every call can meet them), in both languages. */
export const platformRefusals = refusals("platform", {
  notLoggedIn: { en: "Please log in", zh: "请先登录" },
  forbidden: { en: "You do not have the permission this needs ({func})", zh: "你没有此操作所需的权限（{func}）" },
  openShopFirst: { en: "Open your shop first", zh: "请先开通店铺" },
  shopClosed: { en: "Your shop is closed", zh: "你的店铺已关闭" },
  tooManyRequests: { en: "Too many requests; wait a minute and try again", zh: "请求过于频繁，请稍等一分钟再试" },
  tooLarge: { en: "The request is too large", zh: "请求内容过大" },
  malformed: { en: "The request could not be read", zh: "无法读取请求内容" },
  serverError: {
    en: "The server failed to answer; quote request id {requestId} to support",
    zh: "服务器未能应答；请向客服提供请求编号 {requestId}",
  },
  signToken: { en: "The sign-token header is missing or wrong", zh: "请求的签名（sign-token）缺失或错误" },
  noSuchCall: { en: "No such call: {call}", zh: "没有这个接口：{call}" },
  notFound: { en: "Not found", zh: "未找到" },
  savedAtOnce: {
    en: "The same thing was saved at the same moment by another request; reload and check before trying again",
    zh: "另一个请求在同一时刻保存了相同的内容；请刷新核对后再试",
  },
  textNotFound: { en: "That text was not found", zh: "未找到该文本" },
  auditEntryNotFound: { en: "That history entry was not found", zh: "未找到该操作记录" },
});
