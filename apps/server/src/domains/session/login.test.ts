import { codes, contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("password login", () => {
  it("when the password is right, then a host-only HttpOnly ticket cookie is set and the member is known", async () => {
    const res = await t.call(contract.login.login, { loginName: "demo", password: "Demo@2026!" });
    expect(res.code).toBe(codes.OK);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/ticket=[A-Za-z0-9_-]{43}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Domain=/i);
    const me = await t.call(contract.session.getMemberByToken, {}, { ticket: res.cookies.ticket });
    expect(me.data.loginName).toBe("demo");
    expect(me.data.shop?.name).toBe("Green Valley Fresh");
    expect(me.data.isOwner).toBe(true);
  });

  it("when a field is missing or unknown, then 400 names the field and nothing is written", async () => {
    const res = await t.post(contract.login.login.path, { loginName: "demo", extra: 1 });
    expect(res.status).toBe(400);
    expect(res.code).toBe(codes.BAD_INPUT);
    expect(res.msg).toContain("password");
    expect(res.data).toMatchObject({ issues: expect.arrayContaining([{ path: "extra", message: "is not a known field" }]) });
  });

  it("when systemId is not 71, then the call is refused as bad input", async () => {
    const res = await t.post(contract.login.login.path, { loginName: "demo", password: "x", systemId: 70 });
    expect(res.status).toBe(400);
    expect(res.msg).toContain("systemId");
  });

  it("when the sign-token header is wrong, then the server answers 403", async () => {
    const res = await t.post(contract.login.login.path, { loginName: "demo", password: "Demo@2026!" }, { headers: { "sign-token": "nope" } });
    expect(res.status).toBe(403);
  });
});
