import { codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApp } from "../../test/harness";

// Count the argon2 verifications a login makes (the real ones still run).
const verifications = vi.hoisted(() => ({ n: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      verifications.n += 1;
      return real.verify(...args);
    },
  };
});

let t: TestApp;
let createSeller: typeof import("../../test/fixtures").createSeller;
beforeAll(async () => {
  // The suite shares modules between test files (vitest.config.ts, `isolate: false`): an earlier file may have loaded
  // argon2 unmocked, so the app is loaded afresh here, after the mock.
  vi.resetModules();
  ({ createSeller } = await import("../../test/fixtures"));
  t = await (await import("../../test/harness")).createTestApp({ demo: false });
});
afterAll(() => t.close());

describe("an unknown login name costs what a wrong password costs", () => {
  it("when the name is unknown, then one argon2 verification runs (against a dummy hash), as for a wrong password", async () => {
    const s = await createSeller(t);
    verifications.n = 0;
    expect((await t.call(contract.login.login, { loginName: s.loginName, password: "Wrong#Pass1" })).code).toBe(codes.LOGIN_FAILED);
    const known = verifications.n;
    verifications.n = 0;
    expect((await t.call(contract.login.login, { loginName: `nobody-${s.loginName}`, password: "Wrong#Pass1" })).code).toBe(
      codes.LOGIN_FAILED,
    );
    expect(known).toBe(1);
    expect(verifications.n).toBe(known);
  });
});
