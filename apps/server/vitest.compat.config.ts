import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The PGlite compatibility subset CI runs on the embedded database (`npm run test:compat`); the full suite runs on
 * PostgreSQL. It holds what could differ between the two engines: migrations, seeds, every read without an id, every
 * export and a write per domain (pglite-compat.test.ts), the audit trigger, files and versions (system), and the call
 * pipeline's transactions, goods search (pg_trgm and plpgsql), the order list's search (index-first UNIONs, json_agg,
 * the tab counts' triggers). `npm run test:pglite` runs the whole suite on PGlite.
 * (Not mergeConfig: it would add these files to the base's include instead of replacing it.)
 */
export default defineConfig({
  test: {
    ...base.test,
    include: [
      "src/pglite-compat.test.ts",
      "src/domains/system/*.test.ts",
      "src/platform/**/*.test.ts",
      "src/domains/catalogue/search/*.test.ts",
      "src/domains/orders/order-search.test.ts",
    ],
  },
});
