import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../config";
import { demoCodesServed } from "./demo-buyers.routes";

const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "sbo-demo-")), ...env });

describe("the demo buyers' SMS codes (npm run demo:buyers)", () => {
  it("are served by `npm start`: production mode on the embedded database with the demo data", () => {
    expect(demoCodesServed(config({ NODE_ENV: "production" }))).toBe(true);
    expect(demoCodesServed(config({ NODE_ENV: "development" }))).toBe(true);
  });

  it("are never served by a production server on PostgreSQL, nor without the demo data", () => {
    const pg = { NODE_ENV: "production", DATABASE_URL: "postgres://x@127.0.0.1/x", SEED_DEMO: "1", UPLOAD_TOKEN_SECRET: "u".repeat(32) };
    expect(demoCodesServed(config(pg))).toBe(false);
    expect(demoCodesServed(config({ NODE_ENV: "development", SEED_DEMO: "0" }))).toBe(false);
  });
});
