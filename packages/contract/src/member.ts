import { z } from "zod";
import { bulkReport } from "./bulk";
import { cents, id, instant, ok, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";
import { refusals } from "./refusals";
import { sheet } from "./sheets";

/*
 * The seller's members: the BUYERS who joined the shop (not staff, not login accounts), their ranks and
 * tags and stored-value recharge offers. The member list's saved filters and export columns use the
 * platform's saved templates (templates.ts).
 */

/** Refusals of the member domain, in both languages (`{placeholders}` travel as the envelope's params). */
export const memberRefusals = refusals("member", {
  memberNotFound: { en: "That member was not found", zh: "未找到该会员" },
  rankNotFound: { en: "That rank was not found", zh: "未找到该会员等级" },
  tagNotFound: { en: "That tag was not found", zh: "未找到该标签" },
  rechargeNotFound: { en: "That recharge offer was not found", zh: "未找到该充值活动" },
  rankNameTaken: { en: "is already used by another rank", zh: "已被其他等级使用" },
  rankLevelTaken: { en: 'is already the level of the rank "{name}"', zh: "已是等级“{name}”的级别" },
  /** A rank still in use (one refusal per kind of use, singular and plural): delete refused. */
  rankHeldByOneMember: {
    en: 'The rank "{name}" is in use by 1 member; move them to another rank first, then delete it',
    zh: "等级“{name}”仍有 1 名会员；请先将其移到其他等级，再删除",
  },
  rankHeldByMembers: {
    en: 'The rank "{name}" is in use by {n} members; move them to another rank first, then delete it',
    zh: "等级“{name}”仍有 {n} 名会员；请先将其移到其他等级，再删除",
  },
  rankInOneOffer: {
    en: 'The rank "{name}" is in use by 1 open recharge offer; move them to another rank first, then delete it',
    zh: "等级“{name}”仍被 1 个未结束的充值活动使用；请先修改该活动，再删除",
  },
  rankInOffers: {
    en: 'The rank "{name}" is in use by {n} open recharge offers; move them to another rank first, then delete it',
    zh: "等级“{name}”仍被 {n} 个未结束的充值活动使用；请先修改这些活动，再删除",
  },
  tagNameTaken: { en: "is already used by another tag", zh: "已被其他标签使用" },
  tagLimit: { en: "cannot be added: a shop keeps at most {max} tags", zh: "无法添加：每个店铺最多 {max} 个标签" },
  notOwnRank: { en: "contains an id that is not a rank of your shop", zh: "包含不属于本店铺的等级" },
  notOwnTag: { en: "contains an id that is not a tag of your shop", zh: "包含不属于本店铺的标签" },
  notOwnMember: { en: "contains an id that is not a member of your shop", zh: "包含不属于本店铺的会员" },
  // Why a batch tagging left a chosen member as they were (the bulk report names the member beside these words).
  bulkHasTags: { en: "Already has these tags", zh: "已有这些标签" },
  bulkHasNoTags: { en: "Has none of these tags", zh: "没有这些标签" },
  rechargeActiveNotEditable: {
    en: 'Only a draft offer can be edited; "{name}" is active',
    zh: "只有草稿状态的充值活动可以编辑；“{name}”已开始",
  },
  rechargeEndedNotEditable: {
    en: 'Only a draft offer can be edited; "{name}" is ended',
    zh: "只有草稿状态的充值活动可以编辑；“{name}”已结束",
  },
  rechargeNotStarted: {
    en: "A recharge offer that is draft cannot become ended (draft → active → ended, never back)",
    zh: "草稿状态的充值活动需先开始才能结束（草稿 → 进行中 → 已结束，不可回退）",
  },
  rechargeAlreadyActive: {
    en: "A recharge offer that is active cannot become active (draft → active → ended, never back)",
    zh: "该充值活动已在进行中（草稿 → 进行中 → 已结束，不可回退）",
  },
  rechargeEndedNotStartable: {
    en: "A recharge offer that is ended cannot become active (draft → active → ended, never back)",
    zh: "已结束的充值活动不能再开始（草稿 → 进行中 → 已结束，不可回退）",
  },
  rechargeAlreadyEnded: {
    en: "A recharge offer that is ended cannot become ended (draft → active → ended, never back)",
    zh: "该充值活动已结束（草稿 → 进行中 → 已结束，不可回退）",
  },
});

const text = (max: number) => z.string().trim().min(1, "is required").max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const thresholdType = z.enum(["spend", "points"]);
export const memberStatus = z.enum(["active", "frozen"]);
export const gender = z.enum(["male", "female"]);
export const rechargeStatus = z.enum(["draft", "active", "ended"]);

/** A share of the price in basis points: 9500 = the member pays 95 %. */
export const basisPoints = z.int().min(1, "must be at least 1 (0.01 %)").max(10_000, "must be at most 10000 (100 %, no discount)");
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1677ff");

export const rank = z.object({
  id,
  name: z.string(),
  /** 1 = the lowest rank; unique per organisation. */
  level: z.int(),
  thresholdType,
  /** Cents of total spend, or points. */
  thresholdValue: z.int(),
  discount: z.int(),
  benefits: z.string(),
  memberCount: z.int(),
});

const rankRef = z.object({ id, name: z.string(), level: z.int(), discount: z.int() });
export const tagRef = z.object({ id, name: z.string(), color: z.string() });

export const memberListItem = z.object({
  id,
  memberNo: z.string(),
  name: z.string(),
  /** Masked in lists: 138****0001. */
  phone: z.string(),
  gender: gender.nullable(),
  rank: rankRef.nullable(),
  tags: z.array(tagRef),
  points: z.int(),
  totalSpend: cents,
  orderCount: z.int(),
  lastOrderAt: instant.nullable(),
  joinedAt: instant,
  status: memberStatus,
  source: z.string(),
});

export const memberDetail = memberListItem.extend({
  birthday: z.string().nullable(),
  remark: z.string(),
  updatedAt: instant,
});

/** Filters of the member list; also the content of a saved "memberList.filters" template. */
export const memberFilters = {
  /** Name starts with. */
  name: optionalText(40),
  /** Phone starts with (digits). */
  phone: z
    .string()
    .regex(/^\d{1,11}$/, "must be 1 to 11 digits")
    .optional(),
  /** Member number starts with. */
  memberNo: optionalText(32),
  rankId: id.optional(),
  tagId: id.optional(),
  status: memberStatus.optional(),
  joinedFrom: instant.optional(),
  joinedTo: instant.optional(),
  spendMin: cents.optional(),
  spendMax: cents.optional(),
};

/** The member list's export sheet: its columns and their headers (sheets.ts). */
export const memberSheet = sheet(
  "memberList",
  { en: "Members", zh: "会员" },
  {
    memberNo: { en: "Member no.", zh: "会员编号" },
    name: { en: "Name", zh: "姓名" },
    phone: { en: "Phone", zh: "手机号" },
    gender: { en: "Gender", zh: "性别" },
    rank: { en: "Rank", zh: "会员等级" },
    tags: { en: "Tags", zh: "标签" },
    points: { en: "Points", zh: "积分" },
    totalSpend: { en: "Total spend (¥)", zh: "消费金额（元）" },
    orderCount: { en: "Orders", zh: "订单数" },
    lastOrderAt: { en: "Last order", zh: "最近下单时间" },
    joinedAt: { en: "Joined", zh: "加入时间" },
    status: { en: "Status", zh: "状态" },
    source: { en: "Source", zh: "来源" },
  },
);

export const recharge = z.object({
  id,
  name: z.string(),
  payAmount: cents,
  bonusAmount: cents,
  bonusPoints: z.int(),
  validFrom: instant,
  validTo: instant,
  /** Stored draft | active | ended; an active offer past validTo is reported as ended. */
  status: rechargeStatus,
  ranks: z.array(z.object({ id, name: z.string() })),
  createdAt: instant,
});

/**
 * The member list's saved templates (a platform feature, templates.ts): the content of each kind, by
 * kind. Saved filters hold the list's filters; its saved export columns are `memberSheet`'s (sheets.ts).
 */
export const memberListTemplates = {
  filters: z.strictObject(memberFilters),
};

const rankInput = z.strictObject({
  /** Given: update that rank; absent: add one. */
  id: id.optional(),
  name: text(20),
  level: z.int().min(1, "must be 1 or more (1 = the lowest rank)").max(99),
  thresholdType,
  thresholdValue: z.int().min(0).max(2_000_000_000),
  discount: basisPoints,
  benefits: z.string().trim().max(500).default(""),
});

const rechargeInput = z
  .strictObject({
    id: id.optional(),
    name: text(40),
    payAmount: cents.min(1, "must be at least 1 cent").max(100_000_000),
    bonusAmount: cents.max(100_000_000).default(0),
    bonusPoints: z.int().min(0).max(10_000_000).default(0),
    validFrom: instant,
    validTo: instant,
    /** Ranks that may use the offer; empty = every member. */
    rankIds: z.array(id).max(50).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.bonusAmount === 0 && v.bonusPoints === 0)
      ctx.addIssue({ code: "custom", path: ["bonusAmount"], message: "give a bonus amount or bonus points" });
    if (new Date(v.validTo) <= new Date(v.validFrom))
      ctx.addIssue({ code: "custom", path: ["validTo"], message: "must be after the start of validity" });
  });

const edit = { func: "setup.rank.edit" } as const;
const view = { func: "setup.rank" } as const;

export const member = {
  addMemberRank: write({
    path: seller("/basic/member/memberInfo/addMemberRank"),
    summary: "Add a member rank, or update one when id is given (name and level unique)",
    access: edit,
    input: rankInput,
    output: rank,
  }),
  delMemberRank: write({
    path: seller("/basic/member/memberInfo/delMemberRank"),
    summary: "Delete a member rank no member or offer uses",
    access: edit,
    input: z.strictObject({ id }),
    output: ok,
  }),
  selMemberRankList: read({
    path: seller("/basic/member/memberInfo/selMemberRankList"),
    summary: "The member ranks by level, with how many members hold each",
    access: view,
    input: z.strictObject({}),
    output: z.array(rank),
  }),
  selMemberInfoById: read({
    path: seller("/basic/member/memberInfo/selMemberInfoById"),
    summary: "One member of the shop: profile, rank, tags, orders, spend and points",
    access: view,
    input: z.strictObject({ id }),
    output: memberDetail,
  }),
  selMemberByParam: read({
    path: seller("/basic/member/memberInfo/selMemberByParam"),
    summary: "The shop's members, newest first, by name, phone, number, rank, tag, status, joining date and spend",
    access: view,
    input: pageInput(memberFilters),
    output: page(memberListItem),
  }),
  exportMemberList: exportFile({
    path: seller("/basic/member/memberInfo/exportMemberList"),
    summary: "The shop's members as an Excel file (the list's filters; optionally chosen columns)",
    access: { func: "setup.rank.export" },
    input: z.strictObject({ ...memberFilters, columns: memberSheet.chosen }),
    sheet: memberSheet,
  }),
  updMemberById: write({
    path: seller("/basic/member/memberInfo/updMemberById"),
    summary: "Edit a member of the shop: rank (manual override), tags, status, remark",
    access: edit,
    input: z.strictObject({
      id,
      rankId: id.nullable().optional(),
      tagIds: z.array(id).max(20).optional(),
      status: memberStatus.optional(),
      remark: z.string().trim().max(500).optional(),
    }),
    output: memberDetail,
  }),

  selMemberTagByParam: read({
    path: "/api/basic/member/tags/selMemberTagByParam",
    summary: "The organisation's member tags with how many members carry each",
    access: view,
    input: z.strictObject({ name: optionalText(20) }),
    output: z.array(tagRef.extend({ memberCount: z.int() })),
  }),
  addOrUpdMemberTag: write({
    path: "/api/basic/member/tags/addOrUpdMemberTag",
    summary: "Add a member tag, or rename / recolour one when id is given (name unique)",
    access: edit,
    input: z.strictObject({ id: id.optional(), name: text(20), color }),
    output: tagRef,
  }),
  delMemberTagById: write({
    path: "/api/basic/member/tags/delMemberTagById",
    summary: "Delete a member tag (it is taken off every member)",
    access: edit,
    input: z.strictObject({ id }),
    output: ok,
  }),
  batchTagMembers: write({
    path: "/api/basic/member/tags/batchTagMembers",
    summary: "Put tags on, or take them off, several members at once",
    access: edit,
    input: z.strictObject({
      memberIds: z.array(id).min(1, "choose at least one member").max(500),
      tagIds: z.array(id).min(1, "choose at least one tag").max(20),
      action: z.enum(["add", "remove"]),
    }),
    /** The bulk report (`done`: members who gained or lost a tag; `refused`: the others, and why) and the pairs changed. */
    output: bulkReport.extend({ changed: z.int() }),
  }),

  selRechargeManageByPage: read({
    path: "/api/seller/recharge/rechargePromotion/selRechargeManageByPage",
    summary: "Stored-value recharge offers (pay X, get Y), newest first",
    access: view,
    input: pageInput({ name: optionalText(40), status: rechargeStatus.optional() }),
    output: page(recharge),
  }),
  addOrUpdRechargePromotion: write({
    path: "/api/seller/recharge/rechargePromotion/addOrUpdRechargePromotion",
    summary: "Add a recharge offer as a draft, or edit a draft when id is given",
    access: { func: "setup.rank.recharge" },
    input: rechargeInput,
    output: recharge,
  }),
  updRechargeStatus: write({
    path: "/api/seller/recharge/rechargePromotion/updRechargeStatus",
    summary: "Start (draft → active) or end (active → ended) a recharge offer",
    access: { func: "setup.rank.recharge" },
    input: z.strictObject({ id, status: z.enum(["active", "ended"]) }),
    output: recharge,
  }),
};

export type MemberListItem = z.infer<typeof memberListItem>;
export type MemberDetail = z.infer<typeof memberDetail>;
export type Rank = z.infer<typeof rank>;
export type Recharge = z.infer<typeof recharge>;
