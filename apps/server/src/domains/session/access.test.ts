import { codes, contract, functionTree } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, employeeOf, memberByLoginName, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let owner: string;
let clerk: string;
let other: string;
let greenBoId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  clerk = await t.login("demo-clerk");
  other = await t.login("demo2");
  greenBoId = (await meOf(t, owner)).boId;
});
afterAll(() => t.close());

describe("function permissions", () => {
  it.each([
    ["selAuditLogByPage", contract.system.selAuditLogByPage.path, { pageNum: 1, pageSize: 10 }],
    ["exportAuditLog", contract.system.exportAuditLog.path, {}],
    ["selRoleListBySysId", contract.session.selRoleListBySysId.path, {}],
  ] as const)("when the clerk calls %s, then HTTP 403 names the missing function", async (_name, path, body) => {
    const res = await t.post(path, body, { ticket: clerk });
    expect(res.status).toBe(403);
    expect(res.code).toBe(codes.FORBIDDEN);
    expect(res.msg).toMatch(/setup\.(audit|staff)/);
  });

  it("when the owner calls the same calls, then they are served", async () => {
    expect((await t.call(contract.system.selAuditLogByPage, { pageNum: 1, pageSize: 10 }, { ticket: owner })).code).toBe(codes.OK);
    expect((await t.post(contract.system.exportAuditLog.path, {}, { ticket: owner })).status).toBe(200);
    const roles = await t.call(contract.session.selRoleListBySysId, {}, { ticket: owner });
    expect(roles.data).toContainEqual({
      id: expect.any(String),
      name: "Order clerk",
      description: "Sees orders and ships them",
      functions: ["order.manage", "order.manage.ship"],
      staffCount: 1,
    });
  });

  it("when another organisation's owner lists roles, then they do not see this organisation's roles", async () => {
    const mine = await t.call(contract.session.selRoleListBySysId, {}, { ticket: owner });
    const roles = await t.call(contract.session.selRoleListBySysId, {}, { ticket: other });
    expect(roles.code).toBe(codes.OK);
    expect(roles.data.every((r) => !mine.data.some((m) => m.id === r.id))).toBe(true);
  });

  it("when selRoleListBySysId gets an unknown field, then 400 names it", async () => {
    const res = await t.post(contract.session.selRoleListBySysId.path, { boId: greenBoId }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("boId");
    expect(res.data).toEqual({ issues: [{ path: "boId", message: "is not a known field", reason: "field.unknown" }] });
  });
});

describe("menus", () => {
  it("when the clerk asks for the top menu, then only the home and order areas appear", async () => {
    const res = await t.call(contract.session.selFuncListByParam, {}, { ticket: clerk });
    expect(res.code).toBe(codes.OK);
    expect(res.data.map((n) => n.code)).toEqual(["home", "order"]);
    expect(res.data.every((n) => n.kind === "area")).toBe(true);
    expect(res.data[1]).toMatchObject({ code: "order", name: "订单", nameEn: "Orders", path: "/transaction/orderManage" });
  });

  it("when the owner asks for the top menu, then every area appears in menu order", async () => {
    const res = await t.call(contract.session.selFuncListByParam, {}, { ticket: owner });
    expect(res.data.map((n) => n.code)).toEqual(functionTree.filter((f) => f.kind === "area").map((f) => f.code));
  });

  it("when the clerk asks for the order area's left menu, then only orders and shipping appear", async () => {
    const res = await t.call(contract.session.selSubFuncListByParam, { parentCode: "order" }, { ticket: clerk });
    expect(res.data.map((n) => n.code)).toEqual(["order.manage", "order.manage.ship"]);
  });

  it("when the clerk asks for an area they may not use, then the left menu is empty", async () => {
    const res = await t.call(contract.session.selSubFuncListByParam, { parentCode: "setup" }, { ticket: clerk });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toEqual([]);
  });

  it("when the owner asks for the order area's left menu, then every screen and action under it appears", async () => {
    const res = await t.call(contract.session.selSubFuncListByParam, { parentCode: "order" }, { ticket: owner });
    const expected = functionTree.filter((f) => f.code.startsWith("order.")).map((f) => f.code);
    expect(res.data.map((n) => n.code).sort()).toEqual(expected.sort());
  });

  it("when parentCode is missing, then 400 names it", async () => {
    const res = await t.post(contract.session.selSubFuncListByParam.path, {}, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect(res.msg).toBe("parentCode: is required");
    expect(res.data).toEqual({ issues: [{ path: "parentCode", message: "is required", reason: "field.required" }] });
  });

  it("when selFuncListByParam gets an unknown field, then 400 names it", async () => {
    const res = await t.post(contract.session.selFuncListByParam.path, { parentCode: "x" }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("parentCode");
  });
});

describe("judgeAuth", () => {
  it.each([
    ["order.manage.ship", true],
    ["order.manage", true],
    ["order", true],
    ["order.manage.price", false],
    ["setup.audit", false],
    ["no.such.function", false],
  ])("when the clerk asks about %s, then allowed is %s", async (funcCode, allowed) => {
    const res = await t.call(contract.session.judgeAuth, { funcCode }, { ticket: clerk });
    expect(res.data).toEqual({ funcCode, allowed });
  });

  it("when the owner asks about any real function, then it is allowed; an unknown code is not", async () => {
    expect((await t.call(contract.session.judgeAuth, { funcCode: "setup.audit" }, { ticket: owner })).data.allowed).toBe(true);
    expect((await t.call(contract.session.judgeAuth, { funcCode: "no.such.function" }, { ticket: owner })).data.allowed).toBe(false);
  });

  it("when funcCode is empty, then 400 names it", async () => {
    const res = await t.call(contract.session.judgeAuth, { funcCode: "" }, { ticket: clerk });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^funcCode: /);
    expect(res.data).toMatchObject({ issues: [{ path: "funcCode" }] });
  });
});

describe("selFuncListWithEmployee", () => {
  it("when a member asks about themselves, then the whole tree comes with their grants", async () => {
    const res = await t.call(contract.session.selFuncListWithEmployee, {}, { ticket: clerk });
    expect(res.code).toBe(codes.OK);
    expect(res.data.tree).toHaveLength(functionTree.length);
    expect(res.data.granted).toEqual(["home", "order", "order.manage", "order.manage.ship"]);
  });

  it("when the clerk asks about another employee, then HTTP 403", async () => {
    const demo = await memberByLoginName(t, "demo");
    const ownerEmp = await employeeOf(t, greenBoId, demo.id);
    const res = await t.call(contract.session.selFuncListWithEmployee, { employeeId: ownerEmp.id }, { ticket: clerk });
    expect(res.status).toBe(403);
    expect(res.code).toBe(codes.FORBIDDEN);
  });

  it("when the owner asks about the clerk, then the clerk's grants are answered", async () => {
    const clerkMember = await memberByLoginName(t, "demo-clerk");
    const clerkEmp = await employeeOf(t, greenBoId, clerkMember.id);
    const res = await t.call(contract.session.selFuncListWithEmployee, { employeeId: clerkEmp.id }, { ticket: owner });
    expect(res.code).toBe(codes.OK);
    expect(res.data.employeeId).toBe(clerkEmp.id);
    expect(res.data.granted).toEqual(["home", "order", "order.manage", "order.manage.ship"]);
  });

  it("when the owner asks about another organisation's employee, then 000004", async () => {
    const demo2 = await memberByLoginName(t, "demo2");
    const harborBoId = (await meOf(t, other)).boId;
    const harborOwner = await employeeOf(t, harborBoId, demo2.id);
    const res = await t.call(contract.session.selFuncListWithEmployee, { employeeId: harborOwner.id }, { ticket: owner });
    expect(res.code).toBe(codes.NOT_FOUND);
    expect(res.data).toBeNull();
  });

  it("when employeeId is empty, then 400 names it", async () => {
    const res = await t.call(contract.session.selFuncListWithEmployee, { employeeId: "" }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/^employeeId: /);
  });
});

describe("selMemberLoginById", () => {
  it("when a member asks for their own record, then it comes with the phone masked", async () => {
    const me = await memberByLoginName(t, "demo-clerk");
    const res = await t.call(contract.login.selMemberLoginById, { memberId: me.id }, { ticket: clerk });
    expect(res.code).toBe(codes.OK);
    expect(res.data).toMatchObject({ memberId: me.id, loginName: "demo-clerk", phone: "138****0003", enabled: true, lockedUntil: null });
    expect(res.data.lastLoginAt).not.toBeNull();
    expect(res.data).not.toHaveProperty("passwordHash");
  });

  it("when the clerk asks for the owner's record, then HTTP 403", async () => {
    const demo = await memberByLoginName(t, "demo");
    const res = await t.call(contract.login.selMemberLoginById, { memberId: demo.id }, { ticket: clerk });
    expect(res.status).toBe(403);
  });

  it("when the owner asks for their staff's record, then it is served", async () => {
    const c = await memberByLoginName(t, "demo-clerk");
    const res = await t.call(contract.login.selMemberLoginById, { memberId: c.id }, { ticket: owner });
    expect(res.data.loginName).toBe("demo-clerk");
  });

  it("when the owner asks for a member of another organisation only, then 000004", async () => {
    const stranger = await createSeller(t);
    const res = await t.call(contract.login.selMemberLoginById, { memberId: stranger.memberId }, { ticket: owner });
    expect(res.code).toBe(codes.NOT_FOUND);
  });

  it("when memberId is missing, then 400 names it", async () => {
    const res = await t.post(contract.login.selMemberLoginById.path, {}, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toBe("memberId: is required");
  });
});
