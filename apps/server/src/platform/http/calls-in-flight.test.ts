import { setImmediate as nextTurnOfTheLoop } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createCallsInFlight } from "./calls-in-flight";

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
