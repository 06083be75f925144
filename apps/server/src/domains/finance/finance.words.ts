/**
 * The audit log's words for the finance domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditWords, f, w } from "../../platform/db/audit-words";

const { finance } = contract;

export const financeWords: AuditWords = {
  calls: {
    [finance.personBindCard.path]: w("Bound a settlement bank card", "绑定结算银行卡"),
    [finance.getBillNo.path]: w("Took a bill number for a bank signing", "获取银行签约业务单号"),
    [finance.toSign.path]: w("Signed a settlement bank card", "签约结算银行卡"),
    [finance.toUpdSign.path]: w("Changed the settlement bank card", "更换结算银行卡"),
    [finance.removeSign.path]: w("Ended the settlement bank agreement", "解除结算银行卡签约"),
    [finance.unSign.path]: w("Withdrew a bank signing's bill number", "撤销银行签约业务单号"),
    [finance.sendMessage.path]: w("Sent a bank signing's SMS code", "发送银行签约验证码"),
  },
  records: {
    finance_bank_card: {
      en: "Settlement bank card",
      zh: "结算银行卡",
      name: ["bank_name"],
      route: "/transaction/finance/index",
      hidden: [],
      fields: {
        holder_name: f("Holder", "持卡人"),
        bank_name: f("Bank", "开户银行"),
        card_no: f("Card number", "银行卡号", { kind: "secret" }),
        state: f("State", "状态", {
          kind: "enum",
          values: { active: w("In use", "使用中"), replaced: w("Replaced", "已更换"), removed: w("Removed", "已解约") },
        }),
        sign_no: f("Agreement number", "签约协议号"),
        bill_no: f("Bill number", "业务单号"),
        signed_at: f("Signed at", "签约时间", { kind: "time" }),
        ended_at: f("Ended at", "结束时间", { kind: "time" }),
      },
    },
    finance_bill: {
      en: "Bank signing bill",
      zh: "银行签约业务单",
      name: ["bill_no"],
      route: "/transaction/finance/index",
      hidden: [],
      fields: {
        bill_no: f("Bill number", "业务单号"),
        state: f("State", "状态", {
          kind: "enum",
          values: { issued: w("Issued", "已获取"), used: w("Used", "已使用"), withdrawn: w("Withdrawn", "已撤销") },
        }),
        expires_at: f("Expires at", "过期时间", { kind: "time" }),
        used_at: f("Used at", "使用时间", { kind: "time" }),
      },
    },
    settlement_bank_request: {
      en: "Settlement bank request",
      zh: "结算银行请求",
      name: ["sign_no"],
      route: "/transaction/finance/index",
      hidden: [],
      fields: {
        action: f("Request", "请求", {
          kind: "enum",
          values: { sign: w("Sign", "签约"), update: w("Change card", "更换银行卡"), remove: w("Remove", "解约") },
        }),
        bill_no: f("Bill number", "业务单号"),
        sign_no: f("Agreement number", "签约协议号"),
        card_last4: f("Card's last four digits", "卡号后四位"),
      },
    },
  },
};
