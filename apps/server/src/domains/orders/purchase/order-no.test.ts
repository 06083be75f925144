import { describe, expect, it } from "vitest";
import { newOrderNo } from "./order-no.rules";

describe("order numbers", () => {
  it("when many orders are numbered at once, then no two share a number (random digits collided within a second)", () => {
    const numbers = Array.from({ length: 20_000 }, () => newOrderNo());
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((n) => /^\d{20}$/.test(n))).toBe(true);
  });
});
