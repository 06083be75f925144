/**
 * The audit log's words for the staff domain: what each of its write calls does, and what each of its tables'
 * rows is, their fields and their values, in English and Chinese. `../audit-words.ts` gathers every domain's words
 * into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditRef, type AuditWords, f, w, yesNo } from "../../platform/db/audit-words";

const { staff } = contract;

const AREA: AuditRef = { table: "area", key: "code", name: "name", nameEn: "name_en" };
const MEMBER: AuditRef = { table: "member", name: "name" };

export const staffWords: AuditWords = {
  calls: {
    [staff.addMemberEmployee.path]: w("Added a staff member with a new account", "新增员工账号"),
    [staff.updMemberEmpById.path]: w("Edited a staff member", "编辑员工"),
    [staff.delMemberEmpById.path]: w("Removed a staff member", "移除员工"),
    [staff.add.path]: w("Added an existing account as staff", "添加已有账号为员工"),
    [staff.upd.path]: w("Enabled or disabled a staff member", "启用或停用员工"),
    [staff.resetMemberEmpPassword.path]: w("Set a staff member's password", "重置员工密码"),
    [staff.cancelInvitation.path]: w("Cancelled an invitation to join as staff", "取消员工邀请"),
    [staff.sendPhoneConfirmCode.path]: w("Asked for a code to confirm their phone", "获取手机号确认验证码", "setup"),
    [staff.confirmPhone.path]: w("Confirmed their phone", "确认手机号", "setup"),
    [staff.acceptInvitation.path]: w("Accepted an invitation to join as staff", "接受员工邀请", "setup"),
    [staff.declineInvitation.path]: w("Declined an invitation to join as staff", "拒绝员工邀请", "setup"),
    [staff.addRole.path]: w("Added a role", "新增角色"),
    [staff.updRole.path]: w("Edited a role", "编辑角色"),
    [staff.delRole.path]: w("Deleted a role", "删除角色"),
    [staff.addProfession.path]: w("Added a profession", "新增职业"),
    [staff.addBase.path]: w("Added a base", "新增基地"),
    [staff.updBase.path]: w("Edited a base", "编辑基地"),
    [staff.updBaseEnabled.path]: w("Enabled or disabled a base", "启用或停用基地"),
  },
  records: {
    employee_base: {
      en: "Staff member's base",
      zh: "员工基地",
      partOf: { table: "employee", column: "employee_id" },
      hidden: ["employee_id"],
      fields: { base_id: f("Bases", "基地", { ref: { table: "base", name: "name" } }) },
    },
    staff_profile: {
      en: "Staff member's profession",
      zh: "员工职业",
      partOf: { table: "employee", column: "employee_id" },
      hidden: ["employee_id"],
      fields: { profession_id: f("Profession", "职业", { ref: { table: "profession", name: "name", nameEn: "name_en" } }) },
    },
    staff_invitation: {
      en: "Staff invitation",
      zh: "员工邀请",
      name: { via: "member_id", ref: MEMBER },
      route: "/transaction/setup/member",
      fields: {
        member_id: f("Invited account", "受邀账号", { ref: MEMBER }),
        invited_by: f("Invited by", "邀请人", { ref: MEMBER }),
        role_ids: f("Roles", "角色", { ref: { table: "role", name: "name" } }),
        profession_id: f("Profession", "职业", { ref: { table: "profession", name: "name", nameEn: "name_en" } }),
        base_ids: f("Bases", "基地", { ref: { table: "base", name: "name" } }),
        state: f("State", "状态", {
          kind: "enum",
          values: {
            pending: w("Waiting for an answer", "待答复"),
            accepted: w("Accepted", "已接受"),
            declined: w("Declined", "已拒绝"),
            cancelled: w("Cancelled", "已取消"),
          },
        }),
        decided_at: f("Answered", "答复时间", { kind: "time" }),
      },
    },
    profession: {
      en: "Profession",
      zh: "职业",
      name: ["name"],
      fields: { name: f("Name", "名称"), name_en: f("English name", "英文名称") },
    },
    base: {
      en: "Base",
      zh: "基地",
      name: ["name"],
      route: "/transaction/setup/member?tab=bases",
      fields: {
        name: f("Name", "基地名称"),
        kind: f("Kind", "类型", {
          kind: "enum",
          values: { farm: w("Farm", "农场"), site: w("Site", "场地"), warehouse: w("Warehouse", "仓库") },
        }),
        area_code: f("Area", "所在地区", { ref: AREA }),
        address: f("Address", "详细地址"),
        enabled: f("Enabled", "启用", { kind: yesNo }),
      },
    },
  },
};
