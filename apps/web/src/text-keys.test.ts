import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { bundles } from "./app/messages";
import { en } from "./locales/en";
import { zh } from "./locales/zh";

/**
 * A text key must be loaded wherever it is shown. The shared texts (`locales/`) load at start; a
 * feature's texts load only with its routes. So the shell, `components/`, `platform/` and any feature
 * file that `app/` imports statically (shown on every screen) may use only shared keys, and a feature
 * file may use shared keys and its own feature's. Web unit tests load every text, so without this
 * check a raw key name (`staff.notice.title`) reaches the browser unnoticed.
 */
const src = import.meta.dirname;
type Tree = Record<string, unknown>;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = resolve(dir, d.name);
    if (d.isDirectory()) return d.name === "test" ? [] : files(path);
    return /\.tsx?$/.test(d.name) && !/\.(test|messages\.\w+)\.tsx?$/.test(d.name) ? [path] : [];
  });
}

/** The literal keys a file passes to `t(…)` (a key built at run time cannot be checked here). */
const keysOf = (file: string) => [...readFileSync(file, "utf8").matchAll(/\bt\(\s*"([\w.-]+)"/g)].map((m) => m[1] as string);

const has = (tree: Tree, key: string) => {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return false;
    node = (node as Tree)[part];
  }
  return typeof node === "string" || (typeof node === "object" && node !== null); // an object: `returnObjects`
};
/** i18next plural keys: `x` is there when `x_one` / `x_other` are. */
const resolves = (trees: Tree[], key: string) => trees.some((tree) => ["", "_one", "_other"].some((s) => has(tree, `${key}${s}`)));

/** Each feature folder's bundles, read from where `app/messages.ts` imports them. */
const messagesSource = readFileSync(resolve(src, "app/messages.ts"), "utf8");
const bundlesOf = (feature: string) =>
  Object.entries(bundles).filter(
    ([name]) => new RegExp(`\\b${name}: \\{[^]*?"\\.\\./features/([\\w-]+)/`).exec(messagesSource)?.[1] === feature,
  );

/** Feature files `app/` imports statically: shown with every screen, so shared keys only. */
const shownEverywhere = new Set(
  files(resolve(src, "app")).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/^import (?!type)[^;]*? from "@\/features\/([^"]+)";/gm)].map(
      (m) => [".tsx", ".ts"].map((ext) => resolve(src, "features", `${m[1]}${ext}`)).find((f) => existsSync(f)) ?? `${m[1]}: no such file`,
    ),
  ),
);

const shared = { en: en as Tree, zh: zh as Tree };

describe("text keys are loaded where they are shown", () => {
  const sharedOnly = ["app", "components", "platform"].flatMap((dir) => files(resolve(src, dir)));
  it.each([...sharedOnly, ...shownEverywhere].map((f) => [relative(src, f), f]))(
    "when %s shows a text, then its key is a shared one (in both languages)",
    (_, file) => {
      const missing = keysOf(file).filter((key) => !resolves([shared.en], key) || !resolves([shared.zh], key));
      expect(missing).toEqual([]);
    },
  );

  const features = readdirSync(resolve(src, "features"), { withFileTypes: true }).filter((d) => d.isDirectory());
  it.each(features.map((d) => d.name))(
    "when a file of the %s feature shows a text, then its key is shared or the feature's own",
    async (feature) => {
      const own = bundlesOf(feature);
      const trees = { en: [shared.en], zh: [shared.zh] };
      for (const [, bundle] of own) {
        trees.en.push(await bundle.en());
        trees.zh.push(await bundle.zh());
      }
      const missing = files(resolve(src, "features", feature))
        .filter((file) => !shownEverywhere.has(file))
        .flatMap((file) => keysOf(file).map((key) => `${relative(dirname(src), file)}: ${key}`))
        .filter((entry) => {
          const key = entry.split(": ")[1] as string;
          return !resolves(trees.en, key) || !resolves(trees.zh, key);
        });
      expect(missing).toEqual([]);
    },
  );

  it("when a feature has texts, then the route table knows its bundle (the check above reads them)", () => {
    expect(bundlesOf("staff").map(([name]) => name)).toEqual(["staff"]);
    expect(bundlesOf("shop").map(([name]) => name)).toEqual(["shop"]);
    expect(bundlesOf("errors")).toEqual([]);
  });
});
