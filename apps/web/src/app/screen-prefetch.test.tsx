import { describe, expect, it } from "vitest";
import { routes } from "./routes";

// Screens load lazily; on a loaded two-core machine loading them all takes a while.
const slow = { timeout: 180_000 };

describe("every screen of the route table says what it prefetches (issue 26 §4)", () => {
  it("exports a prefetch from each screen module: its first queries, or `none` where it opens on no query", slow, async () => {
    const without: string[] = [];
    for (const def of routes.filter((r) => r.screen)) {
      const module = await def.screen?.();
      if (typeof module?.prefetch !== "function") without.push(def.path);
    }
    expect(without).toEqual([]);
  });
});
