/**
 * The audit log's words for the organization domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w } from "../../platform/db/audit-words";

const { organization } = contract;

const AREA: AuditRef = { table: "area", key: "code", name: "name", nameEn: "name_en" };
const FILE: AuditRef = { table: "stored_file", name: "name" };

export const organizationWords: AuditWords = {
  calls: {
    [organization.updById.path]: w("Edited the enterprise information", "编辑企业信息"),
  },
  records: {
    org_enterprise: {
      en: "Enterprise information",
      zh: "企业信息",
      name: { via: "bo_id", ref: { table: "organization", name: "name" } },
      key: "bo_id",
      route: "/transaction/setup/enterpriseInfo",
      fields: {
        short_name: f("Short name", "企业简称"),
        credit_code: f("Unified social credit code", "统一社会信用代码"),
        legal_person_name: f("Legal person", "法人姓名"),
        legal_person_id_no: f("Legal person's ID number", "法人身份证号", { kind: "idNo" }),
        licence_file_id: f("Business licence", "营业执照", { ref: FILE }),
        id_front_file_id: f("ID card (front)", "身份证人像面", { ref: FILE }),
        id_back_file_id: f("ID card (back)", "身份证国徽面", { ref: FILE }),
        area_code: f("Area", "所在地区", { ref: AREA }),
        address: f("Address", "详细地址"),
        industry: f("Industry", "所属行业"),
        contact_name: f("Contact", "联系人"),
        contact_phone: f("Contact phone", "联系电话"),
        contact_email: f("Contact email", "联系邮箱"),
        intro: f("Introduction", "企业简介"),
        verification_status: f("Verification", "认证状态", {
          kind: "enum",
          values: { unverified: w("Not verified", "未认证"), verified: w("Verified", "已认证") },
        }),
        verified_at: f("Verified at", "认证时间", { kind: "time" }),
      },
    },
  },
};
