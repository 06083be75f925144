import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boundedRecord, maxEntriesOf } from "./common";
import { contract } from "./index";

/*
 * Issue 22, finding 6: a write with a 10,000-item array did its work before refusing it. Every array a call takes
 * has a most-items bound in the contract, so an oversized body is a 400 before any work.
 */

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  [key: string]: unknown;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The paths of arrays (and records, which are open-ended too) in a schema that have no most-items bound. */
function unbounded(schema: z.ZodType, path: string, out: string[], seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case "array":
      if (!def.checks?.some((c) => c._zod.def.check === "max_length" || c._zod.def.check === "length_equals")) out.push(path);
      unbounded(inner("element"), `${path}[]`, out, seen);
      break;
    case "object":
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) unbounded(v, path ? `${path}.${k}` : k, out, seen);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      unbounded(inner("innerType"), path, out, seen);
      break;
    case "pipe":
      unbounded(inner("in"), path, out, seen);
      break;
    case "union":
      for (const o of def.options as z.ZodType[]) unbounded(o, path, out, seen);
      break;
    case "intersection":
      unbounded(inner("left"), path, out, seen);
      unbounded(inner("right"), path, out, seen);
      break;
    case "tuple":
      for (const o of def.items as z.ZodType[]) unbounded(o, path, out, seen);
      break;
    case "record":
      if (maxEntriesOf(schema) === undefined) out.push(`${path}{}`);
      unbounded(inner("valueType"), `${path}{}`, out, seen);
      break;
    case "lazy":
      unbounded((def.getter as () => z.ZodType)(), path, out, seen);
      break;
  }
  return out;
}

describe("the contract's inputs", () => {
  it("(the check itself) finds an array or a record without a bound, however deep", () => {
    const schema = z.strictObject({
      ids: z.array(z.string()).max(5),
      lines: z
        .array(z.object({ tags: z.array(z.string()) }))
        .max(5)
        .optional(),
      byShop: z.record(z.string(), z.string()),
      remarks: boundedRecord(z.string(), z.string(), 3).default({}),
    });
    expect(unbounded(schema, "", [])).toEqual(["lines[].tags", "byShop{}"]);
    expect(schema.safeParse({ ids: [], remarks: { a: "1", b: "2", c: "3", d: "4" }, byShop: {} }).error?.issues[0]).toMatchObject({
      code: "too_big",
      maximum: 3,
      path: ["remarks"],
    });
  });

  it("bound every array a call takes, so an oversized body is refused before any work", () => {
    const found = Object.entries(contract).flatMap(([domain, calls]) =>
      Object.entries(calls).flatMap(([name, call]) => unbounded(call.input, "", []).map((p) => `${domain}.${name}: ${p}`)),
    );
    expect(found).toEqual([]);
  });
});
