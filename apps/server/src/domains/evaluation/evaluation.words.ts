/**
 * The audit log's words for the evaluation domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, byBuyer, f, w } from "../../platform/db/audit-words";

const { evaluation, buyerEvaluate } = contract;

const FILE: AuditRef = { table: "stored_file", name: "name" };
const MEMBER: AuditRef = { table: "member", name: "name" };
const GOODS: AuditRef = { table: "goods", name: "name" };

export const evaluationWords: AuditWords = {
  calls: {
    [evaluation.addEvalOrder.path]: w("Evaluated an order the organisation bought", "评价本组织采购的订单"),
    [evaluation.addEvalContent.path]: w("Replied to an evaluation", "回复评价"),
    [buyerEvaluate.addEvalOrder.path]: byBuyer("evaluated an order", "评价订单"),
    [buyerEvaluate.addEvalContent.path]: byBuyer("followed up an evaluation", "追加评价"),
  },
  records: {
    order_evaluation: {
      en: "Evaluation",
      zh: "评价",
      key: "order_id",
      route: "/transaction/orderManage/viewOrderEvaluation/:id",
      name: { via: "order_id", ref: { table: "order_info", name: "order_no" } },
      hidden: ["order_id", "shop_id", "buyer_member_id", "evaluator_bo_id"],
      fields: {
        score: f("Score", "评分", { kind: "number" }),
        description_score: f("Description score", "描述相符评分", { kind: "number" }),
        service_score: f("Service score", "服务态度评分", { kind: "number" }),
        logistics_score: f("Logistics score", "物流服务评分", { kind: "number" }),
        line_count: f("Goods evaluated", "评价商品数", { kind: "number" }),
        image_count: f("Images", "图片数", { kind: "number" }),
        followed_up_at: f("Followed up at", "追评时间", { kind: "time" }),
        replied_at: f("Replied at", "回复时间", { kind: "time" }),
      },
    },
    order_evaluation_line: {
      en: "Evaluated goods",
      zh: "商品评价",
      partOf: { table: "order_evaluation", column: "order_id" },
      hidden: ["evaluation_id", "order_id", "order_line_id", "sku_id", "spec_values", "image", "sort"],
      fields: {
        goods_id: f("Goods", "商品", { ref: GOODS }),
        goods_name: f("Goods name", "商品名称"),
        score: f("Score", "评分", { kind: "number" }),
        content: f("Evaluation", "评价内容"),
        images: f("Images", "评价图片", { ref: FILE }),
      },
    },
    order_evaluation_content: {
      en: "Follow-up or reply",
      zh: "追评或回复",
      partOf: { table: "order_evaluation", column: "order_id" },
      hidden: ["evaluation_id", "order_id"],
      fields: {
        kind: f("Kind", "类型", {
          kind: "enum",
          values: { followUp: w("Buyer's follow-up", "买家追评"), reply: w("Shop's reply", "店铺回复") },
        }),
        content: f("Text", "内容"),
        images: f("Images", "图片", { ref: FILE }),
        author_member_id: f("Written by", "填写人", { ref: MEMBER }),
      },
    },
  },
};
