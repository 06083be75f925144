import { z } from "zod";
import { cents, id, instant, ok, page, pageInput } from "./common";
import { exportFile, read, seller, write } from "./define";

/*
 * The seller's members: the BUYERS who joined the shop (not staff, not login accounts), their ranks and
 * tags, stored-value recharge offers, and the staff member's saved data templates (saved list filters,
 * export column sets).
 */

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

export const memberExportColumns = z.enum([
  "memberNo",
  "name",
  "phone",
  "gender",
  "rank",
  "tags",
  "points",
  "totalSpend",
  "orderCount",
  "lastOrderAt",
  "joinedAt",
  "status",
  "source",
]);

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

const dataTempName = text(40);
const templateOf = <T extends string, C extends z.ZodType>(type: T, content: C) =>
  z.strictObject({ type: z.literal(type), name: dataTempName, content });

/**
 * A saved data template to add, by type: each known type has its own content schema. Add a type
 * here (and to dataTempType) and the server validates it.
 */
export const dataTempInput = z.discriminatedUnion("type", [
  templateOf("memberList.filters", z.strictObject(memberFilters)),
  templateOf(
    "memberList.exportColumns",
    z.strictObject({ columns: z.array(memberExportColumns).min(1, "choose at least one column").max(20) }),
  ),
]);
export const dataTempType = z.enum(["memberList.filters", "memberList.exportColumns"]);

export const dataTemp = z.object({
  id,
  type: dataTempType,
  name: z.string(),
  content: z.record(z.string(), z.unknown()),
  updatedAt: instant,
});

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
    access: view,
    input: z.strictObject({ ...memberFilters, columns: z.array(memberExportColumns).min(1).max(20).optional() }),
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
    output: z.object({ changed: z.int() }),
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

  selDataTempByType: read({
    path: "/api/basic/system/dataTemp/selByType",
    summary: "The caller's saved data templates of one type (saved filters, export column sets)",
    access: "member",
    input: z.strictObject({ type: dataTempType }),
    output: z.array(dataTemp),
  }),
  addDataTemp: write({
    path: "/api/basic/system/dataTemp/add",
    summary: "Save a data template under a name; an existing name of the same type is overwritten",
    access: "member",
    input: dataTempInput,
    output: dataTemp,
  }),
  delDataTemp: write({
    path: "/api/basic/system/dataTemp/del",
    summary: "Delete one of the caller's saved data templates",
    access: "member",
    input: z.strictObject({ id }),
    output: ok,
  }),
};

export type MemberListItem = z.infer<typeof memberListItem>;
export type MemberDetail = z.infer<typeof memberDetail>;
export type Rank = z.infer<typeof rank>;
export type Recharge = z.infer<typeof recharge>;
