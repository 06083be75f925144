/**
 * The audit log's words for the session domain's write calls (logging in and out, SMS codes, passwords, switching the
 * organisation): what each does, in English and Chinese; its tables are the identity domain's. `../audit-words.ts`
 * gathers every domain's words into the one book the audit trigger and the audit log read.
 */
import { contract } from "@sbo/contract";
import { type AuditWords, w } from "../../platform/db/audit-words";

const { session, login } = contract;

export const sessionWords: AuditWords = {
  calls: {
    [session.logout.path]: w("Logged out", "退出登录", "setup"),
    [session.switchIdentity.path]: w("Switched organisation", "切换身份", "setup"),
    [session.switchManufacturer.path]: w("Chose the manufacturer to work for", "切换厂商", "setup"),
    [login.login.path]: w("Logged in", "登录", "setup"),
    [login.msgLogin.path]: w("Logged in with an SMS code", "短信验证码登录", "setup"),
    [login.sendMessage.path]: w("Asked for an SMS code", "获取短信验证码", "setup"),
    [login.judgeVerification.path]: w("Checked an SMS code", "校验短信验证码", "setup"),
    [login.safeCenterReSetPwd.path]: w("Changed their password", "修改登录密码", "setup"),
    [login.reSetPwd.path]: w("Reset a forgotten password", "找回密码", "setup"),
    [login.sendPhoneSms.path]: w("Asked for an SMS code to change the password", "获取修改密码验证码", "setup"),
    [login.smsChangePassword.path]: w("Changed the password with an SMS code", "短信验证修改密码", "setup"),
  },
  records: {},
};
