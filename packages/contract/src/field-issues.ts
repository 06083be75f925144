import type { z } from "zod";
import { fill, type Lang, type Params, type Refusal, refusals, wordsOf } from "./refusals";

/**
 * Field problems in both languages. Each is a sentence that names its field with `{field}`: the web
 * fills in the field's label, the server's English `message` leaves it out (the issue's `path` names it).
 *
 * Zod's issues are worded from their code and parameters (`fieldIssue`), so a Chinese seller reads
 * "名称至少需要 2 个字符" for `z.string().min(2)` wherever the schema lives. A contract schema with its
 * own message declares it with `rule(fieldRefusals.x)` (or a domain's refusal) so that message exists
 * in both languages too.
 */
export const fieldRefusals = refusals("field", {
  required: { en: "{field} is required", zh: "请填写{field}" },
  unknown: { en: "{field} is not a known field", zh: "{field}不是可接受的字段" },
  invalid: { en: "{field} is not valid", zh: "{field}无效" },
  invalidType: { en: "{field} has the wrong type (expected {expected})", zh: "{field}的类型不正确（应为 {expected}）" },
  textMin: { en: "{field} must be at least {minimum} characters", zh: "{field}至少需要 {minimum} 个字符" },
  textMax: { en: "{field} must be at most {maximum} characters", zh: "{field}最多 {maximum} 个字符" },
  textLength: { en: "{field} must be {length} characters", zh: "{field}必须是 {length} 个字符" },
  listMin: { en: "{field} needs at least {minimum} items", zh: "{field}至少需要 {minimum} 项" },
  listMax: { en: "{field} takes at most {maximum} items", zh: "{field}最多 {maximum} 项" },
  numberMin: { en: "{field} must be at least {minimum}", zh: "{field}不能小于 {minimum}" },
  numberAbove: { en: "{field} must be more than {minimum}", zh: "{field}必须大于 {minimum}" },
  numberMax: { en: "{field} must be at most {maximum}", zh: "{field}不能大于 {maximum}" },
  numberBelow: { en: "{field} must be less than {maximum}", zh: "{field}必须小于 {maximum}" },
  wholeNumber: { en: "{field} must be a whole number", zh: "{field}必须是整数" },
  multipleOf: { en: "{field} must be a multiple of {divisor}", zh: "{field}必须是 {divisor} 的倍数" },
  oneOf: { en: "{field} must be one of: {values}", zh: "{field}必须是以下之一：{values}" },
  pattern: { en: "{field} is not in the expected format", zh: "{field}的格式不正确" },
  email: { en: "{field} must be an e-mail address", zh: "{field}必须是电子邮箱地址" },
  date: { en: "{field} must be a date as YYYY-MM-DD", zh: "{field}必须是 YYYY-MM-DD 格式的日期" },
  datetime: { en: "{field} must be a date and time", zh: "{field}必须是日期和时间" },
  url: { en: "{field} must be a web address", zh: "{field}必须是网址" },
  format: { en: "{field} must be a valid {format}", zh: "{field}的格式不正确（应为 {format}）" },
  // Rules the contract's schemas state in their own words (declared with `rule`).
  mobile: { en: "{field} must be an 11-digit mobile number starting with 1", zh: "{field}必须是以 1 开头的 11 位手机号" },
  smsCode: { en: "{field} must be the 6-digit code", zh: "{field}必须是 6 位验证码" },
  clock: { en: "{field} must be a time as HH:mm", zh: "{field}必须是 HH:mm 格式的时间（24 小时制）" },
  areaCode: { en: "{field} must be a 6-digit area code", zh: "{field}必须是 6 位地区代码" },
  afterOpening: { en: "{field} must be after the opening time", zh: "{field}必须晚于开始时间" },
  listedTwice: { en: "{field} is listed twice", zh: "{field}重复了" },
  // The platform's checks of a call's body and file.
  jsonObject: { en: "{field} must be a JSON object", zh: "{field}必须是 JSON 对象" },
  systemId: { en: "{field} must be {systemId}", zh: "{field}必须是 {systemId}" },
  systemIdMissing: { en: "{field} is required and must be {systemId}", zh: "请填写{field}，其值必须是 {systemId}" },
  multipart: { en: "{field}: send multipart/form-data with a file part", zh: "{field}：请以 multipart/form-data 上传文件" },
  tooLarge: { en: "{field} is too large", zh: "{field}过大" },
  unreadable: { en: "{field} could not be read", zh: "无法读取{field}" },
  fileType: {
    en: "{field}: type {type} is not accepted (images, PDF, .xlsx, MP4)",
    zh: "{field}：不接受 {type} 类型（可上传图片、PDF、.xlsx、MP4）",
  },
  fileMax: { en: "{field} is larger than {mb} MB", zh: "{field}超过 {mb} MB" },
  // An uploaded spreadsheet, checked before it is read (the shared sheet reader on the server).
  sheetUnpackedTooLarge: {
    en: "{field} unpacks to more than {mb} MB; split it into smaller sheets",
    zh: "{field}解压后超过 {mb} MB，请拆分成较小的表格",
  },
  sheetPacked: {
    en: "{field} is packed more than {ratio} times tighter than a spreadsheet can be; save it again from a spreadsheet program",
    zh: "{field}的压缩比超过 {ratio} 倍，不是正常的表格，请用表格软件重新保存",
  },
  sheetTooManyParts: {
    en: "{field} holds more than {max} parts; save it again from a spreadsheet program",
    zh: "{field}包含超过 {max} 个部件，请用表格软件重新保存",
  },
  sheetTooManyColumns: { en: "{field} has more than {max} columns", zh: "{field}超过 {max} 列" },
  sheetTooSlow: {
    en: "{field} took longer than {seconds} seconds to read; split it into smaller sheets",
    zh: "{field}读取超过 {seconds} 秒，请拆分成较小的表格",
  },
});

export interface FieldIssue {
  path: string;
  message: string;
  reason?: string;
  params?: Params;
}

/** A declared field refusal's words without its leading `{field}`: the English `message` of an issue. */
export const predicateOf = (words: string): string => words.replace(/^\{field\}[:\s]*/, "");

const byMessage = new Map<string, Refusal>();

/**
 * The message for a schema's own rule, declared in both languages: `z.string().regex(re, rule(fieldRefusals.mobile))`.
 * The schema keeps the English predicate as its message ("must be …"); `fieldIssue` finds the refusal again by it.
 * Rules take no parameters.
 */
export function rule(refusal: Refusal): string {
  const message = predicateOf(refusal.en);
  byMessage.set(message, refusal);
  return message;
}

const str = (v: unknown): string | number => (typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : String(v));

/** The reason and parameters of a zod issue, from its code (not from its English message). */
function reasonOf(i: z.core.$ZodIssue): { refusal: Refusal; params?: Params } {
  const f = fieldRefusals;
  switch (i.code) {
    case "invalid_type":
      if (i.input === undefined) return { refusal: f.required };
      if (i.expected === "int") return { refusal: f.wholeNumber };
      return { refusal: f.invalidType, params: { expected: String(i.expected) } };
    case "too_small": {
      const minimum = str(i.minimum);
      if (i.origin === "string") {
        if (i.exact) return { refusal: f.textLength, params: { length: minimum } };
        return Number(minimum) <= 1 ? { refusal: f.required } : { refusal: f.textMin, params: { minimum } };
      }
      if (i.origin === "array" || i.origin === "set") return { refusal: f.listMin, params: { minimum } };
      return { refusal: i.inclusive === false ? f.numberAbove : f.numberMin, params: { minimum } };
    }
    case "too_big": {
      const maximum = str(i.maximum);
      if (i.origin === "string")
        return i.exact ? { refusal: f.textLength, params: { length: maximum } } : { refusal: f.textMax, params: { maximum } };
      if (i.origin === "array" || i.origin === "set") return { refusal: f.listMax, params: { maximum } };
      return { refusal: i.inclusive === false ? f.numberBelow : f.numberMax, params: { maximum } };
    }
    case "invalid_format":
      if (i.format === "regex") return { refusal: f.pattern };
      if (i.format === "email") return { refusal: f.email };
      if (i.format === "date") return { refusal: f.date };
      if (i.format === "datetime") return { refusal: f.datetime };
      if (i.format === "url") return { refusal: f.url };
      return { refusal: f.format, params: { format: i.format } };
    case "not_multiple_of":
      return { refusal: f.multipleOf, params: { divisor: str(i.divisor) } };
    case "invalid_value":
      if (i.input === undefined) return { refusal: f.required };
      return { refusal: f.oneOf, params: { values: i.values.map((v) => (v === "" ? '""' : String(v))).join(", ") } };
    case "unrecognized_keys":
      return { refusal: f.unknown };
    default:
      return { refusal: f.invalid };
  }
}

/**
 * One zod issue as field issues in both languages: `path`, an English `message` that leaves the field out
 * ("must be at least 2 characters"), and the `reason` and `params` the web words in the user's language.
 * A schema's own message stays the English message; declared with `rule` it also gives the reason.
 * Pass `reportInput: true` to safeParse so a missing field reads "is required".
 */
export function fieldIssue(i: z.core.$ZodIssue): FieldIssue[] {
  const path = i.path.map(String).join(".");
  if (i.code === "unrecognized_keys") {
    return i.keys.map((key) => ({ path: path ? `${path}.${key}` : key, ...worded(fieldRefusals.unknown) }));
  }
  const declared = byMessage.get(i.message);
  if (declared) return [{ path, ...worded(declared) }];
  const { refusal, params } = reasonOf(i);
  const own = worded(refusal, params);
  // Zod's default messages start with a capital ("Too small: …"); the contract's own are lowercase predicates.
  const custom = /^[a-z]/.test(i.message) && refusal !== fieldRefusals.required && refusal !== fieldRefusals.unknown;
  return [{ path, ...own, ...(custom ? { message: i.message } : {}) }];
}

const worded = (refusal: Refusal, params?: Params) => ({
  message: fill(predicateOf(refusal.en), params),
  reason: refusal.reason,
  ...(params ? { params } : {}),
});

/** Every issue of a failed parse, worded (see `fieldIssue`). */
export const fieldIssues = (error: z.ZodError): FieldIssue[] => error.issues.flatMap(fieldIssue);

/**
 * The sentence a person reads for a field issue, naming the field by its label: the declared words of its
 * reason in `lang`; in English a schema's own message that has no declared words of its own (`label message`).
 * Never English in Chinese: an issue this build cannot word reads "<label>无效".
 */
export function issueSentence(issue: FieldIssue, label: string, lang: Lang): string {
  const params = { ...issue.params, field: label };
  const generic = issue.reason?.startsWith("field.") ?? false;
  if (lang === "en") {
    const declared = issue.reason ? wordsOf(issue.reason, "en", params) : undefined;
    const expected = issue.reason ? wordsOf(issue.reason, "en", { ...issue.params, field: "" })?.trim() : undefined;
    if (declared && !(generic && issue.message && expected !== issue.message)) return declared;
    return issue.message ? `${label} ${issue.message}` : fill(fieldRefusals.invalid.en, params);
  }
  return (issue.reason ? wordsOf(issue.reason, lang, params) : undefined) ?? fill(fieldRefusals.invalid[lang], params);
}
