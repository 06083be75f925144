import { codes, contract } from "@sbo/contract";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberByLoginName } from "../../test/fixtures";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../test/harness";

let t: TestApp;
/** demo's ticket after changing the password (the change rotates the cookie). */
let owner: string;
let otherOwner: string;
let demoId: string;
const NEW_PASSWORD = "Audit#Pass2026";

beforeAll(async () => {
  t = await createTestApp();
  demoId = (await memberByLoginName(t, "demo")).id;
  const first = await t.login("demo");
  const changed = await t.call(
    contract.login.safeCenterReSetPwd,
    { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    { ticket: first },
  );
  if (changed.code !== codes.OK || !changed.cookies.ticket) throw new Error(`password change failed: ${changed.msg}`);
  owner = changed.cookies.ticket;
  otherOwner = await t.login("demo2");
});
afterAll(() => t.close());

const page = (input: Record<string, unknown>, ticket: string) =>
  t.call(contract.system.selAuditLogByPage, { pageNum: 1, pageSize: 20, ...input }, { ticket });

describe("the audit log", () => {
  it("when a member changes their password, then the log shows who, which call, the table and a redacted diff", async () => {
    const res = await page({}, owner);
    expect(res.code).toBe(codes.OK);
    const entry = res.data.list.find((e) => e.tableName === "member");
    expect(entry).toMatchObject({
      memberId: demoId,
      memberName: "Lin Qing",
      call: contract.login.safeCenterReSetPwd.path,
      tableName: "member",
      targetId: demoId,
      action: "update",
      requestId: expect.stringMatching(/^[0-9A-Z]{26}$/),
    });
    expect(entry?.diff.password_hash).toEqual({ before: "[redacted]", after: "[redacted]" });
    // Only the hash is secret: when the password changed is shown as it is.
    expect(Object.keys(entry?.diff ?? {}).sort()).toEqual(["password_changed_at", "password_hash"]);
    expect(entry?.diff.password_changed_at?.before).toBeNull();
    expect(String(entry?.diff.password_changed_at?.after)).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(entry?.diff).not.toHaveProperty("updated_at");
    expect(JSON.stringify(res.data)).not.toMatch(/\$argon2/);
    expect(new Date(entry?.at ?? 0).getTime()).toBeGreaterThan(Date.now() - 5 * 60_000);
  });

  it("when machinery tables change (sessions on login, switch or logout), then nothing is logged", async () => {
    const before = (await page({}, owner)).data.total;
    const ticket = await t.login("demo", NEW_PASSWORD);
    await t.call(contract.session.switchManufacturer, { manufacturerId: null }, { ticket });
    await t.call(contract.session.logout, {}, { ticket });
    const after = await page({}, owner);
    expect(after.data.total).toBe(before);
    expect(after.data.list.some((e) => e.tableName === "user_session")).toBe(false);
  });

  it("when a write is refused, then nothing it tried is logged", async () => {
    const before = (await page({}, owner)).data.total;
    const weak = await t.call(
      contract.login.safeCenterReSetPwd,
      { oldPassword: NEW_PASSWORD, newPassword: "password123" },
      { ticket: owner },
    );
    expect(weak.status).toBe(400);
    const wrong = await t.call(
      contract.login.safeCenterReSetPwd,
      { oldPassword: "Wrong#Pass1", newPassword: "Other#Pass2026" },
      { ticket: owner },
    );
    expect(wrong.code).toBe(codes.WRONG_PASSWORD);
    expect((await page({}, owner)).data.total).toBe(before);
  });

  it("when another organisation's owner reads the log, then they do not see this organisation's entries", async () => {
    const res = await page({}, otherOwner);
    expect(res.code).toBe(codes.OK);
    expect(res.data.list.filter((e) => e.memberId === demoId)).toEqual([]);
    const byMember = await page({ memberId: demoId }, otherOwner);
    expect(byMember.data).toMatchObject({ list: [], total: 0 });
  });

  it("when the log is filtered, then only matching entries come back", async () => {
    expect((await page({ tableName: "member" }, owner)).data.total).toBe(1);
    expect((await page({ tableName: "shop" }, owner)).data.total).toBe(0);
    expect((await page({ call: "safeCenter" }, owner)).data.total).toBe(1);
    expect((await page({ call: "%" }, owner)).data.total).toBe(0);
    expect((await page({ memberId: demoId }, owner)).data.total).toBe(1);
    expect((await page({ from: new Date(Date.now() + 3600_000).toISOString() }, owner)).data.total).toBe(0);
    expect((await page({ to: new Date(Date.now() - 3600_000).toISOString() }, owner)).data.total).toBe(0);
    expect(
      (await page({ from: new Date(Date.now() - 3600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() }, owner)).data
        .total,
    ).toBe(1);
  });

  it("when a page is asked for, then it echoes pageNum and pageSize", async () => {
    const res = await page({ pageNum: 2, pageSize: 1 }, owner);
    expect(res.data).toMatchObject({ pageNum: 2, pageSize: 1, total: 1, list: [] });
  });

  it("when pageSize is over 100 or a filter is malformed, then 400 names the field", async () => {
    const big = await page({ pageSize: 101 }, owner);
    expect(big.status).toBe(400);
    expect(big.msg).toMatch(/^pageSize: /);
    const from = await page({ from: "yesterday" }, owner);
    expect(from.status).toBe(400);
    expect(from.msg).toMatch(/^from: /);
    const unknown = await page({ boId: "x" }, owner);
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ issues: [{ path: "boId", message: "is not a known field", reason: "field.unknown" }] });
  });
});

describe("exportAuditLog", () => {
  async function readSheet(bytes: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it("when the owner exports, then an .xlsx attachment with the entries comes back", async () => {
    const res = await t.post(contract.system.exportAuditLog.path, {}, { ticket: owner });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(String(res.headers["content-disposition"])).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const bytes = res.data as Buffer;
    expect(bytes.subarray(0, 4).toString("binary")).toBe("PK\x03\x04");

    const rows = await readSheet(bytes);
    expect(rows[0]).toEqual(["Time (UTC)", "Member", "Call", "Table", "Target", "Action", "Changes", "Request"]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(["Lin Qing", contract.login.safeCenterReSetPwd.path, "member", demoId, "update"]));
    expect(String(rows[1]?.[6])).toContain("[redacted]");
  });

  it("when another organisation's owner exports, then the file has only the header", async () => {
    const res = await t.post(contract.system.exportAuditLog.path, {}, { ticket: otherOwner });
    expect(res.status).toBe(200);
    expect(await readSheet(res.data as Buffer)).toHaveLength(1);
  });

  it("when the export is filtered, then the file has only matching entries", async () => {
    const res = await t.post(contract.system.exportAuditLog.path, { tableName: "shop" }, { ticket: owner });
    expect(await readSheet(res.data as Buffer)).toHaveLength(1);
  });

  it("when an export filter is malformed, then the answer is the JSON 400 naming it, not a file", async () => {
    const res = await t.post(contract.system.exportAuditLog.path, { to: "soon" }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/json/);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect(res.msg).toMatch(/^to: /);
  });

  it("when the export is paged, then pageNum is refused as unknown (exports take filters only)", async () => {
    const res = await t.post(contract.system.exportAuditLog.path, { pageNum: 1 }, { ticket: owner });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("pageNum");
  });
});
