import { z } from "zod";
import { empty, id, instant, ok, page, pageInput, phone, smsCode } from "./common";
import { exportFile, read, seller, uploadFile, write } from "./define";
import { fieldRefusals, rule } from "./field-issues";
import { attachmentBusTypes, MAX_ATTACHED_FILES } from "./files";
import { functionTree } from "./functions";
import { refusals } from "./refusals";

/** Why a ticket does not open a session (the session resolver), in both languages. */
export const sessionRefusals = refusals("session", {
  notLoggedIn: { en: "Please log in", zh: "请先登录" },
  ticketInvalid: { en: "Your login ticket is not valid; please log in again", zh: "登录凭证无效，请重新登录" },
  ended: {
    en: "Your session was ended (account changed or password reset); please log in again",
    zh: "您的登录已被终止（账号有变更或密码已重置），请重新登录",
  },
  rotated: { en: "This login was replaced by a newer one; please log in again", zh: "此登录已被新的登录取代，请重新登录" },
  loggedOut: { en: "You have logged out; please log in again", zh: "您已退出登录，请重新登录" },
  expired: { en: "Your session has expired; please log in again", zh: "登录已过期，请重新登录" },
  accountDisabled: { en: "This account is disabled", zh: "该账号已停用" },
  accessEnded: { en: "Your access to this organisation was ended; please log in again", zh: "您在该组织的权限已被终止，请重新登录" },
  ownLoginOnly: { en: "You may only see your own login record", zh: "您只能查看自己的登录信息" },
  ownFunctionsOnly: { en: "You may only see your own functions", zh: "您只能查看自己的功能权限" },
  organizationNotFound: {
    en: "That organisation was not found, or you are not (or no longer) its staff",
    zh: "未找到该组织，或您不是（或已不再是）其员工",
  },
  manufacturerNotFound: { en: "That manufacturer was not found", zh: "未找到该厂商" },
  staffNotFound: { en: "That staff member was not found", zh: "未找到该员工" },
  memberNotFound: { en: "That account was not found", zh: "未找到该账号" },
  loginNameNotFound: { en: "No account uses this login name", zh: "没有账号使用此登录名" },
});

/** Login, SMS codes and passwords: what a person reads when one is refused, in both languages. */
export const loginRefusals = refusals("login", {
  wrongCredentials: { en: "The login name or password is wrong", zh: "登录名或密码错误" },
  attemptsLeft: {
    en: "The login name or password is wrong ({left} attempts left before the account is locked)",
    zh: "登录名或密码错误（再错 {left} 次账号将被锁定）",
  },
  oneAttemptLeft: {
    en: "The login name or password is wrong (1 attempt left before the account is locked)",
    zh: "登录名或密码错误（再错 1 次账号将被锁定）",
  },
  locked: {
    en: "Too many failed logins: this account is locked for {minutes} min. Try again later or reset your password.",
    zh: "登录失败次数过多，账号已锁定 {minutes} 分钟。请稍后再试或重置密码。",
  },
  disabled: { en: "This account is disabled; ask the shop owner to enable it", zh: "该账号已停用，请联系店主启用" },
  noOrganization: { en: "This account does not belong to any seller organisation", zh: "该账号不属于任何商家组织" },
  codeInvalid: { en: "The code is wrong or has expired; ask for a new one if needed", zh: "验证码错误或已过期，如有需要请重新获取" },
  tooFrequent: {
    en: "A code was sent moments ago; you can ask for another in {seconds} s",
    zh: "验证码刚刚已发送，请 {seconds} 秒后再获取",
  },
  smsNotSent: {
    en: "The text message could not be sent just now; try again in a moment",
    zh: "短信暂时未能发出，请稍后再试",
  },
  wrongCurrentPassword: { en: "The current password is wrong", zh: "当前密码错误" },
  sameAsCurrent: { en: "must differ from the current password", zh: "不能与当前密码相同" },
  weakTooShort: { en: "is too weak: it is shorter than 8 characters", zh: "强度太弱：少于 8 个字符" },
  weakOneCharacterClass: {
    en: "is too weak: it uses only one kind of character (mix letters, digits and symbols)",
    zh: "强度太弱：只用了一种字符（请混合字母、数字和符号）",
  },
  weakCommon: { en: "is too weak: it is a commonly used password", zh: "强度太弱：这是常用密码" },
  weakContainsLoginName: { en: "is too weak: it contains the login name", zh: "强度太弱：包含了登录名" },
  noPhone: {
    en: "Your account has no phone number; change the password with the current one",
    zh: "您的账号没有绑定手机号，请用当前密码修改",
  },
  tooManyRequests: { en: "Too many requests; wait a minute and try again", zh: "请求过于频繁，请一分钟后再试" },
});

const loginName = z.string().trim().min(2, "must be at least 2 characters").max(64);
const password = z.string().min(1, "is required").max(128);
const newPassword = z.string().min(8, "must be at least 8 characters").max(128);

export const shopSummary = z.object({
  shopId: id,
  name: z.string(),
  brand: z.string(),
  status: z.enum(["opening", "open", "closed"]),
});

export const organizationSummary = z.object({ boId: id, name: z.string(), isOwner: z.boolean() });

export const memberInfo = z.object({
  memberId: id,
  loginName: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  boId: id,
  orgName: z.string(),
  isOwner: z.boolean(),
  employeeId: id.nullable(),
  shop: shopSummary.nullable(),
  roles: z.array(z.object({ id, name: z.string() })),
  functions: z.array(z.string()),
  organizations: z.array(organizationSummary),
  manufacturerId: id.nullable(),
  /** Where a member without a shop is sent (the open-shop screen); null when they have one. */
  openShopUrl: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const funcNode = z.object({
  code: z.string(),
  parentCode: z.string().nullable(),
  kind: z.enum(["area", "screen", "action"]),
  name: z.string(),
  nameEn: z.string(),
  path: z.string().nullable(),
  icon: z.string().nullable(),
  sort: z.int(),
});
export type FuncNode = z.infer<typeof funcNode>;

/** Every function of the product as menu nodes (the same list the server syncs into sys_function). */
export const funcNodes: FuncNode[] = functionTree.map((f) => ({
  code: f.code,
  parentCode: f.parent,
  kind: f.kind,
  name: f.name.zh,
  nameEn: f.name.en,
  path: f.path ?? null,
  icon: f.icon ?? null,
  sort: f.sort,
}));

const smsPurpose = z.enum(["login", "resetPassword", "changePassword"]);

const loginResult = z.object({ memberId: id, boId: id, openShopUrl: z.string().nullable() });

const version = z.object({
  id,
  version: z.string(),
  title: z.string(),
  notes: z.string(),
  releasedAt: instant,
  /** Where this release's mobile app is downloaded (the server's APP_DOWNLOAD_URL for its version); null when none is configured. */
  downloadUrl: z.string().nullable(),
});

const weakResult = z.object({
  weak: z.boolean(),
  reasons: z.array(z.enum(["tooShort", "oneCharacterClass", "common", "containsLoginName"])),
});

export const session = {
  getMemberByToken: read({
    path: seller("/basic/member/login/getMemberByToken"),
    summary: "The logged-in member: organisation, shop, roles and functions",
    access: "member",
    input: empty,
    output: memberInfo,
  }),
  logout: write({
    path: seller("/basic/member/login/logout"),
    summary: "End this session",
    access: "member",
    input: empty,
    output: ok,
  }),
  switchIdentity: write({
    path: seller("/basic/member/login/switchIdentity"),
    summary: "Make another of the member's seller organisations the active one",
    access: "member",
    input: z.strictObject({ boId: id }),
    output: memberInfo,
  }),
  switchManufacturer: write({
    path: seller("/basic/member/login/switchManufacturer"),
    summary: "Choose the manufacturer this session works for (null: none)",
    access: "member",
    input: z.strictObject({ manufacturerId: id.nullable() }),
    output: memberInfo,
  }),
  selFuncListByParam: read({
    path: seller("/basic/authFunc/selFuncListByParam"),
    summary: "The top menu: the areas the member may use",
    access: "member",
    input: z.strictObject({}),
    output: z.array(funcNode),
  }),
  selSubFuncListByParam: read({
    path: seller("/basic/authFunc/selSubFuncListByParam"),
    summary: "The left menu: screens (and actions) under an area the member may use",
    access: "member",
    input: z.strictObject({ parentCode: z.string().min(1).max(64) }),
    output: z.array(funcNode),
  }),
  judgeAuth: read({
    path: seller("/basic/authFunc/judgeAuth"),
    summary: "Whether the member holds a function",
    access: "member",
    input: z.strictObject({ funcCode: z.string().min(1).max(64) }),
    output: z.object({ funcCode: z.string(), allowed: z.boolean() }),
  }),
  selFuncListWithEmployee: read({
    path: seller("/basic/authFunc/selFuncListWithEmployee"),
    summary: "The function tree with the functions a staff member holds (default: oneself)",
    access: "member",
    input: z.strictObject({ employeeId: id.optional() }),
    output: z.object({ employeeId: id.nullable(), tree: z.array(funcNode), granted: z.array(z.string()) }),
  }),
  getHistoryVersion: read({
    path: seller("/basic/system/version/getHistoryVersion"),
    summary: "Release history, newest first",
    access: "public",
    input: pageInput({}),
    output: page(version),
  }),
  selLatestVersionInfo: read({
    path: seller("/basic/system/version/selLatestVersionInfo"),
    summary: "The latest release",
    access: "public",
    input: empty,
    output: version.nullable(),
  }),
  platformInfo: read({
    path: seller("/basic/system/platform/info"),
    summary: "Platform name, support contacts, server time and version",
    access: "public",
    input: empty,
    output: z.object({
      name: z.string(),
      nameEn: z.string(),
      supportPhone: z.string(),
      supportEmail: z.string(),
      version: z.string(),
      serverTime: instant,
      smsLoginEnabled: z.boolean(),
      mapTileUrl: z.string(),
    }),
  }),
  getWebContentByCode: read({
    path: seller("/basic/system/webContent/getWebContentByCode"),
    summary: "A published text (agreements, privacy policy) by its code",
    access: "public",
    input: z.strictObject({ code: z.string().min(1).max(64), lang: z.enum(["en", "zh"]).default("zh") }),
    output: z.object({ code: z.string(), type: z.string(), title: z.string(), content: z.string(), updatedAt: instant }),
  }),
  selRoleListBySysId: read({
    path: seller("/basic/system/role/selRoleListBySysId"),
    summary: "Roles of the active organisation with their functions",
    access: { func: "setup.staff" },
    shop: false,
    input: empty,
    output: z.array(z.object({ id, name: z.string(), description: z.string(), functions: z.array(z.string()), staffCount: z.int() })),
  }),
  selManufacturerByParams: read({
    path: "/api/basic/manage/manufacturer/selByParams",
    summary: "Manufacturers the active organisation works with (the manufacturer switch)",
    access: "member",
    input: z.strictObject({ name: z.string().max(64).optional() }),
    output: z.array(z.object({ id, name: z.string(), code: z.string() })),
  }),
};

export const login = {
  login: write({
    path: seller("/basic/member/login/login"),
    summary: "Log in with login name and password",
    access: "public",
    input: z.strictObject({ loginName, password }),
    output: loginResult,
  }),
  msgLogin: write({
    path: seller("/basic/member/login/msgLogin"),
    summary: "Log in with a phone number and an SMS code",
    access: "public",
    input: z.strictObject({ phone, code: smsCode }),
    output: loginResult,
  }),
  sendMessage: write({
    path: seller("/basic/member/login/sendMessage"),
    summary: "Send a 6-digit SMS code (one per phone per 60 s, valid 5 minutes)",
    access: "public",
    input: z.strictObject({ phone, purpose: smsPurpose }),
    output: z.object({ resendAfterSeconds: z.int(), expiresInSeconds: z.int() }),
  }),
  judgeVerification: write({
    path: seller("/basic/member/login/judgeVerification"),
    summary: "Check an SMS code without using it up (a wrong code still counts as an attempt)",
    access: "public",
    input: z.strictObject({ phone, code: smsCode, purpose: smsPurpose }),
    output: z.object({ valid: z.boolean() }),
  }),
  selMemberLoginById: read({
    path: seller("/basic/member/login/selMemberLoginById"),
    summary: "A member's login record (oneself, or staff of the active organisation)",
    access: "member",
    input: z.strictObject({ memberId: id }),
    output: z.object({
      memberId: id,
      loginName: z.string(),
      phone: z.string().nullable(),
      enabled: z.boolean(),
      lastLoginAt: instant.nullable(),
      lockedUntil: instant.nullable(),
    }),
  }),
  selMemberLoginByLoginName: read({
    path: seller("/basic/member/login/selMemberLoginByLoginName"),
    summary: "Find an account by login name for password recovery: its phone, masked",
    access: "public",
    input: z.strictObject({ loginName }),
    output: z.object({ loginName: z.string(), maskedPhone: z.string().nullable() }),
  }),
  safeCenterReSetPwd: write({
    path: seller("/basic/member/login/safeCenterReSetPwd"),
    summary: "Change one's password (the old one is required); ends the member's other sessions",
    access: "member",
    input: z.strictObject({ oldPassword: password, newPassword }),
    output: ok,
  }),
  reSetPwd: write({
    path: seller("/basic/member/login/reSetPwd"),
    summary: "Set a new password with an SMS code (forgot password); ends every session",
    access: "public",
    input: z.strictObject({ loginName, code: smsCode, newPassword }),
    output: ok,
  }),
  judgeWeakPwd: read({
    path: "/api/basic/member/login/judgeWeakPwd",
    summary: "Whether a password is weak, and why",
    access: "public",
    input: z.strictObject({ password, loginName: z.string().max(64).optional() }),
    output: weakResult,
  }),
  sendPhoneSms: write({
    path: "/api/buyer/basic/member/login/sendPhoneSms",
    summary: "Send a code for changing the password to the logged-in member's own phone",
    access: "member",
    input: z.strictObject({}),
    output: z.object({ resendAfterSeconds: z.int(), expiresInSeconds: z.int(), maskedPhone: z.string() }),
  }),
  smsChangePassword: write({
    path: "/api/buyer/basic/member/login/smsChangePassword",
    summary: "Change one's password with the SMS code sent to one's own phone; ends the member's other sessions",
    access: "member",
    input: z.strictObject({ code: smsCode, newPassword }),
    output: ok,
  }),
};

const auditAction = z.enum(["insert", "update", "delete"]);

/**
 * A record a call changed, worded by the server in the caller's language (Accept-Language): the browser never sees
 * a table or column name. `action` is kept beside its words for the screen's colour.
 */
const auditRecordRef = z.object({
  id: z.string(),
  /** What kind of record it is ("Staff member"). */
  type: z.string(),
  /** Its name when the record was changed. */
  label: z.string().nullable(),
  action: auditAction,
  /** What happened to it ("Changed"). */
  actionText: z.string(),
  /** The screen that shows the record (`null` when it has none or was deleted). */
  route: z.string().nullable(),
});

/** One call's changes in the organisation, as the log lists them, in the caller's words. */
const auditEntry = z.object({
  id,
  at: instant,
  memberId: id.nullable(),
  memberName: z.string().nullable(),
  /** What the call did ("Edited a staff member"). */
  what: z.string(),
  /** The call's area of the function tree (the area filter's value), and its name. */
  area: z.string().nullable(),
  areaName: z.string().nullable(),
  /** How many records the call changed, and the first of them. */
  recordCount: z.int(),
  record: auditRecordRef.nullable(),
});

/**
 * A changed field in words: its name, and its value before and after as a seller reads them. For a set of links (a
 * staff member's roles) `before` says what was taken away and `after` what was added ("—" for none).
 */
const auditChange = z.object({
  field: z.string(),
  before: z.string(),
  after: z.string(),
});

const auditRecord = auditRecordRef.extend({ changes: z.array(auditChange) });

const auditFilters = {
  memberId: id.optional(),
  /** A top-level area of the function tree (`shop`, `setup`, …). */
  area: z.string().max(32).optional(),
  from: instant.optional(),
  to: instant.optional(),
};

/** The kinds of file an upload may be limited to (`accept`). */
export const uploadKinds = ["image", "pdf", "xlsx", "video"] as const;
/** What the general upload takes: a video goes only through the video library's upload, with its credential (media). */
export const generalUploadKinds = ["image", "pdf", "xlsx"] as const;
/** A whole number sent as a form field's text (kept as text until checked, so a bad one is named as sent). */
const formInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, rule(fieldRefusals.wholeNumber))
    .transform(Number)
    .pipe(z.int().min(min).max(max))
    .optional();
const pixels = formInt(1, 20_000);
/**
 * The upload's config, the spec's "second argument" beside the file: multipart fields, so each is text. `purpose`
 * is the folder the file is filed under (goods, shopLogo, licence …); the rest limit what this field takes — the
 * kinds of file, the size, an image's pixels — and are checked against the bytes, so nothing refused is kept.
 */
export const uploadConfig = {
  purpose: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, rule(fieldRefusals.pattern))
    .default("general"),
  accept: z
    .string()
    .max(40)
    .regex(new RegExp(`^(${generalUploadKinds.join("|")})(,(${generalUploadKinds.join("|")}))*$`), rule(fieldRefusals.pattern))
    .optional(),
  maxKb: formInt(1, 10_240),
  minWidth: pixels,
  minHeight: pixels,
  maxWidth: pixels,
  maxHeight: pixels,
};

const attachmentKey = {
  /** The kind of file: the upload kinds. */
  type: z.enum(uploadKinds),
  /** The kind of record the files belong to. */
  busType: z.enum(Object.keys(attachmentBusTypes) as [keyof typeof attachmentBusTypes, ...(keyof typeof attachmentBusTypes)[]]),
  refId: id,
};

export const attachedFile = z.object({
  /** The attachment's own id. */
  id,
  fileId: id,
  url: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.int(),
  sort: z.int(),
  createdAt: instant,
});

export const system = {
  selByTypeBusTypeRefId: read({
    path: "/api/basic/system/selByTypeBusTypeRefId",
    summary:
      "The files of one kind attached to one of the organisation's records (goods, advert, content page), in the order attached (at most MAX_ATTACHED_FILES); needs the record kind's reading function",
    access: "member",
    input: z.strictObject(attachmentKey),
    output: z.array(attachedFile),
  }),
  addFileList: write({
    path: "/api/basic/system/addFileList",
    summary:
      "Attach already-uploaded files of the organisation (of the given kind) to one of its records, after those it has (ones already attached are skipped); needs the record kind's editing function",
    access: "member",
    input: z.strictObject({ ...attachmentKey, fileIds: z.array(id).min(1).max(MAX_ATTACHED_FILES) }),
    output: z.array(attachedFile),
  }),
  selAuditLogByPage: read({
    path: seller("/basic/system/auditLog/selAuditLogByPage"),
    summary: "What changed in the organisation, one entry per call: who, when, what and which record (beyond the spec: filters)",
    access: { func: "setup.audit" },
    shop: false,
    input: pageInput(auditFilters),
    output: page(auditEntry),
  }),
  selAuditLogById: read({
    path: seller("/basic/system/auditLog/selAuditLogById"),
    summary: "One entry of the audit log with every record it changed, field by field before and after (beyond the spec)",
    access: { func: "setup.audit" },
    shop: false,
    input: z.strictObject({ id }),
    output: auditEntry.extend({ records: z.array(auditRecord), truncated: z.boolean() }),
  }),
  selAuditLogMembers: read({
    path: seller("/basic/system/auditLog/selAuditLogMembers"),
    summary: "The organisation's staff (enabled or not), for the audit log's person filter (beyond the spec)",
    access: { func: "setup.audit" },
    shop: false,
    input: empty,
    output: z.array(z.object({ memberId: id, name: z.string() })),
  }),
  exportAuditLog: exportFile({
    path: seller("/basic/system/auditLog/exportAuditLog"),
    summary: "The audit log as an Excel file in the reader's language, one row per changed record (streams every match)",
    access: { func: "setup.audit" },
    shop: false,
    input: z.strictObject({ ...auditFilters, lang: z.enum(["en", "zh"]).default("en") }),
  }),
  upload: uploadFile({
    path: seller("/basic/system/file/upload"),
    summary: "Upload a file (images, PDF, spreadsheets; at most 10 MB); answers its id and URL",
    access: "member",
    input: z.strictObject(uploadConfig),
    output: z.object({ id, url: z.string(), name: z.string(), size: z.int(), contentType: z.string() }),
  }),
};
