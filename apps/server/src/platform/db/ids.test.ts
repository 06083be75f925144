import { describe, expect, it } from "vitest";
import { newId } from "./ids";

const CROCKFORD = /^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{26}$/;

describe("newId", () => {
  it("when an id is made, then it is 26 Crockford base32 characters", () => {
    expect(newId()).toMatch(CROCKFORD);
  });

  it("when 1000 ids are made in the same millisecond, then each is greater than the one before", () => {
    const now = Date.now() + 60_000;
    const ids = Array.from({ length: 1000 }, () => newId(now));
    for (const id of ids) expect(id).toMatch(CROCKFORD);
    for (let i = 1; i < ids.length; i++) expect((ids[i] as string) > (ids[i - 1] as string)).toBe(true);
    expect(new Set(ids).size).toBe(1000);
  });

  it("when the clock goes back, then ids still increase", () => {
    const now = Date.now() + 120_000;
    const a = newId(now);
    const b = newId(now - 5_000);
    expect(b > a).toBe(true);
  });

  it("when a later millisecond comes, then its ids sort after the earlier ones and start with the time", () => {
    const now = Date.now() + 180_000;
    const a = newId(now);
    const b = newId(now + 1);
    expect(b > a).toBe(true);
    expect(b.slice(0, 10) > a.slice(0, 10)).toBe(true);
  });
});
