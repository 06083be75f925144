import { setImmediate as nextTurnOfTheLoop } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createCallsInFlight, givingWay } from "./calls-in-flight";

/* Long work on the event loop gives way to the calls in flight (issue 24 goal 5). */

describe("calls in flight", () => {
  it("when no call is in flight, then long work goes on at once", async () => {
    const calls = createCallsInFlight();
    await expect(calls.idle(60_000)).resolves.toBeUndefined();
  });

  it("when calls are in flight, then long work waits until the last one is answered", async () => {
    const calls = createCallsInFlight();
    const first = calls.begin();
    const second = calls.begin();
    let resumed = false;
    const waiting = calls.idle(60_000).then(() => {
      resumed = true;
    });
    first();
    first(); // ending a call twice counts once
    await nextTurnOfTheLoop();
    expect(resumed).toBe(false);
    expect(calls.now()).toBe(1);
    second();
    await waiting;
    expect(resumed).toBe(true);
    expect(calls.now()).toBe(0);
  });

  it("when calls never stop, then long work still goes on after its bound", async () => {
    const calls = createCallsInFlight();
    calls.begin();
    await expect(calls.idle(1)).resolves.toBeUndefined();
    expect(calls.now()).toBe(1);
  });
});

describe("giving way within a share of the time", () => {
  it("when calls never stop, then long work waits only while its waiting is within its share of the time run", async () => {
    const calls = createCallsInFlight();
    let clock = 0;
    const giveWay = givingWay(calls, { share: 0.2, maxWaitMs: 1 }, () => clock);
    calls.begin(); // never answered
    expect(await giveWay()).toBe(true); // nothing waited yet
    clock += 10; // waited 0 of 10 run: within the share, but the clock says the wait took no time
    expect(await giveWay()).toBe(true);
    const waiting = givingWay(calls, { share: 0.2, maxWaitMs: 1 }, () => clock);
    const slow = async () => {
      const done = waiting();
      clock += 5; // this wait takes 5
      return done;
    };
    expect(await slow()).toBe(true); // waited 5 of 5
    clock += 10;
    expect(await waiting()).toBe(false); // 5 waited of 15 run: over a fifth, so it goes on
    clock += 20;
    expect(await slow()).toBe(true); // 5 of 35: within it again
  });

  it("when no call is in flight, then long work never waits", async () => {
    const calls = createCallsInFlight();
    expect(await givingWay(calls, { share: 0.2, maxWaitMs: 60_000 })()).toBe(false);
  });
});
