import { describe, expect, it } from "vitest";
import { contract } from "./index";
import { allRefusals, fill, refusals, wordsOf } from "./refusals";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("refusals", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(fill("{n} members use rank {name}", { n: 3, name: "Gold" })).toBe("3 members use rank Gold");
    expect(fill("{n} left", {})).toBe("{n} left");
  });

  it("words a declared refusal in each language and knows nothing of undeclared ones", () => {
    const r = refusals("refusalsTest", { inUse: { en: "{n} goods use it", zh: "{n} 件商品在使用" } });
    expect(r.inUse.reason).toBe("refusalsTest.inUse");
    expect(wordsOf("refusalsTest.inUse", "zh", { n: 2 })).toBe("2 件商品在使用");
    expect(wordsOf("refusalsTest.nothing", "en")).toBeUndefined();
    expect(() => refusals("refusalsTest", { inUse: { en: "x", zh: "x" } })).toThrow(/twice/);
  });

  it("every declared refusal has both languages with the same placeholders", () => {
    expect(Object.keys(contract).length).toBeGreaterThan(0); // loads every domain's declarations
    for (const r of allRefusals()) {
      expect(r.en.trim(), r.reason).not.toBe("");
      expect(r.zh.trim(), r.reason).not.toBe("");
      expect(placeholders(r.zh), r.reason).toEqual(placeholders(r.en));
      // A worded value travels as `name.en`/`name.zh` and is written `{name}` (fill picks the language's own).
      expect(`${r.en} ${r.zh}`, r.reason).not.toMatch(/\{\w+\.\w+\}/);
    }
  });
});
