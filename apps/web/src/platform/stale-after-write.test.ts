import { coupon } from "@sbo/contract/coupon";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { call, setWriteListener } from "./api-client";
import { createQueryClient } from "./query-client";

/**
 * Issue 25 §5, "lists are stale after an action": a write the server accepted marks every cached answer stale (the
 * reference data aside), so a screen of another domain opened after it fetches again instead of showing its answer
 * from before the write.
 */
const ok = (data: unknown) => new Response(JSON.stringify({ code: "0", msg: "", data }), { status: 200 });

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => ok({ list: [], total: 0, pageNum: 1, pageSize: 20 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setWriteListener(null);
});

describe("after a write", () => {
  it("every cached answer but the reference data is stale, and none is fetched again until it is shown", async () => {
    const client = createQueryClient();
    client.setQueryData(["invoice", "list", "requests", {}], { list: [] });
    client.setQueryData(["orders", "list", "todo", {}], { toShip: 3 });
    client.setQueryData(["reference", "dict", "bank"], []);
    const state = (key: readonly unknown[]) => client.getQueryState(key);
    expect(state(["invoice", "list", "requests", {}])?.isInvalidated).toBe(false);

    // A read changes nothing.
    await call(coupon.queryCoupRegListByPage, { pageNum: 1, pageSize: 20 });
    expect(state(["invoice", "list", "requests", {}])?.isInvalidated).toBe(false);

    vi.mocked(fetch).mockResolvedValueOnce(ok(null));
    await call(coupon.updCoupRegularByRegCode, { regCode: "R1", action: "activate" });
    await vi.waitFor(() => expect(state(["invoice", "list", "requests", {}])?.isInvalidated).toBe(true));
    expect(state(["orders", "list", "todo", {}])?.isInvalidated).toBe(true);
    expect(state(["reference", "dict", "bank"])?.isInvalidated).toBe(false);
    // Marked, not fetched: only the two calls above went out.
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
