import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support";

/*
 * Issue 22, finding 11: every screen reported one Content-Security-Policy violation, the bundle's own `eval` probe
 * (zod's JIT check, now off: apps/web/src/platform/zod-jitless.ts). The console stays clean, so a real violation
 * stands out: these screens must report none.
 */

/** Collects the page's CSP violations: the DOM event, and the console line Chromium writes for each. */
async function watchViolations(page: Page) {
  const seen: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on("console", (m) => {
    if (m.type() === "error" && /CSP violation|Content Security Policy|unsafe-eval/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test("the login page and the back office's screens report no Content-Security-Policy violation", async ({ page }) => {
  const seen = await watchViolations(page);
  await page.goto("/login/toLogin");
  await expect(page.getByRole("textbox", { name: "Login name" })).toBeVisible();

  await signIn(page, "demo");
  await expect(page.getByRole("heading", { level: 1, name: "Hello, Lin Qing" })).toBeVisible();
  for (const [path, heading] of [
    ["/transaction/orderManage", "Orders"],
    ["/transaction/goodsManage/publishGoods", "Publish goods"],
    ["/transaction/video/index", "Videos"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
  }
  expect(seen).toEqual([]);
});
