import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The web's import direction is enforced by Biome (`noRestrictedImports` overrides in biome.json, and
 * `noImportCycles`). One entry covers every feature folder: a feature imports its own files by relative path, never
 * `@/features/…` (so never another feature), and nothing outside itself by `../` (from a feature's top files `../x/…`
 * leaves the feature; from a sub-folder `../x` stays in it), so every way out goes through `@/…`, which the rules see.
 */
const root = resolve(import.meta.dirname, "../../..");
const biome: { overrides?: { includes?: string[]; linter?: unknown }[] } = JSON.parse(readFileSync(resolve(root, "biome.json"), "utf8"));

describe("import direction rules", () => {
  it("when a feature imports app/, another feature or a folder outside itself by ../, then Biome refuses it", () => {
    const entry = biome.overrides?.find((o) => o.includes?.includes("apps/web/src/features/**"));
    const rules = JSON.stringify(entry?.linter ?? null);
    for (const banned of ['"@/app/**"', '"@/features/**"', '"../*/**"']) expect(rules).toContain(banned);
    // No per-feature entry may loosen it (an override for one folder would replace these rules there).
    expect(biome.overrides?.filter((o) => o.includes?.some((i) => i.startsWith("apps/web/src/features/")))).toHaveLength(1);
  });
  it("when platform/ or components/ import a feature or app/, then Biome refuses it", () => {
    const entry = biome.overrides?.find((o) => o.includes?.includes("apps/web/src/platform/**"));
    expect(entry?.includes).toContain("apps/web/src/components/**");
    expect(JSON.stringify(entry?.linter)).toContain("@/features/**");
  });
});
