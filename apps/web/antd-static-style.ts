import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import type { ThemeConfig } from "antd";
import type { Plugin } from "vite";
import { routeChunks } from "./route-chunks.ts";

/** antd's styles for the entry and the public screens (login, errors, agreements): `main.tsx` imports it. */
export const ANTD_CSS = "virtual:antd.css";
/** antd's styles for every other component: the back-office layout imports it, so it loads with the layout. */
export const ANTD_BACK_OFFICE_CSS = "virtual:antd-back-office.css";

/**
 * antd components no screen uses, left out of the stylesheets. A screen that starts using one takes it
 * off this list; `src/app/antd-style.test.tsx` fails until it does.
 */
export const unusedAntdComponents = [
  "Anchor",
  "BackTop",
  "BorderBeam",
  "Calendar",
  "Carousel",
  "Collapse",
  "ColorPicker",
  "FloatButton",
  "Listy",
  "Masonry",
  "Mentions",
  "Slider",
  "Splitter",
  "Tour",
  "Transfer",
  "Watermark",
] as const;

/** Components antd itself draws inside the public screens' components (form grid, tab overflow, feedback). */
const drawnInside = [
  "Row",
  "Col",
  "Tooltip",
  "Dropdown",
  "Menu",
  "Skeleton",
  "Spin",
  "Empty",
  "Divider",
  "message",
  "notification",
  "Modal",
];

const importsOf = (code: string) => [...code.matchAll(/(?:from\s*|import\s*\(?\s*)"([^"]+)"/g)].map((m) => m[1] ?? "");
/** The antd components a source file imports by name (`import { Button, type FormProps } from "antd"`). */
export function antdImportsOf(code: string): string[] {
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"antd"/g)].flatMap((m) =>
    (m[1] ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "" && !name.startsWith("type "))
      .map((name) => name.split(/\s+as\s+/)[0] ?? name),
  );
}

/**
 * The antd components the entry and the public screens can render: every module they import, statically
 * or lazily, except the screens the route table lazily loads and modules that import the back-office
 * stylesheet themselves (the layout; a public screen with a list, like /download), which it covers.
 */
export function publicAntdComponents(root: string): string[] {
  const file = (spec: string, from: string) => {
    const base = spec.startsWith("@/") ? resolve(root, "src", spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(from), spec) : null;
    if (!base) return null;
    return (
      ["", ".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext).find((f) => existsSync(f) && statSync(f).isFile()) ?? null
    );
  };
  const routeTable = resolve(root, "src/app/routes.ts");
  const seen = new Set<string>();
  const found = new Set<string>(drawnInside);
  const walk = (path: string) => {
    if (seen.has(path) || !/\.tsx?$/.test(path)) return;
    seen.add(path);
    const code = readFileSync(path, "utf8");
    if (code.includes(`import "${ANTD_BACK_OFFICE_CSS}"`)) return;
    for (const name of antdImportsOf(code)) found.add(name);
    // The route table imports every screen lazily; the public ones are walked from their own modules.
    const specs = path === routeTable ? [...code.matchAll(/^import[^;]*from\s*"([^"]+)"/gm)].map((m) => m[1] ?? "") : importsOf(code);
    for (const spec of specs) {
      const next = file(spec, path);
      if (next) walk(next);
    }
  };
  walk(resolve(root, "src/app/main.tsx"));
  for (const route of routeChunks(root).filter((r) => !r.inLayout)) walk(resolve(root, route.module));
  return [...found].sort();
}

/**
 * antd 6 writes each component's CSS in the browser the first time the component renders (CSS-in-JS):
 * on the login screen that was a third of the time the main thread stayed busy (Lighthouse's "total
 * blocking time"), and the web unit tests spent most of their time in it. With `theme.zeroRuntime` antd
 * writes nothing at run time and expects stylesheets; this plugin renders the components once with the
 * app's theme (antd's own `@ant-design/static-style-extract`), keeps the result in `node_modules/.cache`,
 * and serves it as two modules: the public screens' components (render-blocking, in the entry: about a
 * third of the whole) and the rest, which the back-office layout imports, so its screens' first paint (the
 * header index.html draws) does not wait for it and Vite loads it before the layout runs. Both sit in the
 * cascade layer `antd`, below the app's own CSS, which loads first. The theme's
 * design tokens still reach the page as CSS variables that antd's ConfigProvider sets.
 */
export function antdStaticStyle(theme: ThemeConfig, root: string): Plugin {
  const require = createRequire(import.meta.url);
  const generate = async (which: "public" | "backOffice") => {
    const antdVersion = (require("antd/package.json") as { version: string }).version;
    const antd = (await import("antd")) as unknown as Record<string, unknown>;
    const publicOnes = publicAntdComponents(root);
    const all = Object.keys(antd).filter(
      (name) =>
        /^[A-Z]/.test(name) && !(unusedAntdComponents as readonly string[]).includes(name) && !["ConfigProvider", "Grid"].includes(name),
    );
    const includes = which === "public" ? publicOnes : [...all, "message", "notification"].filter((name) => !publicOnes.includes(name));
    const key = createHash("sha256")
      .update(JSON.stringify([antdVersion, theme, includes, "layer antd"]))
      .digest("hex")
      .slice(0, 16);
    const dir = resolve(root, "node_modules/.cache/sbo-antd-css");
    const file = resolve(dir, `antd-${which}-${key}.css`);
    if (existsSync(file)) return file;
    const [{ extractStyle }, React] = await Promise.all([import("@ant-design/static-style-extract"), import("react")]);
    // Extraction renders the components, so here styles must be produced at run time.
    const extractTheme: ThemeConfig = { ...theme, zeroRuntime: false };
    const css = extractStyle({
      includes,
      customTheme: (node) => React.createElement(antd.ConfigProvider as never, { theme: extractTheme }, node),
    });
    mkdirSync(dir, { recursive: true });
    // In a cascade layer: the app's own CSS (unlayered) wins whatever order the sheets load in.
    writeFileSync(file, `@layer antd{${css}}`);
    return file;
  };
  return {
    name: "sbo-antd-static-style",
    enforce: "pre",
    async resolveId(id) {
      if (id === ANTD_CSS) return generate("public");
      if (id === ANTD_BACK_OFFICE_CSS) return generate("backOffice");
      return null;
    },
  };
}
