import { monitorEventLoopDelay } from "node:perf_hooks";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { withHugeSharedString, xlsxOf } from "../../test/xlsx-kit";
import { readTemplateSheet, SHEET_LIMITS, type SheetColumn, zipDirectoryProblem } from "./sheet";

/* The one reader of uploaded sheets (the goods import, batch shipping): limits first, the parse in a worker. */

const columns: SheetColumn<"name" | "price">[] = [
  { key: "name", en: "Name", zh: "名称" },
  { key: "price", en: "Price", zh: "价格" },
];
const read = (file: Buffer, maxRows = 1000) => readTemplateSheet(Readable.from([file]), columns, ["name", "price"], maxRows);

describe("reading an uploaded sheet", () => {
  it("when the sheet is the template, then its rows come by column, blank rows skipped", async () => {
    const file = await xlsxOf(
      ["Name", "价格"],
      [
        ["Tea", 12.5],
        ["", ""],
        ["Rice", 8],
      ],
    );
    const answer = await read(file);
    expect(answer).toEqual({
      ok: true,
      rows: [
        { row: 2, cells: { name: "Tea", price: 12.5 } },
        { row: 4, cells: { name: "Rice", price: 8 } },
      ],
    });
    expect(await read(file, 1)).toEqual({ ok: false, problem: "tooManyRows", max: 1 });
    expect(await read(Buffer.from("not a spreadsheet"))).toEqual({ ok: false, problem: "notTemplate" });
  });

  it("when a small file unpacks to more than the limit, then it is refused from the zip's directory at once, unparsed", async () => {
    const bomb = await withHugeSharedString(await xlsxOf(["Name", "Price"], [["Tea", 1]]), SHEET_LIMITS.unpackedMb + 10);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const answer = await read(bomb);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(answer).toMatchObject({ ok: false, problem: "limit", refusal: { reason: "field.sheetUnpackedTooLarge" }, params: { mb: 50 } });
  });

  it("when a part is packed far tighter than a spreadsheet can be, then it is refused before parsing", async () => {
    const packed = await withHugeSharedString(await xlsxOf(["Name", "Price"], [["Tea", 1]]), 20);
    expect(zipDirectoryProblem(packed)).toMatchObject({ refusal: { reason: "field.sheetPacked" }, params: { ratio: SHEET_LIMITS.ratio } });
    expect(await read(packed)).toMatchObject({ ok: false, problem: "limit", refusal: { reason: "field.sheetPacked" } });
  });

  it("when a row has more columns than the limit, then the sheet is refused naming the limit", async () => {
    const wide = Array.from({ length: SHEET_LIMITS.columns + 1 }, (_, i) => (i === 0 ? "Name" : i === 1 ? "Price" : `C${i}`));
    const answer = await read(await xlsxOf(wide, [["Tea", 1]]));
    expect(answer).toMatchObject({ ok: false, problem: "limit", refusal: { reason: "field.sheetTooManyColumns" }, params: { max: 100 } });
  });

  it("when a large sheet is parsed, then the parse runs beside the event loop, which keeps answering", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`Goods item number ${i} with a longer name`, i + 0.5]);
    const file = await xlsxOf(["Name", "Price"], rows);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    // Timers that would wait behind a parse on this thread.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    delay.enable();
    const started = performance.now();
    const answer = await read(file, 10_000);
    const took = performance.now() - started;
    delay.disable();
    clearInterval(ticker);
    expect(answer.ok && answer.rows.length).toBe(10_000);
    // Generous bounds for a loaded 2-core machine: the parse itself takes far longer than its longest stall.
    expect(delay.max / 1e6).toBeLessThan(Math.max(400, took / 4));
    expect(ticks).toBeGreaterThan(took / 20 / 4);
  }, 60_000);
});
