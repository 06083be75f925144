import { member } from "@sbo/contract/member";
import * as templates from "@sbo/contract/templates";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { renderScreen } from "@/test/render";
import { ExportControl } from "./export-control";

const entry = member.exportMemberList;
const xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
let sent: { path: string; body: Record<string, unknown> }[];
let savedSets: unknown[];

beforeEach(() => {
  sent = [];
  savedSets = [
    {
      id: "T1",
      type: "memberList.exportColumns",
      name: "For the courier",
      content: { columns: ["phone", "name"] },
      updatedAt: "2026-11-01T00:00:00.000Z",
    },
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? "{}")) as Record<string, unknown>;
      sent.push({ path: url, body });
      const T = templates.templates;
      if (url === entry.path) return new Response(new Uint8Array(8), { headers: { "content-type": xlsx } });
      let data: unknown = null;
      if (url === T.selDataTempByType.path) data = savedSets;
      else if (url === T.addDataTemp.path)
        data = { id: "T2", type: body.type, name: body.name, content: body.content, updatedAt: "2026-11-02T00:00:00.000Z" };
      else throw new Error(`unexpected call ${url}`);
      return new Response(JSON.stringify({ code: "0", msg: "", data }), { status: 200 });
    }),
  );
  URL.createObjectURL = vi.fn(() => "blob:test");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage("en");
});

const exports = () => sent.filter((s) => s.path === entry.path).map((s) => s.body);

describe("ExportControl", { timeout: 60_000 }, () => {
  it("when Export is clicked without a choice, then every column is exported with the list's filters", async () => {
    renderScreen(<ExportControl entry={entry} input={{ rankId: "R1" }} />);
    await userEvent.click(screen.getByRole("button", { name: /Export$/ }));
    await waitFor(() => expect(exports()).toHaveLength(1));
    expect(exports()[0]).toMatchObject({ rankId: "R1" });
    expect(exports()[0]).not.toHaveProperty("columns");
  });

  it("when columns are chosen by their headers, then they are exported in the sheet's order and the choice holds for the next export", async () => {
    renderScreen(<ExportControl entry={entry} input={{}} />);
    await userEvent.click(screen.getByRole("button", { name: "Choose the file's columns" }));
    const dialog = await screen.findByRole("dialog", { name: "Export columns" });
    await userEvent.click(within(dialog).getByRole("button", { name: "None" }));
    expect(within(dialog).getByText("Choose at least one column.")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: /Export 0 columns/ })).toHaveProperty("disabled", true);
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Total spend (¥)" }));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Member no." }));
    await userEvent.click(within(dialog).getByRole("button", { name: /Export 2 columns/ }));
    await waitFor(() => expect(exports()).toHaveLength(1));
    expect(exports()[0]?.columns).toEqual(["memberNo", "totalSpend"]);
    await userEvent.click(await screen.findByRole("button", { name: /Export \(2 columns\)/ }));
    await waitFor(() => expect(exports()).toHaveLength(2));
    expect(exports()[1]?.columns).toEqual(["memberNo", "totalSpend"]);
  });

  it("when a saved column set is applied and the choice saved under a name, then the set is the list's kind and holds the columns", async () => {
    renderScreen(<ExportControl entry={entry} input={{}} />);
    await userEvent.click(screen.getByRole("button", { name: "Choose the file's columns" }));
    const dialog = await screen.findByRole("dialog", { name: "Export columns" });
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Saved column sets" }));
    await userEvent.click(await screen.findByText("For the courier"));
    await waitFor(() => expect(within(dialog).getByText("2 of 13 columns chosen")).toBeTruthy());
    expect(within(dialog).getByRole("checkbox", { name: "Name" })).toHaveProperty("checked", true);
    expect(within(dialog).getByRole("checkbox", { name: "Points" })).toHaveProperty("checked", false);
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Points" }));
    const name = within(dialog).getByRole("textbox", { name: "Save this choice as" });
    await userEvent.clear(name);
    await userEvent.type(name, "Loyalty");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent.some((s) => s.path === templates.templates.addDataTemp.path)).toBe(true));
    expect(sent.find((s) => s.path === templates.templates.addDataTemp.path)?.body).toMatchObject({
      type: "memberList.exportColumns",
      name: "Loyalty",
      content: { columns: ["name", "phone", "points"] },
    });
    // The sheet's order, not the order of the clicks.
    await userEvent.click(within(dialog).getByRole("button", { name: /Export 3 columns/ }));
    await waitFor(() => expect(exports()[0]?.columns).toEqual(["name", "phone", "points"]));
  });

  it("when the language is Chinese, then the columns are offered by their Chinese headers", async () => {
    await setLanguage("zh");
    renderScreen(<ExportControl entry={entry} input={{}} />);
    await userEvent.click(screen.getByRole("button", { name: "选择文件中的列" }));
    const dialog = await screen.findByRole("dialog", { name: "导出列" });
    expect(within(dialog).getByRole("checkbox", { name: "消费金额（元）" })).toBeTruthy();
    expect(within(dialog).getByText("已选 13 列，共 13 列")).toBeTruthy();
  });
});
