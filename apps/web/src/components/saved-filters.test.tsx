import * as contract from "@sbo/contract/templates";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/test/render";
import type { FilterField } from "./list-filters";
import { SavedFilters } from "./saved-filters";

const fields: FilterField[] = [
  { kind: "text", name: "name", label: "Name" },
  { kind: "text", name: "spendMin", label: "Spend from" },
];
const saved = contract.templates.selDataTempByType.output.parse([
  {
    id: "T1",
    type: "memberList.filters",
    name: "Big spenders",
    content: { spendMin: 100_000 },
    updatedAt: "2026-11-01T00:00:00.000Z",
  },
]);
let requests: { path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? "{}")) as Record<string, unknown>;
      requests.push({ path: url, body });
      const T = contract.templates;
      let data: unknown = null;
      if (url === T.selDataTempByType.path) data = saved;
      else if (url === T.addDataTemp.path)
        data = T.addDataTemp.output.parse({ ...saved[0], id: "T2", name: body.name, content: body.content });
      else throw new Error(`unexpected call ${url}`);
      return new Response(JSON.stringify({ code: "0", msg: "", data }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Yuan in the URL, cents in the saved content (as the member list converts them). */
const toContent = (f: Record<string, string>) => ({ ...f, ...(f.spendMin ? { spendMin: Number(f.spendMin) * 100 } : {}) });
const fromContent = (c: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(c).map(([k, v]) => [k, k === "spendMin" ? String(Number(v) / 100) : String(v)]));

/** The member list's saved filters, on a list at `url`. */
const renderSavedFilters = (url: string) =>
  renderScreen(<SavedFilters listKey="memberList" fields={fields} prefix="m." toContent={toContent} fromContent={fromContent} />, { url });

// Opening a select and a dialog takes seconds in jsdom on a busy machine.
describe("SavedFilters", { timeout: 60_000 }, () => {
  it("when a list's saved filters are applied, then they are asked for by the list's kind and written to the URL", async () => {
    const { router } = renderSavedFilters("/members?m.name=Li");
    await userEvent.click(screen.getByRole("combobox", { name: "Saved filters" }));
    await userEvent.click(await screen.findByText("Big spenders"));
    await waitFor(() => expect(router.state.location.search).toContain("m.spendMin=1000"));
    expect(requests[0]).toEqual({
      path: contract.templates.selDataTempByType.path,
      body: expect.objectContaining({ type: "memberList.filters" }),
    });
  });

  it("when the filters are reset or changed after a template was applied, then the select no longer shows it", async () => {
    const { router } = renderSavedFilters("/members");
    await userEvent.click(screen.getByRole("combobox", { name: "Saved filters" }));
    await userEvent.click(await screen.findByText("Big spenders"));
    const shown = () => document.querySelector(".ant-select-content-has-value")?.textContent ?? null;
    await waitFor(() => expect(shown()).toBe("Big spenders"));
    expect(screen.getByRole("button", { name: "Delete saved filters" })).toHaveProperty("disabled", false);

    await act(() => router.navigate("/members?m.spendMin=1000&m.name=Li"));
    expect(shown()).toBeNull();
    await act(() => router.navigate("/members"));
    expect(shown()).toBeNull();
    expect(screen.getByRole("button", { name: "Delete saved filters" })).toHaveProperty("disabled", true);
  });

  it("when the current filters are saved under a name, then the template holds them in the list's kind", async () => {
    renderSavedFilters("/members?m.name=Li&m.spendMin=25");
    await userEvent.click(screen.getByRole("button", { name: /Save filters/ }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Name"), "Li, 25 yuan up");
    await userEvent.click(within(dialog).getByRole("button", { name: /Save/ }));
    await waitFor(() => expect(requests.some((r) => r.path === contract.templates.addDataTemp.path)).toBe(true));
    expect(requests.find((r) => r.path === contract.templates.addDataTemp.path)?.body).toMatchObject({
      type: "memberList.filters",
      name: "Li, 25 yuan up",
      content: { name: "Li", spendMin: 2500 },
    });
  });
});
