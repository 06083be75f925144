import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/**
 * What each route loads, read from the sources (not imported: they need a browser and `@/` paths):
 * its path, its screen module, the text modules it loads in each language, and whether it is shown
 * inside the back-office layout. Used by the build (`vite.config.ts`: the first screen's chunks are
 * preloaded with the entry) and by the bundle budgets (`bundle-budget.test.ts`).
 */
export interface RouteChunks {
  path: string;
  /** `src/features/….tsx` */
  module: string;
  /** The text modules its route loads (`src/features/….messages.<lang>.ts`) in each language. */
  texts: { en: string[]; zh: string[] };
  /** Public: no session needed, shown outside the layout (except /403 for a signed-in member). */
  isPublic: boolean;
  /** Rendered inside the back-office layout (whose chunk then loads too). */
  inLayout: boolean;
}

/** The shared texts, loaded with every first screen in its language. */
export const sharedTexts = { en: "src/locales/en.ts", zh: "src/locales/zh.ts" } as const;
export const layoutModule = "src/app/layout/back-office-layout.tsx";

interface Declared {
  path: string;
  isPublic: boolean;
  inShellWhenSignedIn: boolean;
  redirectTo?: string;
}

/** Every screen `src/platform/screens.ts` declares, with its flags. */
export function declaredScreens(root: string): Declared[] {
  const source = readFileSync(resolve(root, "src/platform/screens.ts"), "utf8");
  return [...source.matchAll(/\{\s*path: "([^"]+)",((?:[^{}]|\{[^{}]*\})*)\}/g)].map((m) => {
    const rest = m[2] ?? "";
    return {
      path: m[1] ?? "",
      isPublic: /\bpublic: true\b/.test(rest),
      inShellWhenSignedIn: /\binShellWhenSignedIn: true\b/.test(rest),
      redirectTo: /\bredirectTo: "([^"]+)"/.exec(rest)?.[1],
    };
  });
}

/** Each route of `src/app/routes.ts` with the modules it loads. */
export function routeChunks(root: string): RouteChunks[] {
  const source = readFileSync(resolve(root, "src/app/routes.ts"), "utf8");
  const messages = readFileSync(resolve(root, "src/app/messages.ts"), "utf8");
  const textModules = (bundle: string, lang: "en" | "zh"): string[] => {
    const block = messages.split(/\n {2}(?=\w+: \{)/).find((b) => b.startsWith(`${bundle}: {`));
    if (!block) throw new Error(`no text bundle ${bundle} in app/messages.ts`);
    const part = lang === "en" ? block.slice(block.indexOf("en:"), block.indexOf("zh:")) : block.slice(block.indexOf("zh:"));
    return [...part.matchAll(/import\("\.\.\/([^"]+)"\)/g)].map((m) => `src/${m[1]}.ts`);
  };
  const declared = new Map(declaredScreens(root).map((d) => [d.path, d]));
  const found = [...source.matchAll(/"([^"]+)": page\(\s*\(\) => import\("\.\.\/([^"]+)"\)((?:,\s*\w+)*),?\s*\)/g)];
  // Every `page(` of the table must be read (a route written otherwise would escape its budget unnoticed).
  const written = source.match(/"[^"]+": page\(/g)?.length ?? 0;
  if (found.length !== written)
    throw new Error(`routes.ts: ${written} routes, ${found.length} understood (write each as page(() => import(…), bundle…))`);
  return found.map((m) => {
    const path = m[1] ?? "";
    const bundles = (m[3] ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const d = declared.get(path);
    // "*" (not found) is public and outside the layout.
    const isPublic = path === "*" || d?.isPublic === true;
    return {
      path,
      module: `src/${m[2]}.tsx`,
      texts: { en: bundles.flatMap((b) => textModules(b, "en")), zh: bundles.flatMap((b) => textModules(b, "zh")) },
      isPublic,
      inLayout: !isPublic || d?.inShellWhenSignedIn === true,
    };
  });
}
