import * as contract from "@sbo/contract/reference";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/test/render";
import { AreaCascader, areaCodesOf } from "./area-cascader";

const area = (code: string, name: string, level: number, isLeaf = false) => ({ code, name, nameEn: name, level, isLeaf });
const levels: Record<string, ReturnType<typeof area>[]> = {
  root: [area("110000", "北京市", 1), area("330000", "浙江省", 1)],
  "330000": [area("330100", "杭州市", 2), area("330200", "宁波市", 2)],
  "330100": [area("330106", "西湖区", 3, true), area("330110", "余杭区", 3, true)],
};
let asked: Array<string | null>;

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? "{}")) as { pid?: string | null };
      if (url !== contract.reference.selSpecAreaListByPid.path) throw new Error(`unexpected call ${url}`);
      asked.push(body.pid ?? null);
      const data = contract.reference.selSpecAreaListByPid.output.parse(levels[body.pid ?? "root"] ?? []);
      return new Response(JSON.stringify({ code: "0", msg: "", data }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("AreaCascader", () => {
  it("when a saved district is shown, then the levels above it are loaded and its path is named", async () => {
    renderScreen(<AreaCascader value={["330000", "330100", "330106"]} />);
    expect(await screen.findByText("浙江省 / 杭州市 / 西湖区")).toBeTruthy();
    expect(asked).toEqual([null, "330000", "330100"]);
  });

  it("when a province, a city and a district are picked, then the three codes are chosen, each level loaded once", async () => {
    const onChange = vi.fn();
    renderScreen(<AreaCascader id="area" onChange={onChange} />);
    await waitFor(() => expect(asked).toEqual([null]));
    await userEvent.click(screen.getByRole("combobox"));
    await userEvent.click(await screen.findByText("浙江省"));
    await userEvent.click(await screen.findByText("杭州市"));
    await userEvent.click(await screen.findByText("西湖区"));
    expect(onChange).toHaveBeenLastCalledWith(["330000", "330100", "330106"]);
    expect(asked).toEqual([null, "330000", "330100"]);
  });
});

describe("areaCodesOf", () => {
  it("gives the path of a district, a city and a province code, and nothing for a malformed one", () => {
    expect(areaCodesOf("330106")).toEqual(["330000", "330100", "330106"]);
    expect(areaCodesOf("330100")).toEqual(["330000", "330100"]);
    expect(areaCodesOf("330000")).toEqual(["330000"]);
    expect(areaCodesOf("33")).toEqual([]);
  });
});
