import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The web's import direction is enforced by Biome (`noRestrictedImports` overrides in biome.json,
 * one per feature, and `noImportCycles`). Biome cannot say "any other feature", so each feature
 * needs its own entry: this test fails when a new feature folder has none.
 */
const root = resolve(import.meta.dirname, "../../..");
const features = readdirSync(resolve(root, "apps/web/src/features"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const biome: { overrides?: { includes?: string[]; linter?: unknown }[] } = JSON.parse(readFileSync(resolve(root, "biome.json"), "utf8"));

describe("import direction rules", () => {
  it.each(features)("when the feature %s exists, then Biome forbids it to import app/ and other features", (feature) => {
    const entry = biome.overrides?.find((o) => o.includes?.includes(`apps/web/src/features/${feature}/**`));
    const rules = JSON.stringify(entry?.linter ?? null);
    expect(rules).toContain("@/app/**");
    expect(rules).toContain(`!@/features/${feature}/**`);
  });

  it("when platform/ or components/ import a feature or app/, then Biome refuses it", () => {
    const entry = biome.overrides?.find((o) => o.includes?.includes("apps/web/src/platform/**"));
    expect(entry?.includes).toContain("apps/web/src/components/**");
    expect(JSON.stringify(entry?.linter)).toContain("@/features/**");
  });
});
