import { contract } from "@sbo/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff, meOf } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";
import { expectOwnExportFunction, exportSheet, listAll } from "../../test/sheet-kit";
import { employee, employeeRole, member } from "../identity/identity.tables";

/* The staff list's export (issue 27 §1): its own function, the list's filters and order, chosen columns, words, tenancy. */

const S = contract.staff;
let t: TestApp;
let owner: string;
let boId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  boId = (await meOf(t, owner)).boId;
  // A few more staff, so the filters leave some out.
  for (let i = 0; i < 3; i++) await createStaff(t, boId, ["order.manage"]);
});
afterAll(() => t.close());

/** The list's login names for some filters, every page. */
async function listed(filters: Record<string, unknown>, ticket = owner): Promise<string[]> {
  return (await listAll(t, S.selMemberByPage, filters, ticket)).map((r) => r.loginName);
}

describe("staff export", () => {
  it("when a member sees staff but lacks their export, then 403 naming setup.staff.export; with it, the file", async () => {
    await expectOwnExportFunction(t, boId, S.exportStaffList, ["setup.staff"]);
  });

  it("when the list is filtered, then the file holds exactly the list's staff in its order (the owner first)", async () => {
    const all = await listed({});
    const file = await exportSheet(t, S.exportStaffList, {}, owner);
    expect(file.fileName).toMatch(/staff-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(file.column("Login name")).toEqual(all);
    expect(file.column("Owner")[0]).toBe("Yes");

    const [held] = await t.db
      .select({ roleId: employeeRole.roleId })
      .from(employeeRole)
      .innerJoin(employee, eq(employee.id, employeeRole.employeeId))
      .where(eq(employee.boId, boId))
      .limit(1);
    const byName = { name: "Staff", enabled: true };
    const named = await listed(byName);
    expect(named.length).toBeGreaterThanOrEqual(3);
    expect(named.length).toBeLessThan(all.length);
    expect((await exportSheet(t, S.exportStaffList, byName, owner)).column("Login name")).toEqual(named);
    const byRole = { roleId: held?.roleId, enabled: true };
    const withRole = await listed(byRole);
    expect(withRole.length).toBeGreaterThanOrEqual(1);
    expect((await exportSheet(t, S.exportStaffList, byRole, owner)).column("Login name")).toEqual(withRole);
  });

  it("when columns are chosen, then the file has those columns in that order; in Chinese, Chinese headers and words", async () => {
    const en = await exportSheet(t, S.exportStaffList, { columns: ["enabled", "loginName", "roles"] }, owner);
    expect(en.headers).toEqual(["Status", "Login name", "Roles"]);
    expect(en.rows.length).toBeGreaterThan(3);
    expect(en.column("Status")).toContain("Enabled");
    const zh = await exportSheet(t, S.exportStaffList, { columns: ["loginName", "owner", "enabled", "createdAt"] }, owner, "zh-CN");
    expect(zh.name).toBe("员工");
    expect(zh.headers).toEqual(["登录名", "所有者", "状态", "添加时间"]);
    expect(zh.rows[0]?.slice(1, 3)).toEqual(["是", "启用"]);
    expect(zh.rows[0]?.[3]).toBeInstanceOf(Date);
  });

  it("when a staff member's name looks like a formula, then it is written as text", async () => {
    const ticket = await createStaff(t, boId, ["order.manage"]);
    const me = await meOf(t, ticket);
    await t.db.update(member).set({ name: "=1+1" }).where(eq(member.id, me.memberId));
    const file = await exportSheet(t, S.exportStaffList, { columns: ["name"] }, owner);
    expect(file.column("Name")).toContain("'=1+1");
    expect(file.column("Name")).not.toContain("=1+1");
  });

  it("when another organisation exports, then only its own staff appear (none of those only this one employs)", async () => {
    const other = await t.login("demo2");
    const otherBoId = (await meOf(t, other)).boId;
    const only = await createStaff(t, boId, ["order.manage"]);
    const onlyHere = (await meOf(t, only)).memberId;
    const [here] = await t.db.select({ loginName: member.loginName }).from(member).where(eq(member.id, onlyHere));
    const theirs = (await exportSheet(t, S.exportStaffList, {}, other)).column("Login name");
    const employed = await t.db
      .select({ loginName: member.loginName })
      .from(employee)
      .innerJoin(member, eq(member.id, employee.memberId))
      .where(eq(employee.boId, otherBoId));
    expect(new Set(theirs)).toEqual(new Set(employed.map((e) => e.loginName)));
    expect(theirs).not.toContain(here?.loginName);
  });
});
