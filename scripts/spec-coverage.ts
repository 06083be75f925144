// `npm run spec:coverage`: which calls of shared/spec/endpoints.json and which screens of
// shared/spec/routes.json are built (contract entries, and the web's screens: the route table must give each declared
// screen a component or a redirect, or the web does not compile, so it is read from `platform/screens.ts` alone, which
// keeps this script's type check off the whole web app), and whether a screen calls each built call or
// docs/uncalled-calls.md says why none needs it (apps/web/screen-calls.ts reads the web's sources).
// `-- --missing` lists what is not built; `-- --check` exits non-zero when a seed call is neither called by a screen
// nor listed (apps/web/src/screen-calls.test.ts holds every call of the contract to the same rule in `npm test`).
import { readFileSync } from "node:fs";
import { contract } from "@sbo/contract";
import { callCoverage, contractCalls, findScreenCalls, readUncalledList } from "../apps/web/screen-calls";
import { screens as declaredScreens } from "../apps/web/src/platform/screens";

const specDir = new URL(process.env.SPEC_DIR ?? "../../shared/spec/", import.meta.url);
const endpoints: { endpoints: { area: string; path: string }[] } = JSON.parse(readFileSync(new URL("endpoints.json", specDir), "utf8"));
const screens: { routes: { path: string; screen: string }[] } = JSON.parse(readFileSync(new URL("routes.json", specDir), "utf8"));

const built = new Set(Object.values(contract).flatMap((domain) => Object.values(domain).map((call) => call.path)));
const builtScreens = new Set(declaredScreens.map((s) => s.path));

const root = new URL("../", import.meta.url);
const screenCalls = await findScreenCalls(new URL("apps/web/", root).pathname);
const listed = readUncalledList(readFileSync(new URL("docs/uncalled-calls.md", root), "utf8"));
const listedPaths = new Set(listed.map((e) => e.path));
const calledByScreen = (p: string) => screenCalls.called.has(p);

function report<T>(
  title: string,
  items: T[],
  key: (t: T) => string,
  label: (t: T) => string,
  has: (k: string) => boolean,
  /** A second column: of those built, how many a screen calls (and how many docs/ explain instead). */
  reached?: { called: (k: string) => boolean; listed: (k: string) => boolean },
) {
  const done = items.filter((i) => has(key(i)));
  console.log(`\n${title}: ${done.length} of ${items.length} built`);
  if (reached) {
    const called = done.filter((i) => reached.called(key(i))).length;
    const explained = done.filter((i) => !reached.called(key(i)) && reached.listed(key(i))).length;
    console.log(`  called by a screen: ${called}; no screen, reason in docs/uncalled-calls.md: ${explained}`);
    console.log(`  ${"".padEnd(30)} ${"built".padStart(7)}  ${"called by a screen".padStart(18)}  ${"in docs".padStart(7)}`);
  }
  const byArea = new Map<string, { done: number; total: number; called: number; listed: number }>();
  for (const i of items) {
    const area = label(i);
    const a = byArea.get(area) ?? { done: 0, total: 0, called: 0, listed: 0 };
    a.total++;
    if (has(key(i))) {
      a.done++;
      if (reached?.called(key(i))) a.called++;
      else if (reached?.listed(key(i))) a.listed++;
    }
    byArea.set(area, a);
  }
  for (const [area, a] of byArea) {
    const mark = a.done === a.total && (!reached || a.called + a.listed === a.done) ? "✓" : " ";
    const built = `${a.done}/${a.total}`;
    console.log(
      `  ${mark} ${area.padEnd(28)} ${built.padStart(7)}${reached ? `  ${String(a.called).padStart(18)}  ${String(a.listed).padStart(7)}` : ""}`,
    );
  }
  return done.length;
}

report(
  "Calls",
  endpoints.endpoints,
  (e) => e.path,
  (e) => e.area,
  (p) => built.has(p),
  { called: calledByScreen, listed: (p) => listedPaths.has(p) },
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

const names = contractCalls();
const seed = endpoints.endpoints.filter((e) => built.has(e.path)).map((e) => names.get(e.path) ?? { name: "?", path: e.path });
const seedCoverage = callCoverage(seed, screenCalls, listed);
const allCoverage = callCoverage([...names.values()], screenCalls, listed);
const beyond = allCoverage.neither.filter((c) => !seedCoverage.neither.includes(c) && !endpoints.endpoints.some((e) => e.path === c.path));
if (seedCoverage.neither.length) {
  console.log(`\nSeed calls no screen calls and docs/uncalled-calls.md does not explain: ${seedCoverage.neither.length}`);
  for (const c of seedCoverage.neither) console.log(`  ${c.name.padEnd(44)} ${c.path}`);
}
if (beyond.length) {
  console.log(`\nCalls beyond the spec that no screen calls and docs/uncalled-calls.md does not explain: ${beyond.length}`);
  for (const c of beyond) console.log(`  ${c.name.padEnd(44)} ${c.path}`);
}
for (const problem of allCoverage.badRows) console.log(`docs/uncalled-calls.md ${problem}`);
for (const c of allCoverage.listedButCalled)
  console.log(`docs/uncalled-calls.md lists ${c.name}, which a screen now calls: its row can go`);
for (const at of screenCalls.opaque) console.log(`${at}: a whole domain is handed on; the calls made through it cannot be read`);
if (process.argv.includes("--missing")) {
  console.log("\nNot built yet:");
  for (const e of endpoints.endpoints) if (!built.has(e.path)) console.log(`  call   ${e.path}`);
  for (const r of screens.routes) if (!builtScreens.has(r.path)) console.log(`  screen ${r.path}`);
}
if (process.argv.includes("--check") && (seedCoverage.neither.length || allCoverage.badRows.length)) process.exit(1);
