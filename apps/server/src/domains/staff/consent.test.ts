import { codes, contract } from "@sbo/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../platform/db/audit.tables";
import { createStaff, memberByLoginName, meOf, otherCode, rewindSms, TEST_PASSWORD } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { unconfirmedPhone } from "../identity/identity.tables";

const c = contract.staff;
const L = contract.login;
let t: TestApp;
let owner: string;
let harbor: string;
let greenBoId: string;
let harborBoId: string;
let clerkRoleId: string;
let serial = 0;

/** A staff member whose one role holds only the staff functions (the attacker of issue 8 item 1). */
const staffEditor = () => createStaff(t, greenBoId, ["setup", "setup.staff", "setup.staff.edit"]);
const ended = async (ticket: string) => (await t.call(contract.session.getMemberByToken, {}, { ticket })).code === codes.SESSION_ENDED;
const alive = async (ticket: string) => (await t.call(contract.session.getMemberByToken, {}, { ticket })).code === codes.OK;
/** The envelope's `reason` (the harness answers only code/msg/data; read it from the raw body). */
async function post(path: string, body: Record<string, unknown>, ticket?: string) {
  const res = await t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/json", "sign-token": t.config.signToken },
    cookies: ticket ? { ticket } : {},
    payload: JSON.stringify({ systemId: 71, ...body }),
  });
  return res.json() as { code: string; msg: string; data: unknown; reason?: string; params?: Record<string, string> };
}

/** A new staff member of Green Valley created by the owner (no roles unless given), logged in. */
async function newStaff(roleIds: string[] = []) {
  serial += 1;
  const who = { loginName: `consent-${serial}`, phone: `1360000${String(serial).padStart(4, "0")}` };
  const res = await t.call(c.addMemberEmployee, { name: `Consent ${serial}`, ...who, password: TEST_PASSWORD, roleIds }, { ticket: owner });
  if (res.code !== codes.OK) throw new Error(`addMemberEmployee failed: ${res.code} ${res.msg}`);
  // The creator typed the phone: here the holder confirms it, as they would at their first login.
  await t.db.delete(unconfirmedPhone).where(eq(unconfirmedPhone.memberId, res.data.memberId));
  return { ...res.data, ...who, ticket: await t.login(who.loginName, TEST_PASSWORD) };
}

async function confirmWithCode(ticket: string, phone: string) {
  await rewindSms(t, phone);
  const sent = await t.call(c.sendPhoneConfirmCode, {}, { ticket });
  expect(sent.code).toBe(codes.OK);
  const sms = await t.lastSms(phone);
  expect(sms.body).toContain("确认此手机号");
  return sms.code;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  harbor = await t.login("demo2");
  greenBoId = (await meOf(t, owner)).boId;
  harborBoId = (await meOf(t, harbor)).boId;
  const roles = (await t.call(contract.session.selRoleListBySysId, {}, { ticket: owner })).data;
  clerkRoleId = roles.find((r) => r.name === "Order clerk")?.id ?? "";
});
afterAll(() => t.close());

describe("a colleague's login identity (issue 8, item 1)", () => {
  it("when a staff-only editor changes the store manager's phone, then 000409 names the functions they lack and nothing changes", async () => {
    const editor = await staffEditor();
    const manager = (await t.call(c.selMemberByPage, { name: "Sun Li" }, { ticket: owner })).data.list[0];
    if (!manager) throw new Error("demo-manager is staff at Green Valley");
    const managerTicket = await t.login("demo-manager");
    const res = await post(
      c.updMemberEmpById.path,
      { employeeId: manager.employeeId, name: manager.name, phone: "13766660001", roleIds: manager.roles.map((r) => r.id) },
      editor,
    );
    expect(res.code).toBe(codes.STATE_FORBIDS);
    expect(res.reason).toBe("staff.identityUnheld");
    expect(res.params?.functions).toContain("shop.supplier");
    expect((await memberByLoginName(t, "demo-manager")).phone).toBe("13900001001");
    expect(await alive(managerTicket)).toBe(true);
  });

  it("when the phone is changed by someone else, then the holder's sessions end and no SMS code goes to the new phone", async () => {
    const editor = await staffEditor();
    const s = await newStaff();
    const res = await t.call(c.updMemberEmpById, { employeeId: s.employeeId, name: s.name, phone: "13766660002" }, { ticket: editor });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({ phone: "13766660002", phoneConfirmed: false });
    expect(await ended(s.ticket)).toBe(true);

    // The answer is the one every phone gets (no account enumeration), but no code is sent.
    const send = await post(L.sendMessage.path, { phone: "13766660002", purpose: "login" });
    expect(send.code).toBe(codes.OK);
    expect(await t.lastSms("13766660002")).toMatchObject({ code: "" });
    // A second request (refused as too soon, or answered alike) delivers nothing either.
    await post(L.sendMessage.path, { phone: "13766660002", purpose: "resetPassword" });
    expect(await t.lastSms("13766660002")).toMatchObject({ code: "" });
    const login = await post(L.msgLogin.path, { phone: "13766660002", code: "123456" });
    expect(login.code).toBe(codes.SMS_CODE_INVALID);
  });

  it("when the holder logs in with the password, then they are asked to confirm the phone and, confirmed with its code, SMS login works", async () => {
    const s = await newStaff();
    await t.call(c.updMemberEmpById, { employeeId: s.employeeId, name: s.name, phone: "13766660003" }, { ticket: owner });
    const ticket = await t.login(s.loginName, TEST_PASSWORD);
    const notices = await t.call(c.selMyAccountNotices, {}, { ticket });
    expect(notices.data.phoneToConfirm).toEqual({ maskedPhone: "137****0003" });

    const code = await confirmWithCode(ticket, "13766660003");
    const wrong = await post(c.confirmPhone.path, { code: otherCode(code) }, ticket);
    expect(wrong.code).toBe(codes.SMS_CODE_INVALID);
    expect(wrong.reason).toBe("staff.codeInvalid");
    expect((await t.call(c.confirmPhone, { code }, { ticket })).code).toBe(codes.OK);
    expect((await t.call(c.selMyAccountNotices, {}, { ticket })).data.phoneToConfirm).toBeNull();
    expect((await t.call(c.confirmPhone, { code }, { ticket })).code).toBe(codes.STATE_FORBIDS);

    await rewindSms(t, "13766660003");
    expect((await t.call(L.sendMessage, { phone: "13766660003", purpose: "login" })).code).toBe(codes.OK);
    const login = await t.call(L.msgLogin, { phone: "13766660003", code: (await t.lastSms("13766660003")).code });
    expect(login.code).toBe(codes.OK);
  });

  it("when a new account is created with a phone, then that phone waits for its holder too", async () => {
    const res = await t.call(
      c.addMemberEmployee,
      { name: "Fresh", loginName: "consent-fresh", phone: "13766660004", password: TEST_PASSWORD },
      { ticket: owner },
    );
    expect(res.data.phoneConfirmed).toBe(false);
    expect((await post(L.sendMessage.path, { phone: "13766660004", purpose: "login" })).code).toBe(codes.OK);
    expect(await t.lastSms("13766660004")).toMatchObject({ code: "" });
  });

  it("when a staff member changes their own phone on the staff screen, then their other sessions end and this one lives on", async () => {
    const editor = await staffEditor();
    const me = await meOf(t, editor);
    const other = await t.login(me.loginName, TEST_PASSWORD);
    const res = await t.call(
      c.updMemberEmpById,
      { employeeId: me.employeeId ?? "", name: me.name, phone: "13766660005", roleIds: me.roles.map((r) => r.id) },
      { ticket: editor },
    );
    expect(res.code).toBe(codes.OK);
    expect(await alive(editor)).toBe(true);
    expect(await ended(other)).toBe(true);
  });
});

describe("the owner sets a staff member's password", () => {
  it("when the owner sets it, then the new password works, every session ends and the audit log records it", async () => {
    const s = await newStaff([clerkRoleId]);
    const res = await t.call(c.resetMemberEmpPassword, { employeeId: s.employeeId, password: "N3w#Password2026" }, { ticket: owner });
    expect(res.code).toBe(codes.OK);
    expect(await ended(s.ticket)).toBe(true);
    expect((await post(L.login.path, { loginName: s.loginName, password: TEST_PASSWORD })).code).not.toBe(codes.OK);
    await t.login(s.loginName, "N3w#Password2026");
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, s.memberId), eq(auditLog.call, c.resetMemberEmpPassword.path)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.boId).toBe(greenBoId);
    expect(JSON.stringify(audit[0]?.diff)).not.toContain("N3w#Password2026");
  });

  it("when anyone but the owner, or for the owner's own account or an account working elsewhere, then refused and unchanged", async () => {
    const s = await newStaff();
    const editor = await staffEditor();
    const byEditor = await post(c.resetMemberEmpPassword.path, { employeeId: s.employeeId, password: "N3w#Password2026" }, editor);
    expect(byEditor).toMatchObject({ code: codes.STATE_FORBIDS, reason: "staff.resetOwnerOnly" });
    const demo2 = (await t.call(c.selMemberByPage, { name: "Chen Hai" }, { ticket: owner })).data.list[0];
    const elsewhere = await post(c.resetMemberEmpPassword.path, { employeeId: demo2?.employeeId, password: "N3w#Password2026" }, owner);
    expect(elsewhere).toMatchObject({ code: codes.STATE_FORBIDS, reason: "staff.worksElsewhere" });
    const self = (await meOf(t, owner)).employeeId;
    expect(await post(c.resetMemberEmpPassword.path, { employeeId: self, password: "N3w#Password2026" }, owner)).toMatchObject({
      reason: "staff.resetSelf",
    });
    const weak = await t.call(c.resetMemberEmpPassword, { employeeId: s.employeeId, password: "password" }, { ticket: owner });
    expect(weak.status).toBe(400);
    expect(await alive(s.ticket)).toBe(true);
    await t.login(s.loginName, TEST_PASSWORD);
  });
});

describe("inviting an existing account (issue 8, items 3 and 22)", () => {
  it("when an account is found by phone or login name, then only its name and masked phone are shown", async () => {
    const byPhone = await t.call(c.selAccountPreview, { account: "13900002002" }, { ticket: owner });
    expect(byPhone.data).toEqual({ name: expect.any(String), maskedPhone: "139****2002" });
    const byName = await t.call(c.selAccountPreview, { account: "HARBOR-BUYER" }, { ticket: owner });
    expect(byName.data).toEqual(byPhone.data);
    const staffAlready = await post(c.selAccountPreview.path, { account: "demo-clerk" }, owner);
    expect(staffAlready.code).toBe(codes.BAD_INPUT);
  });

  it("when invited, then nothing changes for the account until its holder accepts; then it is staff with the roles chosen", async () => {
    const buyer = await memberByLoginName(t, "harbor-buyer");
    const inv = await t.call(c.add, { account: "13900002002", roleIds: [clerkRoleId] }, { ticket: owner });
    expect(inv.code).toBe(codes.OK);
    expect(inv.data).toMatchObject({ state: "pending", maskedPhone: "139****2002", roles: [{ name: "Order clerk" }] });
    expect(JSON.stringify(inv.data)).not.toContain("13900002002");
    expect(JSON.stringify(inv.data)).not.toContain("lastLogin");
    expect((await t.call(c.selMemberByPage, { name: buyer.name }, { ticket: owner })).data.total).toBe(0);
    const again = await post(c.add.path, { account: "harbor-buyer" }, owner);
    expect(again.code).toBe(codes.BAD_INPUT);

    const buyerTicket = await t.login("harbor-buyer");
    const notices = await t.call(c.selMyAccountNotices, {}, { ticket: buyerTicket });
    expect(notices.data.invitations).toEqual([
      expect.objectContaining({ id: inv.data.id, orgName: "Green Valley Fresh Co., Ltd.", roles: ["Order clerk"] }),
    ]);
    // Someone else cannot answer it.
    expect((await t.call(c.acceptInvitation, { id: inv.data.id }, { ticket: harbor })).code).toBe(codes.NOT_FOUND);

    const accepted = await t.call(c.acceptInvitation, { id: inv.data.id }, { ticket: buyerTicket });
    expect(accepted.data).toEqual({ boId: greenBoId, orgName: "Green Valley Fresh Co., Ltd." });
    const staff = (await t.call(c.selMemberByPage, { name: buyer.name }, { ticket: owner })).data.list[0];
    expect(staff).toMatchObject({ loginName: "harbor-buyer", roles: [{ name: "Order clerk" }], enabled: true });
    const switched = await t.call(contract.session.switchIdentity, { boId: greenBoId }, { ticket: buyerTicket });
    expect(switched.data.functions).toContain("order.manage");
    const sent = await t.call(c.selInvitationPage, { state: "accepted" }, { ticket: owner });
    expect(sent.data.list.map((i) => i.id)).toContain(inv.data.id);
    expect((await t.call(c.selMyAccountNotices, {}, { ticket: buyerTicket })).data.invitations).toEqual([]);
  });

  it("when the holder declines, or the inviter cancels, then the account never becomes staff and the invitation is closed", async () => {
    const clerk = await t.login("harbor-clerk");
    const first = await t.call(c.add, { account: "harbor-clerk" }, { ticket: owner });
    expect((await t.call(c.declineInvitation, { id: first.data.id }, { ticket: clerk })).code).toBe(codes.OK);
    expect((await t.call(c.acceptInvitation, { id: first.data.id }, { ticket: clerk })).code).toBe(codes.STATE_FORBIDS);

    const second = await t.call(c.add, { account: "harbor-clerk" }, { ticket: owner });
    expect(second.data.state).toBe("pending");
    // Another organisation's invitation behaves as missing.
    expect((await t.call(c.cancelInvitation, { id: second.data.id }, { ticket: harbor })).code).toBe(codes.NOT_FOUND);
    const cancelled = await t.call(c.cancelInvitation, { id: second.data.id }, { ticket: owner });
    expect(cancelled.data.state).toBe("cancelled");
    const late = await post(c.acceptInvitation.path, { id: second.data.id }, clerk);
    expect(late).toMatchObject({ code: codes.STATE_FORBIDS, reason: "staff.invitationClosed" });
    const states = (await t.call(c.selInvitationPage, {}, { ticket: owner })).data.list
      .filter((i) => i.id === first.data.id || i.id === second.data.id)
      .map((i) => i.state);
    expect(states.sort()).toEqual(["cancelled", "declined"]);
    expect((await t.call(c.selMemberByPage, { name: "Wu Lan" }, { ticket: owner })).data.total).toBe(0);
  });

  it("when the inviter offers a role or base that is not theirs to give, then 400 names the field and nothing is sent", async () => {
    const bad = await t.call(c.add, { account: "demo-manager", roleIds: [clerkRoleId] }, { ticket: harbor });
    expect(bad.status).toBe(400);
    expect(bad.msg.startsWith("roleIds: ")).toBe(true);
    expect((await t.call(c.selInvitationPage, {}, { ticket: harbor })).data.total).toBe(0);
    const none = await post(c.add.path, { account: "nobody-here" }, owner);
    expect(none.code).toBe(codes.BAD_INPUT);
  });
});

describe("one organisation's decisions stay in that organisation (issue 8, item 3)", () => {
  it("when demo2 is disabled and then removed at Green Valley, then only their Green Valley session ends", async () => {
    const inHarbor = await t.login("demo2");
    const inGreen = await t.login("demo2");
    expect((await t.call(contract.session.switchIdentity, { boId: greenBoId }, { ticket: inGreen })).code).toBe(codes.OK);
    const demo2 = (await t.call(c.selMemberByPage, { name: "Chen Hai" }, { ticket: owner })).data.list[0];
    if (!demo2) throw new Error("demo2 is staff at Green Valley");
    expect((await t.call(c.upd, { employeeId: demo2.employeeId, enabled: false }, { ticket: owner })).code).toBe(codes.OK);
    expect(await ended(inGreen)).toBe(true);
    expect(await alive(inHarbor)).toBe(true);
    expect((await meOf(t, inHarbor)).boId).toBe(harborBoId);

    const again = await t.login("demo2");
    expect((await t.call(c.delMemberEmpById, { employeeId: demo2.employeeId }, { ticket: owner })).code).toBe(codes.OK);
    expect(await alive(again)).toBe(true);
    expect(await alive(inHarbor)).toBe(true);
    expect((await meOf(t, again)).organizations.map((o) => o.boId)).toEqual([harborBoId]);
  });
});
