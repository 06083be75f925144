import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Production runs the bundle apps/server/build.mjs makes (dist/main.mjs). A module the server starts as a worker thread
 * is not in that bundle: it must be an entry of its own there, or the worker fails in production only (the goods
 * import did, until its worker was built beside the bundle).
 */
const root = new URL("..", import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe("the production build", () => {
  it("builds every module the server starts as a worker thread beside the bundle, where the server looks for it", () => {
    const build = readFileSync(join(root, "build.mjs"), "utf8");
    const workers = sources(join(root, "src")).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      if (!/new Worker\(/.test(text)) return [];
      return [...text.matchAll(/"\.\/([\w-]+)\.ts"/g)].map((m) => ({ file, name: m[1] as string, text }));
    });
    expect(workers.map((w) => w.name)).toContain("sheet-worker");
    for (const w of workers) {
      // An entry named after the worker, and the module looks for its .mjs beside the bundle.
      expect(build, w.name).toContain(`"${w.name}": "./src/`);
      expect(w.text, w.file).toContain(`"./${w.name}.mjs"`);
    }
  });
});
