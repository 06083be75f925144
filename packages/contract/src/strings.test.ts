import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CONTROL_CHARACTER, contract, controlCharacterPaths, exportFile, read, uploadFile, write } from "./index";

/** docs/security.md item 4: control characters are refused once, in the contract, for every call. */
const reasonsAt = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? [])
    .filter((i) => i.code === "custom" && (i.params as { reason?: string } | undefined)?.reason === "common.controlCharacter")
    .map((i) => i.path.join("."));

describe("strings with control characters", () => {
  it("when a string holds NUL, another C0 control or DEL, then it is a control character; tab, newline and CR are text", () => {
    for (const c of ["\u0000", "\u0001", "\u0008", "\u000b", "\u000c", "\u000e", "\u001b", "\u001f", "\u007f"])
      expect(CONTROL_CHARACTER.test(`a${c}b`), JSON.stringify(c)).toBe(true);
    for (const c of ["\t", "\n", "\r", " ", "é", "店", "\u00a0"]) expect(CONTROL_CHARACTER.test(`a${c}b`), JSON.stringify(c)).toBe(false);
  });

  it("when a value nests strings in objects and arrays, then every bad one is found by its path", () => {
    expect(controlCharacterPaths({ a: "ok", b: ["x", "y\u0000"], c: { d: "\u0007" }, e: 1, f: null })).toEqual([
      ["b", 1],
      ["c", "d"],
    ]);
  });

  it("when a call is defined by any of the four constructors, then its input refuses a NUL in any field, even a nested one", () => {
    const input = z.strictObject({ name: z.string(), tags: z.array(z.string()).optional(), note: z.string().optional() });
    const output = z.null();
    const made = [
      read({ path: "/api/x/r", summary: "r", access: "public", input, output }),
      write({ path: "/api/x/w", summary: "w", access: "public", input, output }),
      exportFile({ path: "/api/x/e", summary: "e", access: "public", input }),
      uploadFile({ path: "/api/x/u", summary: "u", access: "public", input, output }),
    ];
    for (const call of made) {
      expect(reasonsAt(call.input, { name: "a\u0000b", tags: ["ok", "x\u0001"] })).toEqual(["name", "tags.1"]);
      expect(call.input.safeParse({ name: "line one\nline two\twith a tab" }).success).toBe(true);
      // The guard keeps the schema what it was: an object's shape is still there for forms and sweeps.
      expect(call.input).toBeInstanceOf(z.ZodObject);
    }
  });

  it("when any field of any call of the contract gets a NUL, then that field is refused as a control character", () => {
    for (const [domain, entries] of Object.entries(contract))
      for (const [name, call] of Object.entries(entries)) {
        const input = call.input as z.ZodType;
        const fields = input instanceof z.ZodObject ? Object.keys(input.shape) : [];
        for (const field of fields) expect(reasonsAt(input, { [field]: "a\u0000b" }), `${domain}.${name}.${field}`).toContain(field);
      }
  });
});
