/**
 * The audit log's words for the supplier domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w, yesNo } from "../../platform/db/audit-words";

const { supplier } = contract;

const MEMBER: AuditRef = { table: "member", name: "name" };
const enabledValues = { enabled: w("Enabled", "启用"), disabled: w("Disabled", "停用") };

export const supplierWords: AuditWords = {
  calls: {
    [supplier.acceptAuthRequest.path]: w("Accepted a supplier authorisation request", "同意供应商授权申请"),
    [supplier.declineAuthRequest.path]: w("Declined a supplier authorisation request", "拒绝供应商授权申请"),
    [supplier.addShopSupplier.path]: w("Added a supplier", "新增供应商", "shop"),
    [supplier.updShopSupplierById.path]: w("Edited a supplier", "编辑供应商", "shop"),
    [supplier.delShopSupplierById.path]: w("Deleted a supplier", "删除供应商", "shop"),
    [supplier.addShopSupplierMemberList.path]: w("Added a supplier's accounts", "添加供应商账号"),
    [supplier.updShopSupplierMemberList.path]: w("Changed a supplier's accounts", "修改供应商账号"),
  },
  records: {
    shop_supplier: {
      en: "Supplier",
      zh: "供应商",
      name: ["name"],
      route: "/transaction/shopSupplier",
      hidden: ["shop_id"],
      fields: {
        kind: f("Kind", "供应商类型", {
          kind: "enum",
          values: { purchase: w("Purchase supplier", "采购供应商"), authorised: w("Authorised supplier", "授权供应商") },
        }),
        name: f("Name", "供应商名称"),
        contact_name: f("Contact", "联系人"),
        phone: f("Phone", "联系电话"),
        address: f("Address", "地址"),
        category_ids: f("Categories", "供货类目", { ref: { table: "category", name: "name", nameEn: "name_en" } }),
        consent: f("Authorisation answer", "授权答复", {
          kind: "enum",
          values: { pending: w("Waiting for an answer", "待答复"), accepted: w("Accepted", "已接受"), declined: w("Declined", "已拒绝") },
        }),
        consent_at: f("Answered", "答复时间", { kind: "time" }),
        consent_by: f("Answered by", "答复人", { ref: MEMBER }),
        settlement: f("Settlement", "结算方式", {
          kind: "enum",
          values: { cash: w("Cash", "现结"), weekly: w("Weekly", "周结"), monthly: w("Monthly", "月结") },
        }),
        status: f("Status", "状态", { kind: "enum", values: enabledValues }),
        remark: f("Remark", "备注"),
        supplier_bo_id: f("Supplier's organisation", "供应商组织", { ref: { table: "organization", name: "name" } }),
        valid_from: f("Valid from", "有效期开始", { kind: "date" }),
        valid_to: f("Valid to", "有效期结束", { kind: "date" }),
      },
    },
    shop_supplier_member: {
      en: "Supplier account",
      zh: "供应商账号",
      name: { via: "member_id", ref: MEMBER },
      route: "/transaction/shopAuthSupplier",
      fields: {
        supplier_id: f("Supplier", "供应商", { ref: { table: "shop_supplier", name: "name" } }),
        member_id: f("Account", "账号", { ref: MEMBER }),
        role: f("Duty", "职责", {
          kind: "enum",
          values: {
            sales: w("Sales", "销售"),
            finance: w("Finance", "财务"),
            logistics: w("Logistics", "物流"),
            other: w("Other", "其他"),
          },
        }),
        enabled: f("Enabled", "启用", { kind: yesNo }),
      },
    },
  },
};
