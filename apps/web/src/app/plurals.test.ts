import { describe, expect, it } from "vitest";
import { en } from "../locales/en";
import { zh } from "../locales/zh";
import { bundles } from "./messages";

/** Every text of a language: the shared texts and every feature's bundle, as dotted key → text. */
async function textsOf(lang: "en" | "zh") {
  const texts = new Map<string, string>();
  const walk = (tree: unknown, path: string) => {
    if (typeof tree === "string") texts.set(path, tree);
    else if (tree && typeof tree === "object") for (const [k, v] of Object.entries(tree)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(lang === "en" ? en : zh, "");
  for (const bundle of Object.values(bundles)) walk(await bundle[lang](), "");
  return texts;
}

// Nouns a number counts in English texts ("1 items" is what this test is here to stop).
const nouns =
  /\{\{(\w+)\}\} (items?|pieces?|SKUs?|rows?|goods|members?|days?|characters?|lines?|times|deliver(y|ies)|rules?|region rules?|conditions?|areas?|records?|accounts?|member accounts?|sub-categor(y|ies)|orders?|paid orders?|entries|tag links?)\b/;
const pluralKey = /_(zero|one|two|few|many|other)$/;

describe("counted texts", () => {
  it("when a text counts something, then it counts with {{count}} through i18next's plural forms, in both languages", async () => {
    const english = await textsOf("en");
    const wrong: string[] = [];
    for (const [key, text] of english) {
      const counted = nouns.exec(text);
      // "at most {{max}} items" is never one: a limit, not a count.
      if (counted && counted[1] !== "max" && (counted[1] !== "count" || !pluralKey.test(key))) wrong.push(`${key}: ${text}`);
    }
    expect(wrong).toEqual([]);

    // Each plural form has its sibling, and Chinese has the same forms (its one form is the other's words).
    const chinese = await textsOf("zh");
    const unpaired = [...english.keys()]
      .filter((k) => k.endsWith("_one"))
      .filter((k) => !english.has(k.replace(/_one$/, "_other")) || !chinese.has(k) || !chinese.has(k.replace(/_one$/, "_other")));
    expect(unpaired).toEqual([]);
  });
});
