// biome-ignore lint/style/noRestrictedImports: test support finds any domain's entry by its path
import { type Call, contract } from "@sbo/contract";
import { vi } from "vitest";
import type { z } from "zod";

/**
 * Fetch stubs that cannot drift from the contract: every stubbed answer's `data` is parsed through the called
 * entry's output schema before the screen sees it, so a stub missing a field the contract has, or holding one of the
 * wrong type, fails the test with zod's words instead of passing against an API that does not exist.
 */
const entries: Call[] = Object.values(contract).flatMap((domain) => Object.values(domain as Record<string, Call>));
const entryAt = (path: string) => entries.find((e) => e.path === path);

/** The `data` of an entry's answer, checked against its output schema (throws on drift). */
export function dataOf<C extends Call>(entry: C, data: z.input<C["output"]>): z.output<C["output"]> {
  const parsed = entry.output.safeParse(data);
  if (!parsed.success) throw new Error(`stubbed answer of ${entry.path} drifts from the contract: ${parsed.error.message}`);
  return parsed.data as z.output<C["output"]>;
}

/** A successful JSON envelope answering `entry` with `data`, checked against the entry's output schema. */
export function answerOf<C extends Call>(entry: C, data: z.input<C["output"]>): Response {
  return new Response(JSON.stringify({ code: "0", msg: "", data: dataOf(entry, data) }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}

/** A refusal envelope (not parsed: refusals carry `data` of their own). */
export const refusalOf = (code: string, msg = "", data: unknown = null, status = 200) =>
  new Response(JSON.stringify({ code, msg, data }), { status, headers: { "content-type": "application/json" } });

/** What a stubbed call is answered with: its data (checked), a Response (a refusal), or undefined for `null`. */
export type Stub = (entry: Call, body: Record<string, unknown>) => unknown;

/**
 * Stubs global fetch: a call to a contract entry's path goes to `stub(entry, body)` (the body without `systemId`);
 * data it answers is parsed through the entry's output schema, a Response it answers is sent as is, undefined
 * answers `null` (for calls the test does not care about). Answers the requests made, for assertions.
 */
export function stubContractFetch(stub: Stub) {
  const requests: { entry: Call; body: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const entry = entryAt(url);
    if (!entry) throw new Error(`the screen called ${url}, which is no contract entry`);
    const { systemId: _systemId, ...body } = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
    requests.push({ entry, body });
    const answer = stub(entry, body);
    if (answer instanceof Response) return answer;
    if (answer === undefined) return refusalOf("0");
    return answerOf(entry, answer as never);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { requests, fetchMock };
}
