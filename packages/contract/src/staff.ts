import { z } from "zod";
import { empty, id, instant, ok, page, pageInput, phone, smsCode } from "./common";
import { exportFile, read, seller, write } from "./define";
import { refusals } from "./refusals";
import { funcNode } from "./session";
import { sheet } from "./sheets";

/** What staff calls refuse, in both languages (the web words them from `reason` and `params`). */
export const staffRefusals = refusals("staff", {
  notFound: { en: "Staff member was not found", zh: "未找到该员工" },
  roleNotFound: { en: "Role was not found", zh: "未找到该角色" },
  baseNotFound: { en: "Base was not found", zh: "未找到该基地" },
  invitationNotFound: { en: "Invitation was not found", zh: "未找到该邀请" },
  ownerFixed: {
    en: "The owner holds every function: their roles cannot be changed and they cannot be disabled",
    zh: "店主拥有全部功能：不能更改其角色，也不能停用",
  },
  ownerBases: {
    en: "cannot be set for the owner, who is authorised for every base",
    zh: "不能为店主设置基地，店主有权使用全部基地",
  },
  ownSelf: { en: "You cannot change your own roles or status; ask the owner", zh: "不能更改自己的角色或状态，请联系店主" },
  ownerNotRemovable: { en: "The owner cannot be removed from the organisation", zh: "店主不能被移出组织" },
  removeSelf: { en: "You cannot remove yourself; ask the owner", zh: "不能移除自己，请联系店主" },
  roleHeld: { en: "You hold this role yourself; ask the owner to delete it", zh: "你自己拥有该角色，请联系店主删除" },
  roleGrantsUnheld: {
    en: 'role "{role}" grants functions you do not hold yourself: {functions}',
    zh: "角色“{role}”包含你自己没有的功能：{functions}",
  },
  grantUnheld: { en: "you cannot grant functions you do not hold yourself: {functions}", zh: "不能授予你自己没有的功能：{functions}" },
  unknownFunctions: { en: "contains unknown functions: {functions}", zh: "包含未知的功能：{functions}" },
  roleMissing: { en: "contains a role that does not exist", zh: "包含不存在的角色" },
  baseMissing: { en: "contains a base that does not exist", zh: "包含不存在的基地" },
  baseDisabled: { en: "contains a disabled base", zh: "包含已停用的基地" },
  baseUnauthorised: { en: "contains a base you are not authorised for", zh: "包含你无权使用的基地" },
  professionUnknown: { en: "is not a known profession", zh: "不是已知的职业" },
  loginNameTaken: { en: "is already taken", zh: "已被占用" },
  phoneTaken: { en: "is already used by another account", zh: "已被其他账号使用" },
  roleNameTaken: { en: "is already used by another role", zh: "已被其他角色使用" },
  professionTaken: { en: "already exists", zh: "已存在" },
  areaUnknown: { en: "is not a known area", zh: "不是已知的地区" },
  baseNameTaken: { en: "is already used by another base", zh: "已被其他基地使用" },
  ownerIdentity: { en: "Only the owner can change the owner's name and phone", zh: "只有店主本人可以更改店主的姓名和手机号" },
  worksElsewhere: {
    en: "This account also works for other organisations: only its holder can change its name, phone and password",
    zh: "该账号还在其他组织任职：只有账号本人可以更改其姓名、手机号和密码",
  },
  identityUnheld: {
    en: "This staff member holds functions you do not hold ({functions}): you cannot change their phone or password",
    zh: "该员工拥有你没有的功能（{functions}）：你不能更改其手机号或密码",
  },
  resetOwnerOnly: {
    en: "Only the owner can set a staff member's password",
    zh: "只有店主可以为员工设置密码",
  },
  resetSelf: { en: "Change your own password under Change password", zh: "请在“修改密码”中修改自己的密码" },
  accountNotFound: { en: "no account has this phone number or login name", zh: "没有使用该手机号或登录名的账号" },
  accountDisabled: { en: "this account is disabled", zh: "该账号已停用" },
  alreadyStaff: { en: "is already staff of this organisation", zh: "已是本组织的员工" },
  alreadyInvited: { en: "has already been invited and not answered yet", zh: "已被邀请，尚未答复" },
  invitationClosed: { en: "This invitation has already been answered or cancelled", zh: "该邀请已答复或已取消" },
  phoneUnconfirmed: {
    en: "This phone number has not been confirmed by its holder yet: log in with your password and confirm it first",
    zh: "该手机号尚未经本人确认：请先用密码登录并确认手机号",
  },
  noPhoneToConfirm: { en: "There is no phone number waiting for confirmation", zh: "没有待确认的手机号" },
  codeInvalid: { en: "The code is wrong or has expired; ask for a new one if needed", zh: "验证码错误或已过期，如有需要请重新获取" },
});

const name = z.string().trim().min(1, "is required").max(64);
const loginName = z.string().trim().min(2, "must be at least 2 characters").max(64);
const funcCode = z.string().min(1).max(64);
const ids = (max: number) => z.array(id).max(max);

export const baseKind = z.enum(["farm", "site", "warehouse"]);

const named = z.object({ id, name: z.string() });

export const profession = z.object({
  id,
  name: z.string(),
  nameEn: z.string(),
  /** The platform's standard list (true) or the organisation's own addition (false). */
  standard: z.boolean(),
});

export const base = z.object({
  id,
  name: z.string(),
  kind: baseKind,
  areaCode: z.string(),
  areaName: z.string(),
  /** The same path in English (issue 25 §5: the area in the UI language). */
  areaNameEn: z.string(),
  address: z.string(),
  enabled: z.boolean(),
});

/** A staff member: a login account (member) placed in the organisation (employee) with roles. */
export const staffMember = z.object({
  employeeId: id,
  memberId: id,
  name: z.string(),
  loginName: z.string(),
  phone: z.string().nullable(),
  /** False while a phone someone else set waits for its holder to confirm it with a code (no SMS login until then). */
  phoneConfirmed: z.boolean(),
  isOwner: z.boolean(),
  enabled: z.boolean(),
  roles: z.array(named),
  profession: profession.nullable(),
  bases: z.array(named),
  lastLoginAt: instant.nullable(),
  createdAt: instant,
});
export type StaffMember = z.infer<typeof staffMember>;

export const roleItem = z.object({
  id,
  name: z.string(),
  description: z.string(),
  functions: z.array(z.string()),
  staffCount: z.int(),
});

/** What a staff member's edit changes besides the account: roles, status, profession, bases. */
const placement = {
  roleIds: ids(50).default([]),
  enabled: z.boolean().default(true),
  professionId: id.nullable().default(null),
  baseIds: ids(200).default([]),
};

const roleInput = {
  name: z.string().trim().min(1, "is required").max(32),
  description: z.string().trim().max(200).default(""),
  functions: z.array(funcCode).min(1, "choose at least one function").max(500),
};

const baseInput = {
  name,
  kind: baseKind,
  areaCode: z.string().regex(/^\d{6}$/, "must be a 6-digit area code"),
  address: z.string().trim().max(200).default(""),
};

/** A phone shown to someone who is not its holder: 138****1234 (a number too short to hide part of is shown as it is). */
export function maskPhone(phone: string): string;
export function maskPhone(phone: string | null): string | null;
export function maskPhone(phone: string | null): string | null {
  if (phone === null || phone === "") return phone === "" ? "" : null;
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

/** What an organisation sees of an account it finds by login name or phone: the name and a masked phone, nothing more. */
export const accountPreview = z.object({ name: z.string(), maskedPhone: z.string().nullable() });

export const invitationStates = ["pending", "accepted", "declined", "cancelled"] as const;
export const invitationState = z.enum(invitationStates);

/** An invitation to join the organisation as staff, answered by the account's holder. */
export const invitation = z.object({
  id,
  name: z.string(),
  maskedPhone: z.string().nullable(),
  roles: z.array(named),
  profession: profession.nullable(),
  bases: z.array(named),
  state: invitationState,
  invitedBy: z.string(),
  createdAt: instant,
  decidedAt: instant.nullable(),
});
export type Invitation = z.infer<typeof invitation>;

/** What the logged-in holder is asked to do: confirm a phone someone else set, answer invitations. */
export const accountNotices = z.object({
  phoneToConfirm: z.object({ maskedPhone: z.string() }).nullable(),
  invitations: z.array(z.object({ id, orgName: z.string(), invitedBy: z.string(), roles: z.array(z.string()), createdAt: instant })),
});
export type AccountNotices = z.infer<typeof accountNotices>;

const staffFunc = { func: "setup.staff" } as const;
const staffEdit = { func: "setup.staff.edit" } as const;
const roleEdit = { func: "setup.staff.role" } as const;
const baseEdit = { func: "setup.staff.base" } as const;

const staffFilters = {
  name: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(11).optional(),
  roleId: id.optional(),
  enabled: z.boolean().optional(),
};

/** The staff list's export sheet: its columns and their headers (sheets.ts). */
export const staffSheet = sheet(
  "staffList",
  { en: "Staff", zh: "员工" },
  {
    name: { en: "Name", zh: "姓名" },
    loginName: { en: "Login name", zh: "登录名" },
    phone: { en: "Phone", zh: "手机号" },
    owner: { en: "Owner", zh: "所有者" },
    enabled: { en: "Status", zh: "状态" },
    roles: { en: "Roles", zh: "角色" },
    profession: { en: "Profession", zh: "职业" },
    bases: { en: "Bases", zh: "基地" },
    lastLoginAt: { en: "Last login", zh: "最近登录时间" },
    createdAt: { en: "Added", zh: "添加时间" },
  },
);

/**
 * Staff, roles, professions and bases of the active organisation. These are organisation-level
 * settings, so they work whether or not the shop is open (`shop: false`).
 */
export const staff = {
  selMemberByPage: read({
    path: seller("/basic/member/memberEmployee/selMemberByPage"),
    summary: "Staff of the organisation (the owner first, then newest first), with roles, status and last login",
    access: staffFunc,
    shop: false,
    input: pageInput(staffFilters),
    output: page(staffMember),
  }),
  exportStaffList: exportFile({
    path: seller("/basic/member/memberEmployee/exportStaffList"),
    summary:
      "Staff of the organisation as an Excel file: the list's filters and order (the owner first, then newest first), optionally chosen columns",
    access: { func: "setup.staff.export" },
    shop: false,
    input: z.strictObject({ ...staffFilters, columns: staffSheet.chosen }),
    sheet: staffSheet,
  }),
  addMemberEmployee: write({
    path: seller("/basic/member/memberEmployee/addMemberEmployee"),
    summary: "Create a new login account and make it staff with roles, profession and bases",
    access: staffEdit,
    shop: false,
    input: z.strictObject({ name, loginName, phone, password: z.string().min(1, "is required").max(128), ...placement }),
    output: staffMember,
  }),
  selMemberEmpById: read({
    path: seller("/basic/member/memberEmployee/selMemberEmpById"),
    summary: "One staff member by employee id",
    access: staffFunc,
    shop: false,
    input: z.strictObject({ employeeId: id }),
    output: staffMember,
  }),
  updMemberEmpById: write({
    path: seller("/basic/member/memberEmployee/updMemberEmpById"),
    summary: "Change a staff member's name, phone, roles, status, profession and bases (the owner's roles and status are fixed)",
    access: staffEdit,
    shop: false,
    input: z.strictObject({ employeeId: id, name, phone, ...placement }),
    output: staffMember,
  }),
  delMemberEmpById: write({
    path: seller("/basic/member/memberEmployee/delMemberEmpById"),
    summary: "Remove a staff member from the organisation (the account stays; its sessions here end)",
    access: staffEdit,
    shop: false,
    input: z.strictObject({ employeeId: id }),
    output: ok,
  }),

  resetMemberEmpPassword: write({
    path: seller("/basic/member/memberEmployee/resetMemberEmpPassword"),
    summary: "The owner sets a new password for a staff member whose account works only here (audited; ends their sessions)",
    access: staffEdit,
    shop: false,
    input: z.strictObject({ employeeId: id, password: z.string().min(1, "is required").max(128) }),
    output: ok,
  }),
  selAccountPreview: read({
    path: seller("/basic/member/memberEmployee/selAccountPreview"),
    summary: "Find an existing account by login name or phone to invite it: only its name and masked phone",
    access: staffEdit,
    shop: false,
    input: z.strictObject({ account: z.string().trim().min(2, "enter a phone number or login name").max(64) }),
    output: accountPreview,
  }),
  add: write({
    path: "/api/basic/member/memberEmployee/add",
    summary: "Invite an existing account (found by phone or login name) to join as staff; it joins when its holder accepts",
    access: staffEdit,
    shop: false,
    input: z.strictObject({
      account: z.string().trim().min(2, "enter a phone number or login name").max(64),
      roleIds: placement.roleIds,
      professionId: placement.professionId,
      baseIds: placement.baseIds,
    }),
    output: invitation,
  }),
  selInvitationPage: read({
    path: seller("/basic/member/memberEmployee/selInvitationPage"),
    summary: "Invitations the organisation sent, newest first, with their state",
    access: staffFunc,
    shop: false,
    input: pageInput({ state: invitationState.optional() }),
    output: page(invitation),
  }),
  cancelInvitation: write({
    path: seller("/basic/member/memberEmployee/cancelInvitation"),
    summary: "Cancel a pending invitation",
    access: staffEdit,
    shop: false,
    input: z.strictObject({ id }),
    output: invitation,
  }),
  selMyAccountNotices: read({
    path: seller("/basic/member/account/selMyAccountNotices"),
    summary: "For the logged-in holder: a phone to confirm and invitations to answer",
    access: "member",
    shop: false,
    input: empty,
    output: accountNotices,
  }),
  sendPhoneConfirmCode: write({
    path: seller("/basic/member/account/sendPhoneConfirmCode"),
    summary: "Send a code to the holder's unconfirmed phone (one per 60 s, valid 5 minutes)",
    access: "member",
    shop: false,
    input: empty,
    output: z.object({ resendAfterSeconds: z.int(), expiresInSeconds: z.int() }),
  }),
  confirmPhone: write({
    path: seller("/basic/member/account/confirmPhone"),
    summary: "Confirm the holder's phone with the code sent to it (SMS login works again)",
    access: "member",
    shop: false,
    input: z.strictObject({ code: smsCode }),
    output: ok,
  }),
  acceptInvitation: write({
    path: seller("/basic/member/account/acceptInvitation"),
    summary: "Accept an invitation: the holder becomes staff of that organisation (switch identity to work there)",
    access: "member",
    shop: false,
    input: z.strictObject({ id }),
    output: z.object({ boId: id, orgName: z.string() }),
  }),
  declineInvitation: write({
    path: seller("/basic/member/account/declineInvitation"),
    summary: "Decline an invitation",
    access: "member",
    shop: false,
    input: z.strictObject({ id }),
    output: ok,
  }),
  selfuncIds: read({
    path: "/api/basic/member/memberEmployee/selfuncIds",
    summary: "The function codes a staff member holds (closed over ancestors)",
    access: staffFunc,
    shop: false,
    input: z.strictObject({ employeeId: id }),
    output: z.array(z.string()),
  }),
  upd: write({
    path: "/api/basic/member/memberEmployee/upd",
    summary: "Enable or disable a staff member (disabling ends their sessions here)",
    access: staffEdit,
    shop: false,
    input: z.strictObject({ employeeId: id, enabled: z.boolean() }),
    output: staffMember,
  }),
  selById: read({
    path: "/api/basic/member/memberEmployee/selById",
    summary: "One staff member by member (account) id",
    access: staffFunc,
    shop: false,
    input: z.strictObject({ memberId: id }),
    output: staffMember,
  }),
  selMemberEmployeesByParam: read({
    path: "/api/basic/member/memberEmployee/selMemberEmployeesByParam",
    summary: "Enabled staff whose name or phone contains the keyword, for pickers (at most `limit`, unpaged)",
    access: staffFunc,
    shop: false,
    input: z.strictObject({ keyword: z.string().trim().max(64).optional(), limit: z.int().min(1).max(100).default(20) }),
    output: z.array(z.object({ employeeId: id, memberId: id, name: z.string(), phone: z.string().nullable(), isOwner: z.boolean() })),
  }),
  selFuncById: read({
    path: "/api/lsmg/base/employee/selFuncById",
    summary: "The function tree with the functions a staff member holds and the roles that grant each",
    access: staffFunc,
    shop: false,
    input: z.strictObject({ employeeId: id }),
    output: z.object({
      employeeId: id,
      isOwner: z.boolean(),
      tree: z.array(funcNode),
      granted: z.array(z.object({ code: z.string(), roles: z.array(named) })),
    }),
  }),

  addRole: write({
    path: seller("/basic/system/role/addRole"),
    summary: "Create a role (name unique in the organisation) granting functions the caller holds",
    access: roleEdit,
    shop: false,
    input: z.strictObject(roleInput),
    output: roleItem,
  }),
  updRole: write({
    path: seller("/basic/system/role/updRole"),
    summary: "Change a role; removing functions ends its holders' sessions",
    access: roleEdit,
    shop: false,
    input: z.strictObject({ id, ...roleInput }),
    output: roleItem,
  }),
  delRole: write({
    path: seller("/basic/system/role/delRole"),
    summary: "Delete a role; its holders lose it and their sessions end",
    access: roleEdit,
    shop: false,
    input: z.strictObject({ id }),
    output: ok,
  }),

  selectProfession: read({
    path: "/api/basic/member/profess/select",
    summary: "Professions: the platform's standard list and the organisation's own",
    access: staffFunc,
    shop: false,
    input: z.strictObject({ name: z.string().trim().max(32).optional() }),
    output: z.array(profession),
  }),
  addProfession: write({
    path: "/api/basic/member/profess/add",
    summary: "Add a profession of the organisation's own (unique among the standard and the organisation's)",
    access: staffEdit,
    shop: false,
    input: z.strictObject({ name: z.string().trim().min(1, "is required").max(32) }),
    output: profession,
  }),

  selBaseInfoByAuthority: read({
    path: "/api/pdmg/base/info/selBaseInfoByAuthority",
    summary: "Enabled bases the caller is authorised for (the owner: all; staff: those assigned)",
    access: "member",
    input: z.strictObject({ kind: baseKind.optional() }),
    output: z.array(base),
  }),
  selBaseList: read({
    path: seller("/basic/base/info/selBaseList"),
    summary: "Every base of the organisation, disabled ones too, with how many staff are assigned",
    access: staffFunc,
    shop: false,
    input: z.strictObject({ name: z.string().trim().max(64).optional(), kind: baseKind.optional() }),
    output: z.array(base.extend({ staffCount: z.int() })),
  }),
  addBase: write({
    path: seller("/basic/base/info/addBase"),
    summary: "Add a base (farm, site or warehouse; name unique in the organisation)",
    access: baseEdit,
    shop: false,
    input: z.strictObject(baseInput),
    output: base,
  }),
  updBase: write({
    path: seller("/basic/base/info/updBase"),
    summary: "Change a base's name, kind, area and address",
    access: baseEdit,
    shop: false,
    input: z.strictObject({ id, ...baseInput }),
    output: base,
  }),
  updBaseEnabled: write({
    path: seller("/basic/base/info/updBaseEnabled"),
    summary: "Enable or disable a base (a disabled base is no longer offered, assignments are kept)",
    access: baseEdit,
    shop: false,
    input: z.strictObject({ id, enabled: z.boolean() }),
    output: base,
  }),
};
