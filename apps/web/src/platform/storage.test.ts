import { describe, expect, it } from "vitest";
import { purgeMapCache, registerSavedState, restoreAll, saveAll, takeSavedState } from "./storage";

describe("screen state across a reload", () => {
  it("is saved on unload, restored on the next load, then cleared", () => {
    const unregister = registerSavedState("orders.filters", () => ({ status: "paid" }));
    saveAll(sessionStorage);
    unregister();

    restoreAll(sessionStorage);
    expect(sessionStorage.length).toBe(0);
    expect(takeSavedState("orders.filters")).toEqual({ status: "paid" });
    expect(takeSavedState("orders.filters")).toBeUndefined();
  });
});

describe("map cache purge", () => {
  it("removes map-service entries and keeps the rest", () => {
    localStorage.setItem("_AMap_raster", "x");
    localStorage.setItem("AMapPlugins", "x");
    localStorage.setItem("map:tiles", "x");
    localStorage.setItem("sbo:lang", "zh");
    expect(purgeMapCache(localStorage).sort()).toEqual(["AMapPlugins", "_AMap_raster", "map:tiles"]);
    expect(localStorage.getItem("sbo:lang")).toBe("zh");
    expect(localStorage.length).toBe(1);
  });
});
