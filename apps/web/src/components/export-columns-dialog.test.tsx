import { member } from "@sbo/contract/member";
import * as templates from "@sbo/contract/templates";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/test/render";
import ColumnsDialog from "./export-columns-dialog";

const T = templates.templates;
const sheet = member.exportMemberList.sheet;
if (!sheet) throw new Error("the member list exports a sheet");

const set = { id: "T1", type: "memberList.exportColumns", name: "For the courier", content: { columns: ["phone", "name"] } };
const ok = (data: unknown) => new Response(JSON.stringify({ code: "0", msg: "", data }), { status: 200 });

/** The save or delete call waits until the test answers it. */
let answer: () => void;
let paths: string[];

beforeEach(() => {
  paths = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      paths.push(url);
      if (url === T.selDataTempByType.path) return ok([{ ...set, updatedAt: "2026-11-01T00:00:00.000Z" }]);
      const body = JSON.parse(String(init.body ?? "{}")) as Record<string, unknown>;
      await new Promise<void>((resolve) => (answer = resolve));
      if (url === T.addDataTemp.path) return ok({ id: "T2", ...body, updatedAt: "2026-11-02T00:00:00.000Z" });
      if (url === T.delDataTemp.path) return ok(null);
      throw new Error(`unexpected call ${url}`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const loading = (button: HTMLElement) => button.classList.contains("ant-btn-loading");

describe("The export columns dialog", { timeout: 60_000 }, () => {
  it("when a choice is saved, then Save shows progress until the write and its refresh are done, then says so", async () => {
    renderScreen(<ColumnsDialog sheet={sheet} initial={["name"]} onCancel={() => {}} onExport={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Export columns" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Save this choice as" }), "Names");
    const save = within(dialog).getByRole("button", { name: "Save" });
    expect(loading(save)).toBe(false);
    await userEvent.click(save);

    await waitFor(() => expect(paths).toContain(T.addDataTemp.path));
    await waitFor(() => expect(loading(save)).toBe(true));
    answer();
    expect(await screen.findByText("The columns were saved as “Names”.")).toBeTruthy();
    expect(loading(save)).toBe(false);
    // The saved sets were asked for again before the notice.
    expect(paths.filter((p) => p === T.selDataTempByType.path)).toHaveLength(2);
  });

  it("when a saved set is deleted, then its Delete button shows progress until the write and its refresh are done", async () => {
    renderScreen(<ColumnsDialog sheet={sheet} initial={["name"]} onCancel={() => {}} onExport={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Export columns" });
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Saved column sets" }));
    await userEvent.click(await screen.findByText("For the courier"));
    const remove = within(dialog).getByRole("button", { name: "Delete the saved column set" });
    await waitFor(() => expect(remove).toHaveProperty("disabled", false));
    expect(loading(remove)).toBe(false);
    await userEvent.click(remove);
    const question = await screen.findByText("Delete the saved column set “For the courier”?");
    const confirm = question.closest<HTMLElement>(".ant-modal-confirm");
    if (!confirm) throw new Error("no confirmation");
    await userEvent.click(within(confirm).getByRole("button", { name: "OK" }));

    await waitFor(() => expect(paths).toContain(T.delDataTemp.path));
    await waitFor(() => expect(loading(remove)).toBe(true));
    answer();
    expect(await screen.findByText("The saved column set was deleted.")).toBeTruthy();
    expect(loading(remove)).toBe(false);
  });
});
