import { codes } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { member } from "../../platform/auth/auth.tables";
import { hashPassword } from "../../platform/auth/passwords";
import { TEST_PASSWORD } from "../../test/fixtures";
import { createTestApp, type TestApp } from "../../test/harness";

/** Spec §2 /login/403 (docs/security.md item 21): the web routes on the code, so it must be its own. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  await t.db.insert(member).values({ loginName: "buyer-only", name: "Buyer", passwordHash: await hashPassword(TEST_PASSWORD) });
});
afterAll(() => t.close());

describe("an account that belongs to no seller organisation", () => {
  it("when it logs in with the right password, then 001109 (not 001101), no ticket, and the web sends it to /login/403", async () => {
    const res = await t.post("/api/seller/basic/member/login/login", { loginName: "buyer-only", password: TEST_PASSWORD });
    expect(res.code).toBe(codes.NOT_A_SELLER);
    expect(res.code).not.toBe(codes.LOGIN_FAILED);
    expect(res.cookies.ticket).toBeUndefined();
  });

  it("when it logs in with a wrong password, then the ordinary login refusal, telling nothing about organisations", async () => {
    const res = await t.post("/api/seller/basic/member/login/login", { loginName: "buyer-only", password: "Wrong#Pass2026" });
    expect(res.code).not.toBe(codes.NOT_A_SELLER);
    expect(res.cookies.ticket).toBeUndefined();
  });
});
