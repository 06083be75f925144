#!/usr/bin/env node
// Lighthouse (desktop preset, performance only) on the login, 404 and members-list screens of a running
// `npm start`. Not part of CI: scores depend on the machine. Usage:
//   PORT=18307 DATA_DIR=/tmp/sbo-lh npm start            # in another shell
//   CHROME_PATH=/usr/bin/chromium node scripts/lighthouse.mjs http://127.0.0.1:18307
// LIGHTHOUSE names the lighthouse command (default `npx --yes lighthouse@12`). Targets (issue 8 item 19):
// performance ≥ 95 and CLS ≤ 0.1 on every screen.
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const base = (process.argv[2] ?? "http://127.0.0.1:18307").replace(/\/$/, "");
const lighthouse = process.env.LIGHTHOUSE ?? "npx --yes lighthouse@12";
process.env.CHROME_PATH ??= "/usr/bin/chromium";

/** Logs in as the demo owner and returns the session cookie. */
async function login() {
  const response = await fetch(`${base}/api/seller/basic/member/login/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "sign-token": "seller-web" },
    body: JSON.stringify({ loginName: "demo", password: "Demo@2026!", systemId: 71 }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!response.ok || !cookie) throw new Error(`login failed: HTTP ${response.status}`);
  return cookie;
}

const cookie = await login();
const pages = [
  { name: "login", path: "/login/toLogin" },
  { name: "404", path: "/no/such/screen" },
  { name: "members list", path: "/transaction/setup/rank/member", headers: { Cookie: cookie } },
];

const out = mkdtempSync(join(tmpdir(), "sbo-lighthouse-"));
const rows = [];
for (const page of pages) {
  const file = join(out, `${page.name.replace(/\W+/g, "-")}.json`);
  const headers = page.headers ? `--extra-headers='${JSON.stringify(page.headers)}'` : "";
  try {
    execSync(
      `${lighthouse} "${base}${page.path}" --preset=desktop --only-categories=performance --output=json --output-path="${file}" ` +
        `--chrome-flags="--no-sandbox --headless=new" --quiet ${headers}`,
      { stdio: "inherit" },
    );
  } catch {
    // Lighthouse exits non-zero on a runtime error (NO_FCP); its report still says which.
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  const audit = (id) => report.audits[id]?.numericValue;
  rows.push({
    screen: page.name,
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    error: report.runtimeError?.code ?? "",
    "FCP ms": Math.round(audit("first-contentful-paint") ?? Number.NaN),
    "LCP ms": Math.round(audit("largest-contentful-paint") ?? Number.NaN),
    "TBT ms": Math.round(audit("total-blocking-time") ?? Number.NaN),
    CLS: Number((audit("cumulative-layout-shift") ?? Number.NaN).toFixed(3)),
  });
}
console.table(rows);
console.log(`Reports: ${out}`);
