#!/usr/bin/env node
// `npm start`: build the web app and the server when a build is missing or older than its sources, then run the
// server (embedded database under DATA_DIR unless DATABASE_URL is set; it migrates and seeds on start).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { supervise } from "./supervise.mjs";

const root = new URL("..", import.meta.url).pathname;

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const [major] = process.versions.node.split(".").map(Number);
if (major < 22) console.warn(`Node ${process.versions.node} is older than this project supports (>= 22.12; 24 LTS recommended).`);

/**
 * Runs `command` when `output` is missing or older than any of `sources`, saying what it builds, about how long that
 * takes, and how long it took (the server's start follows: migrations and, on first start, the demo data).
 */
function buildWhenStale(what, output, sources, command, takes) {
  const built = existsSync(join(root, output)) ? statSync(join(root, output)).mtimeMs : 0;
  if (built >= Math.max(...sources.map((s) => newest(join(root, s))))) return;
  console.log(
    built ? `The ${what} changed since its last build; building it (${takes})…` : `Building the ${what} (first start; ${takes})…`,
  );
  const started = performance.now();
  const r = spawnSync(command[0], command.slice(1), { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
  console.log(`Built the ${what} in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

buildWhenStale(
  "web app",
  "apps/web/dist/index.html",
  ["apps/web/src", "apps/web/index.html", "apps/web/vite.config.ts", "apps/web/package.json", "packages/contract/src"],
  ["npm", "run", "build", "-w", "apps/web"],
  "about a minute",
);
// Production runs the server's built JavaScript with plain Node (apps/server/build.mjs), not the TypeScript sources.
buildWhenStale(
  "server",
  "apps/server/dist/main.mjs",
  ["apps/server/src", "apps/server/build.mjs", "apps/server/package.json", "packages/contract/src"],
  [process.execPath, join(root, "apps/server/build.mjs")],
  "a few seconds",
);
console.log("Starting the server…");

// The server runs as a child whose life is tied to ours (supervise.mjs): signals are passed on, no orphan keeps the port.
supervise(process.execPath, ["--enable-source-maps", join(root, "apps/server/dist/main.mjs")], {
  cwd: root,
  env: { NODE_ENV: "production", ...process.env },
});
