// `npm run spec:coverage`: which calls of shared/spec/endpoints.json and which screens of
// shared/spec/routes.json are built (contract entries, and the web's screens: the route table must give each declared
// screen a component or a redirect, or the web does not compile, so it is read from `platform/screens.ts` alone, which
// keeps this script's type check off the whole web app).
import { readFileSync } from "node:fs";
import { contract } from "@sbo/contract";
import { screens as declaredScreens } from "../apps/web/src/platform/screens";

const specDir = new URL(process.env.SPEC_DIR ?? "../../shared/spec/", import.meta.url);
const endpoints: { endpoints: { area: string; path: string }[] } = JSON.parse(readFileSync(new URL("endpoints.json", specDir), "utf8"));
const screens: { routes: { path: string; screen: string }[] } = JSON.parse(readFileSync(new URL("routes.json", specDir), "utf8"));

const built = new Set(Object.values(contract).flatMap((domain) => Object.values(domain).map((call) => call.path)));
const builtScreens = new Set(declaredScreens.map((s) => s.path));

function report<T>(title: string, items: T[], key: (t: T) => string, label: (t: T) => string, has: (k: string) => boolean) {
  const done = items.filter((i) => has(key(i)));
  console.log(`\n${title}: ${done.length} of ${items.length} built`);
  const byArea = new Map<string, { done: number; total: number; missing: string[] }>();
  for (const i of items) {
    const area = label(i);
    const a = byArea.get(area) ?? { done: 0, total: 0, missing: [] };
    a.total++;
    if (has(key(i))) a.done++;
    else a.missing.push(key(i));
    byArea.set(area, a);
  }
  for (const [area, a] of byArea) console.log(`  ${a.done === a.total ? "✓" : " "} ${area.padEnd(28)} ${a.done}/${a.total}`);
  return done.length;
}

report(
  "Calls",
  endpoints.endpoints,
  (e) => e.path,
  (e) => e.area,
  (p) => built.has(p),
);
report(
  "Screens",
  screens.routes,
  (r) => r.path,
  (r) => r.path.split("/").slice(0, 3).join("/") || "/",
  (p) => builtScreens.has(p),
);
const extra = [...built].filter((p) => !endpoints.endpoints.some((e) => e.path === p));
if (extra.length) console.log(`\nCalls beyond the spec (documented in docs/): ${extra.length}\n${extra.map((p) => `  + ${p}`).join("\n")}`);
if (process.argv.includes("--missing")) {
  console.log("\nNot built yet:");
  for (const e of endpoints.endpoints) if (!built.has(e.path)) console.log(`  call   ${e.path}`);
  for (const r of screens.routes) if (!builtScreens.has(r.path)) console.log(`  screen ${r.path}`);
}
