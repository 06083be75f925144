import { describe, expect, it } from "vitest";
import { centsOf, formatCents } from "@/platform/money";

describe("formatCents", () => {
  it("writes yuan with the sign, thousands separators and two decimals", () => {
    expect(formatCents(0)).toBe("¥0.00");
    expect(formatCents(5)).toBe("¥0.05");
    expect(formatCents(123456)).toBe("¥1,234.56");
    expect(formatCents(100000000)).toBe("¥1,000,000.00");
    expect(formatCents(-123456)).toBe("-¥1,234.56");
  });

  it("writes what Intl's zh-CN currency format writes, which it replaces", () => {
    const intl = new Intl.NumberFormat("zh-CN", { style: "currency", currency: "CNY", minimumFractionDigits: 2 });
    for (const cents of [1, 10, 99, 100, 99999, 1000000, 123456789012, -5, -100, -99999])
      expect(formatCents(cents)).toBe(intl.format(cents / 100));
  });
});

describe("centsOf", () => {
  it("reads yuan with at most two decimals", () => {
    expect(centsOf("12.5")).toBe(1250);
    expect(centsOf(" 3 ")).toBe(300);
    expect(centsOf("1.234")).toBeNaN();
    expect(centsOf("-1")).toBeNaN();
  });
});
