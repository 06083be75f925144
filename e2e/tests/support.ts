import { expect, type Page } from "@playwright/test";
import pg from "pg";

export const DEMO_PASSWORD = "Demo@2026!";

/** The newest code the log SMS provider "sent" to a phone, read from the server's sms_outbox table. */
export async function lastSmsCode(phone: string, after = new Date(0)): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.E2E_APP_DATABASE_URL });
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
  const client = new pg.Client({ connectionString: process.env.E2E_APP_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

export async function loginWithPassword(page: Page, loginName: string, password = DEMO_PASSWORD) {
  await page.goto("/login/toLogin");
  await page.getByLabel(/login name/i).fill(loginName);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole("button", { name: /^log in$/i }).click();
  await expect(page).toHaveURL(/\/transaction\/index/);
}
