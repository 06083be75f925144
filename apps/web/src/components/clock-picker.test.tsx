import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Form } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "@/platform/i18n";
import { renderScreen } from "@/test/render";
import { ClockPicker, clockToDayjs } from "./clock-picker";

describe("ClockPicker", () => {
  afterEach(() => setLanguage("en"));

  it("when a time in the evening is shown in English, then it reads 24-hour (19:30, not 07:30 PM)", () => {
    renderScreen(<ClockPicker aria-label="Opens" value="19:30" />);
    const input = screen.getByLabelText("Opens") as HTMLInputElement;
    expect(input.value).toBe("19:30");
    expect(input.value).not.toMatch(/AM|PM/);
  });

  it("when the picker opens, then it offers hours 00 to 23 and no AM/PM column, in Chinese too", async () => {
    await setLanguage("zh");
    renderScreen(<ClockPicker aria-label="开始" value="08:00" open />);
    const hours = [...document.querySelectorAll(".ant-picker-time-panel-column:first-child .ant-picker-time-panel-cell-inner")].map(
      (c) => c.textContent,
    );
    expect(hours).toHaveLength(24);
    expect(hours.at(-1)).toBe("23");
    expect(document.querySelectorAll(".ant-picker-time-panel-column")).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/上午|下午|AM|PM/);
  });

  it("when a time is typed, then the form holds it as the contract's HH:mm string", async () => {
    const onChange = vi.fn();
    renderScreen(
      <Form onValuesChange={onChange}>
        <Form.Item name="openTime" label="Opens">
          <ClockPicker />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByLabelText("Opens");
    await userEvent.click(input);
    await userEvent.type(input, "21:05{Enter}");
    expect(onChange).toHaveBeenLastCalledWith({ openTime: "21:05" }, { openTime: "21:05" });
  });

  it("reads only real clock times", () => {
    expect(clockToDayjs("07:05")?.format("HH:mm")).toBe("07:05");
    expect(clockToDayjs("24:00")).toBeNull();
    expect(clockToDayjs(null)).toBeNull();
  });
});
