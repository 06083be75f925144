/**
 * The audit log's words for the promotion domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w } from "../../platform/db/audit-words";

const { promotion } = contract;

const GOODS: AuditRef = { table: "goods", name: "name" };
/** A SKU is named by its spec values (a list). */
const SKU: AuditRef = { table: "goods_sku", name: "spec_values" };

export const promotionWords: AuditWords = {
  calls: {
    [promotion.addOrUpdatePromotionInfo.path]: w("Saved a percent-off promotion", "保存折扣促销"),
    [promotion.addOrUpdatePromotionBySpec.path]: w("Saved a promotion with SKU prices", "保存规格促销价"),
    [promotion.delPromotionInfo.path]: w("Cancelled or ended a promotion", "取消或结束促销活动"),
  },
  records: {
    promotion: {
      en: "Promotion",
      zh: "促销活动",
      name: ["name"],
      route: "/transaction/promotionManage/detailPromotion/:id",
      hidden: ["shop_id", "created_by"],
      fields: {
        name: f("Name", "活动名称"),
        kind: f("Kind", "促销方式", {
          kind: "enum",
          values: { percent: w("Percent off", "折扣"), price: w("Price per SKU", "规格促销价") },
        }),
        percent_off: f("Percent off", "折扣百分比", { kind: "number" }),
        starts_at: f("Starts at", "开始时间", { kind: "time" }),
        ends_at: f("Ends at", "结束时间", { kind: "time" }),
        per_buyer_limit: f("Limit per buyer", "每人限购", { kind: "number" }),
        cancelled_at: f("Cancelled at", "取消时间", { kind: "time" }),
      },
    },
    promotion_sku: {
      en: "Promoted SKU",
      zh: "促销规格",
      partOf: { table: "promotion", column: "promotion_id" },
      hidden: ["promotion_id"],
      fields: {
        goods_id: f("Item", "商品", { ref: GOODS }),
        sku_id: f("SKU", "规格", { ref: SKU }),
        price: f("Promotion price", "促销价", { kind: "money" }),
      },
    },
  },
};
