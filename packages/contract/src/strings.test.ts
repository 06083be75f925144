import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CONTROL_CHARACTER,
  calendarDay,
  contract,
  controlCharacterPaths,
  exportFile,
  instant,
  MAX_NESTING,
  read,
  tooDeepPath,
  uploadFile,
  write,
} from "./index";

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

/** docs/security.md, issue 22 finding 5: input nested thousands deep, and dates PostgreSQL cannot hold, are bad input. */
describe("deep nesting and out-of-range dates", () => {
  const deep = (depth: number) => {
    let v: unknown = "a\u0000b";
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  };
  const input = write({
    path: "/api/x/w",
    summary: "w",
    access: "public",
    input: z.strictObject({ name: z.string() }),
    output: z.null(),
  }).input;
  const reasons = (value: unknown) =>
    (input.safeParse(value).error?.issues ?? []).map(
      (i) => ("params" in i ? (i.params as { reason?: string })?.reason : undefined) ?? i.code,
    );

  it("when a field nests arrays 100,000 deep, then the walks neither recurse nor fail: the path is cut at the limit", () => {
    const path = tooDeepPath({ a: deep(100_000) });
    expect(path?.length).toBe(MAX_NESTING);
    expect(path?.[0]).toBe("a");
    expect(controlCharacterPaths(deep(100_000))).toEqual([]);
    expect(tooDeepPath({ a: deep(MAX_NESTING - 2) })).toBeNull();
  });

  it("when any call's input gets a value nested deeper than the limit, then it is refused as nested too deeply, not thrown", () => {
    expect(reasons({ name: deep(5_000) })).toContain("common.nestedTooDeeply");
    // An unknown field never reaches the guard (the strict object drops it with its issue); the server's pipeline
    // refuses deep bodies before zod sees them (bad-input-fuzz.test.ts).
    expect(reasons({ name: "x", notAField: deep(5_000) })).toEqual(["unrecognized_keys"]);
  });

  it("when an instant or a day is of year 0 or before 1900, then it is refused as out of range; 1900 to 9999 is taken", () => {
    for (const bad of ["0000-01-01T00:00:00.000Z", "1899-12-31T23:59:59Z"])
      expect(instant.safeParse(bad).error?.issues[0]?.message, bad).toBe("must be a date between the years 1900 and 9999");
    for (const bad of ["0000-01-01", "0001-02-03", "0000-00-00", "275760-09-13"])
      expect(calendarDay.safeParse(bad).success, bad).toBe(false);
    for (const good of ["1900-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"]) expect(instant.safeParse(good).success, good).toBe(true);
    for (const good of ["1900-01-01", "2026-11-29", "9999-12-31"]) expect(calendarDay.safeParse(good).success, good).toBe(true);
  });
});
