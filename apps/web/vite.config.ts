import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { antdStaticStyle } from "./antd-static-style.ts";
import { declaredScreens, layoutModule, routeChunks, sharedTexts } from "./route-chunks.ts";
import { theme } from "./src/app/theme.ts";

const server = "http://127.0.0.1:8080";

const root = fileURLToPath(new URL(".", import.meta.url));
const require = createRequire(import.meta.url);
/** A file of React Router's production build (`dist/production`, next to the `dist/development` its exports name). */
const reactRouterBuild = (file: string) => join(dirname(require.resolve("react-router/package.json")), "dist", "production", file);

/** A route's path as a test of `location.pathname` (React Router's `:param` is one segment). */
const pathPattern = (path: string) => (path === "*" ? "" : `^${path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}/?$`);

/**
 * The first screen's code loads with the entry, not after it: `route-preload.js` (a classic script,
 * allowed by the CSP's `script-src 'self'`, run while the page parses) adds a modulepreload link for
 * each chunk the opened route needs beyond the entry's (its screen, the layout for a private screen,
 * the shared and the screen's texts in the user's language). Without it the browser learns of them
 * only once the entry has run, one round trip and one download later.
 */
function routePreload(): Plugin {
  return {
    name: "sbo-route-preload",
    apply: "build",
    transformIndexHtml: () => [{ tag: "script", attrs: { src: "/route-preload.js", async: true }, injectTo: "head" }],
    generateBundle(_, bundle) {
      // A chunk of nothing but CSS (antd's back-office sheet, shared by the layout and /download) is dropped by Vite
      // after this hook: its stylesheet loads with its importers, so it is never preloaded as a script.
      const pureCss = (c: { moduleIds: readonly string[] }) => c.moduleIds.length > 0 && c.moduleIds.every((id) => /\.css($|\?)/.test(id));
      const chunks = Object.values(bundle).flatMap((c) => (c.type === "chunk" && !pureCss(c) ? [c] : []));
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [relative(root, c.facadeModuleId ?? ""), c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (files: string[], seen = new Set<string>()) => {
        for (const f of files) {
          if (seen.has(f) || !byFile.has(f)) continue;
          seen.add(f);
          closure(byFile.get(f)?.imports ?? [], seen);
        }
        return seen;
      };
      const fileOf = (module: string) => {
        const chunk = byModule.get(module);
        if (!chunk) throw new Error(`${module} has no chunk of its own`);
        return chunk.fileName;
      };
      const atStart = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const files: string[] = [];
      const indexOf = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
      const needs = (modules: string[]) => [...closure(modules.map(fileOf))].filter((f) => !atStart.has(f)).map(indexOf);
      const built = routeChunks(root);
      // A redirect (`/login`, `/setup`, …) preloads what the screen it leads to needs.
      const redirects = new Map(declaredScreens(root).flatMap((d) => (d.redirectTo ? [[d.path, d.redirectTo] as const] : [])));
      const target = (path: string): string => {
        const next = redirects.get(path);
        return next && next !== path ? target(next) : path;
      };
      const routes = [
        ...built.map((r) => [r.path, r] as const),
        ...[...redirects.keys()].map((p) => [p, built.find((r) => r.path === target(p))] as const),
      ]
        .flatMap(([path, r]) => {
          if (!r) return [];
          const code = needs([...(r.inLayout ? [layoutModule] : []), r.module]);
          return [[pathPattern(path), code, needs([sharedTexts.en, ...r.texts.en]), needs([sharedTexts.zh, ...r.texts.zh])]];
        })
        // Fixed paths before those with parameters, the not-found route last (React Router ranks them so).
        .sort(
          (a, b) =>
            Number(a[0] === "") - Number(b[0] === "") || Number(String(a[0]).includes("[^/]")) - Number(String(b[0]).includes("[^/]")),
        );
      const source = `(function () {
  var files = ${JSON.stringify(files)};
  var routes = ${JSON.stringify(routes)};
  var lang = "en";
  try {
    var saved = localStorage.getItem("sbo:lang");
    lang = saved === "zh" || saved === "en" ? saved : (navigator.language || "").toLowerCase().indexOf("zh") === 0 ? "zh" : "en";
  } catch (e) {}
  var path = location.pathname;
  for (var i = 0; i < routes.length; i++) {
    var r = routes[i];
    if (r[0] && !new RegExp(r[0]).test(path)) continue;
    r[1].concat(lang === "zh" ? r[3] : r[2]).forEach(function (n) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = "/" + files[n];
      document.head.appendChild(link);
    });
    return;
  }
})();
`;
      this.emitFile({ type: "asset", fileName: "route-preload.js", source });
    },
  };
}

/**
 * Every script and stylesheet also as `.br` (brotli at its best, 11) and `.gz` (level 9), written once at build: the
 * server sends the one the browser accepts (@fastify/static `preCompressed`) instead of compressing each answer on the
 * fly at brotli 4, so a screen's first load is about 14 % smaller and costs the server no compression.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: "sbo-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? join(root, "dist");
      const files = Object.keys(bundle).filter((f) => /\.(js|css|svg|json)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const bytes = await readFile(join(dir, f));
          if (bytes.length < 1024) return;
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
          await writeFile(
            join(dir, `${f}.br`),
            await br(bytes, { params: { ...params, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          );
          await writeFile(join(dir, `${f}.gz`), await gz(bytes, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [antdStaticStyle(theme, root), react(), routePreload(), precompress()],
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // React Router's package exports only its development build, whose only difference is that it checks routes
      // and warns (`ENABLE_DEV_WARNINGS`); take the production one, which the package ships beside it.
      { find: /^react-router$/, replacement: reactRouterBuild("index.mjs") },
      { find: /^react-router\/dom$/, replacement: reactRouterBuild("dom-export.mjs") },
      // Every `import … from "zod"` (the web's and the contract's) gets zod made jitless first: no `new Function`
      // probe for the CSP to report (src/platform/zod-jitless.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL("./src/platform/zod-jitless.ts", import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      "/api": server,
      "/healthz": server,
      "/files": server,
    },
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    emptyOutDir: true,
    // The bundle-budget test (bundle-budget.test.ts) reads which chunks each screen loads from here.
    manifest: true,
    rolldownOptions: {
      output: {
        // Rolldown's `codeSplitting.groups` replaces Rollup's `manualChunks`. Only React and its router
        // are grouped: every screen needs them at start and they rarely change, so they stay cached
        // across deployments. antd is left to automatic splitting so each screen loads only the
        // components it uses: grouping all of antd made the first load half again as large, and a
        // group of its core (theme, CSS-in-JS, config provider) took their dependencies along (form,
        // popups, buttons), 4 KB more on the login screen and 8 KB more on the error screens.
        codeSplitting: {
          groups: [{ name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 }],
        },
      },
    },
  },
});
