import { defineConfig } from "vitest/config";

/** `npm run test:budget`: the bundle budgets over the production build (not part of the unit tests). */
export default defineConfig({
  test: { environment: "node", include: ["bundle-budget.test.ts"], testTimeout: 300_000 },
});
