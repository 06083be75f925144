import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { type Call, funcOf } from "./define";
import { fieldWord, fieldWords, refusalWords, withFieldWords } from "./field-words";
import { goodsRefusals } from "./goods";
import { contract } from "./index";

/** Every named path of a schema's objects ("skus.batches.quantity"), through lists, optionals, unions and pipes. */
function pathsOf(schema: z.ZodType, prefix: string[] = [], out = new Set<string>()): Set<string> {
  const def = (schema as unknown as { _zod?: { def: Record<string, unknown> & { type: string } } })._zod?.def;
  if (!def) return out;
  const walk = (s: unknown, p = prefix) => pathsOf(s as z.ZodType, p, out);
  switch (def.type) {
    case "object":
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        out.add([...prefix, key].join("."));
        walk(value, [...prefix, key]);
      }
      break;
    case "array":
      walk(def.element);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      walk(def.innerType);
      break;
    case "pipe":
      walk(def.in);
      break;
    case "union":
      for (const option of def.options as z.ZodType[]) walk(option);
      break;
    case "intersection":
      walk(def.left);
      walk(def.right);
      break;
    case "record":
      walk(def.valueType);
      break;
  }
  return out;
}

/** The contract's domains and their calls that a seller's screens make (the buyer API has its own app). */
const sellerCalls = () =>
  Object.entries(contract).flatMap(([domain, calls]) =>
    Object.values(calls as Record<string, Call>)
      .filter((c) => c.access !== "buyer")
      .map((c) => ({ domain, call: c })),
  );

describe("field words", () => {
  it("every input key of every seller call has words in both languages, in its domain and outside it", () => {
    const missing: string[] = [];
    let walked = 0;
    for (const { domain, call } of sellerCalls()) {
      for (const path of pathsOf(call.input)) {
        walked++;
        for (const form of [domain, undefined]) {
          const words = fieldWords(path, form);
          if (!words) missing.push(`${call.path} ${path}`);
          else {
            expect(words.zh, path).toMatch(/[\u4e00-\u9fff]/);
            expect(words.en, path).not.toMatch(/[\u4e00-\u9fff]/);
            expect(words.en, path).not.toBe(path.split(".").pop()); // a word, not the key ("images")
          }
        }
      }
    }
    expect(walked).toBeGreaterThan(300);
    expect([...new Set(missing)]).toEqual([]);
    expect(sellerCalls().some(({ call }) => funcOf(call) !== null)).toBe(true);
  });

  it("a path is worded by the form's own words, then the whole path's, then its last key", () => {
    expect(fieldWord("images", "zh", "goods")).toBe("商品图片");
    expect(fieldWord("images", "en", "goods")).toBe("Images");
    expect(fieldWord("skus.0.price", "zh")).toBe("售价");
    expect(fieldWord("specs[1].name", "en")).toBe("Spec name");
    expect(fieldWord("noSuchKey", "en")).toBeUndefined();
  });

  it("a refusal naming a field by its key reads in seller words, never the key", () => {
    const params = { name: "Apples", field: "images", form: "goods" };
    const zh = refusalWords(goodsRefusals.notReadyForShelf.reason, "zh", params);
    const en = refusalWords(goodsRefusals.notReadyForShelf.reason, "en", params);
    expect(zh).toContain("商品图片");
    expect(zh).not.toContain("images");
    expect(en).toContain("Images is missing");
    expect(en).not.toMatch(/\bimages\b/);
    // A params object with no field key is left alone.
    expect(withFieldWords({ name: "x" }, "zh")).toEqual({ name: "x" });
  });
});
