import { codes, contract } from "@sbo/contract";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_AUDITED } from "../../platform/db/audit";
import { AUDIT_HIDDEN_COLUMNS, auditHiddenOf } from "../../platform/db/audit-words";
import { rowsOf } from "../../platform/db/rows";
import { createStaff, memberByLoginName, meOf } from "../../test/fixtures";
import { createTestApp, DEMO_PASSWORD, type TestApp } from "../../test/harness";
import { auditWords } from "../audit-words";

let t: TestApp;
/** demo's ticket after changing the password (the change rotates the cookie). */
let owner: string;
let otherOwner: string;
let demoId: string;
let boId: string;
const NEW_PASSWORD = "Audit#Pass2026";

beforeAll(async () => {
  t = await createTestApp();
  demoId = (await memberByLoginName(t, "demo")).id;
  const first = await t.login("demo");
  boId = (await meOf(t, first)).boId ?? "";
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
const detail = (id: string, ticket: string) => t.call(contract.system.selAuditLogById, { id }, { ticket });
/** The log as a Chinese reader asks for it (the web sends Accept-Language: zh-CN). */
const inChinese = { "accept-language": "zh-CN" };
/** What the log stored for an entry (tables, columns and raw values: the answers word them). */
const storedOf = (entryId: string) =>
  rowsOf<{ table_name: string; diff: Record<string, { before: unknown; after: unknown }> }>(
    t.db,
    sql`select table_name, diff from audit_log where entry_id = ${Number(entryId)} order by id`,
  );

describe("the audit log", () => {
  it("when a member changes their password, then one entry says who, which call and the account, and the detail hides the password", async () => {
    const res = await page({}, owner);
    expect(res.code).toBe(codes.OK);
    const entry = res.data.list.find((e) => e.what === "Changed their password");
    expect(entry).toMatchObject({
      memberId: demoId,
      memberName: "Lin Qing",
      area: "setup",
      areaName: "Settings",
      recordCount: 1,
      record: { type: "Account", id: demoId, label: "Lin Qing", action: "update", actionText: "Changed" },
    });
    const d = await detail(entry?.id ?? "", owner);
    expect(d.code).toBe(codes.OK);
    expect(d.data.records).toHaveLength(1);
    const changes = d.data.records[0]?.changes ?? [];
    expect(changes.map((c) => c.field).sort()).toEqual(["Password", "Password changed at"]);
    expect(changes.find((c) => c.field === "Password")).toMatchObject({ before: "(hidden)", after: "(hidden)" });
    const stored = await storedOf(entry?.id ?? "");
    expect(stored.map((r) => r.table_name)).toEqual(["member"]);
    expect(stored[0]?.diff.password_hash).toMatchObject({ before: "[redacted]", after: "[redacted]" });
    expect(JSON.stringify(stored)).not.toMatch(/\$argon2/);
    expect(JSON.stringify(d.data)).not.toMatch(/\$argon2/);
    // The answer words the log: no call path, table or column reaches the browser.
    expect(JSON.stringify(d.data)).not.toMatch(/\/api\/|password_hash|"member"/);
    expect(new Date(entry?.at ?? 0).getTime()).toBeGreaterThan(Date.now() - 5 * 60_000);
  });

  it("when one call changes many rows, then the log has one entry for it with every record beneath, named and in words", async () => {
    const members = await rowsOf<{ id: string; name: string }>(
      t.db,
      sql`select id, name from shop_member where bo_id = ${boId} order by member_no limit 3`,
    );
    const [tag] = await rowsOf<{ id: string; name: string }>(
      t.db,
      sql`select id, name from member_tag t where bo_id = ${boId}
          and not exists (select 1 from shop_member_tag s where s.tag_id = t.id and s.member_id = any(${sql.raw(`ARRAY[${members.map((m) => `'${m.id}'`).join(",")}]`)}))
          limit 1`,
    );
    if (!tag) throw new Error("the demo data has no tag the first members lack");
    const before = (await page({}, owner)).data.total;
    const res = await t.call(
      contract.member.batchTagMembers,
      { memberIds: members.map((m) => m.id), tagIds: [tag.id], action: "add" },
      { ticket: owner },
    );
    expect(res.code).toBe(codes.OK);
    const after = await page({}, owner);
    expect(after.data.total).toBe(before + 1);
    const entry = after.data.list[0];
    expect(entry).toMatchObject({ what: "Tagged or untagged members", area: "setup", recordCount: 3 });
    expect(entry?.record).toMatchObject({ type: "Member", action: "update" });
    const d = await detail(entry?.id ?? "", owner);
    expect(d.data.records.map((r) => r.label).sort()).toEqual(members.map((m) => m.name).sort());
    for (const r of d.data.records) {
      expect(r).toMatchObject({ type: "Member", action: "update", route: `/transaction/setup/rank/member/detail/${r.id}` });
      expect(r.changes).toEqual([{ field: "Tags", before: "—", after: `added: ${tag.name}` }]);
    }
    const stored = await storedOf(entry?.id ?? "");
    expect(stored.every((r) => r.table_name === "shop_member_tag")).toBe(true);
    const zh = await t.post<typeof d.data>(contract.system.selAuditLogById.path, { id: entry?.id }, { ticket: owner, headers: inChinese });
    expect(zh.data).toMatchObject({ what: "批量设置会员标签", record: { type: "会员", actionText: "修改" } });
    expect(zh.data.records[0]?.changes).toEqual([{ field: "标签", before: "—", after: `新增: ${tag.name}` }]);
  });

  it("when a field changes, then the detail has it before → after with the referenced record's name, not its id", async () => {
    const [m] = await rowsOf<{ id: string; name: string; rank_id: string | null }>(
      t.db,
      sql`select id, name, rank_id from shop_member where bo_id = ${boId} and rank_id is not null order by member_no limit 1`,
    );
    const [rank] = await rowsOf<{ id: string; name: string }>(
      t.db,
      sql`select id, name from member_rank where bo_id = ${boId} and id <> ${m?.rank_id ?? ""} order by level limit 1`,
    );
    const [old] = await rowsOf<{ name: string }>(t.db, sql`select name from member_rank where id = ${m?.rank_id ?? ""}`);
    const res = await t.call(contract.member.updMemberById, { id: m?.id ?? "", rankId: rank?.id, remark: "VIP" }, { ticket: owner });
    expect(res.code).toBe(codes.OK);
    const entry = (await page({}, owner)).data.list[0];
    expect(entry).toMatchObject({ what: "Edited a member", record: { type: "Member", id: m?.id, label: m?.name } });
    const d = await detail(entry?.id ?? "", owner);
    const changes = d.data.records[0]?.changes ?? [];
    expect(changes).toContainEqual({ field: "Rank", before: old?.name, after: rank?.name });
    expect(changes).toContainEqual({ field: "Remark", before: "—", after: "VIP" });
    const stored = await storedOf(entry?.id ?? "");
    expect(stored[0]?.diff.rank_id).toEqual({ before: old?.name, after: rank?.name });
    expect(stored[0]?.diff.remark).toEqual({ before: "", after: "VIP" });
    expect(Object.keys(stored[0]?.diff ?? {})).not.toContain("updated_at");
    expect(changes.map((c) => c.field)).not.toContain("updated_at");
  });

  it("when machinery tables change (sessions on login, switch or logout), then nothing is logged", async () => {
    const before = (await page({}, owner)).data.total;
    const ticket = await t.login("demo", NEW_PASSWORD);
    await t.call(contract.session.switchManufacturer, { manufacturerId: null }, { ticket });
    await t.call(contract.session.logout, {}, { ticket });
    expect((await page({}, owner)).data.total).toBe(before);
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

  it("when another organisation's owner reads the log, then they see none of this organisation's entries, not even by id", async () => {
    const mine = (await page({}, owner)).data.list;
    expect(mine.length).toBeGreaterThan(0);
    const res = await page({}, otherOwner);
    expect(res.code).toBe(codes.OK);
    expect(res.data.list.filter((e) => e.memberId === demoId)).toEqual([]);
    expect((await page({ memberId: demoId }, otherOwner)).data).toMatchObject({ list: [], total: 0 });
    const peek = await detail(mine[0]?.id ?? "", otherOwner);
    expect(peek.code).toBe(codes.NOT_FOUND);
    const people = await t.call(contract.system.selAuditLogMembers, {}, { ticket: otherOwner });
    expect(people.data.map((p) => p.memberId)).not.toContain((await memberByLoginName(t, "demo-clerk")).id);
  });

  it("when a staff member without the audit function asks, then the log, an entry, the people and the export are refused", async () => {
    const staff = await createStaff(t, boId, ["setup.staff", "setup.rank"]);
    const id = (await page({}, owner)).data.list[0]?.id ?? "";
    expect((await page({}, staff)).code).toBe(codes.FORBIDDEN);
    expect((await detail(id, staff)).code).toBe(codes.FORBIDDEN);
    expect((await t.call(contract.system.selAuditLogMembers, {}, { ticket: staff })).code).toBe(codes.FORBIDDEN);
    expect((await t.post(contract.system.exportAuditLog.path, {}, { ticket: staff })).code).toBe(codes.FORBIDDEN);
    const allowed = await createStaff(t, boId, ["setup.home", "setup.audit"]);
    expect((await page({}, allowed)).code).toBe(codes.OK);
  });

  it("when the log is filtered by person, area or date, then only matching entries come back", async () => {
    const all = (await page({}, owner)).data.total;
    expect(all).toBeGreaterThanOrEqual(3);
    expect((await page({ memberId: demoId }, owner)).data.total).toBe(all);
    const clerk = (await memberByLoginName(t, "demo-clerk")).id;
    expect((await page({ memberId: clerk }, owner)).data.total).toBe(0);
    const setup = await page({ area: "setup" }, owner);
    expect(setup.data.total).toBe(all);
    expect(setup.data.list.every((e) => e.area === "setup")).toBe(true);
    expect((await page({ area: "shop" }, owner)).data.total).toBe(0);
    expect((await page({ from: new Date(Date.now() + 3600_000).toISOString() }, owner)).data.total).toBe(0);
    expect((await page({ to: new Date(Date.now() - 3600_000).toISOString() }, owner)).data.total).toBe(0);
    expect(
      (await page({ from: new Date(Date.now() - 3600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() }, owner)).data
        .total,
    ).toBe(all);
    const closed = await t.call(contract.shop.updShopStatus, { status: "closed", reason: "Stocktaking" }, { ticket: owner });
    expect(closed.code).toBe(codes.OK);
    const shop = await page({ area: "shop" }, owner);
    expect(shop.data.list).toHaveLength(1);
    expect(shop.data.list[0]).toMatchObject({
      what: "Closed or reopened the shop",
      record: { type: "Shop", label: "Green Valley Fresh" },
    });
    const d = await detail(shop.data.list[0]?.id ?? "", owner);
    expect(d.data.records[0]?.changes).toContainEqual({ field: "Status", before: "Open", after: "Closed" });
    expect((await storedOf(shop.data.list[0]?.id ?? ""))[0]?.diff.status).toEqual({ before: "open", after: "closed" });
    await t.call(contract.shop.updShopStatus, { status: "open" }, { ticket: owner });
  });

  it("when the person filter is opened, then it offers the organisation's staff by name", async () => {
    const res = await t.call(contract.system.selAuditLogMembers, {}, { ticket: owner });
    expect(res.code).toBe(codes.OK);
    expect(res.data[0]).toEqual({ memberId: demoId, name: "Lin Qing" });
    expect(res.data.map((p) => p.memberId)).toContain((await memberByLoginName(t, "demo-clerk")).id);
  });

  it("when a page is asked for, then it echoes pageNum and pageSize", async () => {
    const total = (await page({}, owner)).data.total;
    const res = await page({ pageNum: 2, pageSize: 1 }, owner);
    expect(res.data).toMatchObject({ pageNum: 2, pageSize: 1, total });
    expect(res.data.list).toHaveLength(1);
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
    expect((await detail("not-a-number", owner)).code).toBe(codes.NOT_FOUND);
  });
});

describe("the audit log's words cover the database", () => {
  it("every audited table has a record type, and every column that is not internal has words in both languages", async () => {
    const columns = await rowsOf<{ table_name: string; column_name: string }>(
      t.db,
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
          where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
            and c.table_name <> all(${sql.raw(`ARRAY[${NOT_AUDITED.map((n) => `'${n}'`).join(",")}]::text[]`)})`,
    );
    const missing: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const type = auditWords.records[table];
      if (!type) {
        missing.push(`${table} (record type)`);
        continue;
      }
      if (auditHiddenOf(auditWords, table).has(column)) continue;
      const field = type.fields[column];
      if (!field?.en || !field.zh) missing.push(`${table}.${column}`);
    }
    expect(missing).toEqual([]);
    expect(AUDIT_HIDDEN_COLUMNS).toContain("bo_id");
  });

  it("every audited table carries the trigger, and machinery tables do not", async () => {
    const triggered = await rowsOf<{ relname: string }>(
      t.db,
      sql`select c.relname from pg_trigger tg join pg_class c on c.oid = tg.tgrelid where tg.tgname = 'sbo_audit'`,
    );
    const names = triggered.map((r) => r.relname);
    for (const [table, type] of Object.entries(auditWords.records)) {
      // A record type its service records (its data may live outside PostgreSQL) has no trigger.
      if (type.recordedBy === "service") expect(names).not.toContain(table);
      else expect(names).toContain(table);
    }
    for (const table of NOT_AUDITED) expect(names).not.toContain(table);
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

  it("when the owner exports in English, then each changed record is a row in words with a real date in the shop's time", async () => {
    const res = await t.post(contract.system.exportAuditLog.path, { lang: "en", area: "shop" }, { ticket: owner });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(String(res.headers["content-disposition"])).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.xlsx";/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const rows = await readSheet(res.data as Buffer);
    expect(rows[0]).toEqual(["Time", "Who", "What", "Area", "Record type", "Record", "Change", "Before → after"]);
    expect(rows).toHaveLength(3);
    const closing = rows.find((r) => String(r[7]).includes("Open → Closed"));
    expect(closing?.slice(1, 7)).toEqual(["Lin Qing", "Closed or reopened the shop", "Shop", "Shop", "Green Valley Fresh", "Changed"]);
    expect(String(closing?.[7])).toContain("Reason for closing: — → Stocktaking");
    const at = closing?.[0];
    expect(at).toBeInstanceOf(Date);
    // A spreadsheet date reads the wall clock: Shanghai is 8 hours ahead of UTC.
    const shanghaiOffset = (at as Date).getTime() - Date.now();
    expect(shanghaiOffset).toBeGreaterThan(8 * 3600_000 - 10 * 60_000);
    expect(shanghaiOffset).toBeLessThan(8 * 3600_000 + 1000);
  });

  it("when the owner exports in Chinese, then headers and values are Chinese", async () => {
    const res = await t.post(contract.system.exportAuditLog.path, { lang: "zh", area: "shop" }, { ticket: owner });
    expect(String(res.headers["content-disposition"])).toContain(encodeURIComponent("操作日志"));
    const rows = await readSheet(res.data as Buffer);
    expect(rows[0]).toEqual(["时间", "操作人", "操作", "模块", "对象类型", "对象", "变动", "修改前 → 修改后"]);
    const closing = rows.find((r) => String(r[7]).includes("营业中 → 已关闭"));
    expect(closing?.slice(2, 7)).toEqual(["关闭或重开店铺", "店铺", "店铺", "Green Valley Fresh", "修改"]);
    expect(String(closing?.[7])).not.toMatch(/\b(open|closed|status)\b/);
  });

  it("when another organisation's owner exports, then the file has only the header", async () => {
    const res = await t.post(contract.system.exportAuditLog.path, {}, { ticket: otherOwner });
    expect(res.status).toBe(200);
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

  it("when the shop works in another time zone, then the exported times are in that zone", async () => {
    const { boId } = await meOf(t, owner);
    const set = (zone: string) => t.db.execute(sql`update shop_setting set time_zone = ${zone} where bo_id = ${boId}`);
    const firstTime = async () => {
      const rows = await readSheet((await t.post(contract.system.exportAuditLog.path, { lang: "en" }, { ticket: owner })).data as Buffer);
      expect(rows.length).toBeGreaterThan(1);
      const at = rows[1]?.[0];
      expect(at).toBeInstanceOf(Date);
      return (at as Date).getTime();
    };
    const shanghai = await firstTime();
    await set("UTC");
    try {
      expect(await rowsOf(t.db, sql`select time_zone from shop_setting where bo_id = ${boId}`)).toEqual([{ time_zone: "UTC" }]);
      expect(shanghai - (await firstTime())).toBe(8 * 3600_000);
    } finally {
      await set("Asia/Shanghai");
    }
  });
});
