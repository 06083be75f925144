import { type Call, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PNG } from "../test/goods-kit";
import { createTestApp, type Part, type TestApp } from "../test/harness";

/**
 * A sweep over every call of every domain of the contract (`Object.keys(contract)`: a domain added later is swept
 * without touching this file): bad input is answered 400 with the field named, a string with a NUL in any field is
 * bad input (never a 500 from the database), and no answer carries a stack trace or a source path.
 */
const calls = Object.keys(contract).flatMap((d) =>
  Object.entries(contract[d as keyof typeof contract] as Record<string, Call>).map(([name, call]) => [`${d}.${name}`, call] as const),
);

let t: TestApp;
let owner: string;
/** The buyer API's calls answer a buyer's ticket (its own cookie). */
let buyerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  const phone = "13900000077";
  await t.post(contract.buyer.sendLoginCode.path, { phone });
  const login = await t.post(contract.buyer.smsLogin.path, { phone, code: (await t.lastSms(phone)).code });
  buyerCookie = `buyer_ticket=${login.cookies.buyer_ticket}`;
});
afterAll(() => t.close());

const issuesOf = (data: unknown) => (data as { issues?: { path: string; reason?: string }[] } | null)?.issues ?? [];
const issuePaths = (data: unknown) => issuesOf(data).map((i) => i.path);
const leaks = (answer: unknown) => /\n\s+at |node_modules|\.ts:\d+/.test(JSON.stringify(answer));

/** Sends `fields` to a call as it takes them: JSON, or a multipart form with a valid file for an upload. */
function send(call: Call, fields: Record<string, unknown>) {
  const buyer = call.access === "buyer";
  if (!call.upload)
    return buyer ? t.post(call.path, fields, { headers: { cookie: buyerCookie } }) : t.post(call.path, fields, { ticket: owner });
  const parts: Part[] = [
    { name: "systemId", value: "71" },
    ...Object.entries(fields).map(([name, value]) => ({ name, value: typeof value === "string" ? value : JSON.stringify(value) })),
    { name: "file", filename: "pixel.png", contentType: "image/png", value: PNG },
  ];
  return buyer ? t.upload(call.path, parts, { headers: { cookie: buyerCookie } }) : t.upload(call.path, parts, { ticket: owner });
}

/**
 * The bodies that put a NUL into each field of a call: for an object, each of its fields; for a discriminated
 * union, each field of each variant with the discriminator set to pick that variant.
 */
function nulBodies(input: z.ZodType): { field: string; body: Record<string, unknown> }[] {
  if (input instanceof z.ZodObject) return Object.keys(input.shape).map((field) => ({ field, body: { [field]: "a\u0000b" } }));
  if (input instanceof z.ZodDiscriminatedUnion) {
    const discriminator = input.def.discriminator;
    return (input.options as z.ZodObject[]).flatMap((option) => {
      const picked = option.shape[discriminator] as z.ZodLiteral;
      return Object.keys(option.shape)
        .filter((field) => field !== discriminator)
        .map((field) => ({ field, body: { [discriminator]: picked.value, [field]: "a\u0000b" } }));
    });
  }
  throw new Error(`the sweep does not know how to fill a ${input.constructor.name} input: teach nulBodies`);
}

it("sweeps every domain of the contract", () => {
  expect(calls.length).toBeGreaterThan(90);
  expect(new Set(calls.map(([name]) => name.split(".")[0]))).toEqual(new Set(Object.keys(contract)));
});

describe.each(calls)("%s", (_name, call) => {
  it("when an unknown field is sent, then 400 names it (or, for a union, the field that picks the variant), with no stack", async () => {
    const res = await send(call, { notAField: 1 });
    expect(res.status).toBe(400);
    const paths = issuePaths(res.data);
    expect(paths.includes("notAField") || (paths.length > 0 && !(call.input instanceof z.ZodObject)), paths.join()).toBe(true);
    expect(res.msg).toMatch(/^[\w.]+: /);
    expect(leaks(res)).toBe(false);
  });

  const bodies = nulBodies(call.input);
  if (bodies.length > 0)
    it("when any field holds a string with a NUL, then 400 names that field as a control character, never a 500", async () => {
      for (const { field, body } of bodies) {
        const res = await send(call, body);
        expect(res.status, field).toBe(400);
        const named = issuesOf(res.data).some((i) => i.path === field && i.reason === "common.controlCharacter");
        expect(named, `${field}: ${JSON.stringify(res.data)}`).toBe(true);
        expect(leaks(res), field).toBe(false);
      }
    });

  const shape = call.input instanceof z.ZodObject ? (call.input.shape as Record<string, z.ZodType>) : {};
  // A list whose first page needs no filter: a page far past the list's depth (10,000 rows) is refused.
  if ("pageNum" in shape && call.input.safeParse({ pageNum: 1, pageSize: 20 }).success)
    it("when a page past the list's depth is asked, then 400 names pageNum instead of answering the last page again", async () => {
      const res = await send(call, { pageNum: 900, pageSize: 20 });
      expect(res.status).toBe(400);
      expect(issuePaths(res.data)).toEqual(["pageNum"]);
      expect(leaks(res)).toBe(false);
    });

  // The fields whose schema refuses an object where it expects something else.
  const wrong = Object.keys(shape).filter((key) =>
    call.input.safeParse({ [key]: { not: "this" } }).error?.issues.some((issue) => issue.path[0] === key),
  );
  if (wrong.length > 0 && !call.upload)
    it("when a field has the wrong type, then 400 names that field, with no stack", async () => {
      for (const key of wrong) {
        const res = await send(call, { [key]: { not: "this" } });
        expect(res.status, key).toBe(400);
        expect(
          issuePaths(res.data).some((p) => p === key || p.startsWith(`${key}.`)),
          key,
        ).toBe(true);
        expect(leaks(res), key).toBe(false);
      }
    });
});
