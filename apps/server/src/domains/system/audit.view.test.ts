import { contract } from "@sbo/contract";
import { describe, expect, it } from "vitest";
import { auditWords } from "../audit-words";
import { auditWordingOf, changesText, entryView, type RawEntry, type RawRecord, recordView } from "./audit.view";

const entry: RawEntry = {
  id: "41",
  at: "2026-03-02T01:05:00.000Z",
  memberId: "m1",
  memberName: "Lin Qing",
  call: contract.staff.updMemberEmpById.path,
  area: "setup",
  recordCount: 2,
  record: { table: "employee", id: "e7", label: "Wang Fang", action: "update" },
};

const records: RawRecord[] = [
  {
    table: "employee",
    id: "e7",
    label: "Wang Fang",
    action: "update",
    changes: [
      { table: "employee", column: "enabled", linked: false, before: true, after: false },
      { table: "employee_role", column: "role_id", linked: true, before: ["Clerk"], after: ["Store manager"] },
      { table: "staff_profile", column: "profession_id", linked: true, before: [], after: [{ en: "Buyer", zh: "采购员" }] },
    ],
  },
  {
    table: "member",
    id: "m7",
    label: "Wang Fang",
    action: "update",
    changes: [{ table: "member", column: "phone", linked: false, before: "13800000007", after: "13800000017" }],
  },
];

const en = auditWordingOf(auditWords, "en", "Asia/Shanghai");
const zh = auditWordingOf(auditWords, "zh", "Asia/Shanghai");
const english = /[A-Za-z]{2,}/;
/** Names of people and roles are data, not words of the product. */
const withoutData = (s: string) => s.replace(/Lin Qing|Wang Fang|Clerk|Store manager/g, "");

describe("the audit log's view", () => {
  it("when an entry is listed, then it says what in words and which record, typed and linked, never the call's path or table", () => {
    const e = entryView(entry, en);
    expect(e).toEqual({
      id: "41",
      at: "2026-03-02T01:05:00.000Z",
      memberId: "m1",
      memberName: "Lin Qing",
      what: "Edited a staff member",
      area: "setup",
      areaName: "Settings",
      recordCount: 2,
      record: {
        id: "e7",
        type: "Staff member",
        label: "Wang Fang",
        action: "update",
        actionText: "Changed",
        route: "/transaction/setup/member/update/e7",
      },
    });
    expect(JSON.stringify(e)).not.toContain(contract.staff.updMemberEmpById.path);
    expect(JSON.stringify(e)).not.toContain("employee");
  });

  it("when a record's details are read, then each field reads before → after in words (links: removed, added)", () => {
    const [staff, account] = records.map((r) => recordView(r, en));
    expect(staff?.changes).toEqual([
      { field: "Enabled", before: "Yes", after: "No" },
      { field: "Roles", before: "removed: Clerk", after: "added: Store manager" },
      { field: "Profession", before: "—", after: "added: Buyer" },
    ]);
    expect(account?.changes).toEqual([{ field: "Mobile phone", before: "13800000007", after: "13800000017" }]);
    expect(account).toMatchObject({ type: "Account", actionText: "Changed" });
  });

  it("when the reader's language is Chinese, then neither the entry nor its records hold a word of English", () => {
    const e = entryView(entry, zh);
    const detail = records.map((r) => recordView(r, zh));
    const words = [
      e.what,
      e.areaName,
      e.record?.type,
      e.record?.actionText,
      ...detail.flatMap((r) => [r.type, r.actionText, ...r.changes.flatMap((c) => [c.field, c.before, c.after])]),
    ];
    for (const w of words) expect(withoutData(w ?? "")).not.toMatch(english);
    expect(e.what).toBe("编辑员工");
    expect(detail[0]?.changes).toEqual([
      { field: "启用", before: "是", after: "否" },
      { field: "角色", before: "移除: Clerk", after: "新增: Store manager" },
      { field: "职业", before: "—", after: "新增: 采购员" },
    ]);
  });

  it("when a record is created or deleted, then the side it did not have reads —, and a deleted record links nowhere", () => {
    const created = recordView({ ...records[1], action: "insert" } as RawRecord, en);
    expect(created.changes).toEqual([{ field: "Mobile phone", before: "—", after: "13800000017" }]);
    const deleted = recordView({ ...records[0], action: "delete" } as RawRecord, en);
    expect(deleted.route).toBeNull();
    expect(deleted.changes[0]).toEqual({ field: "Enabled", before: "Yes", after: "—" });
  });

  it("when a record's changes are exported, then they read as one line in the reader's words", () => {
    expect(changesText(records[0] as RawRecord, en)).toBe(
      "Enabled: Yes → No; Roles: removed Clerk, added Store manager; Profession: added Buyer",
    );
    expect(changesText(records[0] as RawRecord, zh)).toBe("启用：是 → 否；角色：移除 Clerk，新增 Store manager；职业：新增 采购员");
  });
});
