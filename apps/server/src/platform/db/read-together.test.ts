import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { type Executor, readTogether } from "./client";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Two reads that note when each starts and ends. */
const traced = (db: Executor, steps: string[]) =>
  (["a", "b"] as const).map((name) => async () => {
    steps.push(`start ${name}`);
    const [row] = (await db.execute(sql`select ${name}::text as name`)).rows;
    steps.push(`end ${name}`);
    return row?.name;
  });

describe("reads for one answer", () => {
  it("run at once on the pool", async () => {
    const steps: string[] = [];
    expect(await readTogether(t.db, traced(t.db, steps))).toEqual(["a", "b"]);
    expect(steps.slice(0, 2)).toEqual(["start a", "start b"]);
  });

  it("run one after another inside a transaction (its one connection takes one query at a time)", async () => {
    const steps: string[] = [];
    const answers = await t.db.transaction((tx) => readTogether(tx, traced(tx, steps)));
    expect(answers).toEqual(["a", "b"]);
    expect(steps).toEqual(["start a", "end a", "start b", "end b"]);
  });
});
