import * as contract from "@sbo/contract/reference";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { renderScreen } from "@/test/render";
import { AreaCascader } from "./area-cascader";
import { RegionSelect } from "./region-select";

// The areas as the server answers them: a Chinese name and an English one (apps/server/src/demo/area-names-en.json).
const area = (code: string, name: string, nameEn: string, level: number, isLeaf = false) => ({ code, name, nameEn, level, isLeaf });
const levels: Record<string, ReturnType<typeof area>[]> = {
  root: [area("110000", "北京市", "Beijing", 1), area("330000", "浙江省", "Zhejiang", 1)],
  "330000": [area("330100", "杭州市", "Hangzhou", 2), area("330200", "宁波市", "Ningbo", 2)],
  "330100": [area("330106", "西湖区", "Xihu District", 3, true), area("330110", "余杭区", "Yuhang District", 3, true)],
};

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? "{}")) as { pid?: string | null };
      const data = contract.reference.selSpecAreaListByPid.output.parse(levels[body.pid ?? "root"] ?? []);
      return new Response(JSON.stringify({ code: "0", msg: "", data }), { status: 200 });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage("en");
});

describe("area names in the UI language (issue 25 §5)", () => {
  it("the English area picker offers English names, the Chinese one Chinese names", async () => {
    await setLanguage("en");
    const english = renderScreen(<AreaCascader value={["330000", "330100", "330106"]} />);
    expect(await screen.findByText("Zhejiang / Hangzhou / Xihu District")).toBeTruthy();
    expect(screen.queryByText(/浙江省/)).toBeNull();
    english.unmount();
    await setLanguage("zh");
    renderScreen(<AreaCascader value={["330000", "330100", "330106"]} />);
    expect(await screen.findByText("浙江省 / 杭州市 / 西湖区")).toBeTruthy();
  });

  it("the region picker names provinces in the UI language and finds them by either language's name", async () => {
    await setLanguage("en");
    renderScreen(<RegionSelect aria-label="Regions" />);
    const box = screen.getByRole("combobox", { name: "Regions" });
    await userEvent.click(box);
    expect(await screen.findByTitle("Zhejiang")).toBeTruthy();
    await userEvent.type(box, "浙江");
    await waitFor(() => expect(screen.queryByTitle("Beijing")).toBeNull());
    expect(screen.getByTitle("Zhejiang")).toBeTruthy();
  });
});
