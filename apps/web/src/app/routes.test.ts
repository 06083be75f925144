import { functionCodes } from "@sbo/contract/functions";
import { describe, expect, it } from "vitest";
import { routes } from "./routes";

const byPath = (path: string) => routes.find((r) => r.path === path);

/** The screens the platform issue owns. */
const owned = {
  public: [
    "/",
    "/login/toLogin",
    "/login/backPwd",
    "/login/403",
    "/403",
    "/401",
    "/404",
    "/500",
    "/shopClose",
    "/download",
    "/agreement/:type/:code",
  ],
  private: ["/transaction/index", "/setup/index", "/transaction/setup/setLoginPassword"],
  redirects: { "/login": "/login/toLogin", "/setup": "/setup/index", "/transaction": "/transaction/index" },
};

describe("route table", () => {
  it.each(owned.public)("has the public screen %s", (path) => {
    const def = byPath(path);
    expect(def?.public).toBe(true);
    expect(def?.screen).toBeTypeOf("function");
  });

  it.each(owned.private)("has the private screen %s", (path) => {
    const def = byPath(path);
    expect(def?.public).toBeFalsy();
    expect(def?.screen).toBeTypeOf("function");
  });

  it.each(Object.entries(owned.redirects))("redirects %s to %s", (from, to) => {
    expect(byPath(from)?.redirectTo).toBe(to);
  });

  it("renders unknown paths with the not-found screen", () => {
    expect(byPath("*")?.screen).toBeTypeOf("function");
  });

  it("guards private routes only with functions that exist in the function tree", () => {
    for (const def of routes.filter((r) => !r.public && r.func)) expect(functionCodes.has(def.func ?? "")).toBe(true);
  });

  it("lists every path once, each with a title in both languages", () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    for (const def of routes) {
      expect(def.title.en).not.toBe("");
      expect(def.title.zh).not.toBe("");
    }
  });

  it("every screen module exports Component", async () => {
    for (const def of routes.filter((r) => r.screen)) {
      const module = await def.screen?.();
      expect(module?.Component, def.path).toBeTypeOf("function");
    }
  });
});
