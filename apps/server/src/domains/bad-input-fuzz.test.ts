import { type Call, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { PNG } from "../test/goods-kit";
import { createTestApp, type Part, type TestApp } from "../test/harness";

/**
 * A fuzz over every call of the contract (seller, buyer and public; a domain added later is fuzzed without touching
 * this file): each call gets a body built from its own input schema, then one field at a time (nested ones too)
 * replaced by a bad value of the families an outside probe uses: NUL, a 100,000-character string, nesting 3,000
 * deep, the wrong type, dates of year 275760 or 0000-00-00, numbers like 1e308, -1, "NaN" and 2^63; then whole-body
 * variants (deep unknown fields, a deep body, an array body). No answer may be a 5xx; where the body is clearly
 * invalid (a NUL, deep nesting, an unknown field) it must be a 400 naming a field. Values are spread over the fields
 * by a fixed rotation (no randomness), so a failure reproduces; every family reaches every call that has a field of
 * its type.
 */
const calls = Object.keys(contract).flatMap((d) =>
  Object.entries(contract[d as keyof typeof contract] as Record<string, Call>).map(([name, call]) => [`${d}.${name}`, call] as const),
);

/**
 * Calls fuzzed last, in this order, because a valid body ends the session they run in (the rest of the fuzz
 * would then only see "not logged in"): they are fuzzed all the same, with a fresh login after each.
 */
const SESSION_ENDING = new Set(["session.logout", "buyer.logout"]);

let t: TestApp;
let owner: string;
let buyerCookie: string;
const BUYER_PHONE = "13900000078";

async function loginBuyer() {
  await t.post(contract.buyer.sendLoginCode.path, { phone: BUYER_PHONE });
  const login = await t.post(contract.buyer.smsLogin.path, { phone: BUYER_PHONE, code: (await t.lastSms(BUYER_PHONE)).code });
  buyerCookie = `buyer_ticket=${login.cookies.buyer_ticket}`;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login("demo");
  await loginBuyer();
});
afterAll(() => t.close());

/** Sends `fields` to a call as it takes them: JSON, or a multipart form with a valid file for an upload. */
function send(call: Call, fields: unknown) {
  const buyer = call.access === "buyer";
  const auth = buyer ? { headers: { cookie: buyerCookie } } : { ticket: owner };
  if (!call.upload) {
    // A body that is not an object goes as it is (the harness wraps objects in the envelope).
    if (fields === null || typeof fields !== "object" || Array.isArray(fields) || fields instanceof RawJson)
      return t.app
        .inject({
          method: "POST",
          url: call.path,
          headers: { "content-type": "application/json", "sign-token": t.config.signToken, ...(buyer ? { cookie: buyerCookie } : {}) },
          cookies: buyer ? {} : { ticket: owner },
          payload: fields instanceof RawJson ? fields.text : JSON.stringify(fields),
        })
        .then((res) => ({ status: res.statusCode, data: res.json().data as unknown, code: String(res.json().code) }));
    return t.post(call.path, fields as Record<string, unknown>, auth);
  }
  const parts: Part[] = [
    { name: "systemId", value: "71" },
    ...Object.entries(fields as Record<string, unknown>).map(([name, value]) => ({
      name,
      value: typeof value === "string" ? value : JSON.stringify(value),
    })),
    { name: "file", filename: "pixel.png", contentType: "image/png", value: PNG },
  ];
  return t.upload(call.path, parts, auth);
}

/** A body sent as this text: JSON too deep for JSON.stringify to write. */
class RawJson {
  constructor(readonly text: string) {}
}
const DEEPEST = 200_000;
/** A body whose field nests arrays 200,000 deep (400 kB, under the body limit). */
const RAW_DEEP = new RawJson(`{"systemId":71,"a":${"[".repeat(DEEPEST)}${"]".repeat(DEEPEST)}}`);

/** Arrays (or objects) nested `depth` levels, built without recursion. */
function nested(depth: number, kind: "array" | "object"): unknown {
  let v: unknown = "x";
  for (let i = 0; i < depth; i++) v = kind === "array" ? [v] : { a: v };
  return v;
}

const DEEP_ARRAY = nested(3000, "array");
const DEEP_OBJECT = nested(3000, "object");
const HUGE = "x".repeat(100_000);

/** A field's type, by the value the sampler put there; `date` is text holding a day or an instant. */
type Leaf = "date" | "string" | "number" | "boolean" | "array" | "object" | "other";

/** The bad values of each family, by the type of the field they replace (every field also gets the common ones). */
/** `invalid`: the body is bad whatever the call (a 400); `always`: never sampled out. */
const families: Record<Leaf | "common", { label: string; value: unknown; invalid?: boolean; always?: boolean }[]> = {
  common: [
    { label: "NUL", value: "a\u0000b", invalid: true },
    { label: "3,000-deep arrays", value: DEEP_ARRAY, invalid: true },
    { label: "wrong type (object)", value: { not: "this" } },
    { label: "null", value: null },
  ],
  string: [
    { label: "100k characters", value: HUGE },
    { label: "number for text", value: 12345 },
    { label: "year 275760 instant", value: "+275760-09-13T00:00:00.000Z" },
    { label: "date 0000-00-00", value: "0000-00-00" },
    { label: "empty", value: "" },
    { label: "NaN text", value: "NaN" },
    { label: "odd text", value: "省/市/区 ,,, ;;; @@@ ###" },
  ],
  number: [
    { label: "1e308", value: 1e308 },
    { label: "-1", value: -1 },
    { label: "NaN text", value: "NaN" },
    { label: "2^63", value: 2 ** 63 },
    { label: "fraction", value: 1.5 },
    { label: "year 275760 in ms", value: 8.64e15 + 1 },
  ],
  // Dates go into every date field of a call, whatever the sample (each is where PostgreSQL or Date can overflow).
  date: [
    { label: "year 275760 instant", value: "+275760-09-13T00:00:00.000Z", always: true },
    { label: "year 275760 date", value: "275760-09-13", always: true },
    { label: "date 0000-00-00", value: "0000-00-00", always: true },
    { label: "date of year 0", value: "0000-01-01", always: true },
    { label: "instant of year 0", value: "0000-01-01T00:00:00.000Z", always: true },
    { label: "instant of year 9999", value: "9999-12-31T23:59:59.999Z", always: true },
  ],
  boolean: [{ label: "text for boolean", value: "true" }],
  array: [
    { label: "10,000 items", value: Array.from({ length: 10_000 }, () => "x") },
    { label: "text for a list", value: "x" },
  ],
  object: [{ label: "list for an object", value: [1, 2] }],
  other: [],
};

const STRING_CANDIDATES = [
  "Fuzz 1",
  "13800000001",
  "110101",
  "123456",
  "2026-01-01",
  "2026-01-01T00:00:00.000Z",
  "12:00",
  "fuzz@example.com",
  "https://example.com/a.png",
  "Fuzz1234!",
  "ab",
];

/** The unwrapped type of a schema (optional, nullable, default … removed). */
function inner(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; getter?: () => z.ZodType };
  if (def.innerType) return inner(def.innerType);
  if (def.type === "pipe" && def.in) return inner(def.in);
  if (def.type === "lazy" && def.getter) return inner(def.getter());
  return schema;
}

/** A value the schema takes, as near as a generic sampler gets: every optional field filled. */
function sample(schema: z.ZodType, depth = 0): unknown {
  const s = inner(schema);
  const def = s._zod.def as Record<string, unknown> & { type: string };
  const ok = (v: unknown) => s.safeParse(v).success;
  switch (def.type) {
    case "string":
      return STRING_CANDIDATES.find(ok) ?? "Fuzz";
    case "number":
    case "int":
      return [1, 0, 100, 10_000, 0.5].find(ok) ?? 1;
    case "bigint":
      return 1;
    case "boolean":
      return true;
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "array": {
      const item = sample(def.element as z.ZodType, depth + 1);
      const one = [item];
      return ok(one) ? one : ok([]) ? [] : [item, item];
    }
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, sample(v, depth + 1)]));
    }
    case "union": {
      const options = def.options as z.ZodType[];
      for (const o of options) {
        const v = sample(o, depth + 1);
        if (ok(v)) return v;
      }
      return sample(options[0] as z.ZodType, depth + 1);
    }
    case "record":
      return {};
    case "tuple":
      return (def.items as z.ZodType[]).map((i) => sample(i, depth + 1));
    case "null":
      return null;
    default:
      return "x";
  }
}

/** The bodies a call starts from: one per variant of a discriminated union, else one. */
function basesOf(input: z.ZodType): Record<string, unknown>[] {
  const s = inner(input);
  const def = s._zod.def as { type: string; options?: z.ZodType[] };
  if (def.type === "union" && def.options) return def.options.map((o) => sample(o) as Record<string, unknown>);
  return [sample(input) as Record<string, unknown>];
}

/** Every value in a body with its path and type: the fields a bad value can replace. */
function leavesOf(body: unknown): { path: (string | number)[]; type: Leaf }[] {
  const out: { path: (string | number)[]; type: Leaf }[] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (path.length > 0) {
      const type: Leaf = Array.isArray(v)
        ? "array"
        : v !== null && typeof v === "object"
          ? "object"
          : typeof v === "string" && /^\d{4}-\d\d-\d\d/.test(v)
            ? "date"
            : typeof v === "string" || typeof v === "number" || typeof v === "boolean"
              ? (typeof v as Leaf)
              : "other";
      out.push({ path, type });
    }
    if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(x, [...path, i]);
    else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
  };
  walk(body, []);
  return out;
}

function replaced(body: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] as string | number] = value;
  return copy;
}

interface Case {
  label: string;
  body: unknown;
  /** The body is bad whatever the call: it must be a 400. */
  invalid: boolean;
  /** Never sampled out. */
  always?: boolean;
}

/** At most this many field cases per call and variant (the fuzz must stay under a minute on PostgreSQL). */
const FIELD_CASES = 6;

/** A number from a text, the same on every run: the seed that picks a call's sample. */
const seedOf = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/**
 * The cases of one call: each bad value of each family goes into one field of its type (rotating over the fields),
 * each top-level field gets one and every date field gets every bad date; beyond `FIELD_CASES`, the clearly invalid
 * values and the dates stay and the rest are sampled with the call's own seed. Then the whole-body variants.
 */
function casesOf(name: string, call: Call): Case[] {
  const cases: Case[] = [];
  let seed = seedOf(name);
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed;
  };
  for (const base of basesOf(call.input)) {
    const leaves = leavesOf(base);
    const pool: Case[] = [];
    const covered = new Set<string>();
    let turn = 0;
    for (const type of ["common", "string", "number", "boolean", "array", "object"] as const) {
      const fields = leaves.filter((l) => type === "common" || l.type === type);
      if (fields.length === 0) continue;
      for (const bad of families[type]) {
        const leaf = fields[turn++ % fields.length] as (typeof leaves)[number];
        covered.add(String(leaf.path[0]));
        pool.push({ label: `${leaf.path.join(".")} = ${bad.label}`, body: replaced(base, leaf.path, bad.value), invalid: !!bad.invalid });
      }
    }
    leaves.forEach((leaf, index) => {
      if (leaf.path.length > 1 || covered.has(String(leaf.path[0]))) return;
      const values = [...families.common, ...families[leaf.type]];
      const bad = values[(index * 7) % values.length] as (typeof values)[number];
      pool.push({ label: `${leaf.path.join(".")} = ${bad.label}`, body: replaced(base, leaf.path, bad.value), invalid: !!bad.invalid });
    });
    for (const leaf of leaves.filter((l) => l.type === "date"))
      for (const bad of families.date)
        pool.push({
          label: `${leaf.path.join(".")} = ${bad.label}`,
          body: replaced(base, leaf.path, bad.value),
          invalid: false,
          always: true,
        });
    const kept = pool.filter((c) => c.invalid || c.always);
    const rest = pool.filter((c) => !c.invalid && !c.always);
    while (kept.length < FIELD_CASES && rest.length > 0) kept.push(...rest.splice(next() % rest.length, 1));
    cases.push(...kept);
    cases.push({ label: "unknown field of 3,000-deep arrays", body: { ...base, notAField: DEEP_ARRAY }, invalid: true });
  }
  cases.push({ label: "whole body 3,000-deep", body: { a: DEEP_OBJECT }, invalid: true });
  if (!call.upload) {
    cases.push({ label: "body is an array", body: [DEEP_ARRAY], invalid: true });
    cases.push({ label: "body is a string", body: "x", invalid: true });
    cases.push({ label: `field nested ${DEEPEST.toLocaleString("en")} deep`, body: RAW_DEEP, invalid: true });
  }
  return cases;
}

const sessionEnded = (code: string) => ["001107", "001108", "000016"].includes(code);

it("fuzzes every domain of the contract", () => {
  expect(calls.length).toBeGreaterThan(300);
  expect(new Set(calls.map(([name]) => name.split(".")[0]))).toEqual(new Set(Object.keys(contract)));
});

const ordered = [...calls.filter(([n]) => !SESSION_ENDING.has(n)), ...calls.filter(([n]) => SESSION_ENDING.has(n))];

/** Cases sent at once (the server and the database overlap their work; a session-ending call goes one at a time). */
const AT_ONCE = 4;

describe.each(ordered)("%s", (name, call) => {
  it("when any field (or the whole body) holds a bad value, then the answer is never a 5xx, and clearly bad input is a 400", async () => {
    const problems: string[] = [];
    const cases = casesOf(name, call);
    const width = SESSION_ENDING.has(name) ? 1 : AT_ONCE;
    for (let i = 0; i < cases.length; i += width) {
      const batch = cases.slice(i, i + width);
      const answers = await Promise.all(batch.map((c) => send(call, c.body)));
      let ended = false;
      batch.forEach((c, j) => {
        const res = answers[j] as Awaited<ReturnType<typeof send>>;
        if (res.status >= 500) problems.push(`${c.label}: ${res.status} ${JSON.stringify(res.data).slice(0, 200)}`);
        else if (c.invalid && res.status !== 400) problems.push(`${c.label}: expected 400, got ${res.status} ${res.code}`);
        if (sessionEnded(res.code)) {
          if (!SESSION_ENDING.has(name)) problems.push(`${c.label}: the session ended (${res.code})`);
          ended = true;
        }
      });
      if (ended) {
        owner = await t.login("demo");
        await loginBuyer();
      }
    }
    expect(problems, `${name}:\n${problems.join("\n")}`).toEqual([]);
  });
});
