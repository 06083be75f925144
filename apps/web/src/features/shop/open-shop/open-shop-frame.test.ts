import { describe, expect, it } from "vitest";
import { stepOf } from "./open-shop-frame";

const shop = (status: "opening" | "open" | "closed") => ({ status }) as unknown as Parameters<typeof stepOf>[0];

describe("the open-shop step a reload resumes at", () => {
  it("is the shop details while there is no shop", () => expect(stepOf(null, false)).toBe(0));
  it("is the account opening while the shop is being opened", () => expect(stepOf(shop("opening"), false)).toBe(1));
  it("is the shop details again when the owner went back from the account opening", () => expect(stepOf(shop("opening"), true)).toBe(0));
  it("is the result once the shop is open or closed", () => {
    expect(stepOf(shop("open"), false)).toBe(2);
    expect(stepOf(shop("closed"), true)).toBe(2);
  });
});
