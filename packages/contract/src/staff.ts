import { z } from "zod";
import { id, instant, ok, page, pageInput, phone } from "./common";
import { read, seller, write } from "./define";
import { funcNode } from "./session";

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

const staffFunc = { func: "setup.staff" } as const;
const staffEdit = { func: "setup.staff.edit" } as const;
const roleEdit = { func: "setup.staff.role" } as const;
const baseEdit = { func: "setup.staff.base" } as const;

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
    input: pageInput({
      name: z.string().trim().max(64).optional(),
      phone: z.string().trim().max(11).optional(),
      roleId: id.optional(),
      enabled: z.boolean().optional(),
    }),
    output: page(staffMember),
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

  add: write({
    path: "/api/basic/member/memberEmployee/add",
    summary: "Add an existing account (found by phone or login name) to the organisation as staff",
    access: staffEdit,
    shop: false,
    input: z.strictObject({
      account: z.string().trim().min(2, "enter a phone number or login name").max(64),
      roleIds: placement.roleIds,
      professionId: placement.professionId,
      baseIds: placement.baseIds,
    }),
    output: staffMember,
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
