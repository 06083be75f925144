import { z } from "zod";
import { id, instant, phone } from "./common";
import { read, seller, write } from "./define";
import { areaCode, areaRef, fileRef } from "./reference";

/** Area codes, area paths and file references are reference data (reference.ts); re-exported for the shop. */
export { areaCode, areaRef, fileRef };

import { fieldRefusals, rule } from "./field-issues";
import { refusals } from "./refusals";

/** What the organisation calls refuse with, in both languages. */
export const organizationRefusals = refusals("organization", {
  creditCodeInvalid: {
    en: "{field} is not a valid unified social credit code (check the characters and the last one)",
    zh: "{field}不是有效的统一社会信用代码（请检查字符和最后一位校验码）",
  },
  idNoInvalid: {
    en: "{field} is not a valid ID card number (check the birth date and the last character)",
    zh: "{field}不是有效的身份证号码（请检查出生日期和最后一位）",
  },
  servicePhone: { en: "{field} must be a phone number (digits and dashes)", zh: "{field}必须是电话号码（数字和短横线）" },
  organizationNotFound: { en: "The organisation was not found", zh: "未找到该组织" },
});

const USCC_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 32100-2015: 18 characters of the code set, the last a check character (mod 31). */
export function isCreditCode(value: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  const sum = USCC_WEIGHTS.reduce((acc, w, i) => acc + USCC_CHARS.indexOf(value[i] ?? "") * w, 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31] === value[17];
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11643-1999: 17 digits (with a real birth date) and a check character (mod 11, X for 10). */
export function isIdCardNo(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const birth = value.slice(6, 14);
  const date = new Date(`${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10).replaceAll("-", "") !== birth || date.getTime() > Date.now())
    return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + Number(value[i]) * w, 0);
  return "10X98765432"[sum % 11] === value[17];
}

/** The unified social credit code (also the business licence number). */
export const creditCode = z
  .string()
  .trim()
  .toUpperCase()
  .length(18, "must be 18 characters")
  .refine(isCreditCode, rule(organizationRefusals.creditCodeInvalid));
/** A mainland resident ID card number. */
export const idCardNo = z
  .string()
  .trim()
  .toUpperCase()
  .length(18, "must be 18 characters")
  .refine(isIdCardNo, rule(organizationRefusals.idNoInvalid));

export const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
export const requiredText = (max: number) => text(max).min(1, "is required");
/** A customer-service number: mobile or landline (digits and dashes). */
export const servicePhone = z
  .string()
  .trim()
  .regex(/^\d[\d-]{4,18}\d$/, rule(organizationRefusals.servicePhone));
export const verificationStatus = z.enum(["unverified", "verified"]);

const enterprise = z.object({
  boId: id,
  name: z.string(),
  shortName: z.string(),
  creditCode: z.string(),
  legalPersonName: z.string(),
  /** Always masked (first 3 and last 4 characters, e.g. 330***********1235): it is seen in full only while typed in. */
  legalPersonIdNo: z.string(),
  licence: fileRef.nullable(),
  idFront: fileRef.nullable(),
  idBack: fileRef.nullable(),
  area: areaRef.nullable(),
  address: z.string(),
  industry: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  intro: z.string(),
  verificationStatus,
  verifiedAt: instant.nullable(),
  updatedAt: instant.nullable(),
});

export const organization = {
  selById: read({
    path: seller("/basic/member/organization/selById"),
    summary: "Enterprise information of the active organisation (the legal person's ID number always masked: first 3, last 4)",
    access: { func: "setup.enterprise" },
    shop: false,
    input: z.strictObject({ boId: id.optional() }),
    output: enterprise,
  }),
  updById: write({
    path: seller("/basic/member/organization/updById"),
    summary:
      "Edit the enterprise information (beyond the spec). Omit legalPersonIdNo to keep the stored one; the information is verified once it is complete",
    access: { func: "setup.enterprise.edit" },
    shop: false,
    input: z.strictObject({
      name: requiredText(100),
      shortName: text(30),
      creditCode,
      legalPersonName: requiredText(30),
      legalPersonIdNo: idCardNo.optional(),
      licenceFileId: id.nullable(),
      idFrontFileId: id.nullable(),
      idBackFileId: id.nullable(),
      areaCode: areaCode.nullable(),
      address: text(200),
      industry: text(60),
      contactName: text(30),
      contactPhone: z.union([phone, z.literal("")]),
      contactEmail: z.union([z.email(rule(fieldRefusals.email)).max(120), z.literal("")]),
      intro: text(1000),
    }),
    output: enterprise,
  }),
};
