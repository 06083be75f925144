import { globSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
const tests = "src/**/*.test.{ts,tsx}";
/**
 * Most test files share their modules within a worker (`isolate: false`): importing React, antd and the screens afresh
 * for every file was 270 of the suite's 350 seconds of work. A file that replaces a module (`vi.mock`) needs modules of
 * its own and runs isolated; such files are found by reading them, so no list is kept. Files sharing modules must leave
 * nothing behind: src/test/setup.ts clears the page, the storages and antd's pop-ups after each file. (The server's
 * suite shares modules the same way.)
 */
const mocking = globSync(tests, { cwd: root }).filter((file) => readFileSync(`${root}/${file}`, "utf8").includes("vi.mock("));

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "jsdom",
      setupFiles: ["./src/test/setup.ts"],
      css: false,
      // antd renders large trees; jsdom on two cores needs more than the 5 s default.
      testTimeout: 20_000,
      projects: [
        { extends: true, test: { name: "shared", include: [tests], exclude: [...configDefaults.exclude, ...mocking], isolate: false } },
        { extends: true, test: { name: "isolated", include: mocking, isolate: true } },
      ],
    },
  }),
);
