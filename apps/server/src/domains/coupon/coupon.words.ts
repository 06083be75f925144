/**
 * The audit log's words for the coupon domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, byBuyer, f, w } from "../../platform/db/audit-words";

const { coupon, cardPool, buyerCoupon } = contract;

const GOODS: AuditRef = { table: "goods", name: "name" };

export const couponWords: AuditWords = {
  calls: {
    [coupon.addCoupRegular.path]: w("Added a coupon rule", "新增优惠券规则"),
    [coupon.updCoupRegular.path]: w("Edited a coupon rule", "编辑优惠券规则"),
    [coupon.updCoupRegularByRegCode.path]: w("Activated or ended a coupon rule", "生效或结束优惠券规则"),
    [coupon.delCoupRegular.path]: w("Deleted a coupon rule", "删除优惠券规则"),
    [coupon.updUnFrozenCouponOperation.path]: w("Unfroze a coupon", "解冻优惠券"),
    [coupon.updExchangeInvalid.path]: w("Invalidated a coupon", "作废优惠券"),
    [cardPool.addCouponCardPoolRegular.path]: w("Generated a card pool", "生成卡池"),
    [cardPool.updCouponCardPoolRecordInvalid.path]: w("Invalidated a password card", "作废实体卡"),
    [cardPool.updEliminateCardPool.path]: w("Eliminated a card pool", "作废卡池"),
    [buyerCoupon.redeemCard.path]: byBuyer("redeemed a password card", "使用实体卡兑换优惠券"),
    [buyerCoupon.receiveCoupon.path]: byBuyer("received a coupon", "领取优惠券"),
    [buyerCoupon.redeemExchangeCode.path]: byBuyer("redeemed an exchange code", "兑换优惠券"),
  },
  records: {
    coupon_rule: {
      en: "Coupon rule",
      zh: "优惠券规则",
      name: ["name"],
      route: "/transaction/shopTicket",
      hidden: ["shop_id", "issued_quantity", "used_quantity"],
      fields: {
        reg_code: f("Rule code", "规则编码"),
        kind: f("Kind", "类型", {
          kind: "enum",
          values: { coupon: w("Coupon", "优惠券"), exchange: w("Exchange voucher", "兑换券"), card: w("Password card", "实体卡") },
        }),
        name: f("Name", "名称"),
        description: f("Description", "说明"),
        discount_type: f("Discount type", "优惠类型", {
          kind: "enum",
          values: { amount: w("Amount off", "立减"), percent: w("Percent off", "折扣"), threshold: w("Spend and save", "满减") },
        }),
        amount: f("Amount off", "减免金额", { kind: "money" }),
        percent_off: f("Percent off", "折扣比例", { kind: "number" }),
        max_discount: f("Largest discount", "最高优惠", { kind: "money" }),
        min_spend: f("Minimum spend", "使用门槛", { kind: "money" }),
        validity_type: f("Validity", "有效期类型", {
          kind: "enum",
          values: { fixed: w("Fixed dates", "固定日期"), days: w("Days after receipt", "领取后天数") },
        }),
        valid_from: f("Valid from", "生效时间", { kind: "time" }),
        valid_to: f("Valid to", "失效时间", { kind: "time" }),
        valid_days: f("Valid days", "有效天数", { kind: "number" }),
        total_quantity: f("Total quantity", "发放总量", { kind: "number" }),
        per_member_limit: f("Limit per buyer", "每人限领", { kind: "number" }),
        goods_scope: f("Goods", "适用商品", {
          kind: "enum",
          values: { all: w("All goods", "全部商品"), goods: w("Chosen goods", "指定商品") },
        }),
        goods_ids: f("Chosen goods", "指定商品", { ref: GOODS }),
        exchange_code: f("Exchange code", "兑换码"),
        state: f("State", "状态", {
          kind: "enum",
          values: { draft: w("Draft", "草稿"), active: w("Active", "已生效"), ended: w("Ended", "已结束") },
        }),
      },
    },
    coupon: {
      en: "Coupon",
      zh: "优惠券",
      name: { via: "rule_id", ref: { table: "coupon_rule", name: "name" } },
      hidden: ["member_id", "order_id", "frozen_at"],
      fields: {
        rule_id: f("Coupon rule", "优惠券规则", { ref: { table: "coupon_rule", name: "name" } }),
        source: f("Received by", "领取方式", {
          kind: "enum",
          values: { receive: w("Receiving", "领取"), exchange: w("Exchange code", "兑换码"), card: w("Password card", "实体卡") },
        }),
        state: f("State", "状态", {
          kind: "enum",
          values: {
            unused: w("Unused", "未使用"),
            frozen: w("Frozen", "已冻结"),
            used: w("Used", "已使用"),
            invalid: w("Invalid", "已作废"),
          },
        }),
        valid_from: f("Valid from", "生效时间", { kind: "time" }),
        valid_to: f("Valid to", "失效时间", { kind: "time" }),
        order_no: f("Order", "订单号"),
        discount_amount: f("Discount", "优惠金额", { kind: "money" }),
        used_at: f("Used at", "使用时间", { kind: "time" }),
        invalidated_at: f("Invalidated at", "作废时间", { kind: "time" }),
      },
    },
    coupon_card_pool: {
      en: "Card pool",
      zh: "卡池",
      name: ["name"],
      route: "/transaction/cardPool/entityCardsPool/detail?id=:id",
      hidden: ["shop_id"],
      fields: {
        name: f("Name", "名称"),
        rule_id: f("Coupon rule", "优惠券规则", { ref: { table: "coupon_rule", name: "name" } }),
        quantity: f("Cards", "卡数量", { kind: "number" }),
        state: f("State", "状态", { kind: "enum", values: { active: w("Active", "正常"), eliminated: w("Eliminated", "已作废") } }),
        exported_at: f("Exported at", "导出时间", { kind: "time" }),
      },
    },
    coupon_card: {
      en: "Password card",
      zh: "实体卡",
      name: ["card_no"],
      hidden: ["pool_id", "member_id", "coupon_id", "password_hash", "password_plain"],
      fields: {
        card_no: f("Card number", "卡号"),
        state: f("State", "状态", {
          kind: "enum",
          values: { unused: w("Unused", "未使用"), redeemed: w("Redeemed", "已兑换"), invalid: w("Invalid", "已作废") },
        }),
        redeemed_at: f("Redeemed at", "兑换时间", { kind: "time" }),
        invalidated_at: f("Invalidated at", "作废时间", { kind: "time" }),
      },
    },
  },
};
