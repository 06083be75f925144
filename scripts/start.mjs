#!/usr/bin/env node
// `npm start`: build the web app when its build is missing or older than its sources, then run the
// server (embedded database under DATA_DIR unless DATABASE_URL is set; it migrates and seeds on start).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const dist = join(root, "apps/web/dist/index.html");
const sources = ["apps/web/src", "apps/web/index.html", "apps/web/vite.config.ts", "apps/web/package.json", "packages/contract/src"];

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

const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
if (built < Math.max(...sources.map((s) => newest(join(root, s))))) {
  console.log(built ? "The web app changed since its last build; building it…" : "Building the web app (first start)…");
  const r = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawnSync(join(root, "node_modules/.bin/tsx"), [join(root, "apps/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
process.exit(server.status ?? 0);
