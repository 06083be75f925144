import { describe, expect, it } from "vitest";
import { templateOf } from "./template";

/*
 * Issue 23 §5: on the embedded database every test file starts from a copy of the run's template (global-setup.ts).
 * Reading the 150 MB dump into memory for each file (and PGlite copying it again) is what made a worker's memory grow
 * to gigabytes on a crowded machine; the dump a file gets is backed by the file instead.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("the embedded template", () => {
  it("when a test file takes the demo template, then the dump is not read into the worker's memory", async () => {
    const before = process.memoryUsage().arrayBuffers;
    const template = await templateOf("demo", undefined);
    const grown = process.memoryUsage().arrayBuffers - before;
    if (!template || !("dump" in template)) throw new Error("the run has no embedded template (global-setup.ts)");
    // Migrations, reference data and two demo sellers with 2,000 orders each.
    expect(template.dump.size).toBeGreaterThan(20 * 1024 * 1024);
    expect(grown).toBeLessThan(template.dump.size / 10);
  });
});
