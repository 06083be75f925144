import { afterEach, describe, expect, it, vi } from "vitest";
import { preloadScreen, preloadScreenWhenIdle, setScreenPreloader } from "./screen-preload";

/**
 * A preloader that records what it was asked. The paths are the tests' own:
 * files share modules in a worker, and the app's screens may have been preloaded by another file's renders.
 */
function recordingPreloader() {
  const asked: string[] = [];
  setScreenPreloader(async (path, withData) => {
    asked.push(`${path}${withData ? " with data" : ""}`);
  });
  return { asked };
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

  it("when screens are asked for while idle, then their code loads once each, without queries", async () => {
    vi.useFakeTimers();
    const { asked } = recordingPreloader();
    preloadScreenWhenIdle("/probe/goods");
    preloadScreenWhenIdle("/probe/orders");
    await vi.advanceTimersByTimeAsync(1000);
    preloadScreenWhenIdle("/probe/goods");
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(["/probe/goods", "/probe/orders"]);
  });

  it("when an idle load is cancelled before its turn (its screen left), then it never loads", async () => {
    vi.useFakeTimers();
    const { asked } = recordingPreloader();
    preloadScreenWhenIdle("/probe/home");
    const cancel = preloadScreenWhenIdle("/probe/detail/o1");
    cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(["/probe/home"]);
  });
});
