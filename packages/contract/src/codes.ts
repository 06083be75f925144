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
} as const;

export type Code = (typeof codes)[keyof typeof codes];

/** Codes after which the web returns to the login page. */
export const loginCodes: readonly string[] = [codes.NOT_LOGGED_IN, codes.SESSION_ENDED, codes.TICKET_INVALID, codes.ACCOUNT_DISABLED];

/** Where a member whose organisation has no shop yet is sent (the data of code 021101). */
export const OPEN_SHOP_PATH = "/transaction/addccount/oppenshop";
