// The production build of the server: one ES module, apps/server/dist/main.mjs, that `npm start` runs with plain Node
// (no TypeScript compiler at run time: a quicker start, less memory). The workspace's own TypeScript packages
// (@sbo/*) are bundled in; every other package stays in node_modules, loaded as installed (native addons, PGlite's
// WebAssembly files). Usage: node apps/server/build.mjs
import { build } from "esbuild";

const started = Date.now();
/**
 * The server, and each module it starts as a worker thread (`new Worker(…)`: it names the `.mjs` beside the bundle when
 * it runs from it; build.test.ts holds this list to the source's workers).
 */
const entryPoints = {
  main: "./src/main.ts",
  "sheet-worker": "./src/platform/export/sheet-worker.ts",
};

await build({
  entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([name, src]) => [name, new URL(src, import.meta.url).pathname])),
  outdir: new URL("./dist", import.meta.url).pathname,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  logLevel: "warning",
  // CommonJS packages bundled into an ES module may still call require().
  banner: { js: 'import { createRequire as __sboRequire } from "node:module"; const require = __sboRequire(import.meta.url);' },
  plugins: [
    {
      name: "installed-packages-stay-external",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@sbo/") ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
console.log(`Built the server (apps/server/dist/main.mjs) in ${Date.now() - started} ms`);
