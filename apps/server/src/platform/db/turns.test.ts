import { availableParallelism, loadavg } from "node:os";
import { contract } from "@sbo/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { asLongWork, createTurns, EMBEDDED_LONG_WORK_PAGE, inLongWork, longWorkPage } from "./turns";

/*
 * Issue 23 §1: on the embedded database, long work (an export's pages) gives way to the calls in flight, one statement
 * at a time, so that an interactive call never waits behind it for long.
 */

const tick = () => new Promise((r) => setImmediate(r));

describe("turns", () => {
  it("when calls are in flight, then long work waits for them to end, one statement at a time", async () => {
    const turns = createTurns(10_000);
    const log: string[] = [];
    const end = turns.callBegins();
    const a = turns.long(async () => log.push("a"));
    const b = turns.long(async () => log.push("b"));
    for (let i = 0; i < 5; i++) await tick();
    expect(log).toEqual([]);
    expect(turns.now()).toEqual({ calls: 1, longWaiting: 2 });
    end();
    end(); // ending twice counts once
    await Promise.all([a, b]);
    expect(log).toEqual(["a", "b"]);
    expect(turns.now()).toEqual({ calls: 0, longWaiting: 0 });
  });

  it("when a call begins while a statement of long work waits its turn, then the call goes first", async () => {
    const turns = createTurns(10_000);
    const log: string[] = [];
    let release = () => {};
    // The first statement runs (no call in flight); the second queues behind it.
    const first = turns.long(() => new Promise<void>((r) => (release = r)).then(() => void log.push("long 1")));
    const second = turns.long(async () => void log.push("long 2"));
    for (let i = 0; i < 3; i++) await tick();
    const end = turns.callBegins();
    release();
    await first;
    for (let i = 0; i < 5; i++) await tick();
    log.push("call");
    end();
    await second;
    expect(log).toEqual(["long 1", "call", "long 2"]);
  });

  it("when calls never stop, then long work still runs after its longest wait", async () => {
    const turns = createTurns(30);
    turns.callBegins(); // never ends
    const start = performance.now();
    await turns.long(async () => {});
    expect(performance.now() - start).toBeGreaterThanOrEqual(25);
  });

  it("when a statement of long work fails, then the next one still runs", async () => {
    const turns = createTurns(10);
    await expect(turns.long(() => Promise.reject(new Error("page failed")))).rejects.toThrow("page failed");
    await expect(turns.long(async () => 7)).resolves.toBe(7);
  });

  it("when code runs as long work, then what it starts is long work too; other code is not", async () => {
    expect(inLongWork()).toBe(false);
    const seen = await asLongWork(async () => {
      await tick();
      return new Promise<boolean>((r) => setTimeout(() => r(inLongWork()), 1));
    });
    expect(seen).toBe(true);
    expect(inLongWork()).toBe(false);
  });
});

/*
 * The whole app on the embedded database (the PostgreSQL run has a pool and no turns; CI runs this file on PGlite in
 * `npm run test:compat`). Three order exports of 2,000 orders each stream at once; meanwhile a seller's small member
 * list is asked again and again. Before the turns each of the list's statements queued behind the exports' pages and a
 * call took seconds; now it waits for at most the one page running when it arrives.
 */
describe("long work's pages", () => {
  it("when the embedded database takes turns, then long work reads small pages and calls keep their own size", () => {
    createTurns();
    expect(longWorkPage(500)).toBe(500);
    expect(asLongWork(() => longWorkPage(500))).toBe(EMBEDDED_LONG_WORK_PAGE);
    expect(asLongWork(() => longWorkPage(20))).toBe(20);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("calls beside streaming exports on the embedded database", () => {
  let t: TestApp;
  let base: string;
  let owner: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.login("demo");
    other = await t.login("demo2");
    // Over real sockets, as a browser calls: a request is read only when the event loop gets to its socket.
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  }, 300_000);
  afterAll(() => t.close());

  const post = (path: string, body: object, ticket: string) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "sign-token": t.config.signToken, cookie: `ticket=${ticket}` },
      body: JSON.stringify({ systemId: 71, ...body }),
    });
  const exportOrders = async (ticket: string) => {
    const res = await post(contract.orderDesk.exportOrder.path, { tab: "all" }, ticket);
    expect(res.status).toBe(200);
    return (await res.arrayBuffer()).byteLength;
  };
  const smallCall = async () => {
    const start = performance.now();
    const res = await post(contract.member.selMemberByParam.path, { pageSize: 5 }, other);
    expect(((await res.json()) as { code: string }).code).toBe("0");
    return performance.now() - start;
  };

  it("when three exports stream, then a small call waits less than 500 ms behind them each time", async () => {
    // Warm: the first call of each kind compiles its queries.
    await smallCall();
    await exportOrders(owner);
    const alone: number[] = [];
    for (let i = 0; i < 5; i++) alone.push(await smallCall());

    let streaming = true;
    const exportsStart = performance.now();
    const exports = Promise.all([exportOrders(owner), exportOrders(owner), exportOrders(other)]).finally(() => {
      streaming = false;
    });
    const beside: number[] = [];
    await new Promise((r) => setTimeout(r, 50));
    while (streaming) beside.push(await smallCall());
    const sizes = await exports;
    const exportsMs = performance.now() - exportsStart;

    expect(sizes.every((n) => n > 50_000)).toBe(true);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const worstWait = Math.max(...beside) - median(alone);
    // A crowded machine (load above its cores) stretches every time alike, the bound too; idle, it is the issue's.
    const stretch = Math.max(1, (loadavg()[0] ?? 0) / availableParallelism());
    const report = `exports ${Math.round(exportsMs)} ms; the call alone ${alone.map(Math.round).join("/")} ms, beside them ${beside.map(Math.round).join("/")} ms; load stretch ${stretch.toFixed(1)}`;
    console.info(report);
    // Many calls were answered while the exports streamed, not one call that waited until they ended.
    expect(beside.length, report).toBeGreaterThanOrEqual(5);
    expect(worstWait, report).toBeLessThan(500 * stretch);
    // Four exports of 2,000 orders: seconds on an idle machine, minutes on a crowded one.
  }, 300_000);
});
