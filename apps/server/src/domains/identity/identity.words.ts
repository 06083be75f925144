/**
 * The audit log's words for the identity tables (accounts, organisations, employees and their roles, manufacturers,
 * phones to confirm): what each table's rows are, their fields and their values, in English and Chinese. The identity
 * domain owns their rules; their calls belong to the session and staff domains, which word them. `../audit-words.ts`
 * gathers every domain's words into the one book the audit trigger and the audit log read.
 */
import { type AuditRef, type AuditWords, f, yesNo } from "../../platform/db/audit-words";

const MEMBER: AuditRef = { table: "member", name: "name" };

export const identityWords: AuditWords = {
  calls: {},
  records: {
    organization: {
      en: "Organisation",
      zh: "组织",
      name: ["name"],
      route: "/transaction/setup/enterpriseInfo",
      fields: { name: f("Name", "名称") },
    },
    member: {
      en: "Account",
      zh: "账号",
      name: ["name", "login_name"],
      hidden: ["failed_logins", "locked_until", "last_login_at"],
      fields: {
        login_name: f("Login name", "登录名"),
        phone: f("Mobile phone", "手机号"),
        buyer_phone: f("Shopping login phone", "购物登录手机号"),
        name: f("Name", "姓名"),
        password_hash: f("Password", "登录密码", { kind: "secret" }),
        enabled: f("Can log in", "可登录", { kind: yesNo }),
        password_changed_at: f("Password changed at", "密码修改时间", { kind: "time" }),
      },
    },
    employee: {
      en: "Staff member",
      zh: "员工",
      name: { via: "member_id", ref: MEMBER },
      route: "/transaction/setup/member/update/:id",
      fields: {
        member_id: f("Account", "账号", { ref: MEMBER }),
        is_owner: f("Owner", "店主", { kind: yesNo }),
        enabled: f("Enabled", "启用", { kind: yesNo }),
      },
    },
    employee_role: {
      en: "Staff member's role",
      zh: "员工角色",
      partOf: { table: "employee", column: "employee_id" },
      hidden: ["employee_id"],
      fields: { role_id: f("Roles", "角色", { ref: { table: "role", name: "name" } }) },
    },
    unconfirmed_phone: {
      en: "Phone waiting for its holder's confirmation",
      zh: "待本人确认的手机号",
      name: { via: "member_id", ref: MEMBER },
      key: "member_id",
      route: "/transaction/setup/member",
      hidden: ["member_id"],
      fields: {
        phone: f("Phone", "手机号"),
        set_by: f("Set by", "设置人", { ref: MEMBER }),
      },
    },
    role: {
      en: "Role",
      zh: "角色",
      name: ["name"],
      route: "/transaction/setup/member?tab=roles",
      fields: { name: f("Name", "角色名称"), description: f("Description", "角色说明") },
    },
    role_function: {
      en: "Role's function",
      zh: "角色权限",
      partOf: { table: "role", column: "role_id" },
      hidden: ["role_id"],
      fields: { func_code: f("Functions", "功能权限", { kind: "function" }) },
    },
    manufacturer: {
      en: "Manufacturer",
      zh: "厂商",
      name: ["name"],
      fields: { name: f("Name", "名称"), code: f("Code", "编码") },
    },
  },
};
