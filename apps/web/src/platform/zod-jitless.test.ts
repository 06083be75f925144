import { describe, expect, it } from "vitest";
import { z } from "zod";

/*
 * Issue 22, finding 11: every screen logged a CSP violation, zod probing `new Function` (its JIT) under a policy
 * without 'unsafe-eval'. "zod" resolves to zod-jitless.ts (vite.config.ts), which makes it jitless before any schema
 * is built; the tests resolve modules the same way.
 */
describe("zod under the app's Content-Security-Policy", () => {
  it("when object schemas are built and parsed, then zod constructs no Function (nothing for the policy to report)", () => {
    const constructed: unknown[][] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args, newTarget) {
        constructed.push(args);
        return Reflect.construct(target, args, newTarget);
      },
      apply(target, self, args) {
        constructed.push(args);
        return Reflect.apply(target, self, args);
      },
    });
    try {
      const schema = z.object({ name: z.string(), lines: z.array(z.object({ skuId: z.string(), quantity: z.int() })) });
      const value = { name: "Plums", lines: [{ skuId: "S1", quantity: 2 }] };
      expect(schema.parse(value)).toEqual(value);
      expect(schema.safeParse({ name: 1 }).success).toBe(false);
    } finally {
      globalThis.Function = original;
    }
    expect(z.config().jitless).toBe(true);
    expect(constructed).toEqual([]);
  });
});
