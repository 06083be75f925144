/**
 * The audit log's words for the member domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditWords, f, w } from "../../platform/db/audit-words";

const { member } = contract;

export const memberWords: AuditWords = {
  calls: {
    [member.addMemberRank.path]: w("Added or edited a member rank", "新增或编辑会员等级"),
    [member.delMemberRank.path]: w("Deleted a member rank", "删除会员等级"),
    [member.updMemberById.path]: w("Edited a member", "编辑会员"),
    [member.addOrUpdMemberTag.path]: w("Added or edited a member tag", "新增或编辑会员标签"),
    [member.delMemberTagById.path]: w("Deleted a member tag", "删除会员标签"),
    [member.batchTagMembers.path]: w("Tagged or untagged members", "批量设置会员标签"),
    [member.addOrUpdRechargePromotion.path]: w("Added or edited a recharge offer", "新增或编辑充值活动"),
    [member.updRechargeStatus.path]: w("Started or ended a recharge offer", "开始或结束充值活动"),
  },
  records: {
    member_rank: {
      en: "Member rank",
      zh: "会员等级",
      name: ["name"],
      route: "/transaction/setup/rank/member?tab=ranks",
      fields: {
        name: f("Name", "等级名称"),
        level: f("Level", "等级", { kind: "number" }),
        threshold_type: f("Reached by", "升级依据", {
          kind: "enum",
          values: { spend: w("Spending", "累计消费"), points: w("Points", "积分") },
        }),
        threshold_value: f("Threshold", "升级门槛", { kind: "number" }),
        discount: f("Price paid", "折扣（实付比例）", { kind: "basisPoints" }),
        benefits: f("Benefits", "等级权益"),
      },
    },
    member_tag: {
      en: "Member tag",
      zh: "会员标签",
      name: ["name"],
      route: "/transaction/setup/rank/member?tab=tags",
      fields: { name: f("Name", "标签名称"), color: f("Colour", "颜色") },
    },
    recharge_promotion: {
      en: "Recharge offer",
      zh: "充值活动",
      name: ["name"],
      route: "/transaction/setup/rank/member?tab=recharge",
      fields: {
        name: f("Name", "活动名称"),
        pay_amount: f("Amount paid", "充值金额", { kind: "money" }),
        bonus_amount: f("Bonus amount", "赠送金额", { kind: "money" }),
        bonus_points: f("Bonus points", "赠送积分", { kind: "number" }),
        valid_from: f("Starts", "开始时间", { kind: "time" }),
        valid_to: f("Ends", "结束时间", { kind: "time" }),
        status: f("Status", "状态", {
          kind: "enum",
          values: { draft: w("Draft", "草稿"), active: w("Running", "进行中"), ended: w("Ended", "已结束") },
        }),
        rank_ids: f("Ranks", "适用等级", { ref: { table: "member_rank", name: "name" } }),
      },
    },
    shop_member: {
      en: "Member",
      zh: "会员",
      name: ["name", "member_no"],
      route: "/transaction/setup/rank/member/detail/:id",
      fields: {
        member_no: f("Member number", "会员编号"),
        name: f("Name", "姓名"),
        phone: f("Mobile phone", "手机号"),
        gender: f("Gender", "性别", { kind: "enum", values: { male: w("Male", "男"), female: w("Female", "女") } }),
        birthday: f("Birthday", "生日", { kind: "date" }),
        rank_id: f("Rank", "会员等级", { ref: { table: "member_rank", name: "name" } }),
        points: f("Points", "积分", { kind: "number" }),
        total_spend: f("Total spending", "累计消费", { kind: "money" }),
        order_count: f("Orders", "订单数", { kind: "number" }),
        last_order_at: f("Last order", "最近下单时间", { kind: "time" }),
        joined_at: f("Joined", "入会时间", { kind: "time" }),
        status: f("Status", "状态", { kind: "enum", values: { active: w("Active", "正常"), frozen: w("Frozen", "冻结") } }),
        remark: f("Remark", "备注"),
        source: f("Source", "来源", {
          kind: "enum",
          values: { miniapp: w("Mini program", "小程序"), store: w("In store", "门店"), import: w("Imported", "导入") },
        }),
      },
    },
    shop_member_tag: {
      en: "Member's tag",
      zh: "会员标签",
      partOf: { table: "shop_member", column: "member_id" },
      hidden: ["member_id"],
      fields: { tag_id: f("Tags", "标签", { ref: { table: "member_tag", name: "name" } }) },
    },
  },
};
