// The production build of the server: one ES module, apps/server/dist/main.mjs, that `npm start` runs with plain Node
// (no TypeScript compiler at run time: a quicker start, less memory). The workspace's own TypeScript packages
// (@sbo/*) are bundled in; every other package stays in node_modules, loaded as installed (native addons, PGlite's
// WebAssembly files). Usage: node apps/server/build.mjs
import { build } from "esbuild";

const started = Date.now();
await build({
  entryPoints: [new URL("./src/main.ts", import.meta.url).pathname],
  outfile: new URL("./dist/main.mjs", import.meta.url).pathname,
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
