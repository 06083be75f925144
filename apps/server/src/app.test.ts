import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticCacheControl } from "./app";
import { loadConfig } from "./config";
import { createTestApp, type TestApp } from "./test/harness";

/**
 * The served web app and the headers every answer carries (docs/security.md items 6, 9 and 20): a built web app in
 * a temporary folder, an operator-set SIGN_TOKEN, and the whole server in front of it.
 */
const SIGN_TOKEN = 'operator-"secret"&<1>';
const HASHED = "index-B7x_Qz9k.js";
const BIG = "list-page-Df3kQ9zx.js";
const BIG_JS = `export const words = ${JSON.stringify("a table of goods ".repeat(400))};`;
// Compressed otherwise than the server would on the fly (brotli 11, gzip 1), so the bytes tell which was sent.
const BIG_BR = brotliCompressSync(BIG_JS);
const BIG_GZ = gzipSync(BIG_JS, { level: 1 });
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "sbo-web-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(
    join(dist, "index.html"),
    `<!doctype html>\n<html lang="en">\n  <head>\n    <title>Seller</title>\n  </head>\n  <body><script type="module" src="/assets/${HASHED}"></script></body>\n</html>\n`,
  );
  writeFileSync(join(dist, "assets", HASHED), "console.log(1);");
  // What the web build writes beside each script: the same bytes compressed (apps/web/vite.config.ts precompress).
  writeFileSync(join(dist, "assets", `${BIG}`), BIG_JS);
  writeFileSync(join(dist, "assets", `${BIG}.br`), BIG_BR);
  writeFileSync(join(dist, "assets", `${BIG}.gz`), BIG_GZ);
  writeFileSync(join(dist, "assets", "logo.svg"), "<svg/>");
  writeFileSync(join(dist, "robots.txt"), "User-agent: *");
  t = await createTestApp({ env: { WEB_DIST: dist, SIGN_TOKEN } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: "GET", url });
const signTokenIn = (html: string) => html.match(/<meta name="sign-token" content="([^"]*)"/)?.[1];

describe("static caching (item 9)", () => {
  it("when a hashed asset is fetched, then it is cached for a year and marked immutable", async () => {
    const res = await get(`/assets/${HASHED}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("when a script was compressed at build, then the browser gets the brotli or gzip file it accepts, typed and cached as the script", async () => {
    for (const [encoding, file, open] of [
      ["br", BIG_BR, brotliDecompressSync],
      ["gzip", BIG_GZ, gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url: `/assets/${BIG}`, headers: { "accept-encoding": encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.rawPayload.equals(file), `${encoding}: the build's file, not compressed again`).toBe(true);
      expect(open(res.rawPayload).toString()).toBe(BIG_JS);
    }
    const plain = await t.app.inject({ method: "GET", url: `/assets/${BIG}`, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it("when a file without a hash in its name is fetched, then the browser must revalidate it", async () => {
    expect((await get("/assets/logo.svg")).headers["cache-control"]).toBe("no-cache");
    expect((await get("/robots.txt")).headers["cache-control"]).toBe("no-cache");
  });

  it.each(["/", "/index.html", "/transaction/index", "/login/toLogin?redirect=%2Fsetup"])(
    "when %s is opened, then index.html answers with no-cache",
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<title>Seller</title>");
    },
  );

  it("when an asset is missing, then 404, not the app's index.html", async () => {
    const res = await get("/assets/gone-AAAAAAAA.js");
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("<title>");
  });

  it("when a path is classified, then only Vite's name-<hash>.ext under assets counts as hashed", () => {
    expect(staticCacheControl("/srv/dist/assets/vendor-antd-CkT2_a-9.js")).toBe("public, max-age=31536000, immutable");
    expect(staticCacheControl("/srv/dist/assets/logo.svg")).toBe("no-cache");
    expect(staticCacheControl("/srv/dist/index-B7x_Qz9k.js")).toBe("no-cache");
  });
});

describe("the map tiles' URL (MAP_TILE_URL) reaches the web", () => {
  it("when index.html is served, then it carries the configured tile URL in <meta name=map-tile-url>", async () => {
    const html = (await get("/transaction/goodsManage")).body;
    expect(html).toContain('<meta name="map-tile-url" content="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png" />');
  });

  it("when MAP_TILE_URL is none, then the meta is empty (the maps draw on a plain background)", () => {
    expect(loadConfig({ MAP_TILE_URL: "none" }).mapTileUrl).toBe("");
    expect(() => loadConfig({ MAP_TILE_URL: "javascript:alert(1)" })).toThrow(/MAP_TILE_URL/);
  });
});

describe("the sign-token has one source (item 20)", () => {
  it("when the operator sets SIGN_TOKEN, then the served index.html carries it, escaped, for the web to send", async () => {
    for (const url of ["/", "/index.html", "/setup/index"]) {
      const html = (await get(url)).body;
      expect(signTokenIn(html), url).toBe("operator-&quot;secret&quot;&amp;&lt;1&gt;");
      expect(html.indexOf('name="sign-token"')).toBeLessThan(html.indexOf("<script"));
    }
  });

  it("when a call carries the operator's token, then it is served; with the old hard-coded value, then 403", async () => {
    const served = await t.post(contract.session.platformInfo.path, {});
    expect(served.status).toBe(200);
    expect(served.code).toBe("0");
    const refused = await t.post(contract.session.platformInfo.path, {}, { headers: { "sign-token": "seller-web" } });
    expect(refused.status).toBe(403);
  });
});

describe("JSON answers are never cached (item 6)", () => {
  it("when a call succeeds, is refused, has bad input or does not exist, then the answer says no-store", async () => {
    const ticket = await t.login("demo");
    const answers = [
      await t.call(contract.session.getMemberByToken, {}, { ticket }),
      await t.post(contract.session.platformInfo.path, {}, { headers: { "sign-token": "wrong" } }),
      await t.post(contract.login.login.path, { loginName: 1 }),
      await t.post("/api/seller/no/such/call", {}),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 403, 400, 404]);
    for (const a of answers) {
      expect(a.headers["content-type"]).toMatch(/json/);
      expect(a.headers["cache-control"]).toBe("no-store");
    }
    const health = await get("/healthz");
    expect(health.headers["cache-control"]).toBe("no-store");
  });
});
