import { type Call, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../test/harness";

/**
 * A sweep over every call of the shop, organisation, address, supplier, staff and member domains: bad input is
 * answered 400 with the field named, and no answer carries a stack trace or a source path.
 */
const domains = ["reference", "shop", "organization", "address", "supplier", "staff", "member", "templates"] as const;
const calls = domains.flatMap((d) =>
  Object.entries(contract[d] as Record<string, Call>).map(([name, call]) => [`${d}.${name}`, call] as const),
);

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
});
afterAll(() => t.close());

const issuePaths = (data: unknown) => ((data as { issues?: { path: string }[] } | null)?.issues ?? []).map((i) => i.path);
const leaks = (answer: unknown) => /\n\s+at |node_modules|\.ts:\d+/.test(JSON.stringify(answer));

describe.each(calls)("%s", (_name, call) => {
  it("when an unknown field is sent, then 400 names it (or, for a union, the field that picks the variant), with no stack", async () => {
    const res = await t.post(call.path, { notAField: 1 }, { ticket: owner });
    expect(res.status).toBe(400);
    const paths = issuePaths(res.data);
    expect(paths.includes("notAField") || (paths.length > 0 && !(call.input instanceof z.ZodObject)), paths.join()).toBe(true);
    expect(res.msg).toMatch(/^[\w.]+: /);
    expect(leaks(res)).toBe(false);
  });

  const shape = call.input instanceof z.ZodObject ? (call.input.shape as Record<string, z.ZodType>) : {};
  // The fields whose schema refuses an object where it expects something else.
  const wrong = Object.keys(shape).filter((key) =>
    call.input.safeParse({ [key]: { not: "this" } }).error?.issues.some((issue) => issue.path[0] === key),
  );
  if (wrong.length > 0)
    it("when a field has the wrong type, then 400 names that field, with no stack", async () => {
      for (const key of wrong) {
        const res = await t.post(call.path, { [key]: { not: "this" } }, { ticket: owner });
        expect(res.status, key).toBe(400);
        expect(
          issuePaths(res.data).some((p) => p === key || p.startsWith(`${key}.`)),
          key,
        ).toBe(true);
        expect(leaks(res), key).toBe(false);
      }
    });
});
