/**
 * The audit log's words for the catalogue domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w, yesNo } from "../../platform/db/audit-words";

const { freight, shopCategory, recommend } = contract;

const AREA: AuditRef = { table: "area", key: "code", name: "name", nameEn: "name_en" };
const GOODS: AuditRef = { table: "goods", name: "name" };
const byGoods = { via: "goods_id", ref: GOODS };
const FREIGHT_TEMPLATE: AuditRef = { table: "freight_template", name: "name" };
const chargeTypeValues = { piece: w("Piece", "按件"), weight: w("Weight", "按重量"), volume: w("Volume", "按体积") };

export const catalogueWords: AuditWords = {
  calls: {
    [freight.add.path]: w("Added a freight template", "新增运费模板"),
    [freight.upd.path]: w("Edited a freight template", "编辑运费模板"),
    [freight.del.path]: w("Deleted a freight template", "删除运费模板"),
    [freight.addInitFreightTemplate.path]: w("Added the starter freight template (free shipping)", "新增初始运费模板（包邮）"),
    [freight.addInfo.path]: w("Added a freight rule", "新增运费规则"),
    [freight.updInfoById.path]: w("Edited a freight rule", "编辑运费规则"),
    [shopCategory.addShopClassify.path]: w("Added a shop category", "新增店铺分类"),
    [shopCategory.updShopClassifyById.path]: w("Renamed a shop category", "重命名店铺分类"),
    [shopCategory.delClassifyByIdList.path]: w("Deleted shop categories", "删除店铺分类"),
    [shopCategory.updShopClassifyList.path]: w("Moved a shop category", "移动店铺分类"),
    [shopCategory.addShopClassifyGoods.path]: w("Put goods in a shop category", "向店铺分类添加商品"),
    [shopCategory.delShopClassifyGoods.path]: w("Took goods out of a shop category", "从店铺分类移除商品"),
    [shopCategory.updList.path]: w("Set a goods item's shop categories", "设置商品的店铺分类"),
    [recommend.addRecommendClassify.path]: w("Added a recommendation group", "新增推荐分组"),
    [recommend.updRecommendClassifyById.path]: w("Edited a recommendation group", "编辑推荐分组"),
    [recommend.execRecommendClassifyList.path]: w("Moved or deleted recommendation groups", "移动或删除推荐分组"),
    [recommend.addRecommendInfoList.path]: w("Added recommended goods", "添加推荐商品"),
    [recommend.delRecommendInfo.path]: w("Removed recommended goods", "移除推荐商品"),
    [recommend.updRecommendInfo.path]: w("Moved a recommended item", "调整推荐商品顺序"),
  },
  records: {
    freight_template: {
      en: "Freight template",
      zh: "运费模板",
      name: ["name"],
      route: "/transaction/freightTemplateList/freightAddOrUpdate/:id",
      hidden: ["shop_id"],
      fields: {
        name: f("Name", "模板名称"),
        charge_type: f("Charged by", "计价方式", { kind: "enum", values: chargeTypeValues }),
        first_unit: f("Default: first units (pieces, g or cm³)", "默认：首件/首重/首体积（件、克或立方厘米）", { kind: "number" }),
        first_fee: f("Default: first fee", "默认：首费", { kind: "money" }),
        additional_unit: f("Default: each further units", "默认：续件/续重/续体积", { kind: "number" }),
        additional_fee: f("Default: further fee", "默认：续费", { kind: "money" }),
        not_delivered: f("Areas not delivered to", "不配送地区", { ref: AREA }),
      },
    },
    freight_template_info: {
      en: "Freight rule",
      zh: "运费规则",
      name: { via: "template_id", ref: FREIGHT_TEMPLATE },
      route: "/transaction/freightTemplateList",
      hidden: ["template_id", "sort"],
      fields: {
        kind: f("Kind", "类型", { kind: "enum", values: { fee: w("Region fee", "地区运费"), free: w("Free shipping", "包邮条件") } }),
        areas: f("Areas (none: everywhere)", "地区（空：全部地区）", { ref: AREA }),
        first_unit: f("First units", "首件/首重/首体积", { kind: "number" }),
        first_fee: f("First fee", "首费", { kind: "money" }),
        additional_unit: f("Each further units", "续件/续重/续体积", { kind: "number" }),
        additional_fee: f("Further fee", "续费", { kind: "money" }),
        free_by: f("Free when", "包邮条件", {
          kind: "enum",
          values: { amount: w("The amount reaches", "金额满"), quantity: w("The pieces reach", "件数满") },
        }),
        threshold: f("Threshold (cents or pieces)", "门槛（分或件）", { kind: "number" }),
      },
    },
    shop_classify: {
      en: "Shop category",
      zh: "店铺分类",
      name: ["name"],
      route: "/transaction/goodsTypeManage",
      hidden: ["shop_id"],
      fields: {
        parent_id: f("Parent category", "上级分类", { ref: { table: "shop_classify", name: "name" } }),
        name: f("Name", "分类名称"),
        sort: f("Position", "排序", { kind: "number" }),
      },
    },
    shop_classify_goods: {
      en: "Goods in a shop category",
      zh: "分类商品",
      partOf: { table: "shop_classify", column: "classify_id" },
      hidden: ["classify_id"],
      fields: {
        goods_id: f("Goods", "商品", { ref: GOODS }),
      },
    },
    recommend_classify: {
      en: "Recommendation group",
      zh: "推荐分组",
      name: ["name"],
      route: "/transaction/shopRecommendManage",
      hidden: ["shop_id"],
      fields: {
        name: f("Name", "分组名称"),
        visible: f("Shown in the shop", "在店铺中显示", { kind: yesNo }),
        sort: f("Position", "排序", { kind: "number" }),
      },
    },
    recommend_info: {
      en: "Recommended item",
      zh: "推荐商品",
      name: byGoods,
      route: "/transaction/shopRecommendManage",
      hidden: ["goods_id"],
      fields: {
        classify_id: f("Group", "推荐分组", { ref: { table: "recommend_classify", name: "name" } }),
        sort: f("Position", "排序", { kind: "number" }),
      },
    },
  },
};
