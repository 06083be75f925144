import { codes, contract, functionTree } from "@sbo/contract";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberByLoginName, meOf, TEST_PASSWORD } from "../../test/fixtures";
import { type Answer, createTestApp, type TestApp } from "../../test/harness";
import { employee, member, role } from "../identity/identity.tables";
import { base } from "./staff.tables";

const c = contract.staff;
let t: TestApp;
let owner: string;
let clerk: string;
let harbor: string;
let greenBoId: string;
let greenRoles: Record<string, string>;
let harborRoleId: string;
let harborEmployeeId: string;
let harborBaseId: string;
let serial = 0;

const expectBad = (res: Answer, field: string) => {
  expect(res.status).toBe(400);
  expect(res.code).toBe(codes.BAD_INPUT);
  expect(res.msg.startsWith(`${field}: `)).toBe(true);
};
const expect403 = (res: Answer) => {
  expect(res.status).toBe(403);
  expect(res.code).toBe(codes.FORBIDDEN);
};
const members = async () => (await t.db.select({ n: count() }).from(member))[0]?.n;
const employees = async () => (await t.db.select({ n: count() }).from(employee))[0]?.n;
const next = () => {
  serial += 1;
  return { loginName: `staff-${serial}`, phone: `1370000${String(serial).padStart(4, "0")}` };
};
/** Add a staff member as `by` (the owner unless told) and log them in. */
async function newStaff(roleIds: string[], by = owner, extra: Record<string, unknown> = {}) {
  const who = next();
  const res = await t.call(
    c.addMemberEmployee,
    { name: `Staff ${serial}`, ...who, password: TEST_PASSWORD, roleIds, ...extra },
    { ticket: by },
  );
  if (res.code !== codes.OK) throw new Error(`addMemberEmployee failed: ${res.code} ${res.msg}`);
  return { ...res.data, ticket: await t.login(who.loginName, TEST_PASSWORD) };
}
async function newRole(functions: string[], by = owner) {
  serial += 1;
  const res = await t.call(c.addRole, { name: `Role ${serial}`, functions }, { ticket: by });
  if (res.code !== codes.OK) throw new Error(`addRole failed: ${res.code} ${res.msg}`);
  return res.data;
}
const ended = async (ticket: string) => (await t.call(contract.session.getMemberByToken, {}, { ticket })).code === codes.SESSION_ENDED;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  clerk = await t.login("demo-clerk");
  harbor = await t.login("demo2");
  greenBoId = (await meOf(t, owner)).boId;
  greenRoles = Object.fromEntries(
    (await t.call(contract.session.selRoleListBySysId, {}, { ticket: owner })).data.map((r) => [r.name, r.id]),
  );
  harborRoleId = (await t.call(contract.session.selRoleListBySysId, {}, { ticket: harbor })).data[0]?.id ?? "";
  harborEmployeeId = (await t.call(c.selMemberByPage, { name: "Wu Lan" }, { ticket: harbor })).data.list[0]?.employeeId ?? "";
  harborBaseId = (await t.call(c.selBaseList, {}, { ticket: harbor })).data[0]?.id ?? "";
});
afterAll(() => t.close());

describe("demo data", () => {
  it("when each demo owner lists staff and roles, then each has 2 roles and 3 staff besides the owner", async () => {
    for (const ticket of [owner, harbor]) {
      const staff = await t.call(c.selMemberByPage, {}, { ticket });
      expect(staff.data.list.filter((s) => !s.isOwner)).toHaveLength(3);
      expect((await t.call(contract.session.selRoleListBySysId, {}, { ticket })).data).toHaveLength(2);
      expect((await t.call(c.selBaseList, {}, { ticket })).data.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("selMemberByPage", () => {
  it("when the owner lists staff, then the owner comes first and each row has roles, profession, bases and status", async () => {
    const res = await t.call(c.selMemberByPage, {}, { ticket: owner });
    expect(res.code).toBe(codes.OK);
    expect(res.data.list[0]).toMatchObject({ loginName: "demo", isOwner: true, enabled: true, roles: [] });
    const clerkRow = res.data.list.find((s) => s.loginName === "demo-clerk");
    expect(clerkRow).toMatchObject({
      name: "Zhou Min",
      phone: "13800000003",
      isOwner: false,
      roles: [{ name: "Order clerk" }],
      profession: { id: "PROF04", nameEn: "Warehouse keeper", standard: true },
      bases: [{ name: "Hangzhou Cold Store" }],
    });
    expect(clerkRow?.lastLoginAt).not.toBeNull();
  });

  it("when filtered by name, phone, role and status, then only matching staff come back", async () => {
    const byName = await t.call(c.selMemberByPage, { name: "zhou" }, { ticket: owner });
    expect(byName.data.list.map((s) => s.loginName)).toEqual(["demo-clerk"]);
    const byPhone = await t.call(c.selMemberByPage, { phone: "0000003" }, { ticket: owner });
    expect(byPhone.data.list.map((s) => s.loginName)).toEqual(["demo-clerk"]);
    const byRole = await t.call(c.selMemberByPage, { roleId: greenRoles["Store manager"] }, { ticket: owner });
    expect(byRole.data.list.map((s) => s.loginName)).toEqual(["demo-manager"]);
    const disabled = await t.call(c.selMemberByPage, { enabled: false }, { ticket: harbor });
    expect(disabled.data.list.map((s) => s.loginName)).toEqual(["harbor-inspector"]);
    expect(disabled.data.total).toBe(1);
  });

  it("when another seller lists staff, then none of this organisation's staff appear", async () => {
    const res = await t.call(c.selMemberByPage, { pageSize: 100 }, { ticket: harbor });
    expect(res.data.list.map((s) => s.loginName)).not.toContain("demo-clerk");
    expect((await t.call(c.selMemberByPage, { roleId: greenRoles["Order clerk"] as string }, { ticket: harbor })).data.list).toEqual([]);
  });

  it("when pageSize is 0 or a filter unknown, then 400 names the field", async () => {
    expectBad(await t.call(c.selMemberByPage, { pageSize: 0 }, { ticket: owner }), "pageSize");
    expectBad(await t.post(c.selMemberByPage.path, { boId: greenBoId }, { ticket: owner }), "boId");
  });

  it("when the clerk lists staff, then 403 names setup.staff", async () => {
    const res = await t.call(c.selMemberByPage, {}, { ticket: clerk });
    expect403(res);
    expect(res.msg).toContain("setup.staff");
  });
});

describe("addMemberEmployee", () => {
  it("when the owner adds a staff member, then they can log in, hold the role's functions and appear in the list", async () => {
    const s = await newStaff([greenRoles["Order clerk"] as string], owner, { professionId: "PROF02", baseIds: [] });
    expect(s).toMatchObject({ isOwner: false, enabled: true, roles: [{ name: "Order clerk" }], profession: { id: "PROF02" } });
    const me = await t.call(contract.session.getMemberByToken, {}, { ticket: s.ticket });
    expect(me.data).toMatchObject({ boId: greenBoId, isOwner: false });
    expect(me.data.functions).toEqual(["home", "order", "order.manage", "order.manage.ship"]);
  });

  it("when the password is weak, then 400 names password and nothing is written", async () => {
    const before = [await members(), await employees()];
    const res = await t.call(c.addMemberEmployee, { name: "Weak", ...next(), password: "password", roleIds: [] }, { ticket: owner });
    expectBad(res, "password");
    expect(res.msg).toContain("commonly used");
    expect([await members(), await employees()]).toEqual(before);
  });

  it("when the login name is taken in another case, or the phone is taken, then 400 names the field and nothing is written", async () => {
    const before = await members();
    expectBad(
      await t.call(
        c.addMemberEmployee,
        { name: "X", loginName: "DEMO-Clerk", phone: "13711112222", password: TEST_PASSWORD },
        { ticket: owner },
      ),
      "loginName",
    );
    expectBad(
      await t.call(c.addMemberEmployee, { name: "X", ...next(), phone: "13800000003", password: TEST_PASSWORD }, { ticket: owner }),
      "phone",
    );
    expectBad(
      await t.call(c.addMemberEmployee, { name: "X", ...next(), phone: "12345", password: TEST_PASSWORD }, { ticket: owner }),
      "phone",
    );
    expectBad(await t.call(c.addMemberEmployee, { name: "", ...next(), password: TEST_PASSWORD }, { ticket: owner }), "name");
    expect(await members()).toBe(before);
  });

  it("when given another seller's role, base or an unknown profession, then 400 names the field and nothing is written", async () => {
    const before = [await members(), await employees()];
    const add = (extra: Record<string, unknown>) =>
      t.call(c.addMemberEmployee, { name: "X", ...next(), password: TEST_PASSWORD, ...extra }, { ticket: owner });
    expectBad(await add({ roleIds: [harborRoleId] }), "roleIds");
    expectBad(await add({ baseIds: [harborBaseId] }), "baseIds");
    expectBad(await add({ professionId: "NOPE" }), "professionId");
    expect([await members(), await employees()]).toEqual(before);
  });

  it("when the clerk adds staff, then 403", async () => {
    expect403(await t.call(c.addMemberEmployee, { name: "X", ...next(), password: TEST_PASSWORD }, { ticket: clerk }));
  });
});

describe("staff cannot grant what they do not hold", () => {
  let admin: Awaited<ReturnType<typeof newStaff>>;
  beforeAll(async () => {
    const r = await newRole(["setup.staff", "setup.staff.edit", "setup.staff.role", "order.manage"]);
    admin = await newStaff([r.id]);
  });

  it("when a staff admin assigns a role with a function they lack, then 400 names roleIds and the function, nothing written", async () => {
    const before = await members();
    const res = await t.call(
      c.addMemberEmployee,
      { name: "X", ...next(), password: TEST_PASSWORD, roleIds: [greenRoles["Order clerk"] as string] },
      { ticket: admin.ticket },
    );
    expectBad(res, "roleIds");
    expect(res.msg).toContain("order.manage.ship");
    expect(await members()).toBe(before);
  });

  it("when a staff admin creates or widens a role beyond their functions, then 400 names functions", async () => {
    const res = await t.call(c.addRole, { name: "Too much", functions: ["goods.manage"] }, { ticket: admin.ticket });
    expectBad(res, "functions");
    expect(res.msg).toContain("goods.manage");
    const mine = await newRole(["order.manage"], admin.ticket);
    expectBad(
      await t.call(
        c.updRole,
        { id: mine.id, name: mine.name, functions: ["order.manage", "order.manage.price"] },
        { ticket: admin.ticket },
      ),
      "functions",
    );
  });

  it("when a staff admin gives a role holding only their own functions, then it works", async () => {
    const mine = await newRole(["order.manage"], admin.ticket);
    const s = await newStaff([mine.id], admin.ticket);
    expect(s.roles).toEqual([{ id: mine.id, name: mine.name }]);
  });

  it("when a staff admin changes their own roles or disables themselves, then 000409", async () => {
    expect((await t.call(c.upd, { employeeId: admin.employeeId, enabled: false }, { ticket: admin.ticket })).code).toBe(
      codes.STATE_FORBIDS,
    );
    expect((await t.call(c.delMemberEmpById, { employeeId: admin.employeeId }, { ticket: admin.ticket })).code).toBe(codes.STATE_FORBIDS);
  });
});

describe("selMemberEmpById and selById", () => {
  it("when asked by employee id or member id, then the same staff member comes back", async () => {
    const list = await t.call(c.selMemberByPage, { name: "Zhou Min" }, { ticket: owner });
    const row = list.data.list[0];
    if (!row) throw new Error("no clerk");
    expect((await t.call(c.selMemberEmpById, { employeeId: row.employeeId }, { ticket: owner })).data).toEqual(row);
    expect((await t.call(c.selById, { memberId: row.memberId }, { ticket: owner })).data).toEqual(row);
  });

  it("when another seller's staff is asked for, then 000004", async () => {
    expect((await t.call(c.selMemberEmpById, { employeeId: harborEmployeeId }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    const harborMember = await memberByLoginName(t, "harbor-clerk");
    expect((await t.call(c.selById, { memberId: harborMember.id }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
  });

  it("when the id is missing, then 400; when the clerk asks, then 403", async () => {
    expectBad(await t.post(c.selMemberEmpById.path, {}, { ticket: owner }), "employeeId");
    expectBad(await t.post(c.selById.path, {}, { ticket: owner }), "memberId");
    expect403(await t.call(c.selMemberEmpById, { employeeId: harborEmployeeId }, { ticket: clerk }));
    expect403(await t.call(c.selById, { memberId: "x" }, { ticket: clerk }));
  });
});

describe("updMemberEmpById", () => {
  it("when the owner changes name, phone, profession and bases, then they are saved, the phone waits for its holder and their sessions end", async () => {
    const s = await newStaff([greenRoles["Order clerk"] as string]);
    const bases = (await t.call(c.selBaseList, {}, { ticket: owner })).data;
    const res = await t.call(
      c.updMemberEmpById,
      {
        employeeId: s.employeeId,
        name: "Renamed",
        phone: "13799990001",
        roleIds: [greenRoles["Order clerk"] as string, greenRoles["Store manager"] as string],
        professionId: "PROF05",
        baseIds: [bases[0]?.id as string],
      },
      { ticket: owner },
    );
    expect(res.data).toMatchObject({ name: "Renamed", phone: "13799990001", profession: { id: "PROF05" }, bases: [{ id: bases[0]?.id }] });
    expect(res.data.roles.map((r) => r.name).sort()).toEqual(["Order clerk", "Store manager"]);
    expect(res.data.phoneConfirmed).toBe(false);
    expect(await ended(s.ticket)).toBe(true);
  });

  it("when a role is removed from a staff member, then their session ends at once (001108)", async () => {
    const s = await newStaff([greenRoles["Order clerk"] as string]);
    const res = await t.call(
      c.updMemberEmpById,
      { employeeId: s.employeeId, name: s.name, phone: s.phone as string, roleIds: [] },
      { ticket: owner },
    );
    expect(res.data.roles).toEqual([]);
    expect(await ended(s.ticket)).toBe(true);
  });

  it("when the owner's roles would change or the owner be disabled, then 000409 and nothing changes", async () => {
    const me = (await t.call(c.selMemberByPage, {}, { ticket: owner })).data.list[0];
    if (!me?.isOwner) throw new Error("owner first");
    const base = { employeeId: me.employeeId, name: me.name, phone: me.phone as string };
    expect((await t.call(c.updMemberEmpById, { ...base, roleIds: [greenRoles["Order clerk"] as string] }, { ticket: owner })).code).toBe(
      codes.STATE_FORBIDS,
    );
    expect((await t.call(c.updMemberEmpById, { ...base, enabled: false }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
    expect((await t.call(c.upd, { employeeId: me.employeeId, enabled: false }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
    expect((await t.call(c.selMemberEmpById, { employeeId: me.employeeId }, { ticket: owner })).data).toMatchObject({
      enabled: true,
      roles: [],
    });
  });

  it("when the account also works elsewhere, then its name and phone cannot be changed here", async () => {
    const demo2 = (await t.call(c.selMemberByPage, { name: "Chen Hai" }, { ticket: owner })).data.list[0];
    if (!demo2) throw new Error("demo2 is staff at Green Valley");
    const res = await t.call(
      c.updMemberEmpById,
      { employeeId: demo2.employeeId, name: "Hijacked", phone: "13799990002" },
      { ticket: owner },
    );
    expect(res.code).toBe(codes.STATE_FORBIDS);
    expect((await memberByLoginName(t, "demo2")).name).toBe("Chen Hai");
  });

  it("when the phone is another account's, then 400 names phone and nothing changes", async () => {
    const s = await newStaff([]);
    expectBad(
      await t.call(c.updMemberEmpById, { employeeId: s.employeeId, name: "Changed", phone: "13800000001" }, { ticket: owner }),
      "phone",
    );
    expect((await t.call(c.selMemberEmpById, { employeeId: s.employeeId }, { ticket: owner })).data.name).toBe(s.name);
  });

  it("when another seller's staff is updated, then 000004 and it is unchanged; the clerk gets 403", async () => {
    const res = await t.call(
      c.updMemberEmpById,
      { employeeId: harborEmployeeId, name: "Hijacked", phone: "13799990003" },
      { ticket: owner },
    );
    expect(res.code).toBe(codes.NOT_FOUND);
    expect((await memberByLoginName(t, "harbor-clerk")).name).toBe("Wu Lan");
    expect403(await t.call(c.updMemberEmpById, { employeeId: harborEmployeeId, name: "X", phone: "13799990003" }, { ticket: clerk }));
  });
});

describe("upd (enable or disable)", () => {
  it("when a staff member is disabled, then their session ends and login fails; enabled again, they may log in", async () => {
    const s = await newStaff([greenRoles["Order clerk"] as string]);
    const res = await t.call(c.upd, { employeeId: s.employeeId, enabled: false }, { ticket: owner });
    expect(res.data.enabled).toBe(false);
    expect(await ended(s.ticket)).toBe(true);
    expect((await t.call(c.upd, { employeeId: s.employeeId, enabled: true }, { ticket: owner })).data.enabled).toBe(true);
    expect(await t.login(s.loginName, TEST_PASSWORD)).toBeTruthy();
  });

  it("when another seller's staff is disabled, then 000004 and it stays enabled; bad input 400; clerk 403", async () => {
    expect((await t.call(c.upd, { employeeId: harborEmployeeId, enabled: false }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(c.selMemberEmpById, { employeeId: harborEmployeeId }, { ticket: harbor })).data.enabled).toBe(true);
    expectBad(await t.post(c.upd.path, { employeeId: harborEmployeeId, enabled: "no" }, { ticket: owner }), "enabled");
    expect403(await t.call(c.upd, { employeeId: harborEmployeeId, enabled: false }, { ticket: clerk }));
  });
});

describe("delMemberEmpById", () => {
  it("when a staff member is removed, then the employee row and roles go, the account stays and its session ends", async () => {
    const s = await newStaff([greenRoles["Order clerk"] as string]);
    expect((await t.call(c.delMemberEmpById, { employeeId: s.employeeId }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.call(c.selMemberEmpById, { employeeId: s.employeeId }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await memberByLoginName(t, s.loginName)).id).toBe(s.memberId);
    expect(await ended(s.ticket)).toBe(true);
  });

  it("when the owner would be removed, then 000409", async () => {
    const me = (await t.call(c.selMemberByPage, {}, { ticket: owner })).data.list[0];
    expect((await t.call(c.delMemberEmpById, { employeeId: me?.employeeId as string }, { ticket: owner })).code).toBe(codes.STATE_FORBIDS);
  });

  it("when another seller's staff is removed, then 000004 and it stays; bad input 400; clerk 403", async () => {
    expect((await t.call(c.delMemberEmpById, { employeeId: harborEmployeeId }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(c.selMemberEmpById, { employeeId: harborEmployeeId }, { ticket: harbor })).code).toBe(codes.OK);
    expectBad(await t.post(c.delMemberEmpById.path, { employeeId: "" }, { ticket: owner }), "employeeId");
    expect403(await t.call(c.delMemberEmpById, { employeeId: harborEmployeeId }, { ticket: clerk }));
  });
});

describe("add (an existing account)", () => {
  it("when an account from another organisation is added by phone, then it is invited (masked phone, not staff yet)", async () => {
    const before = await employees();
    const res = await t.call(c.add, { account: "13900002002", roleIds: [greenRoles["Order clerk"] as string] }, { ticket: owner });
    expect(res.data).toMatchObject({ state: "pending", maskedPhone: "139****2002", roles: [{ name: "Order clerk" }] });
    expect(await employees()).toBe(before);
    const again = await t.call(c.add, { account: "HARBOR-BUYER" }, { ticket: owner });
    expectBad(again, "account");
  });

  it("when no account matches, then 400 names account and nothing is written; the clerk gets 403", async () => {
    const before = await employees();
    expectBad(await t.call(c.add, { account: "nobody-here" }, { ticket: owner }), "account");
    expectBad(
      await t.call(c.add, { account: "demo-manager", roleIds: [greenRoles["Order clerk"] as string] }, { ticket: harbor }),
      "roleIds",
    );
    expect(await employees()).toBe(before);
    expect403(await t.call(c.add, { account: "demo-manager" }, { ticket: clerk }));
  });
});

describe("selfuncIds, selFuncById and selMemberEmployeesByParam", () => {
  let clerkEmployeeId: string;
  beforeAll(async () => {
    clerkEmployeeId = (await t.call(c.selMemberByPage, { name: "Zhou Min" }, { ticket: owner })).data.list[0]?.employeeId ?? "";
  });

  it("when asked for the clerk's functions, then the codes closed over ancestors come back", async () => {
    const res = await t.call(c.selfuncIds, { employeeId: clerkEmployeeId }, { ticket: owner });
    expect(res.data).toEqual(["home", "order", "order.manage", "order.manage.ship"]);
  });

  it("when asked for the clerk's permission tree, then each function names the roles granting it", async () => {
    const res = await t.call(c.selFuncById, { employeeId: clerkEmployeeId }, { ticket: owner });
    expect(res.data.isOwner).toBe(false);
    expect(res.data.tree).toHaveLength(functionTree.length);
    const clerkRole = [{ id: greenRoles["Order clerk"], name: "Order clerk" }];
    expect(res.data.granted).toEqual([
      { code: "home", roles: [] },
      { code: "order", roles: clerkRole },
      { code: "order.manage", roles: clerkRole },
      { code: "order.manage.ship", roles: clerkRole },
    ]);
  });

  it("when asked for the owner's tree, then every function is granted by ownership", async () => {
    const me = (await t.call(c.selMemberByPage, {}, { ticket: owner })).data.list[0];
    const res = await t.call(c.selFuncById, { employeeId: me?.employeeId as string }, { ticket: owner });
    expect(res.data.isOwner).toBe(true);
    expect(res.data.granted).toHaveLength(functionTree.length);
  });

  it("when the picker is searched, then enabled staff whose name or phone match come back, at most limit", async () => {
    const res = await t.call(c.selMemberEmployeesByParam, { keyword: "zhou" }, { ticket: owner });
    expect(res.data).toEqual([
      { employeeId: clerkEmployeeId, memberId: expect.any(String), name: "Zhou Min", phone: "13800000003", isOwner: false },
    ]);
    expect((await t.call(c.selMemberEmployeesByParam, { limit: 2 }, { ticket: owner })).data).toHaveLength(2);
    expect((await t.call(c.selMemberEmployeesByParam, { keyword: "He Yun" }, { ticket: harbor })).data).toEqual([]);
  });

  it("when another seller's ids are asked for, then 000004; bad input 400; the clerk gets 403", async () => {
    expect((await t.call(c.selfuncIds, { employeeId: harborEmployeeId }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(c.selFuncById, { employeeId: harborEmployeeId }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    expect((await t.call(c.selMemberEmployeesByParam, { keyword: "Wu Lan" }, { ticket: owner })).data).toEqual([]);
    expectBad(await t.call(c.selMemberEmployeesByParam, { limit: 1000 }, { ticket: owner }), "limit");
    expectBad(await t.post(c.selfuncIds.path, {}, { ticket: owner }), "employeeId");
    expectBad(await t.post(c.selFuncById.path, {}, { ticket: owner }), "employeeId");
    expect403(await t.call(c.selfuncIds, { employeeId: clerkEmployeeId }, { ticket: clerk }));
    expect403(await t.call(c.selFuncById, { employeeId: clerkEmployeeId }, { ticket: clerk }));
    expect403(await t.call(c.selMemberEmployeesByParam, {}, { ticket: clerk }));
  });
});

describe("roles", () => {
  it("when a role is added, then it lists with its functions and no staff", async () => {
    const res = await t.call(
      c.addRole,
      { name: "Packer", description: "Packs orders", functions: ["order.manage", "order.manage.ship", "order.manage"] },
      { ticket: owner },
    );
    expect(res.data).toMatchObject({
      name: "Packer",
      description: "Packs orders",
      functions: ["order.manage", "order.manage.ship"],
      staffCount: 0,
    });
    const list = await t.call(contract.session.selRoleListBySysId, {}, { ticket: owner });
    expect(list.data.map((r) => r.name)).toContain("Packer");
  });

  it("when the name is taken (any case), a function unknown or none given, then 400 names the field and nothing is written", async () => {
    const before = (await t.db.select({ n: count() }).from(role))[0]?.n;
    expectBad(await t.call(c.addRole, { name: "order CLERK", functions: ["order.manage"] }, { ticket: owner }), "name");
    expectBad(await t.call(c.addRole, { name: "Ghost", functions: ["no.such"] }, { ticket: owner }), "functions");
    expectBad(await t.call(c.addRole, { name: "Empty", functions: [] }, { ticket: owner }), "functions");
    expect((await t.db.select({ n: count() }).from(role))[0]?.n).toBe(before);
  });

  it("when a function is removed from a role, then its holders' sessions end; adding one keeps them", async () => {
    const r = await newRole(["order.manage", "order.manage.ship"]);
    const s = await newStaff([r.id]);
    const wider = await t.call(
      c.updRole,
      { id: r.id, name: r.name, functions: ["order.manage", "order.manage.ship", "order.manage.price"] },
      { ticket: owner },
    );
    expect(wider.data.functions).toEqual(["order.manage", "order.manage.price", "order.manage.ship"]);
    expect(await ended(s.ticket)).toBe(false);
    const narrower = await t.call(c.updRole, { id: r.id, name: "Renamed role", functions: ["order.manage"] }, { ticket: owner });
    expect(narrower.data).toMatchObject({ name: "Renamed role", functions: ["order.manage"], staffCount: 1 });
    expect(await ended(s.ticket)).toBe(true);
  });

  it("when a role is deleted, then its holders lose it and their sessions end", async () => {
    const r = await newRole(["order.manage"]);
    const s = await newStaff([r.id]);
    expect((await t.call(c.delRole, { id: r.id }, { ticket: owner })).code).toBe(codes.OK);
    expect(await ended(s.ticket)).toBe(true);
    expect((await t.call(c.selMemberEmpById, { employeeId: s.employeeId }, { ticket: owner })).data.roles).toEqual([]);
  });

  it("when another seller's role is changed or deleted, then 000004 and it is unchanged", async () => {
    expect((await t.call(c.updRole, { id: harborRoleId, name: "Hijacked", functions: ["order.manage"] }, { ticket: owner })).code).toBe(
      codes.NOT_FOUND,
    );
    expect((await t.call(c.delRole, { id: harborRoleId }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    const [row] = await t.db.select().from(role).where(eq(role.id, harborRoleId));
    expect(row?.name).toBe("Buyer");
  });

  it("when the clerk manages roles, then 403; bad input 400", async () => {
    expect403(await t.call(c.addRole, { name: "X", functions: ["order.manage"] }, { ticket: clerk }));
    expect403(await t.call(c.updRole, { id: harborRoleId, name: "X", functions: ["order.manage"] }, { ticket: clerk }));
    expect403(await t.call(c.delRole, { id: harborRoleId }, { ticket: clerk }));
    expectBad(await t.post(c.updRole.path, { id: harborRoleId, functions: ["order.manage"] }, { ticket: owner }), "name");
    expectBad(await t.post(c.delRole.path, {}, { ticket: owner }), "id");
  });
});

describe("professions", () => {
  it("when listed, then the standard list comes first, and an organisation's addition is its own", async () => {
    const list = await t.call(c.selectProfession, {}, { ticket: owner });
    expect(list.data.slice(0, 2)).toEqual([
      { id: "PROF01", name: "农场主管", nameEn: "Farm manager", standard: true },
      { id: "PROF02", name: "兽医", nameEn: "Veterinarian", standard: true },
    ]);
    const added = await t.call(c.addProfession, { name: "Beekeeper" }, { ticket: owner });
    expect(added.data).toMatchObject({ name: "Beekeeper", standard: false });
    expect((await t.call(c.selectProfession, { name: "bee" }, { ticket: owner })).data.map((p) => p.name)).toEqual(["Beekeeper"]);
    expect((await t.call(c.selectProfession, { name: "bee" }, { ticket: harbor })).data).toEqual([]);
    expectBad(
      await t.call(c.addMemberEmployee, { name: "X", ...next(), password: TEST_PASSWORD, professionId: added.data.id }, { ticket: harbor }),
      "professionId",
    );
  });

  it("when a name already exists (standard or own, any language), then 400 names name; the clerk gets 403", async () => {
    expectBad(await t.call(c.addProfession, { name: "veterinarian" }, { ticket: owner }), "name");
    expectBad(await t.call(c.addProfession, { name: "" }, { ticket: owner }), "name");
    expect403(await t.call(c.addProfession, { name: "Fisher" }, { ticket: clerk }));
    expect403(await t.call(c.selectProfession, {}, { ticket: clerk }));
  });
});

describe("bases", () => {
  it("when the owner asks for authorised bases, then all enabled bases; a staff member gets those assigned", async () => {
    const all = await t.call(c.selBaseInfoByAuthority, {}, { ticket: owner });
    expect(all.data.map((b) => b.name).sort()).toEqual(["Green Valley Farm No. 1", "Hangzhou Cold Store", "Sunny Orchard"]);
    expect(all.data.find((b) => b.name === "Sunny Orchard")).toMatchObject({
      kind: "farm",
      areaCode: "350121",
      areaName: "福建省 福州市 闽侯县",
      areaNameEn: "Fujian, Fuzhou, Minhou County",
    });
    const mine = await t.call(c.selBaseInfoByAuthority, {}, { ticket: clerk });
    expect(mine.data.map((b) => b.name)).toEqual(["Hangzhou Cold Store"]);
    expect((await t.call(c.selBaseInfoByAuthority, { kind: "farm" }, { ticket: clerk })).data).toEqual([]);
  });

  it("when a base is added, changed and disabled, then the lists follow and a disabled base cannot be assigned", async () => {
    const added = await t.call(
      c.addBase,
      { name: "North Barn", kind: "farm", areaCode: "110100", address: "1 Field Road" },
      { ticket: owner },
    );
    expect(added.data).toMatchObject({ name: "North Barn", areaName: "北京市", enabled: true });
    const changed = await t.call(
      c.updBase,
      { id: added.data.id, name: "North Barn 2", kind: "site", areaCode: "120100" },
      { ticket: owner },
    );
    expect(changed.data).toMatchObject({ name: "North Barn 2", kind: "site", areaCode: "120100", address: "" });
    const off = await t.call(c.updBaseEnabled, { id: added.data.id, enabled: false }, { ticket: owner });
    expect(off.data.enabled).toBe(false);
    expect((await t.call(c.selBaseInfoByAuthority, {}, { ticket: owner })).data.map((b) => b.id)).not.toContain(added.data.id);
    expect((await t.call(c.selBaseList, { name: "north" }, { ticket: owner })).data).toMatchObject([
      { name: "North Barn 2", staffCount: 0 },
    ]);
    expectBad(
      await t.call(c.addMemberEmployee, { name: "X", ...next(), password: TEST_PASSWORD, baseIds: [added.data.id] }, { ticket: owner }),
      "baseIds",
    );
  });

  it("when the area is unknown or the name taken, then 400 names the field and nothing is written", async () => {
    const before = (await t.db.select({ n: count() }).from(base))[0]?.n;
    expectBad(await t.call(c.addBase, { name: "X", kind: "farm", areaCode: "999999" }, { ticket: owner }), "areaCode");
    expectBad(await t.call(c.addBase, { name: "sunny orchard", kind: "farm", areaCode: "350100" }, { ticket: owner }), "name");
    expectBad(await t.post(c.addBase.path, { name: "X", kind: "lake", areaCode: "350100" }, { ticket: owner }), "kind");
    expect((await t.db.select({ n: count() }).from(base))[0]?.n).toBe(before);
  });

  it("when another seller's base is changed or disabled, then 000004 and it is unchanged; the clerk gets 403", async () => {
    expect(
      (await t.call(c.updBase, { id: harborBaseId, name: "Hijacked", kind: "farm", areaCode: "110100" }, { ticket: owner })).code,
    ).toBe(codes.NOT_FOUND);
    expect((await t.call(c.updBaseEnabled, { id: harborBaseId, enabled: false }, { ticket: owner })).code).toBe(codes.NOT_FOUND);
    const [row] = await t.db.select().from(base).where(eq(base.id, harborBaseId));
    expect(row).toMatchObject({ enabled: true });
    expect(row?.name).not.toBe("Hijacked");
    expect403(await t.call(c.addBase, { name: "X", kind: "farm", areaCode: "110100" }, { ticket: clerk }));
    expect403(await t.call(c.updBaseEnabled, { id: harborBaseId, enabled: false }, { ticket: clerk }));
    expect403(await t.call(c.selBaseList, {}, { ticket: clerk }));
    expectBad(await t.post(c.selBaseInfoByAuthority.path, { kind: "lake" }, { ticket: clerk }), "kind");
  });

  it("when a staff member assigns bases, then only bases they are authorised for", async () => {
    const r = await newRole(["setup.staff", "setup.staff.edit"]);
    const greenBases = (await t.call(c.selBaseList, {}, { ticket: owner })).data;
    const farm = greenBases.find((b) => b.name === "Sunny Orchard")?.id as string;
    const store = greenBases.find((b) => b.name === "Hangzhou Cold Store")?.id as string;
    const admin = await newStaff([r.id], owner, { baseIds: [store] });
    expectBad(
      await t.call(c.addMemberEmployee, { name: "X", ...next(), password: TEST_PASSWORD, baseIds: [farm] }, { ticket: admin.ticket }),
      "baseIds",
    );
    const ok = await newStaff([], admin.ticket, { baseIds: [store] });
    expect(ok.bases.map((b) => b.id)).toEqual([store]);
  });
});

describe("a new staff member sees only their role's area", () => {
  it("when given a role holding only the supplier screen, then the menu has home and shop, and other areas' calls answer 403", async () => {
    const r = await newRole(["shop.supplier"]);
    const s = await newStaff([r.id]);
    const menu = await t.call(contract.session.selFuncListByParam, {}, { ticket: s.ticket });
    expect(menu.data.map((n) => n.code)).toEqual(["home", "shop"]);
    const left = await t.call(contract.session.selSubFuncListByParam, { parentCode: "shop" }, { ticket: s.ticket });
    expect(left.data.map((n) => n.code)).toEqual(["shop.supplier"]);
    expect403(await t.call(c.selMemberByPage, {}, { ticket: s.ticket }));
    expect403(await t.call(contract.system.selAuditLogByPage, {}, { ticket: s.ticket }));
    expect(await t.db.execute(sql`select 1`)).toBeTruthy();
  });
});
