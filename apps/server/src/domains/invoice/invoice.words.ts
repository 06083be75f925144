/**
 * The audit log's words for the invoice domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, byBuyer, f, w } from "../../platform/db/audit-words";

const { invoice, buyerInvoice } = contract;

const FILE: AuditRef = { table: "stored_file", name: "name" };
const invoiceTypeValues = { ordinary: w("Ordinary VAT invoice", "增值税普通发票"), special: w("Special VAT invoice", "增值税专用发票") };

export const invoiceWords: AuditWords = {
  calls: {
    [invoice.issueInvoice.path]: w("Issued an invoice", "开具发票"),
    [invoice.refuseInvoice.path]: w("Refused an invoice request", "拒绝开票申请"),
    [invoice.addBillInvoiceInfo.path]: w("Added an invoice title of the organisation", "新增本组织发票抬头"),
    [invoice.applyBillInvoice.path]: w("Requested an invoice for an own purchase", "为本组织采购申请开票"),
    [buyerInvoice.addInvoiceTitle.path]: byBuyer("added an invoice title", "新增发票抬头"),
    [buyerInvoice.applyInvoice.path]: byBuyer("requested an invoice", "申请开票"),
  },
  records: {
    invoice_title: {
      en: "Invoice title",
      zh: "发票抬头",
      name: ["name"],
      route: "/transaction/invoice/invoiceList",
      hidden: ["member_id"],
      fields: {
        kind: f("Title kind", "抬头类型", { kind: "enum", values: { personal: w("Personal", "个人"), company: w("Company", "单位") } }),
        name: f("Title", "发票抬头"),
        tax_no: f("Taxpayer number", "纳税人识别号"),
        invoice_type: f("Invoice type", "发票类型", { kind: "enum", values: invoiceTypeValues }),
        bank_name: f("Bank", "开户银行"),
        bank_account: f("Bank account", "银行账号"),
        registered_address: f("Registered address", "注册地址"),
        registered_phone: f("Registered phone", "注册电话"),
        email: f("E-invoice e-mail", "电子发票接收邮箱"),
      },
    },
    invoice_request: {
      en: "Invoice request",
      zh: "开票申请",
      name: ["order_no"],
      route: "/transaction/invoice/invoiceList/invoiceDetails?id=:id",
      hidden: ["shop_id", "order_id", "buyer_member_id", "requester_bo_id", "title_id", "decided_by"],
      fields: {
        order_no: f("Order", "订单号"),
        requested_by: f("Requested by", "申请方", {
          kind: "enum",
          values: { buyer: w("Buyer", "买家"), organization: w("Organisation (own purchase)", "本组织采购") },
        }),
        title: f("Title", "发票抬头", { kind: "json" }),
        invoice_type: f("Invoice type", "发票类型", { kind: "enum", values: invoiceTypeValues }),
        amount: f("Amount", "开票金额", { kind: "money" }),
        state: f("State", "状态", {
          kind: "enum",
          values: { requested: w("Requested", "待开票"), issued: w("Issued", "已开票"), refused: w("Refused", "已拒绝") },
        }),
        invoice_no: f("Invoice number", "发票号码"),
        issued_at: f("Issued at", "开票时间", { kind: "time" }),
        file_id: f("Invoice file", "发票文件", { ref: FILE }),
        refuse_reason: f("Reason for refusing", "拒绝原因"),
        decided_at: f("Decided at", "处理时间", { kind: "time" }),
      },
    },
  },
};
