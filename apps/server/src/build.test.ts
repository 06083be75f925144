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

/** The installed packages a source file loads at run time (type-only imports are erased; `node:` and `@sbo/` are not installed). */
function packagesOf(text: string): string[] {
  const specifiers = [
    ...[...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^;]*?\bfrom\s+"([^"]+)"/g)].filter((m) => !m[1]).map((m) => m[2]),
    ...[...text.matchAll(/(?:^|\n)\s*import\s+"([^"]+)"/g)].map((m) => m[1]),
    ...[...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]),
  ];
  return specifiers
    .filter((s): s is string => s !== undefined && !/^(\.|\/|node:|@sbo\/)/.test(s))
    .map((s) =>
      s
        .split("/")
        .slice(0, s.startsWith("@") ? 2 : 1)
        .join("/"),
    );
}

describe("the production build", () => {
  it("when the bundle loads an installed package, then it is a production dependency of the server (the image installs only those)", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    // The test kits (src/test) are not part of the bundle.
    const loaded = sources(join(root, "src"))
      .filter((file) => !file.startsWith(join(root, "src", "test")))
      .flatMap((file) => packagesOf(readFileSync(file, "utf8")).map((name) => ({ file, name })));
    expect(loaded.map((l) => l.name)).toContain("@aws-sdk/client-s3");
    expect(loaded.filter((l) => !(l.name in pkg.dependencies))).toEqual([]);
    // What only the tests use stays out of it.
    expect(loaded.map((l) => l.name)).not.toContain("s3rver");
  });

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
