/**
 * The audit log's words for the shop domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w, yesNo } from "../../platform/db/audit-words";

const { shop } = contract;

const AREA: AuditRef = { table: "area", key: "code", name: "name", nameEn: "name_en" };
const FILE: AuditRef = { table: "stored_file", name: "name" };

export const shopWords: AuditWords = {
  calls: {
    [shop.updShop.path]: w("Edited the shop's profile", "编辑店铺信息"),
    [shop.updShopStatus.path]: w("Closed or reopened the shop", "关闭或重开店铺"),
    [shop.addOrUpdShopSettingByShopId.path]: w("Changed the shop settings", "修改店铺设置"),
    [shop.openShop.path]: w("Filled in the new shop's details", "填写开店信息", "shop"),
    [shop.submitAccountOpening.path]: w("Submitted the shop for opening", "提交开店认证", "shop"),
  },
  records: {
    shop: {
      en: "Shop",
      zh: "店铺",
      name: ["name"],
      route: "/transaction/shopManage",
      fields: {
        name: f("Name", "店铺名称"),
        brand: f("Brand", "品牌"),
        status: f("Status", "状态", {
          kind: "enum",
          values: { opening: w("Being opened", "开店中"), open: w("Open", "营业中"), closed: w("Closed", "已关闭") },
        }),
        logo_file_id: f("Logo", "店铺标志", { ref: FILE }),
        intro: f("Introduction", "店铺简介"),
        contact_name: f("Contact", "联系人"),
        contact_phone: f("Contact phone", "联系电话"),
        service_phone: f("Service phone", "客服电话"),
        area_code: f("Area", "所在地区", { ref: AREA }),
        address: f("Address", "详细地址"),
        main_category_id: f("Main category", "主营类目", { ref: { table: "category", name: "name", nameEn: "name_en" } }),
        opened_at: f("Opened at", "开店时间", { kind: "time" }),
        closed_at: f("Closed at", "关闭时间", { kind: "time" }),
        closed_reason: f("Reason for closing", "关闭原因"),
      },
    },
    shop_setting: {
      en: "Shop settings",
      zh: "店铺设置",
      name: { via: "shop_id", ref: { table: "shop", name: "name" } },
      key: "shop_id",
      route: "/transaction/shopSetting",
      hidden: ["shop_id"],
      fields: {
        business_hours: f("Business hours", "营业时间", { kind: "hours" }),
        accepting_orders: f("Taking orders", "接单", { kind: yesNo }),
        notice: f("Notice", "店铺公告"),
        auto_confirm_days: f("Days before receipt is confirmed", "自动确认收货天数", { kind: "number" }),
        auto_close_minutes: f("Minutes before an unpaid order closes", "未付款订单自动关闭分钟数", { kind: "number" }),
        after_sale_auto_approve_days: f("Days before an after-sale is approved", "售后自动同意天数", { kind: "number" }),
        time_zone: f("Time zone", "时区"),
        invoice: f("Invoices", "发票", {
          kind: "enum",
          values: { none: w("None", "不开发票"), ordinary: w("Ordinary invoice", "普通发票"), vat: w("VAT invoice", "增值税专用发票") },
        }),
        self_pickup: f("Self-pickup", "支持自提", { kind: yesNo }),
      },
    },
  },
};
