import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    globalSetup: ["src/test/global-setup.ts"],
    // Each file gets its own database; two at a time fits a 2-core machine.
    maxWorkers: 2,
    // Test files share their modules within a worker instead of importing the app again for each (67 files): importing
    // took 200 of the suite's 460 seconds of work. Nothing here keeps state in a module between files — each file
    // has its own database and app — and a file that mocks a module loads the app afresh after it (login-timing).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
