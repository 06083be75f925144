import { afterEach, describe, expect, it, vi } from "vitest";
import { preloadScreen, preloadScreenWhenIdle, setScreenPreloader } from "./screen-preload";

/**
 * A preloader that records what it was asked and finishes each load only when told to. The paths are the tests' own:
 * files share modules in a worker, and the app's screens may have been preloaded by another file's renders.
 */
function recordingPreloader() {
  const asked: string[] = [];
  const finish: (() => void)[] = [];
  setScreenPreloader((path, withData) => {
    asked.push(`${path}${withData ? " with data" : ""}`);
    return new Promise<void>((resolve) => finish.push(resolve));
  });
  return { asked, finishNext: () => finish.shift()?.() };
}

describe("screens loaded before they are opened", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("when a menu item or row is pointed at, then its screen loads at once with its first queries", () => {
    const { asked } = recordingPreloader();
    preloadScreen("/probe/orders");
    expect(asked).toEqual(["/probe/orders with data"]);
  });

  it("when screens are asked for while idle, then their code loads one at a time, each once, without queries", async () => {
    vi.useFakeTimers();
    const { asked, finishNext } = recordingPreloader();
    preloadScreenWhenIdle("/probe/goods");
    preloadScreenWhenIdle("/probe/orders");
    preloadScreenWhenIdle("/probe/goods");
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(["/probe/goods"]);
    finishNext();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(["/probe/goods", "/probe/orders"]);
    finishNext();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toHaveLength(2);
  });

  it("when an idle load is cancelled before its turn (its screen left), then it never loads", async () => {
    vi.useFakeTimers();
    const { asked, finishNext } = recordingPreloader();
    preloadScreenWhenIdle("/probe/home");
    const cancel = preloadScreenWhenIdle("/probe/detail/o1");
    cancel();
    await vi.advanceTimersByTimeAsync(1000);
    finishNext();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(["/probe/home"]);
  });
});
