import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Locator, type Page, request } from "@playwright/test";
import pg from "pg";

export const DEMO_PASSWORD = "Demo@2026!";

/**
 * The database of the server this worker talks to: with several workers each has its own server and database
 * (playwright.config.ts), named by the worker's parallel index.
 */
export const appDatabaseUrl = (): string | undefined =>
  process.env[`E2E_APP_DATABASE_URL_${process.env.TEST_PARALLEL_INDEX ?? "0"}`] ?? process.env.E2E_APP_DATABASE_URL;

/** The newest code the log SMS provider "sent" to a phone, read from the server's sms_outbox table. */
export async function lastSmsCode(phone: string, after = new Date(0)): Promise<string> {
  const client = new pg.Client({ connectionString: appDatabaseUrl() });
  await client.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query<{ body: string }>(
        "select body from sms_outbox where phone = $1 and created_at > $2 order by created_at desc limit 1",
        [phone, after],
      );
      const code = rows[0]?.body.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no SMS to ${phone}`);
  } finally {
    await client.end();
  }
}

/** Run SQL against the server's database (to set up a state the UI cannot reach quickly). */
export async function sql(text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: appDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Log in from the login page; `landing` is where the app must then be (home; the open-shop screen for a
 * seller without a shop). For tests of the login screen itself; every other test uses `signIn`.
 */
export async function loginWithPassword(page: Page, loginName: string, password = DEMO_PASSWORD, landing = /\/transaction\/index/) {
  await page.goto("/login/toLogin");
  await page.getByRole("textbox", { name: "Login name" }).fill(loginName);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: /^log in$/i }).click();
  await expect(page).toHaveURL(landing);
}

const LOGIN_CALL = "/api/seller/basic/member/login/login";
const SESSION_CALL = "/api/seller/basic/member/login/getMemberByToken";
const HOME = "/transaction/index";
const SIGN_TOKEN = process.env.E2E_SIGN_TOKEN ?? "seller-web";
/** Where signed-in states are kept: one file per server database and account, so a new run never reuses a ticket. */
const AUTH_DIR = new URL("../.auth/", import.meta.url);

/** One call as the web makes it (sign-token header, systemId), with the page's cookies; answers the envelope. */
async function postCall(
  page: Page,
  path: string,
  input: object,
): Promise<{ code: string; msg: string; data?: { openShopUrl?: string | null } }> {
  const answer = await page.context().request.post(path, { headers: { "sign-token": SIGN_TOKEN }, data: { ...input, systemId: 71 } });
  return (await answer.json()) as { code: string; msg: string; data?: { openShopUrl?: string | null } };
}

const stateFile = (loginName: string) => {
  const database = new URL(appDatabaseUrl() ?? "postgres://x/none").pathname.slice(1);
  return new URL(`${database}-${loginName.replace(/[^\w.-]/g, "_")}.json`, AUTH_DIR);
};

/** How `signIn` opens the app: `open` a screen at once, or else where the login screen would go, checked against `landing`. */
export interface SignInOptions {
  password?: string;
  /** The screen to open once signed in (the story checks it), instead of the landing screen. */
  open?: string;
  /** Where the login screen's landing must be (home, or the open-shop screen for a seller without a shop). */
  landing?: RegExp;
}

/**
 * Signed in without the login screen: the session cookie of an earlier login of this account (a Playwright
 * storage state saved per account, `e2e/.auth/`), or else one login through the API, saved for the next test.
 * Then the app opens `open`, or where the login screen would send it (home, or the open-shop screen), which must be
 * at `landing`. A saved session that has ended (logged out, access changed) lands on the login page instead: then
 * one fresh API login replaces it. Tests of the login screen itself use `loginWithPassword`.
 */
export async function signIn(
  page: Page,
  loginName: string,
  { password = DEMO_PASSWORD, open, landing = /\/transaction\/index/ }: SignInOptions = {},
) {
  const context = page.context();
  const file = stateFile(loginName);
  let saved: { cookies: Parameters<typeof context.addCookies>[0] } | null = null;
  try {
    saved = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    saved = null;
  }
  let body: Awaited<ReturnType<typeof postCall>> | null = null;
  if (saved) {
    await context.addCookies(saved.cookies);
    body = await postCall(page, SESSION_CALL, {});
  }
  if (body?.code !== "0") {
    body = await postCall(page, LOGIN_CALL, { loginName, password });
    expect(body.code, `API login of ${loginName}: ${body.msg}`).toBe("0");
    mkdirSync(AUTH_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(await context.storageState()));
  }
  if (open) {
    await page.goto(open);
    return;
  }
  // Where the login screen would go: the open-shop screen for a seller without a shop, else home.
  await page.goto(body.data?.openShopUrl ?? HOME);
  await expect(page).toHaveURL(landing);
}

export interface Seller {
  loginName: string;
  password: string;
  name: string;
  phone: string;
  org: string;
  /** null: the organisation has no shop yet. */
  shop: string | null;
}

let serial = 0;

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A time-ordered id in the server's layout (ULID: 10 characters of milliseconds, 16 random). */
function newId(): string {
  let time = "";
  for (let t = Date.now(), i = 0; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time;
  const random = [...randomBytes(16)].map((b) => CROCKFORD[b % 32]).join("");
  return time + random;
}

/**
 * A throwaway seller (owner of a new organisation, with a shop unless `shop: false`), written straight into the
 * server's database in one transaction: the rows the `seller:create` CLI writes (member, organisation, owner,
 * shop), without starting a process. The password is the demo password (its hash is copied from `demo`).
 * Names and phone are unique per call, so a retried test gets a fresh one.
 */
export async function createSeller(prefix = "e2e", opts: { shop?: boolean } = {}): Promise<Seller> {
  serial += 1;
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}${serial}`;
  // 139 + 8 digits: never a demo phone (138…).
  const phone = `139${String((Date.now() * 7 + process.pid * 13 + serial * 7919) % 100_000_000).padStart(8, "0")}`;
  const seller: Seller = {
    loginName: `${prefix}-${tag}`,
    password: DEMO_PASSWORD,
    name: `Owner ${tag}`,
    phone,
    org: `Throwaway ${tag} Co., Ltd.`,
    shop: opts.shop === false ? null : `Throwaway ${tag}`,
  };
  const [memberId, boId, employeeId, shopId] = [newId(), newId(), newId(), newId()];
  const client = new pg.Client({ connectionString: appDatabaseUrl() });
  await client.connect();
  try {
    await client.query("begin");
    const inserted = await client.query(
      `insert into member (id, login_name, name, phone, password_hash)
       select $1, $2, $3, $4, password_hash from member where login_name = 'demo'`,
      [memberId, seller.loginName, seller.name, seller.phone],
    );
    if (inserted.rowCount !== 1) throw new Error("the demo account is missing: is the server seeded with SEED_DEMO=1?");
    await client.query("insert into organization (id, name) values ($1, $2)", [boId, seller.org]);
    await client.query("insert into employee (id, bo_id, member_id, is_owner) values ($1, $2, $3, true)", [employeeId, boId, memberId]);
    if (seller.shop) await client.query("insert into shop (id, bo_id, name, brand) values ($1, $2, $3, $3)", [shopId, boId, seller.shop]);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    await client.end();
  }
  return seller;
}

/** Forget the SMS codes of a phone, so the "one send per 60 s" rule does not refuse the next send. */
export async function clearSmsCodes(phone: string) {
  await sql("delete from sms_code where phone = $1", [phone]);
}

/** The newest time in the database, so SMS lookups ignore what was sent before (clock of the DB, not of this machine). */
export async function dbNow(): Promise<Date> {
  const [row] = await sql("select now() as now");
  return (row as { now: Date }).now;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Runs axe (WCAG 2.0/2.1 A and AA, best practices) on the page and fails on serious or critical violations; the
 * failure message names the screen checked (`what`) and each violation with its elements.
 */
export async function expectNoSeriousViolations(page: Page, what: string) {
  // axe-core is put into the page once per document (not at each check), and runs in it alone: the app has no frames.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations;
  }, AXE_TAGS);
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.replace(/\n/g, " ")}`).join("\n")}`,
  );
  expect(report, `serious or critical axe violations on ${what}`).toEqual([]);
}

/** A text field by its label; antd's required mark ("*"), where shown, is part of the accessible name. */
export function requiredTextbox(scope: Page | Locator, label: string) {
  return scope.getByRole("textbox", { name: new RegExp(`^\\*? ?${escapeRegExp(label)}$`) });
}

/**
 * Choose an option of an antd Select (antd draws the visible options apart from its screen-reader listbox), and make
 * sure the pick took: a click that lands while the options are still loading or the list is still moving is lost, so
 * the select is opened and the option clicked again until the select shows it (never a second click on a chosen
 * option, which would take it off a multiple select).
 */
export async function choose(page: Page, select: Locator, option: string) {
  const exactly = new RegExp(`^${escapeRegExp(option)}$`);
  const root = select.locator("xpath=ancestor::*[contains(concat(' ', normalize-space(@class), ' '), ' ant-select ')][1]");
  // A multiple select shows each chosen option as an item, a single select its one value in its content.
  const chosen = root.locator(".ant-select-selection-item, .ant-select-content-has-value").filter({ hasText: exactly });
  await expect(async () => {
    if ((await chosen.count()) === 0) {
      await select.click();
      await page
        .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")
        .filter({ hasText: exactly })
        .first()
        .click();
    }
    await expect(chosen.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Log out from the account menu of the member shown as `name`, landing on the login page. */
export async function logout(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login\/toLogin$/);
}

/** Switch the member shown as `name` to their identity in the organisation `org`, from the account menu. */
export async function switchIdentity(page: Page, name: string, org: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Switch identity" }).hover();
  await page.getByRole("menuitem", { name: org }).click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Pick an area in an AreaCascader whose field is already open (e.g. ["Zhejiang", "Hangzhou", "Xihu District"] in English, ["浙江省", "杭州市", "西湖区"] in Chinese). Each level loads
 * when its parent is chosen, so a click that lands while the dropdown is still moving is tried again.
 */
export async function pickArea(page: Page, path: string[]) {
  const item = (name: string) =>
    page.locator(`.ant-cascader-dropdown:not(.ant-cascader-dropdown-hidden) .ant-cascader-menu-item[title="${name}"]`);
  for (let i = 0; i < path.length - 1; i++) {
    const [here, next] = [path[i] as string, path[i + 1] as string];
    await expect(async () => {
      await item(here).click();
      await expect(item(next)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
  await item(path[path.length - 1] as string).click();
  // The dropdown closes with an animation; checks that follow (axe) must not see it half gone.
  await expect(page.locator(".ant-cascader-dropdown:visible")).toHaveCount(0);
}

/**
 * A buyer of the buyer API (`/api/buyer/…`) with a request context of its own, apart from the page's seller cookies:
 * `call` posts as the buyer app does (sign-token, systemId) and expects success, answering the data.
 */
export async function buyerClient(baseURL: string) {
  const api = await request.newContext({ baseURL });
  const call = async <T>(path: string, input: object): Promise<T> => {
    const res = await api.post(`/api/buyer${path}`, { headers: { "sign-token": SIGN_TOKEN }, data: { ...input, systemId: 71 } });
    const body = (await res.json()) as { code: string; msg: string; data: T };
    expect(body.code, `${path}: ${body.msg}`).toBe("0");
    return body.data;
  };
  return { api, call };
}

/** An item of Green Valley's (the demo owner's) on sale with stock, sent by express: what the order stories buy. */
export async function demoSkuOnSale(): Promise<{ id: string; name: string }> {
  const [sku] = await sql(
    `select s.id, g.name from goods_sku s join goods g on g.id = s.goods_id
       join member m on m.login_name = 'demo' join employee e on e.member_id = m.id and e.is_owner and e.bo_id = g.bo_id
      where g.status = 'on' and g.kind = 'goods' and g.deleted_at is null and s.retired_at is null and s.stock >= 5
        and g.logistics ? 'express' order by g.name limit 1`,
  );
  if (!sku) throw new Error("no demo goods on sale");
  return { id: String(sku.id), name: String(sku.name) };
}

/**
 * A new buyer of the buyer API: logged in by SMS (a fresh phone starting with `prefix`, the code read from the log
 * provider's outbox), with a default address in Hangzhou at `detail`.
 */
export async function signedInBuyer(baseURL: string, who: { prefix: string; name: string; detail: string }) {
  const buyer = await buyerClient(baseURL);
  const phone = `${who.prefix}${String(Date.now() % 100_000_000).padStart(8, "0")}`;
  const since = await dbNow();
  await buyer.call("/basic/member/login/sendLoginCode", { phone });
  await buyer.call("/basic/member/login/smsLogin", { phone, code: await lastSmsCode(phone, since) });
  const address = await buyer.call<{ id: string }>("/trading/address/add", {
    name: who.name,
    phone,
    areaCode: "330106",
    detail: who.detail,
    isDefault: true,
  });
  return { ...buyer, phone, addressId: address.id };
}
