import type { OutputOf } from "@sbo/contract/define";
import * as sessionContract from "@sbo/contract/session";
import { staff } from "@sbo/contract/staff";

const contract = { system: sessionContract.system, staff };

import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentLanguage, type Lang, setLanguage } from "@/platform/i18n";
import { stubContractFetch } from "@/test/contract-fetch";
import { renderScreen } from "@/test/render";
import { AuditLogList } from "./audit-log-list";

type Detail = OutputOf<typeof contract.system.selAuditLogById>;

/**
 * The server words the log in the reader's language (Accept-Language): these are its answers, in English and in
 * Chinese, for one entry of a staff member's change (their wording is the server's, tested in audit.view.test.ts).
 */
const words = {
  en: {
    what: "Edited a staff member",
    areaName: "Settings",
    staff: "Staff member",
    account: "Account",
    changed: "Changed",
    changes: [
      { field: "Enabled", before: "Yes", after: "No" },
      { field: "Roles", before: "removed: Clerk", after: "added: Store manager" },
      { field: "Profession", before: "—", after: "added: Buyer" },
    ],
    phone: { field: "Mobile phone", before: "13800000007", after: "13800000017" },
  },
  zh: {
    what: "编辑员工",
    areaName: "设置",
    staff: "员工",
    account: "账号",
    changed: "修改",
    changes: [
      { field: "启用", before: "是", after: "否" },
      { field: "角色", before: "移除: Clerk", after: "新增: Store manager" },
      { field: "职业", before: "—", after: "新增: 采购员" },
    ],
    phone: { field: "手机号", before: "13800000007", after: "13800000017" },
  },
};

const entryIn = (lang: Lang) => ({
  id: "41",
  at: "2026-03-02T01:05:00.000Z",
  memberId: "m1",
  memberName: "Lin Qing",
  what: words[lang].what,
  area: "setup",
  areaName: words[lang].areaName,
  recordCount: 2,
  record: {
    id: "e7",
    type: words[lang].staff,
    label: "Wang Fang",
    action: "update" as const,
    actionText: words[lang].changed,
    route: "/transaction/setup/member/update/e7",
  },
});

const detailIn = (lang: Lang): Detail => ({
  ...entryIn(lang),
  truncated: false,
  records: [
    { ...entryIn(lang).record, changes: words[lang].changes },
    {
      id: "m7",
      type: words[lang].account,
      label: "Wang Fang",
      action: "update",
      actionText: words[lang].changed,
      route: null,
      changes: [words[lang].phone],
    },
  ],
});

let requests: ReturnType<typeof stubContractFetch>["requests"];

beforeEach(() => {
  ({ requests } = stubContractFetch((e) => {
    if (e === contract.system.selAuditLogByPage) return { list: [entryIn(currentLanguage())], total: 1, pageNum: 1, pageSize: 20 };
    if (e === contract.system.selAuditLogById) return detailIn(currentLanguage());
    if (e === contract.system.selAuditLogMembers) return [{ memberId: "m1", name: "Lin Qing" }];
    return undefined;
  }));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage("en");
});

async function openDetails() {
  renderScreen(<AuditLogList />);
  const row = (await screen.findByText("Lin Qing", { selector: "td *, td" })).closest("tr");
  if (!row) throw new Error("no row");
  fireEvent.click(within(row).getByRole("button"));
  return screen.findByRole("dialog");
}

describe("the audit log", { timeout: 60_000 }, () => {
  it("when an entry is listed, then it says who, what in words and which record (named, linked, with how many more)", async () => {
    renderScreen(<AuditLogList />);
    const row = (await screen.findByText("Edited a staff member")).closest("tr");
    if (!row) throw new Error("no row");
    expect(within(row).getByText("Lin Qing")).toBeTruthy();
    expect(within(row).getByText("Staff member")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Wang Fang" }).getAttribute("href")).toBe("/transaction/setup/member/update/e7");
    expect(within(row).getByText(/and 1 more/)).toBeTruthy();
    expect(row.textContent).not.toContain(contract.staff.updMemberEmpById.path);
    expect(row.textContent).not.toContain("employee");
  });

  it("when an entry's details are opened, then each record's fields read before → after in words", async () => {
    const dialog = within(await openDetails());
    expect(await dialog.findByText("Wang Fang", { selector: "a" })).toBeTruthy();
    const enabled = dialog.getByRole("rowheader", { name: "Enabled" }).closest("tr");
    expect(enabled?.textContent).toBe("EnabledYes→No");
    const roles = dialog.getByRole("rowheader", { name: "Roles" }).closest("tr");
    expect(roles?.textContent).toBe("Rolesremoved: Clerk→added: Store manager");
    const profession = dialog.getByRole("rowheader", { name: "Profession" }).closest("tr");
    expect(profession?.textContent).toBe("Profession—→added: Buyer");
    const phone = dialog.getByRole("rowheader", { name: "Mobile phone" }).closest("tr");
    expect(phone?.textContent).toBe("Mobile phone13800000007→13800000017");
    expect(requests.some((r) => r.entry === contract.system.selAuditLogById && r.body.id === "41")).toBe(true);
  });

  it("when the reader's language is Chinese, then neither the list nor the details show a word of English", async () => {
    await setLanguage("zh");
    const dialog = await openDetails();
    await within(dialog).findByRole("rowheader", { name: "角色" });
    const list = screen.getByRole("region", { name: "操作日志" });
    const english = /[A-Za-z]{2,}/;
    // Names of people and roles are data, not words of the product.
    const text = (el: Element) => (el.textContent ?? "").replace(/Lin Qing|Wang Fang|Clerk|Store manager/g, "");
    expect(text(within(list).getByRole("table"))).not.toMatch(english);
    expect(text(dialog)).not.toMatch(english);
    expect(dialog.textContent).toContain("编辑员工");
    expect(dialog.textContent).toContain("是→否");
    expect(dialog.textContent).toContain("移除: Clerk");
    expect(dialog.textContent).toContain("新增: 采购员");
  });

  it("when the reader switches language, then the list is asked for again and shows the server's words in it", async () => {
    renderScreen(<AuditLogList />);
    await screen.findByText("Edited a staff member");
    await act(() => setLanguage("zh"));
    expect(await screen.findByText("编辑员工")).toBeTruthy();
    expect(requests.filter((r) => r.entry === contract.system.selAuditLogByPage)).toHaveLength(2);
  });

  it("when the log is exported, then the export carries the filters and the reader's language", async () => {
    await setLanguage("zh");
    // Export shows to members who hold the log's function (setup.audit): here a staff member with just that.
    const auditor = {
      memberId: "m9",
      boId: "b1",
      isOwner: false,
      functions: ["setup.home", "setup.audit"],
    } as unknown as sessionContract.MemberInfo;
    renderScreen(<AuditLogList />, { url: "/?audit.area=shop", member: auditor });
    await screen.findByText("编辑员工");
    const list = requests.find((r) => r.entry === contract.system.selAuditLogByPage);
    expect(list?.body).toMatchObject({ area: "shop" });
    expect(list?.body).not.toHaveProperty("lang");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }));
    fireEvent.click(screen.getByRole("button", { name: /导出/ }));
    await vi.waitFor(() => expect(requests.some((r) => r.entry === contract.system.exportAuditLog)).toBe(true));
    expect(requests.find((r) => r.entry === contract.system.exportAuditLog)?.body).toMatchObject({ area: "shop", lang: "zh" });
  });
});
