import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { renderScreen } from "@/test/render";
import { BankSelect, bankNameIn } from "./bank-names";

// The `bank` dictionary as the server answers it (apps/server/src/demo/reference-data.ts).
const banks = [
  { code: "ICBC", name: "中国工商银行", nameEn: "Industrial and Commercial Bank of China" },
  { code: "CMB", name: "招商银行", nameEn: "China Merchants Bank" },
];

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ code: "0", msg: "", data: banks }), { status: 200 })),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage("en");
});

/** The names the open list shows (antd's hidden accessibility list repeats the values, so read the visible options). */
const shown = () => [...document.querySelectorAll(".ant-select-item-option-content")].map((e) => e.textContent);

describe("bank names in the UI language (issue 25 §5)", () => {
  it("a stored bank name reads in the UI language, whichever language it was stored in; an unknown one as typed", () => {
    expect(bankNameIn(banks, "中国工商银行", "en")).toBe("Industrial and Commercial Bank of China");
    expect(bankNameIn(banks, "China Merchants Bank", "zh")).toBe("招商银行");
    expect(bankNameIn(banks, "中国工商银行", "zh")).toBe("中国工商银行");
    expect(bankNameIn(banks, "Hangzhou Rural Bank", "zh")).toBe("Hangzhou Rural Bank");
  });

  it("the English bank picker offers English names, finds a bank by its Chinese name and keeps the Chinese name", async () => {
    await setLanguage("en");
    const onChange = vi.fn();
    renderScreen(<BankSelect id="bank" onChange={onChange} />);
    const box = screen.getByRole("combobox");
    await userEvent.click(box);
    await waitFor(() => expect(shown()).toEqual(["Industrial and Commercial Bank of China", "China Merchants Bank"]));
    await userEvent.type(box, "工商");
    await waitFor(() => expect(shown()).toEqual(["Industrial and Commercial Bank of China"]));
    await userEvent.click(screen.getByText("Industrial and Commercial Bank of China", { selector: ".ant-select-item-option-content" }));
    expect(onChange).toHaveBeenLastCalledWith("中国工商银行");
  });

  it("the Chinese bank picker offers Chinese names", async () => {
    await setLanguage("zh");
    renderScreen(<BankSelect id="bank" />);
    await userEvent.click(screen.getByRole("combobox"));
    await waitFor(() => expect(shown()).toEqual(["中国工商银行", "招商银行"]));
  });
});
