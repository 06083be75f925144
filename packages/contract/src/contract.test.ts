import { describe, expect, it } from "vitest";
import { z } from "zod";
import { codes, contract, exportSheets, funcOf, functionCodes, functionTree, needsShop, pageInput, SELLER_BASE } from "./index";

const calls = Object.entries(contract).flatMap(([domain, entries]) =>
  Object.entries(entries).map(([name, call]) => ({ domain, name, call })),
);

describe("the contract", () => {
  it("gives every call its own path", () => {
    const paths = calls.map((c) => c.call.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("puts every call under /api, seller calls under the seller base", () => {
    for (const { call } of calls) expect(call.path).toMatch(/^\/api\//);
    expect(calls.filter((c) => c.call.path.startsWith(SELLER_BASE)).length).toBeGreaterThan(10);
  });

  it("names only functions that exist in the function tree", () => {
    for (const { call } of calls) {
      const func = funcOf(call);
      if (func) expect(functionCodes.has(func), `${call.path} names ${func}`).toBe(true);
    }
  });

  it("rejects unknown keys in every input", () => {
    for (const { call } of calls) {
      const result = call.input.safeParse({ surelyNotAField: 1 });
      expect(result.success, call.path).toBe(false);
    }
  });

  it("guards every export of the seller's data by an export action of its own, never by the screen that lists it", () => {
    // Templates carry no data; the audit log is itself an action (seeing it is exporting it, docs/domains/staff.md).
    const noData = new Set(["selGoodsTpl", "batchDeliveryTemplate"]);
    const exports = calls.filter((c) => c.call.download && c.call.access !== "buyer" && !noData.has(c.name));
    expect(exports.length).toBeGreaterThanOrEqual(6);
    for (const { call } of exports) {
      const func = funcOf(call) ?? "";
      const node = functionTree.find((f) => f.code === func);
      expect(node?.kind, call.path).toBe("action");
      expect(func === "setup.audit" || func.endsWith(".export"), `${call.path} is guarded by ${func}`).toBe(true);
    }
  });

  it("takes an export's chosen columns from its sheet, and offers every sheet's saved column sets", () => {
    const withSheet = calls.filter((c) => c.call.sheet);
    expect(withSheet.length).toBeGreaterThanOrEqual(1);
    for (const { call } of withSheet) {
      expect(call.download, call.path).toBe(true);
      const shape = (call.input as unknown as z.ZodObject).shape;
      expect(shape.columns, call.path).toBe(call.sheet?.chosen);
      expect(exportSheets, call.path).toContain(call.sheet);
    }
    const lists = exportSheets.map((s) => s.list);
    expect(new Set(lists).size).toBe(lists.length);
    for (const s of exportSheets) {
      expect(s.chosen.safeParse([]).success, s.list).toBe(false);
      expect(s.chosen.safeParse(["no such column"]).success, s.list).toBe(false);
      for (const words of Object.values<{ en: string; zh: string }>(s.headers)) expect(words.zh, s.list).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("never guards a public call by shop state", () => {
    for (const { call } of calls) if (call.access === "public") expect(needsShop(call)).toBe(false);
  });

  it("caps page sizes at 100", () => {
    const schema = pageInput({ name: z.string().optional() });
    expect(schema.safeParse({ pageSize: 100 }).success).toBe(true);
    expect(schema.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(schema.parse({})).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it("refuses a page past the list's depth, naming pageNum and the last page", () => {
    const schema = pageInput({});
    expect(schema.safeParse({ pageNum: 500, pageSize: 20 }).success).toBe(true);
    for (const pageNum of [501, 502, 900]) {
      const r = schema.safeParse({ pageNum, pageSize: 20 });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({ code: "too_big", path: ["pageNum"], maximum: 500 });
    }
    expect(schema.safeParse({ pageNum: 100, pageSize: 100 }).success).toBe(true);
    expect(schema.safeParse({ pageNum: 101, pageSize: 100 }).success).toBe(false);
  });

  it("keeps the codes the web acts on exactly as the spec writes them", () => {
    expect([
      codes.OK,
      codes.NOT_LOGGED_IN,
      codes.SESSION_ENDED,
      codes.TICKET_INVALID,
      codes.ACCOUNT_DISABLED,
      codes.SHOP_CLOSED,
      codes.NO_SHOP,
    ]).toEqual(["0", "001107", "001108", "000016", "12", "003301", "021101"]);
  });
});

describe("the function tree", () => {
  it("has unique codes whose parents exist", () => {
    expect(functionCodes.size).toBe(functionTree.length);
    for (const f of functionTree) if (f.parent) expect(functionCodes.has(f.parent), f.code).toBe(true);
  });

  it("gives every area and screen a route path", () => {
    for (const f of functionTree) if (f.kind !== "action") expect(f.path, f.code).toMatch(/^\//);
  });
});
