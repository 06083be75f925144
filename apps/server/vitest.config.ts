import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * On the embedded database (no TEST_DATABASE_URL) each file's database is a PGlite in the worker, several times slower
 * than PostgreSQL and heavier on a crowded machine: time-outs are set for that work (issue 23 §5 measured a test that
 * builds an app of its own at 40 s, and a file's setup at over a minute, on a 2-core machine at load 20).
 */
const embedded = !process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/test/global-setup.ts"],
    // Each file gets its own database; two at a time fits a 2-core machine (and never more than the cores).
    maxWorkers: Math.min(2, availableParallelism()),
    // Test files share their modules within a worker instead of importing the app again for each (67 files): importing
    // took 200 of the suite's 460 seconds of work. Nothing here keeps state in a module between files — each file
    // has its own database and app — and a file that mocks a module loads the app afresh after it (login-timing).
    isolate: false,
    // A ceiling on each worker's JavaScript heap: a worker that leaks fails with "heap out of memory" instead of
    // taking the machine's memory (PGlite's own memory, about 0.8 GB per open database, is outside this heap).
    execArgv: ["--max-old-space-size=2048"],
    testTimeout: embedded ? 120_000 : 30_000,
    hookTimeout: embedded ? 300_000 : 60_000,
  },
});
